#pragma once
/**
 * Anchor's error line on the error path: "AnchorError occurred. Error Code: <Name>. Error Number: <n>. Error
 * Message: <msg>." An unmodified Anchor client (`AnchorError.parse`, which `.rpc()` applies to a failed
 * simulation's logs) reads the code from it, so logging it is what makes our failures decode there.
 * The program's own errors come from its IDL (the generated `idl_log_error`); this file holds the Anchor
 * framework errors the account checks in account.h return, with anchor-lang's exact names and messages
 * (packages/sbf/test/anchor-error.test.ts compares them with @coral-xyz/anchor's).
 */

#include <sol/error.h>
#include <sol/syscalls.h>

#define SOL_ANCHOR_LINE_(number, name, message) \
  "AnchorError occurred. Error Code: " name ". Error Number: " #number ". Error Message: " message "."
#define SOL_ANCHOR_ENTRY_(number, name, message) \
  {number, sizeof(SOL_ANCHOR_LINE_(number, name, message)) - 1, SOL_ANCHOR_LINE_(number, name, message)}

typedef struct {
  u32 code;
  u32 len;
  const char *line;
} SolAnchorErrorLine;

#define SOL_ANCHOR_FRAMEWORK_ERRORS 17
static const SolAnchorErrorLine SOL_ANCHOR_FRAMEWORK_LINES[SOL_ANCHOR_FRAMEWORK_ERRORS] = {
    SOL_ANCHOR_ENTRY_(100, "InstructionMissing", "Instruction discriminator not provided"),
    SOL_ANCHOR_ENTRY_(101, "InstructionFallbackNotFound", "Fallback functions are not supported"),
    SOL_ANCHOR_ENTRY_(102, "InstructionDidNotDeserialize", "The program could not deserialize the given instruction"),
    SOL_ANCHOR_ENTRY_(2000, "ConstraintMut", "A mut constraint was violated"),
    SOL_ANCHOR_ENTRY_(2001, "ConstraintHasOne", "A has one constraint was violated"),
    SOL_ANCHOR_ENTRY_(2003, "ConstraintRaw", "A raw constraint was violated"),
    SOL_ANCHOR_ENTRY_(2006, "ConstraintSeeds", "A seeds constraint was violated"),
    SOL_ANCHOR_ENTRY_(2012, "ConstraintAddress", "An address constraint was violated"),
    SOL_ANCHOR_ENTRY_(3000, "AccountDiscriminatorAlreadySet", "The account discriminator was already set on this account"),
    SOL_ANCHOR_ENTRY_(3001, "AccountDiscriminatorNotFound", "No discriminator was found on the account"),
    SOL_ANCHOR_ENTRY_(3002, "AccountDiscriminatorMismatch", "Account discriminator did not match what was expected"),
    SOL_ANCHOR_ENTRY_(3003, "AccountDidNotDeserialize", "Failed to deserialize the account"),
    SOL_ANCHOR_ENTRY_(3005, "AccountNotEnoughKeys", "Not enough account keys given to the instruction"),
    SOL_ANCHOR_ENTRY_(3007, "AccountOwnedByWrongProgram", "The given account is owned by a different program than expected"),
    SOL_ANCHOR_ENTRY_(3008, "InvalidProgramId", "Program ID was not as expected"),
    SOL_ANCHOR_ENTRY_(3010, "AccountNotSigner", "The given account did not sign"),
    SOL_ANCHOR_ENTRY_(4101, "TryingToInitPayerAsProgramAccount", "You cannot/should not initialize the payer account as a program account"),
};

/** Logs Anchor's line for a framework error code (100–4999); false for any other code. */
static inline bool sol_log_framework_error(u64 code) {
  /* Not unrolled: the error path may spend a few CU, the program's size may not grow by a copy per entry. */
#pragma nounroll
  for (u64 i = 0; i < SOL_ANCHOR_FRAMEWORK_ERRORS; i++) {
    if (SOL_ANCHOR_FRAMEWORK_LINES[i].code == code) {
      sol_log_(SOL_ANCHOR_FRAMEWORK_LINES[i].line, SOL_ANCHOR_FRAMEWORK_LINES[i].len);
      return true;
    }
  }
  return false;
}

/**
 * Logs Anchor's line for a failed instruction's result: a program error through `program_errors` (the
 * generated idl_log_error), else a framework error. Builtin errors (N << 32) are the runtime's own and
 * are printed by it; nothing is logged for them. Out of line, so the success path pays one compare.
 */
static inline __attribute__((noinline)) void sol_log_anchor_error(ProgramResult result, int (*program_errors)(u64 code)) {
  if (result == SUCCESS || (result >> 32) != 0) return;
  if (!program_errors(result)) sol_log_framework_error(result);
}
