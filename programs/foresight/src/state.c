#include "foresight.h"

/* Owner and discriminator first, so a foreign or mistyped account fails with Anchor's code for it. */
static ProgramResult check_record(const SolAccountInfo *account, const SolPubkey *program_id, const u8 *disc) {
  FS_TRY(sol_check_owner(account, program_id));
  return sol_check_discriminator(account, disc);
}

/*
 * A config made by an older version of the program is shorter: the fields it lacks were appended since
 * (pending_authority), so it decodes as if its tail were zeros, their defaults. It is stored back in the
 * same length while those fields are still zero; propose_authority grows it before setting one.
 */

ProgramResult config_load(const SolAccountInfo *account, const SolPubkey *program_id, Config *out) {
  FS_TRY(check_record(account, program_id, ACCOUNT_CONFIG));
  u8 padded[ACCOUNT_CONFIG_SIZE];
  const u8 *data = account->data;
  if (account->data_len < ACCOUNT_CONFIG_SIZE) {
    sol_memset(padded, 0, sizeof(padded));
    sol_memcpy(padded, account->data, account->data_len);
    data = padded;
  }
  return account_config_load(data, ACCOUNT_CONFIG_SIZE, out) ? ANCHOR_ERROR_ACCOUNT_DID_NOT_DESERIALIZE : SUCCESS;
}

ProgramResult config_store(SolAccountInfo *account, const Config *in) {
  FS_TRY(sol_check_writable(account));
  if (account->data_len >= ACCOUNT_CONFIG_SIZE) {
    return account_config_store(in, account->data, account->data_len) ? ERROR_ACCOUNT_DATA_TOO_SMALL : SUCCESS;
  }
  u8 full[ACCOUNT_CONFIG_SIZE];
  if (account_config_store(in, full, sizeof(full))) return ERROR_ACCOUNT_DATA_TOO_SMALL;
  for (u64 i = account->data_len; i < sizeof(full); i++) {
    if (full[i] != 0) return ERROR_ACCOUNT_DATA_TOO_SMALL;
  }
  sol_memcpy(account->data, full, account->data_len);
  return SUCCESS;
}

ProgramResult config_grow(SolAccountInfo *config, const SolAccountInfo *payer) {
  if (config->data_len >= ACCOUNT_CONFIG_SIZE) return SUCCESS;
  u64 rent;
  FS_TRY(sol_minimum_balance(ACCOUNT_CONFIG_SIZE, &rent));
  if (*config->lamports < rent) FS_TRY(sol_system_transfer(payer, config, rent - *config->lamports, NULL, 0));
  return sol_account_grow(config, ACCOUNT_CONFIG_SIZE);
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


ProgramResult round_expire(SolAccountInfo *account, Event *round) {
  round->is_settled = true;
  round->result = PREDICTION_INVALID;
  FS_TRY(round_store(account, round));
  return emit_update_event(round, account->key);
}

ProgramResult treasury_can_take(const SolAccountInfo *treasury, const SolAccountInfo *from, u64 lamports, bool *out) {
  *out = false;
  /* Read-only (a sysvar or builtin the runtime demotes), a program, or the paying round itself. */
  if (!treasury->is_writable || treasury->executable || treasury->lamports == from->lamports) return SUCCESS;
  return sol_can_receive(treasury, lamports, out);
}
