#include "foresight.h"

/* Owner and discriminator first, so a foreign or mistyped account fails with Anchor's code for it. */
static ProgramResult check_record(const SolAccountInfo *account, const SolPubkey *program_id, const u8 *disc) {
  FS_TRY(sol_check_owner(account, program_id));
  return sol_check_discriminator(account, disc);
}

ProgramResult config_load(const SolAccountInfo *account, const SolPubkey *program_id, Config *out) {
  FS_TRY(check_record(account, program_id, ACCOUNT_CONFIG));
  return account_config_load(account->data, account->data_len, out) ? ANCHOR_ERROR_ACCOUNT_DID_NOT_DESERIALIZE
                                                                     : SUCCESS;
}

ProgramResult config_store(SolAccountInfo *account, const Config *in) {
  FS_TRY(sol_check_writable(account));
  return account_config_store(in, account->data, account->data_len) ? ERROR_ACCOUNT_DATA_TOO_SMALL : SUCCESS;
}

ProgramResult round_load(const SolAccountInfo *account, const SolPubkey *program_id, Event *out) {
  FS_TRY(check_record(account, program_id, ACCOUNT_EVENT));
  return account_event_load(account->data, account->data_len, out) ? ANCHOR_ERROR_ACCOUNT_DID_NOT_DESERIALIZE
                                                                    : SUCCESS;
}

ProgramResult round_store(SolAccountInfo *account, const Event *in) {
  FS_TRY(sol_check_writable(account));
  return account_event_store(in, account->data, account->data_len) ? ERROR_ACCOUNT_DATA_TOO_SMALL : SUCCESS;
}

ProgramResult bet_load(const SolAccountInfo *account, const SolPubkey *program_id, Bet *out) {
  FS_TRY(check_record(account, program_id, ACCOUNT_BET));
  return account_bet_load(account->data, account->data_len, out) ? ANCHOR_ERROR_ACCOUNT_DID_NOT_DESERIALIZE
                                                                  : SUCCESS;
}

ProgramResult bet_store(SolAccountInfo *account, const Bet *in) {
  FS_TRY(sol_check_writable(account));
  return account_bet_store(in, account->data, account->data_len) ? ERROR_ACCOUNT_DATA_TOO_SMALL : SUCCESS;
}

