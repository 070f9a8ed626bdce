#pragma once
/**
 * Account checks, each returning SUCCESS or the error Anchor returns for the same constraint, so that a
 * client written for an Anchor program decodes our failures identically:
 *
 *   sol_check_accounts_len   3005 AccountNotEnoughKeys
 *   sol_check_signer         3010 AccountNotSigner          (Signer<'info>)
 *   sol_check_writable       2000 ConstraintMut             (#[account(mut)])
 *   sol_check_owner          3007 AccountOwnedByWrongProgram (Account<'info, T>)
 *   sol_check_key            2012 ConstraintAddress         (address = ...)
 *   sol_check_program        3008 InvalidProgramId          (Program<'info, T>)
 *   sol_check_pda            2006 ConstraintSeeds           (seeds = [...], bump = ...)
 *   sol_check_discriminator  3001 / 3002 DiscriminatorNotFound / Mismatch
 *   sol_check_data_len       3003 AccountDidNotDeserialize
 *   sol_check_has_one        2001 ConstraintHasOne          (has_one = ...)
 *
 * Also: moving lamports without a CPI, growing an account's data (sol_account_grow), and reading the
 * SlotHashes sysvar account (sol_slot_hash).
 */

#include <sol/bytes.h>
#include <sol/entrypoint.h>
#include <sol/error.h>
#include <sol/math.h>
#include <sol/syscalls.h>
#include <sol/types.h>

static inline bool sol_pubkey_eq(const SolPubkey *a, const SolPubkey *b) {
  return sol_memcmp(a, b, sizeof(SolPubkey)) == 0;
}

/**
 * Re-reads an account's data length from the input buffer. A CPI that resizes an account updates the
 * serialized length (just before `data`) but not the caller's SolAccountInfo; call this after such a CPI,
 * before the account is passed to another one.
 */
static inline void sol_account_sync_len(SolAccountInfo *account) {
  account->data_len = sol_load_u64_le(account->data - sizeof(u64));
}

static inline ProgramResult sol_check_accounts_len(const SolParameters *params, u64 n) {
  return params->accounts_len >= n ? SUCCESS : ANCHOR_ERROR_ACCOUNT_NOT_ENOUGH_KEYS;
}

static inline ProgramResult sol_check_signer(const SolAccountInfo *account) {
  return account->is_signer ? SUCCESS : ANCHOR_ERROR_ACCOUNT_NOT_SIGNER;
}

static inline ProgramResult sol_check_writable(const SolAccountInfo *account) {
  return account->is_writable ? SUCCESS : ANCHOR_ERROR_CONSTRAINT_MUT;
}

static inline ProgramResult sol_check_owner(const SolAccountInfo *account, const SolPubkey *owner) {
  return sol_pubkey_eq(account->owner, owner) ? SUCCESS : ANCHOR_ERROR_ACCOUNT_OWNED_BY_WRONG_PROGRAM;
}

static inline ProgramResult sol_check_key(const SolAccountInfo *account, const SolPubkey *key) {
  return sol_pubkey_eq(account->key, key) ? SUCCESS : ANCHOR_ERROR_CONSTRAINT_ADDRESS;
}

static inline ProgramResult sol_check_program(const SolAccountInfo *account, const SolPubkey *program_id) {
  return sol_pubkey_eq(account->key, program_id) ? SUCCESS : ANCHOR_ERROR_INVALID_PROGRAM_ID;
}

/**
 * Checks that `account` is the PDA of `seeds` plus the one-byte `bump` under `program_id`. Costs one
 * sol_create_program_address (1,500 CU); store the canonical bump in the account and pass it here rather
 * than searching for it again with sol_find_pda.
 */
static inline ProgramResult sol_check_pda(const SolAccountInfo *account, const SolSignerSeed *seeds, u64 seeds_len,
                                          u8 bump, const SolPubkey *program_id) {
  if (seeds_len >= SOL_MAX_SEEDS) return ANCHOR_ERROR_CONSTRAINT_SEEDS;
  SolSignerSeed all[SOL_MAX_SEEDS];
  for (u64 i = 0; i < seeds_len; i++) all[i] = seeds[i];
  all[seeds_len] = (SolSignerSeed){&bump, 1};
  SolPubkey derived;
  if (sol_create_pda(all, seeds_len + 1, program_id, &derived) != SUCCESS) return ANCHOR_ERROR_CONSTRAINT_SEEDS;
  return sol_pubkey_eq(account->key, &derived) ? SUCCESS : ANCHOR_ERROR_CONSTRAINT_SEEDS;
}

/** Checks Anchor's 8-byte account discriminator at the start of the data. */
static inline ProgramResult sol_check_discriminator(const SolAccountInfo *account, const u8 *discriminator) {
  if (account->data_len < 8) return ANCHOR_ERROR_ACCOUNT_DISCRIMINATOR_NOT_FOUND;
  return sol_memcmp(account->data, discriminator, 8) == 0 ? SUCCESS : ANCHOR_ERROR_ACCOUNT_DISCRIMINATOR_MISMATCH;
}

static inline ProgramResult sol_check_data_len(const SolAccountInfo *account, u64 min_len) {
  return account->data_len >= min_len ? SUCCESS : ANCHOR_ERROR_ACCOUNT_DID_NOT_DESERIALIZE;
}

/** has_one: a key stored in a record equals the account passed for it. */
static inline ProgramResult sol_check_has_one(const u8 stored[32], const SolAccountInfo *account) {
  return sol_memcmp(stored, account->key->x, 32) == 0 ? SUCCESS : ANCHOR_ERROR_CONSTRAINT_HAS_ONE;
}

/**
 * Moves lamports between two writable accounts without a CPI. The runtime allows it only when this
 * program owns `from`; crediting `to` needs no ownership.
 */
static inline ProgramResult sol_move_lamports(SolAccountInfo *from, SolAccountInfo *to, u64 lamports) {
  if (lamports == 0) return SUCCESS;
  // The same account passed twice shares one balance: debiting then crediting it through two copies of
  // the old value would create lamports. Refused, as sol_close_account refuses it.
  if (from->lamports == to->lamports) return ERROR_INVALID_ARGUMENT;
  if (!from->is_writable || !to->is_writable) return ANCHOR_ERROR_CONSTRAINT_MUT;
  u64 from_after, to_after;
  if (!u64_sub(*from->lamports, lamports, &from_after)) return ERROR_INSUFFICIENT_FUNDS;
  if (!u64_add(*to->lamports, lamports, &to_after)) return ERROR_ARITHMETIC_OVERFLOW;
  *from->lamports = from_after;
  *to->lamports = to_after;
  return SUCCESS;
}

/**
 * Grows the data of an account this program owns to `new_len` bytes (never shrinks), as Rust's
 * `AccountInfo::realloc` does: the serialized length is rewritten and the new bytes zeroed. The input keeps
 * SOL_MAX_PERMITTED_DATA_INCREASE bytes of room after each account's data, which bounds the growth within
 * one instruction; the runtime checks that bound and ownership when the program returns. The caller makes
 * the account rent exempt at its new size (the runtime refuses the transaction otherwise).
 */
static inline ProgramResult sol_account_grow(SolAccountInfo *account, u64 new_len) {
  if (!account->is_writable) return ANCHOR_ERROR_CONSTRAINT_MUT;
  if (new_len <= account->data_len) return SUCCESS;
  if (new_len - account->data_len > SOL_MAX_PERMITTED_DATA_INCREASE) return ERROR_INVALID_REALLOC;
  sol_memset_(account->data + account->data_len, 0, new_len - account->data_len);
  sol_store_u64_le(account->data - sizeof(u64), new_len);
  account->data_len = new_len;
  return SUCCESS;
}

/** SysvarS1otHashes111111111111111111111111111 */
static const SolPubkey SOL_SYSVAR_SLOT_HASHES_ID = {{0x06, 0xa7, 0xd5, 0x17, 0x19, 0x2f, 0x0a, 0xaf, 0xc6, 0xf2, 0x65,
                                                    0xe3, 0xfb, 0x77, 0xcc, 0x7a, 0xda, 0x82, 0xc5, 0x29, 0xd0, 0xbe,
                                                    0x3b, 0x13, 0x6e, 0x2d, 0x00, 0x55, 0x20, 0x00, 0x00, 0x00}};

#define SOL_SLOT_HASH_ENTRY_SIZE 40

/**
 * Finds the hash of `slot` in the SlotHashes sysvar account: `*hash` points at its 32 bytes, or is NULL
 * when the sysvar does not list the slot (the current slot never is; slots older than the 512 it keeps are
 * gone). The account's layout is the runtime's: u64 count, then (u64 slot, 32-byte hash) entries, newest
 * first, so a binary search finds the slot in at most 10 steps. Fails with ConstraintAddress when the
 * account is not the sysvar.
 */
static inline ProgramResult sol_slot_hash(const SolAccountInfo *sysvar, u64 slot, const u8 **hash) {
  *hash = NULL;
  SOL_TRY(sol_check_key(sysvar, &SOL_SYSVAR_SLOT_HASHES_ID));
  if (sysvar->data_len < sizeof(u64)) return SUCCESS;
  u64 count = sol_load_u64_le(sysvar->data);
  const u64 room = (sysvar->data_len - sizeof(u64)) / SOL_SLOT_HASH_ENTRY_SIZE;
  if (count > room) count = room;
  const u8 *entries = sysvar->data + sizeof(u64);
  u64 low = 0, high = count;
  while (low < high) {
    const u64 mid = low + (high - low) / 2;
    const u64 at = sol_load_u64_le(entries + mid * SOL_SLOT_HASH_ENTRY_SIZE);
    if (at == slot) {
      *hash = entries + mid * SOL_SLOT_HASH_ENTRY_SIZE + sizeof(u64);
      return SUCCESS;
    }
    // Newest first: a larger slot sits nearer the front.
    if (at > slot) low = mid + 1;
    else high = mid;
  }
  return SUCCESS;
}
