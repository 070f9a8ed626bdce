#include "foresight.h"

static ProgramResult dispatch(const uint8_t *input) {
  SolAccountInfo accounts[FS_MAX_ACCOUNTS];
  SolParameters params;
  FS_TRY(sol_deserialize(input, &params, accounts, FS_MAX_ACCOUNTS));
  if (params.data_len < 8) return ANCHOR_ERROR_INSTRUCTION_MISSING;
  switch (sol_load_u64_le(params.data)) {
    case IX_PLACE_BET_DISC:
      return ix_place_bet(&params);
    case IX_SETTLE_BET_DISC:
      return ix_settle_bet(&params);
    case IX_WITHDRAW_BET_DISC:
      return ix_withdraw_bet(&params);
    case IX_CLOSE_BET_DISC:
      return ix_close_bet(&params);
    case IX_LOCK_AND_SETTLE_EVENTS_DISC:
      return ix_lock_and_settle_events(&params);
    case IX_CREATE_EVENT_DISC:
      return ix_create_event(&params);
    case IX_CLOSE_EVENT_DISC:
      return ix_close_event(&params);
    case IX_CREATE_CONFIG_DISC:
      return ix_create_config(&params);
    case IX_UPDATE_CONFIG_DISC:
      return ix_update_config(&params);
    case IX_PROPOSE_AUTHORITY_DISC:
      return ix_propose_authority(&params);
    case IX_ACCEPT_AUTHORITY_DISC:
      return ix_accept_authority(&params);
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
