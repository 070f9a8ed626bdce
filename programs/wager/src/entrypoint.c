#include "wager.h"

static ProgramResult dispatch(const uint8_t *input) {
  SolAccountInfo accounts[WG_MAX_ACCOUNTS];
  SolParameters params;
  SOL_TRY(sol_deserialize(input, &params, accounts, WG_MAX_ACCOUNTS));
  if (params.data_len < 8) return ANCHOR_ERROR_INSTRUCTION_MISSING;
  switch (sol_load_u64_le(params.data)) {
    case IX_CREATE_BET_DISC:
      return ix_create_bet(&params);
    case IX_REVEAL_BET_DISC:
      return ix_reveal_bet(&params);
    case IX_CREATE_BET_OFFCHAIN_DISC:
      return ix_create_bet_offchain(&params);
    case IX_SETTLE_BET_OFFCHAIN_DISC:
      return ix_settle_bet_offchain(&params);
    case IX_CLAIM_BET_DISC:
      return ix_claim_bet(&params);
    case IX_CREATE_PREDICTION_DISC:
      return ix_create_prediction(&params);
    case IX_UPDATE_PREDICTION_DISC:
      return ix_update_prediction(&params);
    case IX_SETTLE_PREDICTION_DISC:
      return ix_settle_prediction(&params);
    case IX_INIT_BET_OFFCHAIN_DISC:
      return ix_init_bet_offchain(&params);
    case IX_REFUND_BET_DISC:
      return ix_refund_bet(&params);
    case IX_CREATE_MARKET_DISC:
      return ix_create_market(&params);
    case IX_UPDATE_MARKET_DISC:
      return ix_update_market(&params);
    case IX_RESOLVE_MARKET_DISC:
      return ix_resolve_market(&params);
    case IX_CLOSE_MARKET_DISC:
      return ix_close_market(&params);
    case IX_WITHDRAW_DISC:
      return ix_withdraw(&params);
    case IX_INITIALIZE_HOUSE_DISC:
      return ix_initialize_house(&params);
    case IX_UPDATE_HOUSE_DISC:
      return ix_update_house(&params);
    case IX_PROPOSE_AUTHORITY_DISC:
      return ix_propose_authority(&params);
    case IX_ACCEPT_AUTHORITY_DISC:
      return ix_accept_authority(&params);
    case IX_COMMIT_SEED_CHAIN_DISC:
      return ix_commit_seed_chain(&params);
    case IX_RESET_SEED_CHAIN_DISC:
      return ix_reset_seed_chain(&params);
    case IX_INIT_REFERRAL_DISC:
      return ix_init_referral(&params);
    case IX_CLAIM_REFERRAL_DISC:
      return ix_claim_referral(&params);
    case IX_EXPIRE_MARKET_DISC:
      return ix_expire_market(&params);
    default:
      return ANCHOR_ERROR_INSTRUCTION_FALLBACK_NOT_FOUND;
  }
}

uint64_t entrypoint(const uint8_t *input) {
  const ProgramResult result = dispatch(input);
  /* Anchor's error line, so Anchor clients decode the failure; the success path logs nothing extra. */
  sol_log_anchor_error(result, idl_log_error);
  return result;
}
