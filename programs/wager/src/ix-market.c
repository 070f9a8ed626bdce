#include "wager.h"

/** Loads the house and checks that `authority` signed and is its authority. */
static ProgramResult require_authority(SolParameters *params, u64 authority_index, u64 house_index, House *h) {
  const SolAccountInfo *authority = &params->accounts[authority_index];
  SOL_TRY(sol_check_signer(authority));
  SOL_TRY(house_load(&params->accounts[house_index], params->program_id, h));
  return sol_check_has_one(h->authority, authority);
}

/** Whether a market started at `start` may end at `end`: within MARKET_MAX_LIFETIME_SECS, so no pot is held longer. */
static bool within_lifetime(i64 start, i64 end) {
  return end <= start || (u64)end - (u64)start <= IDL_CONST_MARKET_MAX_LIFETIME_SECS;
}

ProgramResult ix_create_market(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_CREATE_MARKET_ACCOUNTS_LEN));
  SolAccountInfo *authority = &params->accounts[IX_CREATE_MARKET_ACC_AUTHORITY];
  SolAccountInfo *market = &params->accounts[IX_CREATE_MARKET_ACC_MARKET];
  SolAccountInfo *pool = &params->accounts[IX_CREATE_MARKET_ACC_MARKET_AUTHORITY];
  House h;
  SOL_TRY(require_authority(params, IX_CREATE_MARKET_ACC_AUTHORITY, IX_CREATE_MARKET_ACC_HOUSE, &h));
  SOL_TRY(sol_check_writable(authority));
  SOL_TRY(sol_check_signer(market));
  SOL_TRY(sol_check_writable(market));
  SOL_TRY(sol_check_writable(pool));
  if (!sol_is_system_program(params->accounts[IX_CREATE_MARKET_ACC_SYSTEM_PROGRAM].key)) {
    return ANCHOR_ERROR_INVALID_PROGRAM_ID;
  }
  CreateMarketArgs args;
  if (ix_create_market_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  i64 now;
  SOL_TRY(sol_unix_timestamp(&now));
  if (!(now < args.cutoff_time && args.cutoff_time <= args.end_time) || !within_lifetime(now, args.end_time)) {
    return WG_ERROR(ERR_INVALID_MARKET);
  }
  /* This program's id means "no account" where the referrer is passed, so it could never be named there. */
  if (args.referrer.is_some && sol_memcmp(args.referrer.value, params->program_id->x, 32) == 0) {
    return WG_ERROR(ERR_INVALID_REFERRER);
  }

  /* The market is a fresh keypair account; its signature is in the transaction. */
  const SolCreateAccount create_market = {authority, market, ACCOUNT_MARKET_SIZE, params->program_id, NULL, 0};
  SOL_TRY(sol_create_account(&create_market));
  /* Its pool is a data-less account of this program, so payouts move lamports without a CPI. */
  SolSignerSeed seeds[3] = {{SEED_MARKET_AUTHORITY, SEED_MARKET_AUTHORITY_LEN}, {market->key->x, 32}, {NULL, 1}};
  SolPubkey expected;
  u8 bump;
  SOL_TRY(sol_find_pda(seeds, 2, params->program_id, &expected, &bump));
  if (!sol_pubkey_eq(&expected, pool->key)) return ANCHOR_ERROR_CONSTRAINT_SEEDS;
  seeds[2].addr = &bump;
  const SolSignerSeeds signer = {seeds, 3};
  const SolCreateAccount create_pool = {authority, pool, 0, params->program_id, &signer, 1};
  SOL_TRY(sol_create_account(&create_pool));

  Market m = {0};
  m.start_time = now;
  m.end_time = args.end_time;
  m.cutoff_time = args.cutoff_time;
  m.referrer.is_some = args.referrer.is_some;
  sol_memcpy(m.referrer.value, args.referrer.value, 32);
  sol_memcpy(m.market_authority, pool->key->x, 32);
  SOL_TRY(market_store(market, &m));
  return emit_market_update(market->key, &m);
}

/**
 * Moves a market's times while it still takes predictions. Once the cutoff has passed nothing moves
 * (MarketClosed): predictors staked on the times they saw. A new cutoff must be in the future and not after
 * the end, and the end within the market's maximum lifetime (InvalidMarket).
 */
ProgramResult ix_update_market(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_UPDATE_MARKET_ACCOUNTS_LEN));
  SolAccountInfo *market = &params->accounts[IX_UPDATE_MARKET_ACC_MARKET];
  House h;
  SOL_TRY(require_authority(params, IX_UPDATE_MARKET_ACC_AUTHORITY, IX_UPDATE_MARKET_ACC_HOUSE, &h));
  UpdateMarketArgs args;
  if (ix_update_market_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  Market m;
  SOL_TRY(market_load(market, params->program_id, &m));
  i64 now;
  SOL_TRY(sol_unix_timestamp(&now));
  if (m.is_settled || now >= m.cutoff_time) return WG_ERROR(ERR_MARKET_CLOSED);
  if (!(now < args.cutoff_time && args.cutoff_time <= args.end_time) || !within_lifetime(m.start_time, args.end_time)) {
    return WG_ERROR(ERR_INVALID_MARKET);
  }
  m.end_time = args.end_time;
  m.cutoff_time = args.cutoff_time;
  SOL_TRY(market_store(market, &m));
  return emit_market_update(market->key, &m);
}

/**
 * Resolves a market after its cutoff. A valid result with a non-empty winning side pays 3% of the pot to the
 * treasury, 10% of that to the market's referrer; an Invalid result, or an empty winning side (recorded as
 * Invalid), takes nothing and lets every prediction be refunded.
 */
ProgramResult ix_resolve_market(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_RESOLVE_MARKET_ACCOUNTS_LEN));
  SolAccountInfo *market = &params->accounts[IX_RESOLVE_MARKET_ACC_MARKET];
  SolAccountInfo *pool = &params->accounts[IX_RESOLVE_MARKET_ACC_MARKET_AUTHORITY];
  SolAccountInfo *treasury = &params->accounts[IX_RESOLVE_MARKET_ACC_TREASURY];
  House h;
  SOL_TRY(require_authority(params, IX_RESOLVE_MARKET_ACC_AUTHORITY, IX_RESOLVE_MARKET_ACC_HOUSE, &h));
  SOL_TRY(sol_check_has_one(h.treasury, treasury));
  ResolveMarketArgs args;
  if (ix_resolve_market_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  Market m;
  SOL_TRY(market_load(market, params->program_id, &m));
  SOL_TRY(check_market_authority(pool, &m, params->program_id));
  if (m.is_settled) return WG_ERROR(ERR_MARKET_CLOSED);
  i64 now;
  SOL_TRY(sol_unix_timestamp(&now));
  if (now < m.cutoff_time) return WG_ERROR(ERR_INVALID_MARKET);
  Referral vault;
  bool payable;
  const VaultCheck check = {&params->accounts[IX_RESOLVE_MARKET_ACC_REFERRAL_VAULT], m.referrer.is_some,
                            m.referrer.value};
  SOL_TRY(referral_vault_check(&check, params->program_id, &vault, &payable));

  MarketResult result = args.result;
  if ((result == MARKET_RESULT_YES && m.yes_pool == 0) || (result == MARKET_RESULT_NO && m.no_pool == 0)) {
    result = MARKET_RESULT_INVALID;
  }
  m.result.is_some = true;
  m.result.value = result;
  m.is_settled = true;
  u64 fee, share = 0;
  if (!market_fee(&m, &fee)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  if (m.referrer.is_some && !referral_share(fee, &share)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  /* A treasury that cannot take its share (an empty wallet, below its rent minimum), or a referrer whose
   * vault was never created, leaves it in the pool, as dust that close_market sweeps to the treasury:
   * resolving never gets stuck. */
  u64 paid;
  SOL_TRY(pay_if_receivable(pool, treasury, fee - share, &paid));
  if (payable) SOL_TRY(referral_credit(pool, check.account, &vault, share));
  SOL_TRY(market_store(market, &m));
  return emit_market_update(market->key, &m);
}

/**
 * Resolves a market as Invalid when the authority has not resolved it within MARKET_RESOLVE_GRACE_SECS
 * after its end (MarketNotOverdue before): no fee, and every prediction then settles for a refund. Anyone
 * may send it, so no pot waits on the authority for longer than that.
 */
ProgramResult ix_expire_market(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_EXPIRE_MARKET_ACCOUNTS_LEN));
  SolAccountInfo *market = &params->accounts[IX_EXPIRE_MARKET_ACC_MARKET];
  Market m;
  SOL_TRY(market_load(market, params->program_id, &m));
  if (m.is_settled) return WG_ERROR(ERR_MARKET_CLOSED);
  i64 now;
  SOL_TRY(sol_unix_timestamp(&now));
  if (now <= m.end_time || (u64)now - (u64)m.end_time < IDL_CONST_MARKET_RESOLVE_GRACE_SECS) {
    return WG_ERROR(ERR_MARKET_NOT_OVERDUE);
  }
  m.result.is_some = true;
  m.result.value = MARKET_RESULT_INVALID;
  m.is_settled = true;
  SOL_TRY(market_store(market, &m));
  return emit_market_update(market->key, &m);
}

/** Sweeps a finished market: its pool (dust and rent) to the treasury, the market record's rent to the authority. */
ProgramResult ix_close_market(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_CLOSE_MARKET_ACCOUNTS_LEN));
  SolAccountInfo *authority = &params->accounts[IX_CLOSE_MARKET_ACC_AUTHORITY];
  SolAccountInfo *market = &params->accounts[IX_CLOSE_MARKET_ACC_MARKET];
  SolAccountInfo *pool = &params->accounts[IX_CLOSE_MARKET_ACC_MARKET_AUTHORITY];
  SolAccountInfo *treasury = &params->accounts[IX_CLOSE_MARKET_ACC_TREASURY];
  House h;
  SOL_TRY(require_authority(params, IX_CLOSE_MARKET_ACC_AUTHORITY, IX_CLOSE_MARKET_ACC_HOUSE, &h));
  SOL_TRY(sol_check_writable(authority));
  SOL_TRY(sol_check_writable(market));
  SOL_TRY(sol_check_has_one(h.treasury, treasury));
  Market m;
  SOL_TRY(market_load(market, params->program_id, &m));
  SOL_TRY(check_market_authority(pool, &m, params->program_id));
  if (!m.is_settled) return WG_ERROR(ERR_INVALID_MARKET);
  if ((u64)m.settled_count < (u64)m.yes_count + (u64)m.no_count) return WG_ERROR(ERR_INVALID_MARKET);
  /* The pool holds at least its rent minimum, so the treasury can always take it. */
  SOL_TRY(sol_close_account(pool, treasury));
  return sol_close_account(market, authority);
}
