#include "wager.h"

static ProgramResult check_record(const SolAccountInfo *account, const SolPubkey *program_id, const u8 *disc) {
  SOL_TRY(sol_check_owner(account, program_id));
  return sol_check_discriminator(account, disc);
}

#define DECODED(call) ((call) ? ANCHOR_ERROR_ACCOUNT_DID_NOT_DESERIALIZE : SUCCESS)
#define ENCODED(call) ((call) ? ERROR_ACCOUNT_DATA_TOO_SMALL : SUCCESS)

/* Decodes `account` as if zero-padded to `size`: a record written by an older, shorter version. */
#define LOAD_PADDED(account, size, load, out)                                                            \
  do {                                                                                                   \
    u8 padded_[size];                                                                                    \
    const u8 *data_ = (account)->data;                                                                   \
    if ((account)->data_len < (size)) {                                                                  \
      sol_memset(padded_, 0, sizeof(padded_));                                                           \
      sol_memcpy(padded_, (account)->data, (account)->data_len);                                        \
      data_ = padded_;                                                                                   \
    }                                                                                                    \
    return DECODED(load(data_, (account)->data_len < (size) ? (size) : (account)->data_len, out));       \
  } while (0)

/*
 * Encodes into a full-size buffer; a shorter account takes the prefix when the rest is zero (the appended
 * fields at their defaults, which a padded load reads back), and otherwise must have been grown first.
 */
#define STORE_PADDED(account, size, store, in)                                                           \
  do {                                                                                                   \
    SOL_TRY(sol_check_writable(account));                                                                \
    if ((account)->data_len >= (size)) return ENCODED(store(in, (account)->data, (account)->data_len));   \
    u8 full_[size];                                                                                      \
    if (store(in, full_, sizeof(full_))) return ERROR_ACCOUNT_DATA_TOO_SMALL;                            \
    for (u64 i_ = (account)->data_len; i_ < sizeof(full_); i_++) {                                       \
      if (full_[i_] != 0) return ERROR_ACCOUNT_DATA_TOO_SMALL;                                           \
    }                                                                                                    \
    sol_memcpy((account)->data, full_, (account)->data_len);                                            \
    return SUCCESS;                                                                                      \
  } while (0)

ProgramResult house_load(const SolAccountInfo *account, const SolPubkey *program_id, House *out) {
  SOL_TRY(check_record(account, program_id, ACCOUNT_HOUSE));
  LOAD_PADDED(account, ACCOUNT_HOUSE_SIZE, account_house_load, out);
}

ProgramResult house_store(SolAccountInfo *account, const House *in) {
  SOL_TRY(sol_check_writable(account));
  /* One encoding, into a full-size buffer: the record's own length decides how much of it is written. */
  u8 full[ACCOUNT_HOUSE_SIZE];
  if (account_house_store(in, full, sizeof(full))) return ERROR_ACCOUNT_DATA_TOO_SMALL;
  for (u64 i = account->data_len; i < sizeof(full); i++) {
    if (full[i] == 0) continue;
    /* A new field is set: grow. The house wallet holds the bankroll, so it pays its own extra rent, from
     * its free balance only: a growth that would leave it owing more than it holds is refused, as a
     * withdrawal would be. */
    u64 rent, reserved;
    SOL_TRY(sol_minimum_balance(ACCOUNT_HOUSE_SIZE, &rent));
    if (!u64_add(rent, in->outstanding, &reserved)) return WG_ERROR(ERR_OVERFLOW_ERROR);
    if (*account->lamports < reserved) return ERROR_INSUFFICIENT_FUNDS;
    SOL_TRY(sol_account_grow(account, ACCOUNT_HOUSE_SIZE));
    break;
  }
  const u64 written = account->data_len < sizeof(full) ? account->data_len : sizeof(full);
  sol_memcpy(account->data, full, written);
  if (account->data_len > written) sol_memset(account->data + written, 0, account->data_len - written);
  return SUCCESS;
}

ProgramResult bet_load(const SolAccountInfo *account, const SolPubkey *program_id, Bet *out) {
  SOL_TRY(check_record(account, program_id, ACCOUNT_BET));
  LOAD_PADDED(account, ACCOUNT_BET_SIZE, account_bet_load, out);
}

ProgramResult bet_store(SolAccountInfo *account, const Bet *in) {
  STORE_PADDED(account, ACCOUNT_BET_SIZE, account_bet_store, in);
}

ProgramResult bet_grow(SolAccountInfo *bet, const SolAccountInfo *payer) {
  if (bet->data_len >= ACCOUNT_BET_SIZE) return SUCCESS;
  u64 rent;
  SOL_TRY(sol_minimum_balance(ACCOUNT_BET_SIZE, &rent));
  if (*bet->lamports < rent) SOL_TRY(sol_system_transfer(payer, bet, rent - *bet->lamports, NULL, 0));
  return sol_account_grow(bet, ACCOUNT_BET_SIZE);
}

ProgramResult referral_load(const SolAccountInfo *account, const SolPubkey *program_id, Referral *out) {
  SOL_TRY(check_record(account, program_id, ACCOUNT_REFERRAL));
  return DECODED(account_referral_load(account->data, account->data_len, out));
}

ProgramResult referral_store(SolAccountInfo *account, const Referral *in) {
  SOL_TRY(sol_check_writable(account));
  return ENCODED(account_referral_store(in, account->data, account->data_len));
}

ProgramResult market_load(const SolAccountInfo *account, const SolPubkey *program_id, Market *out) {
  SOL_TRY(check_record(account, program_id, ACCOUNT_MARKET));
  return DECODED(account_market_load(account->data, account->data_len, out));
}

ProgramResult market_store(SolAccountInfo *account, const Market *in) {
  SOL_TRY(sol_check_writable(account));
  return ENCODED(account_market_store(in, account->data, account->data_len));
}

ProgramResult prediction_load(const SolAccountInfo *account, const SolPubkey *program_id, Prediction *out) {
  SOL_TRY(check_record(account, program_id, ACCOUNT_PREDICTION));
  return DECODED(account_prediction_load(account->data, account->data_len, out));
}

ProgramResult prediction_store(SolAccountInfo *account, const Prediction *in) {
  SOL_TRY(sol_check_writable(account));
  return ENCODED(account_prediction_store(in, account->data, account->data_len));
}

ProgramResult house_free_balance(const SolAccountInfo *account, const House *house, u64 *out) {
  u64 rent, reserved;
  SOL_TRY(sol_minimum_balance(account->data_len, &rent));
  if (!u64_add(rent, house->outstanding, &reserved)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  if (!u64_sub(*account->lamports, reserved, out)) *out = 0;
  return SUCCESS;
}

ProgramResult check_market_authority(const SolAccountInfo *pool, const Market *market, const SolPubkey *program_id) {
  SOL_TRY(sol_check_writable(pool));
  if (sol_memcmp(market->market_authority, pool->key->x, 32) != 0) return ANCHOR_ERROR_CONSTRAINT_SEEDS;
  return sol_check_owner(pool, program_id);
}

ProgramResult pay_if_receivable(SolAccountInfo *from, SolAccountInfo *to, u64 lamports, u64 *paid) {
  bool ok;
  SOL_TRY(sol_can_receive(to, lamports, &ok));
  *paid = ok ? lamports : 0;
  return ok ? sol_move_lamports(from, to, lamports) : SUCCESS;
}

bool is_absent(const SolAccountInfo *account, const SolPubkey *program_id) {
  return sol_pubkey_eq(account->key, program_id);
}

ProgramResult referral_vault_check(const VaultCheck *check, const SolPubkey *program_id, Referral *vault,
                                   bool *payable) {
  SolAccountInfo *account = check->account;
  *payable = false;
  if (!check->is_some) return is_absent(account, program_id) ? SUCCESS : WG_ERROR(ERR_INVALID_REFERRER);
  if (sol_pubkey_eq(account->owner, program_id)) {
    SOL_TRY(referral_load(account, program_id, vault));
    if (sol_memcmp(vault->referrer, check->referrer, 32) != 0) return WG_ERROR(ERR_INVALID_REFERRER);
    SOL_TRY(sol_check_writable(account));
    *payable = true;
    return SUCCESS;
  }
  /* Never created: only its own address may stand for it, or a sender could withhold the share by passing
   * any empty account. Rare (init_referral creates vaults), so the derivation's cost is rarely paid. */
  const SolSignerSeed seeds[2] = {{SEED_REFERRAL, SEED_REFERRAL_LEN}, {check->referrer, 32}};
  SolPubkey expected;
  u8 bump;
  SOL_TRY(sol_find_pda(seeds, 2, program_id, &expected, &bump));
  return sol_pubkey_eq(&expected, account->key) ? SUCCESS : WG_ERROR(ERR_INVALID_REFERRER);
}

ProgramResult referral_credit(SolAccountInfo *from, SolAccountInfo *vault_account, Referral *vault, u64 share) {
  if (share == 0) return SUCCESS;
  if (!u64_add(vault->earned, share, &vault->earned)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  /* The vault is rent exempt already, so any amount can be credited to it. */
  SOL_TRY(sol_move_lamports(from, vault_account, share));
  return referral_store(vault_account, vault);
}
