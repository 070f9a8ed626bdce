#include "wager.h"

static ProgramResult check_record(const SolAccountInfo *account, const SolPubkey *program_id, const u8 *disc) {
  SOL_TRY(sol_check_owner(account, program_id));
  return sol_check_discriminator(account, disc);
}

#define DECODED(call) ((call) ? ANCHOR_ERROR_ACCOUNT_DID_NOT_DESERIALIZE : SUCCESS)
#define ENCODED(call) ((call) ? ERROR_ACCOUNT_DATA_TOO_SMALL : SUCCESS)

ProgramResult house_load(const SolAccountInfo *account, const SolPubkey *program_id, House *out) {
  SOL_TRY(check_record(account, program_id, ACCOUNT_HOUSE));
  return DECODED(account_house_load(account->data, account->data_len, out));
}

ProgramResult house_store(SolAccountInfo *account, const House *in) {
  SOL_TRY(sol_check_writable(account));
  return ENCODED(account_house_store(in, account->data, account->data_len));
}

ProgramResult bet_load(const SolAccountInfo *account, const SolPubkey *program_id, Bet *out) {
  SOL_TRY(check_record(account, program_id, ACCOUNT_BET));
  return DECODED(account_bet_load(account->data, account->data_len, out));
}

ProgramResult bet_store(SolAccountInfo *account, const Bet *in) {
  SOL_TRY(sol_check_writable(account));
  return ENCODED(account_bet_store(in, account->data, account->data_len));
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

/* Sysvar1111111111111111111111111111111111111: sysvars are handed to programs read-only, whatever the
 * transaction asks. */
static const SolPubkey SYSVAR_OWNER = {{0x06, 0xa7, 0xd5, 0x17, 0x18, 0x75, 0xf7, 0x29, 0xc7, 0x3d, 0x93,
                                        0x40, 0x8f, 0x21, 0x61, 0x20, 0x06, 0x7e, 0xd8, 0x8c, 0x76, 0xe0,
                                        0x8c, 0x28, 0x7f, 0xc1, 0x94, 0x60, 0x00, 0x00, 0x00, 0x00}};

ProgramResult check_referrer(const ReferrerCheck *check, const SolPubkey *program_id, bool *payable) {
  const SolAccountInfo *referrer = check->referrer;
  *payable = false;
  if (!check->is_some) return is_absent(referrer, program_id) ? SUCCESS : WG_ERROR(ERR_INVALID_REFERRER);
  if (sol_memcmp(check->key, referrer->key->x, 32) != 0) return WG_ERROR(ERR_INVALID_REFERRER);
  /* Accounts that can never be credited here keep the share where it is; any other must be writable, so a
   * sender cannot quietly withhold a referral's share by passing it read-only. */
  if (referrer->executable || sol_pubkey_eq(referrer->owner, &SYSVAR_OWNER) ||
      sol_pubkey_eq(referrer->key, check->payer->key) || sol_pubkey_eq(referrer->key, program_id)) {
    return SUCCESS;
  }
  SOL_TRY(sol_check_writable(referrer));
  *payable = true;
  return SUCCESS;
}
