#include "wager.h"

uint64_t entrypoint(const uint8_t *input) {
  SolAccountInfo accounts[WG_MAX_ACCOUNTS];
  SolParameters params;
  SOL_TRY(sol_deserialize(input, &params, accounts, WG_MAX_ACCOUNTS));
  if (params.data_len < 8) return ANCHOR_ERROR_INSTRUCTION_MISSING;
  switch (sol_load_u64_le(params.data)) {
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
    default:
      return ANCHOR_ERROR_INSTRUCTION_FALLBACK_NOT_FOUND;
  }
}
