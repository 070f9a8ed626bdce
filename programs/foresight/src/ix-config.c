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

/**
 * Pauses or resumes betting (rounds already running still lock and settle), and rotates the event signer
 * and the treasury when they are given. The spec's two-account form (authority, config) changes only
 * `disabled`.
 */
ProgramResult ix_update_config(SolParameters *params) {
  FS_TRY(sol_check_accounts_len(params, IX_UPDATE_CONFIG_ACC_CONFIG + 1));
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
  if (params->accounts_len > IX_UPDATE_CONFIG_ACC_EVENT_SIGNER) {
    const SolAccountInfo *event_signer = &params->accounts[IX_UPDATE_CONFIG_ACC_EVENT_SIGNER];
    if (!is_absent(event_signer, params->program_id)) sol_memcpy(c.event_signer, event_signer->key->x, 32);
  }
  if (params->accounts_len > IX_UPDATE_CONFIG_ACC_TREASURY) {
    const SolAccountInfo *treasury = &params->accounts[IX_UPDATE_CONFIG_ACC_TREASURY];
    if (!is_absent(treasury, params->program_id)) sol_memcpy(c.treasury, treasury->key->x, 32);
  }
  return config_store(config, &c);
}

/** Names the key that may take the authority over; it must accept (accept_authority) before it counts. */
ProgramResult ix_propose_authority(SolParameters *params) {
  FS_TRY(sol_check_accounts_len(params, IX_PROPOSE_AUTHORITY_ACCOUNTS_LEN));
  SolAccountInfo *authority = &params->accounts[IX_PROPOSE_AUTHORITY_ACC_AUTHORITY];
  SolAccountInfo *config = &params->accounts[IX_PROPOSE_AUTHORITY_ACC_CONFIG];
  FS_TRY(sol_check_signer(authority));
  FS_TRY(sol_check_writable(config));
  ProposeAuthorityArgs args;
  if (ix_propose_authority_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  Config c;
  FS_TRY(config_load(config, params->program_id, &c));
  FS_TRY(sol_check_has_one(c.authority, authority));
  if (config->data_len < ACCOUNT_CONFIG_SIZE) {
    FS_TRY(sol_check_writable(authority));
    if (!sol_is_system_program(params->accounts[IX_PROPOSE_AUTHORITY_ACC_SYSTEM_PROGRAM].key)) {
      return ANCHOR_ERROR_INVALID_PROGRAM_ID;
    }
    FS_TRY(config_grow(config, authority));
  }
  c.pending_authority.is_some = true;
  sol_memcpy(c.pending_authority.value, args.new_authority, 32);
  return config_store(config, &c);
}

/** The proposed key signs, and becomes the authority. */
ProgramResult ix_accept_authority(SolParameters *params) {
  FS_TRY(sol_check_accounts_len(params, IX_ACCEPT_AUTHORITY_ACCOUNTS_LEN));
  const SolAccountInfo *new_authority = &params->accounts[IX_ACCEPT_AUTHORITY_ACC_NEW_AUTHORITY];
  SolAccountInfo *config = &params->accounts[IX_ACCEPT_AUTHORITY_ACC_CONFIG];
  FS_TRY(sol_check_signer(new_authority));
  Config c;
  FS_TRY(config_load(config, params->program_id, &c));
  if (!c.pending_authority.is_some) return ANCHOR_ERROR_CONSTRAINT_HAS_ONE;
  FS_TRY(sol_check_has_one(c.pending_authority.value, new_authority));
  sol_memcpy(c.authority, new_authority->key->x, 32);
  c.pending_authority.is_some = false;
  sol_memset(c.pending_authority.value, 0, 32);
  return config_store(config, &c);
}
