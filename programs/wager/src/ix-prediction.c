#include "wager.h"

/** Checks the market takes predictions now: unresolved and before its cutoff. */
static ProgramResult require_open(const Market *m) {
  i64 now;
  SOL_TRY(sol_unix_timestamp(&now));
  return m->is_settled || now >= m->cutoff_time ? WG_ERROR(ERR_MARKET_CLOSED) : SUCCESS;
}

static ProgramResult add_to_pool(Market *m, MarketResult side, u64 amount, bool is_new) {
  u64 *pool = side == MARKET_RESULT_YES ? &m->yes_pool : &m->no_pool;
  u32 *count = side == MARKET_RESULT_YES ? &m->yes_count : &m->no_count;
  if (!u64_add(*pool, amount, pool)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  if (is_new) {
    if (*count == UINT32_MAX) return WG_ERROR(ERR_OVERFLOW_ERROR);
    *count += 1;
  }
  return SUCCESS;
}

ProgramResult ix_create_prediction(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_CREATE_PREDICTION_ACCOUNTS_LEN));
  SolAccountInfo *user = &params->accounts[IX_CREATE_PREDICTION_ACC_USER];
  SolAccountInfo *market = &params->accounts[IX_CREATE_PREDICTION_ACC_MARKET];
  SolAccountInfo *pool = &params->accounts[IX_CREATE_PREDICTION_ACC_MARKET_AUTHORITY];
  SolAccountInfo *prediction = &params->accounts[IX_CREATE_PREDICTION_ACC_PREDICTION];
  SOL_TRY(sol_check_signer(user));
  SOL_TRY(sol_check_writable(user));
  SOL_TRY(sol_check_writable(prediction));
  if (!sol_is_system_program(params->accounts[IX_CREATE_PREDICTION_ACC_SYSTEM_PROGRAM].key)) {
    return ANCHOR_ERROR_INVALID_PROGRAM_ID;
  }
  CreatePredictionArgs args;
  if (ix_create_prediction_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  Market m;
  SOL_TRY(market_load(market, params->program_id, &m));
  SOL_TRY(check_market_authority(pool, &m, params->program_id));
  SOL_TRY(require_open(&m));
  if (args.result != MARKET_RESULT_YES && args.result != MARKET_RESULT_NO) return WG_ERROR(ERR_INVALID_PREDICTION);
  if (args.amount < IDL_CONST_MIN_BET_LAMPORTS) return WG_ERROR(ERR_BET_TOO_LOW);
  /* One prediction per user and market: a second one goes through update_prediction. */
  if (sol_pubkey_eq(prediction->owner, params->program_id)) return WG_ERROR(ERR_INVALID_PREDICTION);

  SolSignerSeed seeds[4] = {{SEED_PREDICTION, SEED_PREDICTION_LEN}, {market->key->x, 32}, {user->key->x, 32}, {NULL, 1}};
  SolPubkey expected;
  u8 bump;
  SOL_TRY(sol_find_pda(seeds, 3, params->program_id, &expected, &bump));
  if (!sol_pubkey_eq(&expected, prediction->key)) return ANCHOR_ERROR_CONSTRAINT_SEEDS;
  seeds[3].addr = &bump;
  const SolSignerSeeds signer = {seeds, 4};
  const SolCreateAccount create = {user, prediction, ACCOUNT_PREDICTION_SIZE, params->program_id, &signer, 1};
  if (*prediction->lamports == 0) {
    /* Fund rent + stake in the one CPI, then move the stake to the pool directly. */
    u64 rent, funding;
    SOL_TRY(sol_minimum_balance(ACCOUNT_PREDICTION_SIZE, &rent));
    if (!u64_add(rent, args.amount, &funding)) return WG_ERROR(ERR_OVERFLOW_ERROR);
    SOL_TRY(sol_system_create_account(&create, funding));
    sol_account_sync_len(prediction);
    SOL_TRY(sol_move_lamports(prediction, pool, args.amount));
  } else {
    SOL_TRY(sol_create_account(&create));
    SOL_TRY(sol_system_transfer(user, pool, args.amount, NULL, 0));
  }
  SOL_TRY(add_to_pool(&m, args.result, args.amount, true));
  Prediction p;
  sol_memcpy(p.user, user->key->x, 32);
  sol_memcpy(p.market, market->key->x, 32);
  p.amount = args.amount;
  p.result = args.result;
  p.is_claimed = false;
  SOL_TRY(market_store(market, &m));
  SOL_TRY(prediction_store(prediction, &p));
  i64 now;
  SOL_TRY(sol_unix_timestamp(&now));
  return emit_prediction_update(&p, now);
}

ProgramResult ix_update_prediction(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_UPDATE_PREDICTION_ACCOUNTS_LEN));
  SolAccountInfo *user = &params->accounts[IX_UPDATE_PREDICTION_ACC_USER];
  SolAccountInfo *market = &params->accounts[IX_UPDATE_PREDICTION_ACC_MARKET];
  SolAccountInfo *pool = &params->accounts[IX_UPDATE_PREDICTION_ACC_MARKET_AUTHORITY];
  SolAccountInfo *prediction = &params->accounts[IX_UPDATE_PREDICTION_ACC_PREDICTION];
  SOL_TRY(sol_check_signer(user));
  SOL_TRY(sol_check_writable(user));
  UpdatePredictionArgs args;
  if (ix_update_prediction_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  Prediction p;
  SOL_TRY(prediction_load(prediction, params->program_id, &p));
  SOL_TRY(sol_check_has_one(p.user, user));
  SOL_TRY(sol_check_has_one(p.market, market));
  Market m;
  SOL_TRY(market_load(market, params->program_id, &m));
  SOL_TRY(check_market_authority(pool, &m, params->program_id));
  SOL_TRY(require_open(&m));
  /* A settled prediction belongs to a market that was resolved, closed and then created again at the same
   * address: adding to it would put a stake no settlement can pay into the new pool. */
  if (p.is_claimed) return WG_ERROR(ERR_MARKET_CLOSED);
  if (args.amount < IDL_CONST_MIN_BET_LAMPORTS) return WG_ERROR(ERR_BET_TOO_LOW);
  if (!u64_add(p.amount, args.amount, &p.amount)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  SOL_TRY(add_to_pool(&m, p.result, args.amount, false));
  SOL_TRY(sol_system_transfer(user, pool, args.amount, NULL, 0));
  SOL_TRY(market_store(market, &m));
  SOL_TRY(prediction_store(prediction, &p));
  i64 now;
  SOL_TRY(sol_unix_timestamp(&now));
  return emit_prediction_update(&p, now);
}

/** Pays a prediction what it is owed; anyone may send it, the lamports always go to the predictor. */
ProgramResult ix_settle_prediction(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_SETTLE_PREDICTION_ACCOUNTS_LEN));
  SolAccountInfo *prediction = &params->accounts[IX_SETTLE_PREDICTION_ACC_PREDICTION];
  SolAccountInfo *market = &params->accounts[IX_SETTLE_PREDICTION_ACC_MARKET];
  SolAccountInfo *pool = &params->accounts[IX_SETTLE_PREDICTION_ACC_MARKET_AUTHORITY];
  SolAccountInfo *user = &params->accounts[IX_SETTLE_PREDICTION_ACC_USER];
  Prediction p;
  SOL_TRY(prediction_load(prediction, params->program_id, &p));
  SOL_TRY(sol_check_has_one(p.user, user));
  SOL_TRY(sol_check_has_one(p.market, market));
  Market m;
  SOL_TRY(market_load(market, params->program_id, &m));
  SOL_TRY(check_market_authority(pool, &m, params->program_id));
  if (!m.is_settled) return WG_ERROR(ERR_INVALID_MARKET);
  if (p.is_claimed) return WG_ERROR(ERR_INVALID_PREDICTION);
  u64 payout;
  if (!prediction_payout(&m, p.amount, p.result, &payout)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  SOL_TRY(sol_move_lamports(pool, user, payout));
  p.is_claimed = true;
  if (m.settled_count == UINT32_MAX) return WG_ERROR(ERR_OVERFLOW_ERROR);
  m.settled_count += 1;
  SOL_TRY(market_store(market, &m));
  SOL_TRY(prediction_store(prediction, &p));
  i64 now;
  SOL_TRY(sol_unix_timestamp(&now));
  SOL_TRY(emit_prediction_update(&p, now));
  return emit_market_update(market->key, &m);
}
