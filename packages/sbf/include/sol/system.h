#pragma once
/**
 * The System Program by CPI (transfer, allocate, assign, create) and Anchor's `init` and `close`.
 *
 * A CPI only reaches the System Program if its account (11111111111111111111111111111111) is one of this
 * instruction's accounts. `signers` are the PDA seeds (bump included) the calling program signs with; pass
 * NULL, 0 when only transaction signers sign.
 */

#include <sol/account.h>
#include <sol/bytes.h>
#include <sol/error.h>
#include <sol/math.h>
#include <sol/rent.h>
#include <sol/syscalls.h>

#define SOL_SYSTEM_CREATE_ACCOUNT 0
#define SOL_SYSTEM_ASSIGN 1
#define SOL_SYSTEM_TRANSFER 2
#define SOL_SYSTEM_ALLOCATE 8

/** What sol_create_account needs: too many values for five registers, hence a struct. */
typedef struct {
  const SolAccountInfo *payer;
  SolAccountInfo *account;
  u64 space;
  const SolPubkey *owner;
  /** Seeds that make `account` sign: required, since creating an account needs its signature. */
  const SolSignerSeeds *signers;
  u64 signers_len;
} SolCreateAccount;

static inline bool sol_is_system_program(const SolPubkey *key) {
  const SolPubkey zero = {{0}};
  return sol_pubkey_eq(key, &zero);
}

/** One System Program instruction on `first` (writable signer) and optionally `second` (writable). */
static inline ProgramResult sol_system_invoke_(const SolAccountInfo *first, const SolAccountInfo *second,
                                               const SolBytes *data, const SolSignerSeeds *signers,
                                               u64 signers_len) {
  const SolPubkey system_program = {{0}};
  const SolAccountMeta metas[2] = {
      {first->key, true, true},
      {second ? second->key : NULL, true, false},
  };
  SolAccountInfo infos[2];
  infos[0] = *first;
  if (second) infos[1] = *second;
  const u64 n = second ? 2 : 1;
  const SolInstruction instruction = {&system_program, metas, n, data->addr, data->len};
  return sol_invoke_signed_c(&instruction, infos, n, signers, signers_len);
}

/** Moves `lamports` from `from` (a system-owned signer, or a PDA signed for by `signers`) to `to`. */
static inline ProgramResult sol_system_transfer(const SolAccountInfo *from, const SolAccountInfo *to, u64 lamports,
                                                const SolSignerSeeds *signers, u64 signers_len) {
  u8 data[12];
  sol_store_u32_le(data, SOL_SYSTEM_TRANSFER);
  sol_store_u64_le(data + 4, lamports);
  const SolBytes bytes = {data, sizeof(data)};
  return sol_system_invoke_(from, to, &bytes, signers, signers_len);
}

static inline ProgramResult sol_system_allocate(const SolAccountInfo *account, u64 space,
                                                const SolSignerSeeds *signers, u64 signers_len) {
  u8 data[12];
  sol_store_u32_le(data, SOL_SYSTEM_ALLOCATE);
  sol_store_u64_le(data + 4, space);
  const SolBytes bytes = {data, sizeof(data)};
  return sol_system_invoke_(account, NULL, &bytes, signers, signers_len);
}

static inline ProgramResult sol_system_assign(const SolAccountInfo *account, const SolPubkey *owner,
                                              const SolSignerSeeds *signers, u64 signers_len) {
  u8 data[36];
  sol_store_u32_le(data, SOL_SYSTEM_ASSIGN);
  sol_memcpy_(data + 4, owner->x, 32);
  const SolBytes bytes = {data, sizeof(data)};
  return sol_system_invoke_(account, NULL, &bytes, signers, signers_len);
}

/** System Program CreateAccount: `lamports`, `space` bytes, owned by `owner`. Fails if `account` has lamports. */
static inline ProgramResult sol_system_create_account(const SolCreateAccount *args, u64 lamports) {
  u8 data[52];
  sol_store_u32_le(data, SOL_SYSTEM_CREATE_ACCOUNT);
  sol_store_u64_le(data + 4, lamports);
  sol_store_u64_le(data + 12, args->space);
  sol_memcpy_(data + 20, args->owner->x, 32);
  const SolPubkey system_program = {{0}};
  const SolAccountMeta metas[2] = {{args->payer->key, true, true}, {args->account->key, true, true}};
  const SolAccountInfo infos[2] = {*args->payer, *args->account};
  const SolInstruction instruction = {&system_program, metas, 2, data, sizeof(data)};
  return sol_invoke_signed_c(&instruction, infos, 2, args->signers, args->signers_len);
}

/**
 * Creates a rent-exempt account of `space` bytes owned by `owner`, paid by `payer`, as Anchor's `init`
 * does. CreateAccount refuses an address that already holds lamports, and anyone can send lamports to a
 * PDA before it is initialised; so in that case this tops the balance up to the rent-exempt minimum, then
 * allocates and assigns, which has the same end state.
 * On success `account->data_len` is `space`.
 */
static inline ProgramResult sol_create_account(const SolCreateAccount *args) {
  if (sol_pubkey_eq(args->payer->key, args->account->key)) return ANCHOR_ERROR_TRYING_TO_INIT_PAYER_AS_PROGRAM_ACCOUNT;
  u64 minimum;
  SOL_TRY(sol_minimum_balance(args->space, &minimum));
  const u64 current = *args->account->lamports;
  if (current == 0) {
    SOL_TRY(sol_system_create_account(args, minimum));
  } else {
    const u64 required = minimum == 0 ? 1 : minimum;
    if (required > current) SOL_TRY(sol_system_transfer(args->payer, args->account, required - current, NULL, 0));
    SOL_TRY(sol_system_allocate(args->account, args->space, args->signers, args->signers_len));
    // The next CPI passes our SolAccountInfo again; a stale data_len would read as this program resizing
    // an account it does not own (ExternalAccountDataModified).
    sol_account_sync_len(args->account);
    SOL_TRY(sol_system_assign(args->account, args->owner, args->signers, args->signers_len));
  }
  sol_account_sync_len(args->account);
  return SUCCESS;
}

/**
 * Closes an account this program owns, as Anchor's `close` does: all its lamports go to `destination`,
 * its data length becomes 0 and its owner the System Program (the runtime applies both when the program
 * returns, length first, and allows the owner change because the data is then empty). With no lamports
 * left, the runtime deletes the account at the end of the transaction.
 */
static inline ProgramResult sol_close_account(SolAccountInfo *account, SolAccountInfo *destination) {
  if (account->lamports == destination->lamports) return ERROR_INVALID_ARGUMENT;
  u64 total;
  if (!u64_add(*destination->lamports, *account->lamports, &total)) return ERROR_ARITHMETIC_OVERFLOW;
  *destination->lamports = total;
  *account->lamports = 0;
  sol_memset_(account->owner->x, 0, sizeof(SolPubkey));
  sol_store_u64_le(account->data - sizeof(u64), 0);
  account->data_len = 0;
  return SUCCESS;
}
