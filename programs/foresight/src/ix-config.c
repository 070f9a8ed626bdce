#include "foresight.h"

/** Creates the config for the feed of `price_update`; the feed id is both a seed and `pyth_feed`. */
ProgramResult ix_create_config(SolParameters *params) {
  FS_TRY(sol_check_accounts_len(params, IX_CREATE_CONFIG_ACCOUNTS_LEN));
  SolAccountInfo *authority = &params->accounts[IX_CREATE_CONFIG_ACC_AUTHORITY];
  SolAccountInfo *config = &params->accounts[IX_CREATE_CONFIG_ACC_CONFIG];
  const SolAccountInfo *price_update = &params->accounts[IX_CREATE_CONFIG_ACC_PRICE_UPDATE];
  const SolAccountInfo *event_signer = &params->accounts[IX_CREATE_CONFIG_ACC_EVENT_SIGNER];
  const SolAccountInfo *treasury = &params->accounts[IX_CREATE_CONFIG_ACC_TREASURY];
  FS_TRY(sol_check_signer(authority));
  FS_TRY(sol_check_writable(authority));
  FS_TRY(sol_check_writable(config));
  if (!sol_is_system_program(params->accounts[IX_CREATE_CONFIG_ACC_SYSTEM_PROGRAM].key)) {
    return ANCHOR_ERROR_INVALID_PROGRAM_ID;
  }
  CreateConfigArgs args;
  if (ix_create_config_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  if (args.timelock == 0) return ERROR_INVALID_ARGUMENT;
  SOL_TRY(sol_check_upgrade_authority(&params->accounts[IX_CREATE_CONFIG_ACC_PROGRAM_DATA], params->program_id,
                                      authority));

  OraclePrice oracle;
  FS_TRY(oracle_read(price_update, &oracle));

  SolSignerSeed seeds[3] = {{SEED_CONFIG, SEED_CONFIG_LEN}, {oracle.feed_id, 32}, {NULL, 1}};
  SolPubkey expected;
  u8 bump;
  FS_TRY(sol_find_pda(seeds, 2, params->program_id, &expected, &bump));
  if (!sol_pubkey_eq(&expected, config->key)) return ANCHOR_ERROR_CONSTRAINT_SEEDS;
  seeds[2].addr = &bump;
  const SolSignerSeeds signer = {seeds, 3};
  const SolCreateAccount create = {authority, config, ACCOUNT_CONFIG_SIZE, params->program_id, &signer, 1};
  FS_TRY(sol_create_account(&create));

  Config c = {0};
  sol_memcpy(c.pyth_feed, oracle.feed_id, 32);
  c.timelock = args.timelock;
  sol_memcpy(c.authority, authority->key->x, 32);
  sol_memcpy(c.event_signer, event_signer->key->x, 32);
  sol_memcpy(c.treasury, treasury->key->x, 32);
  return config_store(config, &c);
}

/** Pauses or resumes betting; rounds already running still lock and settle. */
ProgramResult ix_update_config(SolParameters *params) {
  FS_TRY(sol_check_accounts_len(params, IX_UPDATE_CONFIG_ACCOUNTS_LEN));
  const SolAccountInfo *authority = &params->accounts[IX_UPDATE_CONFIG_ACC_AUTHORITY];
  SolAccountInfo *config = &params->accounts[IX_UPDATE_CONFIG_ACC_CONFIG];
  FS_TRY(sol_check_signer(authority));
  UpdateConfigArgs args;
  if (ix_update_config_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  Config c;
  FS_TRY(config_load(config, params->program_id, &c));
  FS_TRY(sol_check_has_one(c.authority, authority));
  c.disabled = args.disabled;
  return config_store(config, &c);
}
