#pragma once
/**
 * What an entrypoint returns.
 *
 * The runtime reads the u64 the entrypoint returns: 0 is success; a value with the upper 32 bits set is
 * one of Solana's builtin errors (N << 32, numbered as in solana-program-error); any other value is
 * `Custom(value)`, which explorers print as "custom program error: 0x..". Custom(0) cannot be returned as
 * 0 (that is success), so the runtime reserves ERROR_CUSTOM_ZERO for it; ERROR_CUSTOM() handles that.
 *
 * Anchor's framework errors (2000 constraint errors, 3000 account errors, 4100 misc) are custom errors
 * too; ANCHOR_ERROR_* gives the ones the account checks in account.h return, so that a client written for
 * an Anchor program decodes our failures the same way.
 */

#include <sol/types.h>

typedef u64 ProgramResult;

#define SUCCESS ((u64)0)

#define SOL_BUILTIN_ERROR(n) ((u64)(n) << 32)
#define ERROR_CUSTOM_ZERO SOL_BUILTIN_ERROR(1)
#define ERROR_INVALID_ARGUMENT SOL_BUILTIN_ERROR(2)
#define ERROR_INVALID_INSTRUCTION_DATA SOL_BUILTIN_ERROR(3)
#define ERROR_INVALID_ACCOUNT_DATA SOL_BUILTIN_ERROR(4)
#define ERROR_ACCOUNT_DATA_TOO_SMALL SOL_BUILTIN_ERROR(5)
#define ERROR_INSUFFICIENT_FUNDS SOL_BUILTIN_ERROR(6)
#define ERROR_INCORRECT_PROGRAM_ID SOL_BUILTIN_ERROR(7)
#define ERROR_MISSING_REQUIRED_SIGNATURES SOL_BUILTIN_ERROR(8)
#define ERROR_ACCOUNT_ALREADY_INITIALIZED SOL_BUILTIN_ERROR(9)
#define ERROR_UNINITIALIZED_ACCOUNT SOL_BUILTIN_ERROR(10)
#define ERROR_NOT_ENOUGH_ACCOUNT_KEYS SOL_BUILTIN_ERROR(11)
#define ERROR_ACCOUNT_BORROW_FAILED SOL_BUILTIN_ERROR(12)
#define ERROR_MAX_SEED_LENGTH_EXCEEDED SOL_BUILTIN_ERROR(13)
#define ERROR_INVALID_SEEDS SOL_BUILTIN_ERROR(14)
#define ERROR_BORSH_IO_ERROR SOL_BUILTIN_ERROR(15)
#define ERROR_ACCOUNT_NOT_RENT_EXEMPT SOL_BUILTIN_ERROR(16)
#define ERROR_UNSUPPORTED_SYSVAR SOL_BUILTIN_ERROR(17)
#define ERROR_ILLEGAL_OWNER SOL_BUILTIN_ERROR(18)
#define ERROR_MAX_ACCOUNTS_DATA_ALLOCATIONS_EXCEEDED SOL_BUILTIN_ERROR(19)
#define ERROR_INVALID_REALLOC SOL_BUILTIN_ERROR(20)
#define ERROR_MAX_INSTRUCTION_TRACE_LENGTH_EXCEEDED SOL_BUILTIN_ERROR(21)
#define ERROR_BUILTIN_PROGRAMS_MUST_CONSUME_COMPUTE_UNITS SOL_BUILTIN_ERROR(22)
#define ERROR_INVALID_ACCOUNT_OWNER SOL_BUILTIN_ERROR(23)
#define ERROR_ARITHMETIC_OVERFLOW SOL_BUILTIN_ERROR(24)
#define ERROR_IMMUTABLE SOL_BUILTIN_ERROR(25)
#define ERROR_INCORRECT_AUTHORITY SOL_BUILTIN_ERROR(26)

/** A program-defined error code; the transaction fails with InstructionError::Custom(n). Evaluates n twice. */
#define ERROR_CUSTOM(n) ((u32)(n) == 0 ? ERROR_CUSTOM_ZERO : (u64)(u32)(n))

/* Anchor framework error codes (anchor-lang's ErrorCode), as custom errors. */
#define ANCHOR_ERROR_INSTRUCTION_MISSING ERROR_CUSTOM(100)
#define ANCHOR_ERROR_INSTRUCTION_FALLBACK_NOT_FOUND ERROR_CUSTOM(101)
#define ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE ERROR_CUSTOM(102)
#define ANCHOR_ERROR_CONSTRAINT_MUT ERROR_CUSTOM(2000)
#define ANCHOR_ERROR_CONSTRAINT_HAS_ONE ERROR_CUSTOM(2001)
#define ANCHOR_ERROR_CONSTRAINT_RAW ERROR_CUSTOM(2003)
#define ANCHOR_ERROR_CONSTRAINT_SEEDS ERROR_CUSTOM(2006)
#define ANCHOR_ERROR_CONSTRAINT_ADDRESS ERROR_CUSTOM(2012)
#define ANCHOR_ERROR_ACCOUNT_DISCRIMINATOR_ALREADY_SET ERROR_CUSTOM(3000)
#define ANCHOR_ERROR_ACCOUNT_DISCRIMINATOR_NOT_FOUND ERROR_CUSTOM(3001)
#define ANCHOR_ERROR_ACCOUNT_DISCRIMINATOR_MISMATCH ERROR_CUSTOM(3002)
#define ANCHOR_ERROR_ACCOUNT_DID_NOT_DESERIALIZE ERROR_CUSTOM(3003)
#define ANCHOR_ERROR_ACCOUNT_NOT_ENOUGH_KEYS ERROR_CUSTOM(3005)
#define ANCHOR_ERROR_ACCOUNT_OWNED_BY_WRONG_PROGRAM ERROR_CUSTOM(3007)
#define ANCHOR_ERROR_INVALID_PROGRAM_ID ERROR_CUSTOM(3008)
#define ANCHOR_ERROR_ACCOUNT_NOT_SIGNER ERROR_CUSTOM(3010)
#define ANCHOR_ERROR_TRYING_TO_INIT_PAYER_AS_PROGRAM_ACCOUNT ERROR_CUSTOM(4101)

/** Returns from the calling function when `expr` is not SUCCESS. */
#define SOL_TRY(expr)                                                                                    \
  do {                                                                                                   \
    ProgramResult sol_try_result_ = (expr);                                                              \
    if (sol_try_result_ != SUCCESS) return sol_try_result_;                                              \
  } while (0)
