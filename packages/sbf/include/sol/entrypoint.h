#pragma once
/**
 * Reading the entrypoint's input: Solana's aligned serialization (loaders v2 and v3).
 *
 * Layout: u64 account count; per account either a duplicate marker (u8 index of an earlier account + 7
 * bytes padding) or 0xff, is_signer, is_writable, executable, 4 bytes padding, key, owner, u64 lamports,
 * u64 data_len, the data, 10,240 bytes of realloc room, padding to 8, u64 rent_epoch; then u64
 * instruction-data length, the data, and the program id.
 *
 * Nothing is copied: keys, owners, lamports and data stay pointers into the input, which is writable
 * even though the entrypoint receives it as const, so stores through them are what the runtime reads back.
 * The serialized u64 data length sits just before `data` (see sol_close_account).
 */

#include <sol/error.h>
#include <sol/types.h>

#define SOL_MAX_PERMITTED_DATA_INCREASE (10 * 1024)
#define SOL_NON_DUP_MARKER 0xff

/**
 * Fills `params` and the caller's `accounts` array from `input`.
 * A duplicate account gets a copy of the earlier entry, so both entries share the same pointers.
 * Returns ERROR_INVALID_ARGUMENT when the instruction has more than `max_accounts` accounts.
 */
static inline ProgramResult sol_deserialize(const u8 *input, SolParameters *params, SolAccountInfo *accounts,
                                            u64 max_accounts) {
  u8 *p = (u8 *)(uintptr_t)input;
  const u64 count = *(const u64 *)p;
  p += sizeof(u64);
  if (count > max_accounts) return ERROR_INVALID_ARGUMENT;

  for (u64 i = 0; i < count; i++) {
    const u8 dup = p[0];
    if (dup != SOL_NON_DUP_MARKER) {
      if (dup >= i) return ERROR_INVALID_ARGUMENT;
      accounts[i] = accounts[dup];
      p += 8;
      continue;
    }
    SolAccountInfo *a = &accounts[i];
    a->is_signer = p[1] != 0;
    a->is_writable = p[2] != 0;
    a->executable = p[3] != 0;
    p += 8;
    a->key = (SolPubkey *)p;
    p += sizeof(SolPubkey);
    a->owner = (SolPubkey *)p;
    p += sizeof(SolPubkey);
    a->lamports = (u64 *)p;
    p += sizeof(u64);
    a->data_len = *(const u64 *)p;
    p += sizeof(u64);
    a->data = p;
    p += a->data_len + SOL_MAX_PERMITTED_DATA_INCREASE;
    p = (u8 *)(((uintptr_t)p + 7) & ~(uintptr_t)7);
    a->rent_epoch = *(const u64 *)p;
    p += sizeof(u64);
  }

  params->accounts = accounts;
  params->accounts_len = count;
  params->data_len = *(const u64 *)p;
  p += sizeof(u64);
  params->data = p;
  p += params->data_len;
  params->program_id = (const SolPubkey *)p;
  return SUCCESS;
}
