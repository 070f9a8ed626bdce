#include "wager.h"

ProgramResult ix_initialize_house(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_INITIALIZE_HOUSE_ACCOUNTS_LEN));
  SolAccountInfo *authority = &params->accounts[IX_INITIALIZE_HOUSE_ACC_AUTHORITY];
  SolAccountInfo *house = &params->accounts[IX_INITIALIZE_HOUSE_ACC_HOUSE];
  SOL_TRY(sol_check_signer(authority));
  SOL_TRY(sol_check_writable(authority));
  SOL_TRY(sol_check_writable(house));
  if (!sol_is_system_program(params->accounts[IX_INITIALIZE_HOUSE_ACC_SYSTEM_PROGRAM].key)) {
    return ANCHOR_ERROR_INVALID_PROGRAM_ID;
  }
  InitializeHouseArgs args;
  if (ix_initialize_house_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  /* No key is compiled in: the deployer, as upgrade authority, is who may set the house up. */
  SOL_TRY(sol_check_upgrade_authority(&params->accounts[IX_INITIALIZE_HOUSE_ACC_PROGRAM_DATA], params->program_id,
                                      authority));
  SolSignerSeed seeds[2] = {{SEED_HOUSE, SEED_HOUSE_LEN}, {NULL, 1}};
  SolPubkey expected;
  u8 bump;
  SOL_TRY(sol_find_pda(seeds, 1, params->program_id, &expected, &bump));
  if (!sol_pubkey_eq(&expected, house->key)) return ANCHOR_ERROR_CONSTRAINT_SEEDS;
  seeds[1].addr = &bump;
  const SolSignerSeeds signer = {seeds, 2};
  const SolCreateAccount create = {authority, house, ACCOUNT_HOUSE_SIZE, params->program_id, &signer, 1};
  SOL_TRY(sol_create_account(&create));
  House h = {0};
  sol_memcpy(h.authority, authority->key->x, 32);
  sol_memcpy(h.settler, args.settler, 32);
  sol_memcpy(h.treasury, args.treasury, 32);
  return house_store(house, &h);
}

ProgramResult ix_update_house(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_UPDATE_HOUSE_ACCOUNTS_LEN));
  const SolAccountInfo *authority = &params->accounts[IX_UPDATE_HOUSE_ACC_AUTHORITY];
  SolAccountInfo *house = &params->accounts[IX_UPDATE_HOUSE_ACC_HOUSE];
  SOL_TRY(sol_check_signer(authority));
  UpdateHouseArgs args;
  if (ix_update_house_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  House h;
  SOL_TRY(house_load(house, params->program_id, &h));
  SOL_TRY(sol_check_has_one(h.authority, authority));
  sol_memcpy(h.settler, args.settler, 32);
  sol_memcpy(h.treasury, args.treasury, 32);
  h.paused = args.paused;
  return house_store(house, &h);
}

/** Takes profit out of the bankroll: never what the house owes (its outstanding prizes) or its rent. */
ProgramResult ix_withdraw(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_WITHDRAW_ACCOUNTS_LEN));
  const SolAccountInfo *authority = &params->accounts[IX_WITHDRAW_ACC_AUTHORITY];
  SolAccountInfo *house = &params->accounts[IX_WITHDRAW_ACC_HOUSE];
  SolAccountInfo *destination = &params->accounts[IX_WITHDRAW_ACC_DESTINATION];
  SOL_TRY(sol_check_signer(authority));
  WithdrawArgs args;
  if (ix_withdraw_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  House h;
  SOL_TRY(house_load(house, params->program_id, &h));
  SOL_TRY(sol_check_has_one(h.authority, authority));
  u64 free_balance;
  SOL_TRY(house_free_balance(house, &h, &free_balance));
  if (args.amount > free_balance) return ERROR_INSUFFICIENT_FUNDS;
  return sol_move_lamports(house, destination, args.amount);
}
