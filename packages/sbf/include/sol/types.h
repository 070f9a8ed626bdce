#pragma once
/**
 * Integer names and the records every other module shares.
 *
 * SolAccountInfo's layout is an ABI, not a choice: sol_invoke_signed_c reads an array of them, field by
 * field, so it must stay byte-identical to the runtime's C view (checked by the static assertions below).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t i8;
typedef int16_t i16;
typedef int32_t i32;
typedef int64_t i64;

#define SOL_PUBKEY_SIZE 32

/** A 32-byte address: an ed25519 public key or a program-derived address. */
typedef struct {
  u8 x[SOL_PUBKEY_SIZE];
} SolPubkey;

/** A byte slice as syscalls take it (sol_log_data, sol_sha256). */
typedef struct {
  const u8 *addr;
  u64 len;
} SolBytes;

/**
 * One account of the instruction. Every pointer points into the runtime's input buffer, so writes through
 * `lamports` and `data` are what the runtime sees after the program returns.
 */
typedef struct {
  SolPubkey *key;
  u64 *lamports;
  u64 data_len;
  u8 *data;
  SolPubkey *owner;
  u64 rent_epoch;
  bool is_signer;
  bool is_writable;
  bool executable;
} SolAccountInfo;

/** The instruction as the entrypoint received it; filled by sol_deserialize(). */
typedef struct {
  SolAccountInfo *accounts;
  u64 accounts_len;
  const u8 *data;
  u64 data_len;
  const SolPubkey *program_id;
} SolParameters;

_Static_assert(sizeof(SolPubkey) == 32, "SolPubkey is 32 bytes");
_Static_assert(sizeof(SolBytes) == 16, "SolBytes is {addr, len}");
_Static_assert(sizeof(SolAccountInfo) == 56, "SolAccountInfo matches the runtime's C layout");
_Static_assert(offsetof(SolAccountInfo, is_signer) == 48, "SolAccountInfo matches the runtime's C layout");
