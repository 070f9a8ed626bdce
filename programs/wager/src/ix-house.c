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

/** Loads the house and checks that the account at `signer_index` signed and is its authority. */
static ProgramResult house_as_authority(SolParameters *params, u64 signer_index, u64 house_index, House *h) {
  const SolAccountInfo *authority = &params->accounts[signer_index];
  SOL_TRY(sol_check_signer(authority));
  SOL_TRY(house_load(&params->accounts[house_index], params->program_id, h));
  return sol_check_has_one(h->authority, authority);
}

/** Loads the house and checks that the account at `signer_index` signed and is its settler. */
static ProgramResult house_as_settler(SolParameters *params, u64 signer_index, u64 house_index, House *h) {
  const SolAccountInfo *settler = &params->accounts[signer_index];
  SOL_TRY(sol_check_signer(settler));
  SOL_TRY(house_load(&params->accounts[house_index], params->program_id, h));
  return sol_check_has_one(h->settler, settler);
}

ProgramResult ix_update_house(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_UPDATE_HOUSE_ACCOUNTS_LEN));
  UpdateHouseArgs args;
  if (ix_update_house_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  House h;
  SOL_TRY(house_as_authority(params, IX_UPDATE_HOUSE_ACC_AUTHORITY, IX_UPDATE_HOUSE_ACC_HOUSE, &h));
  sol_memcpy(h.settler, args.settler, 32);
  sol_memcpy(h.treasury, args.treasury, 32);
  h.paused = args.paused;
  h.offchain_bets = args.offchain_bets;
  return house_store(&params->accounts[IX_UPDATE_HOUSE_ACC_HOUSE], &h);
}

/** Names the key that may take the authority over; it must accept (accept_authority) before it counts. */
ProgramResult ix_propose_authority(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_PROPOSE_AUTHORITY_ACCOUNTS_LEN));
  ProposeAuthorityArgs args;
  if (ix_propose_authority_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  House h;
  SOL_TRY(house_as_authority(params, IX_PROPOSE_AUTHORITY_ACC_AUTHORITY, IX_PROPOSE_AUTHORITY_ACC_HOUSE, &h));
  h.pending_authority.is_some = true;
  sol_memcpy(h.pending_authority.value, args.new_authority, 32);
  return house_store(&params->accounts[IX_PROPOSE_AUTHORITY_ACC_HOUSE], &h);
}

/** The proposed key signs, and becomes the authority. */
ProgramResult ix_accept_authority(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_ACCEPT_AUTHORITY_ACCOUNTS_LEN));
  const SolAccountInfo *new_authority = &params->accounts[IX_ACCEPT_AUTHORITY_ACC_NEW_AUTHORITY];
  SolAccountInfo *house = &params->accounts[IX_ACCEPT_AUTHORITY_ACC_HOUSE];
  SOL_TRY(sol_check_signer(new_authority));
  House h;
  SOL_TRY(house_load(house, params->program_id, &h));
  if (!h.pending_authority.is_some) return ANCHOR_ERROR_CONSTRAINT_HAS_ONE;
  SOL_TRY(sol_check_has_one(h.pending_authority.value, new_authority));
  sol_memcpy(h.authority, new_authority->key->x, 32);
  h.pending_authority.is_some = false;
  sol_memset(h.pending_authority.value, 0, 32);
  return house_store(house, &h);
}

/**
 * Commits the next seed chain (its head, sha256 of its first seed, and its length). It takes over when
 * reveals reach the end of the current chain. It may be replaced until a bet takes a seed from it
 * (SeedChainInUse after): each bet's seed is then fixed before the bet lands.
 */
ProgramResult ix_commit_seed_chain(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_COMMIT_SEED_CHAIN_ACCOUNTS_LEN));
  CommitSeedChainArgs args;
  if (ix_commit_seed_chain_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  House h;
  SOL_TRY(house_as_settler(params, IX_COMMIT_SEED_CHAIN_ACC_SETTLER, IX_COMMIT_SEED_CHAIN_ACC_HOUSE, &h));
  if (args.length == 0) return ERROR_INVALID_ARGUMENT;
  u64 end;
  /* The chain must fit after the current one. */
  if (!u64_add(h.seed_chain_end, args.length, &end)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  if (h.bet_sequence > h.seed_chain_end) return WG_ERROR(ERR_SEED_CHAIN_IN_USE);
  sol_memcpy(h.next_seed_commitment, args.head, 32);
  h.next_seed_chain_length = args.length;
  return house_store(&params->accounts[IX_COMMIT_SEED_CHAIN_ACC_HOUSE], &h);
}

/**
 * Starts a new chain at once, for a settler that lost its seeds: only while no bet is open (every bet
 * revealed or refunded, SeedChainInUse otherwise), so no bet's roll can change. Bets refunded but not yet
 * revealed are passed over and their records are free again. While some of them may still be owed a win
 * (refund_reserve), the reset waits SEED_RESET_DELAY_SECS from the first, then forfeits those wins: dodging
 * one win this way halts every later bet for a week.
 */
ProgramResult ix_reset_seed_chain(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_RESET_SEED_CHAIN_ACCOUNTS_LEN));
  ResetSeedChainArgs args;
  if (ix_reset_seed_chain_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  House h;
  SOL_TRY(house_as_settler(params, IX_RESET_SEED_CHAIN_ACC_SETTLER, IX_RESET_SEED_CHAIN_ACC_HOUSE, &h));
  if (args.length == 0) return ERROR_INVALID_ARGUMENT;
  if (h.open_bets != 0) return WG_ERROR(ERR_SEED_CHAIN_IN_USE);
  if (h.refund_reserve != 0) {
    i64 now;
    SOL_TRY(sol_unix_timestamp(&now));
    if (now < h.reserve_since || (u64)now - (u64)h.reserve_since < IDL_CONST_SEED_RESET_DELAY_SECS) {
      return WG_ERROR(ERR_SEED_CHAIN_IN_USE);
    }
    if (!u64_sub(h.outstanding, h.refund_reserve, &h.outstanding)) return WG_ERROR(ERR_OVERFLOW_ERROR);
    h.refund_reserve = 0;
    h.reserve_since = 0;
  }
  if (!u64_add(h.bet_sequence, args.length, &h.seed_chain_end)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  sol_memcpy(h.seed_commitment, args.head, 32);
  h.reveal_sequence = h.bet_sequence;
  sol_memset(h.next_seed_commitment, 0, 32);
  h.next_seed_chain_length = 0;
  return house_store(&params->accounts[IX_RESET_SEED_CHAIN_ACC_HOUSE], &h);
}

/** Takes profit out of the bankroll: never what the house owes (its outstanding prizes) or its rent. */
ProgramResult ix_withdraw(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_WITHDRAW_ACCOUNTS_LEN));
  SolAccountInfo *house = &params->accounts[IX_WITHDRAW_ACC_HOUSE];
  SolAccountInfo *destination = &params->accounts[IX_WITHDRAW_ACC_DESTINATION];
  WithdrawArgs args;
  if (ix_withdraw_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  House h;
  SOL_TRY(house_as_authority(params, IX_WITHDRAW_ACC_AUTHORITY, IX_WITHDRAW_ACC_HOUSE, &h));
  u64 free_balance;
  SOL_TRY(house_free_balance(house, &h, &free_balance));
  if (args.amount > free_balance) return ERROR_INSUFFICIENT_FUNDS;
  return sol_move_lamports(house, destination, args.amount);
}
