#pragma once
/**
 * The runtime's syscalls: the ABI records they read, their declarations, and thin wrappers that turn their
 * status codes into ProgramResult.
 *
 * The linker turns each call to one of these undeclared-elsewhere names into a syscall (v3: static
 * murmur3 hash; v0: a dynamic relocation). Lengths and counts are declared u64 rather than int because the
 * runtime reads whole 64-bit registers.
 *
 * Costs worth knowing (agave 4.x compute budget): a log is 100 CU, sol_create_program_address 1,500 CU
 * (sol_try_find_program_address pays that per bump tried), a CPI 1,000 CU plus bytes, sha256 85 CU plus
 * bytes, the mem* syscalls max(10, n / 250) CU. That makes sol_memcpy/sol_memcmp cheaper than a C loop
 * beyond a few bytes.
 */

#include <sol/error.h>
#include <sol/types.h>

#define SOL_MAX_SEEDS 16
#define SOL_MAX_SEED_LEN 32
#define SOL_MAX_RETURN_DATA 1024
#define SOL_MAX_CPI_INSTRUCTION_DATA_LEN 10240

/** One seed of a program-derived address. */
typedef struct {
  const u8 *addr;
  u64 len;
} SolSignerSeed;

/** The seeds of one PDA signer in sol_invoke_signed. */
typedef struct {
  const SolSignerSeed *addr;
  u64 len;
} SolSignerSeeds;

/** An account of a cross-program instruction. The field order (writable before signer) is the ABI's. */
typedef struct {
  const SolPubkey *pubkey;
  bool is_writable;
  bool is_signer;
} SolAccountMeta;

/** A cross-program instruction. */
typedef struct {
  const SolPubkey *program_id;
  const SolAccountMeta *accounts;
  u64 account_len;
  const u8 *data;
  u64 data_len;
} SolInstruction;

/** The Clock sysvar, as sol_get_clock_sysvar writes it. */
typedef struct {
  u64 slot;
  i64 epoch_start_timestamp;
  u64 epoch;
  u64 leader_schedule_epoch;
  i64 unix_timestamp;
} SolClock;

/**
 * The Rent sysvar, as sol_get_rent_sysvar writes it. The threshold is an f64 in the runtime; SBF has no
 * floating point, so it is kept as raw IEEE-754 bits (see rent.h for the exact integer computation).
 */
typedef struct {
  u64 lamports_per_byte_year;
  u64 exemption_threshold_bits;
  u8 burn_percent;
} SolRent;

_Static_assert(sizeof(SolSignerSeed) == 16, "SolSignerSeed is {addr, len}");
_Static_assert(sizeof(SolSignerSeeds) == 16, "SolSignerSeeds is {addr, len}");
_Static_assert(sizeof(SolAccountMeta) == 16, "SolAccountMeta matches the runtime's C layout");
_Static_assert(sizeof(SolInstruction) == 40, "SolInstruction matches the runtime's C layout");
_Static_assert(sizeof(SolClock) == 40, "SolClock matches the Clock sysvar");
_Static_assert(sizeof(SolRent) == 24, "SolRent matches the Rent sysvar (repr(C), padded)");

/* Declarations, in the runtime's register order. */
void sol_log_(const char *message, u64 len);
void sol_log_64_(u64 a, u64 b, u64 c, u64 d, u64 e);
void sol_log_data(const SolBytes *slices, u64 slices_len);
void sol_log_pubkey(const SolPubkey *key);
void sol_log_compute_units_(void);
u64 sol_try_find_program_address(const SolSignerSeed *seeds, u64 seeds_len, const SolPubkey *program_id,
                                 SolPubkey *address, u8 *bump);
u64 sol_create_program_address(const SolSignerSeed *seeds, u64 seeds_len, const SolPubkey *program_id,
                               SolPubkey *address);
u64 sol_invoke_signed_c(const SolInstruction *instruction, const SolAccountInfo *account_infos,
                        u64 account_infos_len, const SolSignerSeeds *signers, u64 signers_len);
u64 sol_get_clock_sysvar(SolClock *clock);
u64 sol_get_rent_sysvar(SolRent *rent);
u64 sol_sha256(const SolBytes *slices, u64 slices_len, u8 *hash);
void sol_memcpy_(void *dst, const void *src, u64 n);
void sol_memmove_(void *dst, const void *src, u64 n);
void sol_memset_(void *dst, u64 byte, u64 n);
void sol_memcmp_(const void *a, const void *b, u64 n, i32 *result);
void sol_set_return_data(const u8 *data, u64 len);
__attribute__((noreturn)) void sol_panic_(const char *file, u64 file_len, u64 line, u64 column);

/** Logs `len` bytes of `message` as "Program log: <message>". */
static inline void sol_log(const char *message, u64 len) { sol_log_(message, len); }

/** Logs five values as "Program log: 0x.., 0x.., 0x.., 0x.., 0x..". */
static inline void sol_log_64(u64 a, u64 b, u64 c, u64 d, u64 e) { sol_log_64_(a, b, c, d, e); }

/** Logs "Program <id> consumed <n> of <m> compute units" at this point. */
static inline void sol_log_compute_units(void) { sol_log_compute_units_(); }

/**
 * Finds the canonical PDA of `seeds` under `program_id` (the first bump from 255 down that is off the
 * curve), like @solana/kit's getProgramDerivedAddress.
 */
static inline ProgramResult sol_find_pda(const SolSignerSeed *seeds, u64 seeds_len, const SolPubkey *program_id,
                                         SolPubkey *address, u8 *bump) {
  return sol_try_find_program_address(seeds, seeds_len, program_id, address, bump) == 0 ? SUCCESS
                                                                                         : ERROR_INVALID_SEEDS;
}

/** Derives the PDA of exactly `seeds` (the bump included); ERROR_INVALID_SEEDS if it lies on the curve. */
static inline ProgramResult sol_create_pda(const SolSignerSeed *seeds, u64 seeds_len, const SolPubkey *program_id,
                                           SolPubkey *address) {
  return sol_create_program_address(seeds, seeds_len, program_id, address) == 0 ? SUCCESS : ERROR_INVALID_SEEDS;
}

/**
 * Calls another program. Every account the instruction names must appear in `account_infos`, and the
 * callee program itself must be one of this instruction's accounts.
 */
static inline ProgramResult sol_invoke_signed(const SolInstruction *instruction, const SolAccountInfo *account_infos,
                                              u64 account_infos_len, const SolSignerSeeds *signers, u64 signers_len) {
  return sol_invoke_signed_c(instruction, account_infos, account_infos_len, signers, signers_len);
}

static inline ProgramResult sol_invoke(const SolInstruction *instruction, const SolAccountInfo *account_infos,
                                       u64 account_infos_len) {
  return sol_invoke_signed_c(instruction, account_infos, account_infos_len, NULL, 0);
}

static inline ProgramResult sol_get_clock(SolClock *clock) {
  return sol_get_clock_sysvar(clock) == 0 ? SUCCESS : ERROR_UNSUPPORTED_SYSVAR;
}

/** The cluster's unix time, from the Clock sysvar. */
static inline ProgramResult sol_unix_timestamp(i64 *out) {
  SolClock clock;
  const ProgramResult result = sol_get_clock(&clock);
  *out = clock.unix_timestamp;
  return result;
}

static inline ProgramResult sol_get_rent(SolRent *rent) {
  return sol_get_rent_sysvar(rent) == 0 ? SUCCESS : ERROR_UNSUPPORTED_SYSVAR;
}

/** SHA-256 of one contiguous buffer into `hash` (32 bytes). */
static inline void sol_sha256_bytes(const u8 *data, u64 len, u8 *hash) {
  const SolBytes slice = {data, len};
  sol_sha256(&slice, 1, hash);
}

/** Copies `n` bytes; the runtime aborts the program if the ranges overlap (use sol_memmove for that). */
static inline void sol_memcpy(void *dst, const void *src, u64 n) { sol_memcpy_(dst, src, n); }

static inline void sol_memmove(void *dst, const void *src, u64 n) { sol_memmove_(dst, src, n); }

static inline void sol_memset(void *dst, u8 byte, u64 n) { sol_memset_(dst, byte, n); }

/** Compares `n` bytes: negative, zero or positive like memcmp. */
static inline i32 sol_memcmp(const void *a, const void *b, u64 n) {
  i32 result = 0;
  sol_memcmp_(a, b, n, &result);
  return result;
}

/** Aborts the program, logging this file and line. */
#define sol_panic() sol_panic_(__FILE__, sizeof(__FILE__) - 1, __LINE__, 0)
