#include "foresight.h"

/**
 * Creates the user's bet record at ["bet", event, user] and puts `amount` in the round's pot. The new
 * account is funded with rent + amount in one CPI and the stake then moved to the round directly, which
 * saves a second CPI on the common path.
 */
static ProgramResult open_bet(SolParameters *params, SolAccountInfo *user, SolAccountInfo *event, SolAccountInfo *bet,
                              u64 amount) {
  SolSignerSeed seeds[4] = {{SEED_BET, SEED_BET_LEN}, {event->key->x, 32}, {user->key->x, 32}, {NULL, 1}};
  SolPubkey expected;
  u8 bump;
  FS_TRY(sol_find_pda(seeds, 3, params->program_id, &expected, &bump));
  if (!sol_pubkey_eq(&expected, bet->key)) return ANCHOR_ERROR_CONSTRAINT_SEEDS;
  seeds[3].addr = &bump;
  const SolSignerSeeds signer = {seeds, 4};
  const SolCreateAccount create = {user, bet, ACCOUNT_BET_SIZE, params->program_id, &signer, 1};
  if (*bet->lamports != 0) {
    /* Someone sent lamports to the address first: create by top-up, then pay the stake separately. */
    FS_TRY(sol_create_account(&create));
    return sol_system_transfer(user, event, amount, NULL, 0);
  }
  u64 rent, funding;
  FS_TRY(sol_minimum_balance(ACCOUNT_BET_SIZE, &rent));
  if (!u64_add(rent, amount, &funding)) return FS_ERROR(ERR_OVERFLOW_ERROR);
  FS_TRY(sol_system_create_account(&create, funding));
  sol_account_sync_len(bet);
  return sol_move_lamports(bet, event, amount);
}

ProgramResult ix_place_bet(SolParameters *params) {
  FS_TRY(sol_check_accounts_len(params, IX_PLACE_BET_ACCOUNTS_LEN));
  SolAccountInfo *user = &params->accounts[IX_PLACE_BET_ACC_USER];
  const SolAccountInfo *config = &params->accounts[IX_PLACE_BET_ACC_CONFIG];
  SolAccountInfo *event = &params->accounts[IX_PLACE_BET_ACC_EVENT];
  SolAccountInfo *bet = &params->accounts[IX_PLACE_BET_ACC_BET];
  FS_TRY(sol_check_signer(user));
  FS_TRY(sol_check_writable(user));
  FS_TRY(sol_check_writable(event));
  FS_TRY(sol_check_writable(bet));
  if (!sol_is_system_program(params->accounts[IX_PLACE_BET_ACC_SYSTEM_PROGRAM].key)) {
    return ANCHOR_ERROR_INVALID_PROGRAM_ID;
  }
  PlaceBetArgs args;
  if (ix_place_bet_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  Config c;
  FS_TRY(config_load(config, params->program_id, &c));
  Event round;
  FS_TRY(round_load(event, params->program_id, &round));
  FS_TRY(sol_check_has_one(round.config, config));
  if (c.disabled || round.id != c.live_event) return FS_ERROR(ERR_EVENT_INACTIVE);
  i64 now;
  FS_TRY(sol_unix_timestamp(&now));
  if (now >= round.lock_time) return FS_ERROR(ERR_EVENT_LOCKED);
  if (args.prediction != PREDICTION_UP && args.prediction != PREDICTION_DOWN) {
    return FS_ERROR(ERR_INVALID_PREDICTION);
  }
  if (args.amount < IDL_CONST_MIN_BET_LAMPORTS) return FS_ERROR(ERR_BET_TOO_LOW);

  Bet b;
  const bool is_new = !sol_pubkey_eq(bet->owner, params->program_id);
  if (is_new) {
    FS_TRY(open_bet(params, user, event, bet, args.amount));
    sol_memcpy(b.event, event->key->x, 32);
    b.amount = args.amount;
    b.prediction = args.prediction;
    b.is_settled = false;
    sol_memcpy(b.user, user->key->x, 32);
  } else {
    FS_TRY(bet_load(bet, params->program_id, &b));
    FS_TRY(sol_check_has_one(b.user, user));
    FS_TRY(sol_check_has_one(b.event, event));
    if (b.prediction != args.prediction) return FS_ERROR(ERR_INVALID_PREDICTION);
    if (!u64_add(b.amount, args.amount, &b.amount)) return FS_ERROR(ERR_OVERFLOW_ERROR);
    FS_TRY(sol_system_transfer(user, event, args.amount, NULL, 0));
  }

  u64 *pool = args.prediction == PREDICTION_UP ? &round.up_pool : &round.down_pool;
  u32 *count = args.prediction == PREDICTION_UP ? &round.up_count : &round.down_count;
  if (!u64_add(*pool, args.amount, pool)) return FS_ERROR(ERR_OVERFLOW_ERROR);
  if (is_new) {
    if (*count == UINT32_MAX) return FS_ERROR(ERR_OVERFLOW_ERROR);
    *count += 1;
  }
  FS_TRY(round_store(event, &round));
  FS_TRY(bet_store(bet, &b));
  const BetUpdate update = {&b, args.amount, 0, event->key, config->key, now, false};
  return emit_update_bet(&update);
}

typedef struct {
  SolAccountInfo *user;
  const SolAccountInfo *config;
  SolAccountInfo *event;
  SolAccountInfo *bet;
  Event round;
  Bet bet_state;
} Claim;

/** The accounts of settle_bet and withdraw_bet, which share their layout, checked and loaded. */
static ProgramResult load_claim(SolParameters *params, Claim *claim) {
  FS_TRY(sol_check_accounts_len(params, IX_SETTLE_BET_ACCOUNTS_LEN));
  claim->user = &params->accounts[IX_SETTLE_BET_ACC_USER];
  claim->config = &params->accounts[IX_SETTLE_BET_ACC_CONFIG];
  claim->event = &params->accounts[IX_SETTLE_BET_ACC_EVENT];
  claim->bet = &params->accounts[IX_SETTLE_BET_ACC_BET];
  FS_TRY(sol_check_writable(claim->user));
  FS_TRY(sol_check_writable(claim->event));
  FS_TRY(sol_check_writable(claim->bet));
  Config c;
  FS_TRY(config_load(claim->config, params->program_id, &c));
  FS_TRY(round_load(claim->event, params->program_id, &claim->round));
  FS_TRY(sol_check_has_one(claim->round.config, claim->config));
  FS_TRY(bet_load(claim->bet, params->program_id, &claim->bet_state));
  FS_TRY(sol_check_has_one(claim->bet_state.user, claim->user));
  FS_TRY(sol_check_has_one(claim->bet_state.event, claim->event));
  if (claim->round.is_settled) return SUCCESS;
  /* Nobody settled the round within its buffer: it ends Invalid here, so its players get their stakes
   * back without the event signer or anyone else. */
  i64 now;
  FS_TRY(sol_unix_timestamp(&now));
  if (!round_expired(&claim->round, now)) return FS_ERROR(ERR_EVENT_UNSETTLED);
  return round_expire(claim->event, &claim->round);
}

/** Pays what the bet is owed from the round's pot, marks it settled and counts it. */
static ProgramResult pay_claim(Claim *claim, bool won) {
  if (claim->bet_state.is_settled) return FS_ERROR(ERR_BET_SETTLED);
  u64 payout;
  if (!round_payout(&claim->round, claim->bet_state.amount, &payout)) return FS_ERROR(ERR_OVERFLOW_ERROR);
  FS_TRY(sol_move_lamports(claim->event, claim->user, payout));
  claim->bet_state.is_settled = true;
  if (claim->round.settled_count == UINT32_MAX) return FS_ERROR(ERR_OVERFLOW_ERROR);
  claim->round.settled_count += 1;
  FS_TRY(round_store(claim->event, &claim->round));
  FS_TRY(bet_store(claim->bet, &claim->bet_state));
  i64 now;
  FS_TRY(sol_unix_timestamp(&now));
  const BetUpdate update = {&claim->bet_state, claim->bet_state.amount, payout, claim->event->key,
                            claim->config->key, now, won};
  return emit_update_bet(&update);
}

/** Pays a winning bet. In an invalid round it refunds, as withdraw_bet does: the bet is owed its stake. */
ProgramResult ix_settle_bet(SolParameters *params) {
  Claim claim;
  FS_TRY(load_claim(params, &claim));
  if (claim.round.result == PREDICTION_INVALID) return pay_claim(&claim, false);
  if (claim.bet_state.prediction != claim.round.result) return FS_ERROR(ERR_BET_LOST);
  return pay_claim(&claim, true);
}

/** Refunds a bet in full from an invalid round. */
ProgramResult ix_withdraw_bet(SolParameters *params) {
  Claim claim;
  FS_TRY(load_claim(params, &claim));
  if (claim.round.result != PREDICTION_INVALID) return FS_ERROR(ERR_EVENT_SETTLED);
  return pay_claim(&claim, false);
}

/** Returns a finished bet's rent to its owner: once paid or refunded, or once it has lost. */
ProgramResult ix_close_bet(SolParameters *params) {
  FS_TRY(sol_check_accounts_len(params, IX_CLOSE_BET_ACCOUNTS_LEN));
  SolAccountInfo *user = &params->accounts[IX_CLOSE_BET_ACC_USER];
  const SolAccountInfo *event = &params->accounts[IX_CLOSE_BET_ACC_EVENT];
  SolAccountInfo *bet = &params->accounts[IX_CLOSE_BET_ACC_BET];
  FS_TRY(sol_check_signer(user));
  FS_TRY(sol_check_writable(user));
  FS_TRY(sol_check_writable(bet));
  Bet b;
  FS_TRY(bet_load(bet, params->program_id, &b));
  FS_TRY(sol_check_has_one(b.user, user));
  FS_TRY(sol_check_has_one(b.event, event));
  /* A round closes only once every bet it owes is paid, so a bet of a closed round is owed nothing. */
  if (!b.is_settled && sol_pubkey_eq(event->owner, params->program_id)) {
    Event round;
    FS_TRY(round_load(event, params->program_id, &round));
    if (!round.is_settled) return FS_ERROR(ERR_EVENT_UNSETTLED);
    if (round.result == PREDICTION_INVALID || b.prediction == round.result) return FS_ERROR(ERR_BET_UNSETTLED);
  }
  return sol_close_account(bet, user);
}
