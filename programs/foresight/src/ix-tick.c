/**
 * The tick. At time T it settles the locked round, locks the live round and opens the pre-created next
 * one. Each price is taken only if it was published close to the moment it stands for (docs/foresight.md).
 */
#include "foresight.h"

static void take_price(const OraclePrice *oracle, i64 planned, u8 *is_some, i64 *value) {
  *is_some = price_in_window(oracle->publish_time, planned);
  *value = *is_some ? oracle->price : 0;
}

static ProgramResult settle_locked(SolParameters *params, const Config *c, const OraclePrice *oracle,
                                   SolAccountInfo *treasury) {
  const SolAccountInfo *config = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_CONFIG];
  SolAccountInfo *locked = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_LOCKED_EVENT];
  const bool absent = sol_pubkey_eq(locked->key, params->program_id);
  if (c->locked_event == 0) return absent ? SUCCESS : FS_ERROR(ERR_EVENT_NOT_LOCKED);
  if (absent) return FS_ERROR(ERR_EVENT_NOT_LOCKED);
  FS_TRY(sol_check_writable(locked));
  Event round;
  FS_TRY(round_load(locked, params->program_id, &round));
  if (round.id != c->locked_event || sol_memcmp(round.config, config->key->x, 32) != 0) {
    return FS_ERROR(ERR_EVENT_NOT_LOCKED);
  }
  if (round.is_settled) return FS_ERROR(ERR_EVENT_SETTLED);
  take_price(oracle, round.settle_time, &round.final_price.is_some, &round.final_price.value);
  round.result = round_result(&round);
  round.is_settled = true;
  if (round.result != PREDICTION_INVALID) {
    u64 fee;
    bool receivable;
    if (!round_fee(&round, &fee)) return FS_ERROR(ERR_OVERFLOW_ERROR);
    /* An empty treasury wallet cannot take a fee below its rent minimum; the fee then waits in the round
     * and reaches the treasury with the dust at close_event. The tick itself must never get stuck. */
    FS_TRY(sol_can_receive(treasury, fee, &receivable));
    if (receivable) FS_TRY(sol_move_lamports(locked, treasury, fee));
  }
  FS_TRY(round_store(locked, &round));
  return emit_update_event(&round, locked->key);
}

ProgramResult ix_lock_and_settle_events(SolParameters *params) {
  FS_TRY(sol_check_accounts_len(params, IX_LOCK_AND_SETTLE_EVENTS_ACCOUNTS_LEN));
  const SolAccountInfo *event_signer = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_EVENT_SIGNER];
  SolAccountInfo *config = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_CONFIG];
  SolAccountInfo *live = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_LIVE_EVENT];
  SolAccountInfo *next = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_NEXT_EVENT];
  const SolAccountInfo *price_update = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_PRICE_UPDATE];
  SolAccountInfo *treasury = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_TREASURY];
  FS_TRY(sol_check_signer(event_signer));
  FS_TRY(sol_check_writable(config));
  FS_TRY(sol_check_writable(live));
  FS_TRY(sol_check_writable(next));
  Config c;
  FS_TRY(config_load(config, params->program_id, &c));
  FS_TRY(sol_check_has_one(c.event_signer, event_signer));
  FS_TRY(sol_check_has_one(c.treasury, treasury));

  Event live_round, next_round;
  FS_TRY(round_load(live, params->program_id, &live_round));
  if (live_round.id != c.live_event || c.live_event == 0 || sol_memcmp(live_round.config, config->key->x, 32) != 0) {
    return FS_ERROR(ERR_INVALID_EVENT_ID);
  }
  i64 now;
  FS_TRY(sol_unix_timestamp(&now));
  if (now < live_round.lock_time) return FS_ERROR(ERR_EVENT_ACTIVE);
  FS_TRY(round_load(next, params->program_id, &next_round));
  if (next_round.id != live_round.id + 1 || sol_memcmp(next_round.config, config->key->x, 32) != 0) {
    return FS_ERROR(ERR_INVALID_EVENT_ID);
  }

  OraclePrice oracle;
  FS_TRY(oracle_read(price_update, &oracle));
  if (sol_memcmp(oracle.feed_id, c.pyth_feed, 32) != 0) return FS_ERROR(ERR_PYTH_ERROR);
  log_oracle_reading(&oracle);

  FS_TRY(settle_locked(params, &c, &oracle, treasury));

  take_price(&oracle, live_round.lock_time, &live_round.lock_price.is_some, &live_round.lock_price.value);
  if (!i64_add_secs(now, c.timelock, &live_round.settle_time)) return FS_ERROR(ERR_OVERFLOW_ERROR);
  FS_TRY(round_store(live, &live_round));
  FS_TRY(emit_update_event(&live_round, live->key));

  if (!round_open(&next_round, now, c.timelock)) return FS_ERROR(ERR_OVERFLOW_ERROR);
  FS_TRY(round_store(next, &next_round));
  FS_TRY(emit_update_event(&next_round, next->key));

  c.locked_event = live_round.id;
  c.live_event = next_round.id;
  return config_store(config, &c);
}
