/**
 * The tick. At time T it settles the locked round, locks the live round and opens the pre-created next
 * one (docs/foresight.md). Both prices stand for one moment, t = the live round's lock time (= the locked
 * round's settle time), and come from the one Pyth update first published at or after t, so whoever ticks,
 * and whenever, the prices are the same. A round already past its settle time plus the buffer ends Invalid
 * without a price, as a withdraw would have ended it.
 */
#include "foresight.h"

typedef struct {
  /** Whether the update for t is known, and whether its price counts (published soon enough after t). */
  bool read;
  bool counts;
  OraclePrice oracle;
} TickPrice;

/** One tick: its accounts, the config, the time and the moment t its prices stand for. */
typedef struct {
  SolParameters *params;
  Config config;
  i64 now;
  i64 planned;
  TickPrice price;
} Tick;

/** Reads the price update passed to the tick, once, and checks it is the one update for t. */
static ProgramResult tick_price(Tick *tick) {
  SolParameters *params = tick->params;
  const Config *c = &tick->config;
  const i64 planned = tick->planned;
  TickPrice *price = &tick->price;
  if (price->read) return SUCCESS;
  const SolAccountInfo *price_update = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_PRICE_UPDATE];
  FS_TRY(oracle_read(price_update, &price->oracle));
  if (sol_memcmp(price->oracle.feed_id, c->pyth_feed, 32) != 0) return FS_ERROR(ERR_PYTH_ERROR);
  /* Any other update (an earlier one, or a later one of the ~hundred near t) would be a choice. */
  if (!is_update_for(&price->oracle, planned)) return FS_ERROR(ERR_PYTH_ERROR);
  log_oracle_reading(&price->oracle);
  price->read = true;
  price->counts = price_counts(&price->oracle, planned);
  return SUCCESS;
}

static void take_price(const TickPrice *price, u8 *is_some, i64 *value) {
  *is_some = price->counts;
  *value = price->counts ? price->oracle.price : 0;
}

static ProgramResult settle_locked(Tick *tick) {
  SolParameters *params = tick->params;
  const Config *c = &tick->config;
  const SolAccountInfo *config = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_CONFIG];
  SolAccountInfo *locked = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_LOCKED_EVENT];
  SolAccountInfo *treasury = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_TREASURY];
  const bool absent = is_absent(locked, params->program_id);
  if (c->locked_event == 0) return absent ? SUCCESS : FS_ERROR(ERR_EVENT_NOT_LOCKED);
  if (absent) return FS_ERROR(ERR_EVENT_NOT_LOCKED);
  FS_TRY(sol_check_writable(locked));
  Event round;
  FS_TRY(round_load(locked, params->program_id, &round));
  if (round.id != c->locked_event || sol_memcmp(round.config, config->key->x, 32) != 0) {
    return FS_ERROR(ERR_EVENT_NOT_LOCKED);
  }
  /* Already ended Invalid by a withdraw after its buffer: nothing left to settle. */
  if (round.is_settled) return SUCCESS;
  if (round_expired(&round, tick->now)) return round_expire(locked, &round);
  FS_TRY(tick_price(tick));
  take_price(&tick->price, &round.final_price.is_some, &round.final_price.value);
  round.result = round_result(&round);
  round.is_settled = true;
  if (round.result != PREDICTION_INVALID) {
    u64 fee;
    bool receivable;
    if (!round_fee(&round, &fee)) return FS_ERROR(ERR_OVERFLOW_ERROR);
    /* A treasury that cannot take the fee (an empty wallet below its rent minimum, or an account the
     * authority pointed it at that cannot be credited) leaves it in the round, for close_event: the tick
     * itself must never get stuck, whoever sets the treasury. */
    FS_TRY(treasury_can_take(treasury, locked, fee, &receivable));
    if (receivable) FS_TRY(sol_move_lamports(locked, treasury, fee));
  }
  FS_TRY(round_store(locked, &round));
  return emit_update_event(&round, locked->key);
}

/** Locks the live round at `planned` with the update's price, or ends it Invalid if it is past its buffer. */
static ProgramResult lock_live(Tick *tick, Event *live_round) {
  SolAccountInfo *live = &tick->params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_LIVE_EVENT];
  if (live_round->is_settled) return SUCCESS;
  if (round_expired(live_round, tick->now)) return round_expire(live, live_round);
  FS_TRY(tick_price(tick));
  take_price(&tick->price, &live_round->lock_price.is_some, &live_round->lock_price.value);
  /* Settled one timelock after its planned lock, not after the tick: when the tick lands changes no time. */
  if (!i64_add_secs(tick->planned, tick->config.timelock, &live_round->settle_time)) return FS_ERROR(ERR_OVERFLOW_ERROR);
  FS_TRY(round_store(live, live_round));
  return emit_update_event(live_round, live->key);
}

ProgramResult ix_lock_and_settle_events(SolParameters *params) {
  FS_TRY(sol_check_accounts_len(params, IX_LOCK_AND_SETTLE_EVENTS_ACCOUNTS_LEN));
  const SolAccountInfo *cranker = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_CRANKER];
  SolAccountInfo *config = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_CONFIG];
  SolAccountInfo *live = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_LIVE_EVENT];
  SolAccountInfo *next = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_NEXT_EVENT];
  SolAccountInfo *treasury = &params->accounts[IX_LOCK_AND_SETTLE_EVENTS_ACC_TREASURY];
  FS_TRY(sol_check_signer(cranker));
  FS_TRY(sol_check_writable(config));
  FS_TRY(sol_check_writable(live));
  FS_TRY(sol_check_writable(next));
  Tick tick = {0};
  tick.params = params;
  Config *cp = &tick.config;
  FS_TRY(config_load(config, params->program_id, cp));
  FS_TRY(sol_check_has_one(cp->treasury, treasury));

  Event live_round, next_round;
  FS_TRY(round_load(live, params->program_id, &live_round));
  if (live_round.id != cp->live_event || cp->live_event == 0 || sol_memcmp(live_round.config, config->key->x, 32) != 0) {
    return FS_ERROR(ERR_INVALID_EVENT_ID);
  }
  FS_TRY(sol_unix_timestamp(&tick.now));
  if (tick.now < live_round.lock_time) return FS_ERROR(ERR_EVENT_ACTIVE);
  /* The event signer may tick from the lock time; anyone may once the grace period has passed too. */
  if (sol_memcmp(cp->event_signer, cranker->key->x, 32) != 0) {
    i64 open_to_all;
    if (!i64_add_secs(live_round.lock_time, IDL_CONST_TICK_GRACE_SECS, &open_to_all) || tick.now < open_to_all) {
      return ANCHOR_ERROR_CONSTRAINT_HAS_ONE;
    }
  }
  FS_TRY(round_load(next, params->program_id, &next_round));
  if (next_round.id != live_round.id + 1 || sol_memcmp(next_round.config, config->key->x, 32) != 0) {
    return FS_ERROR(ERR_INVALID_EVENT_ID);
  }

  /* t: the live round's lock time, which the previous tick also made the locked round's settle time. */
  tick.planned = live_round.lock_time;
  FS_TRY(settle_locked(&tick));
  FS_TRY(lock_live(&tick, &live_round));

  /* The next round opens now and locks when the live one settles: every round keeps the planned
   * schedule t, t + timelock, …, whenever the tick lands (a late tick shortens the next round's betting). */
  i64 next_lock;
  if (!i64_add_secs(tick.planned, cp->timelock, &next_lock) || !round_open(&next_round, tick.now, next_lock, cp->timelock)) {
    return FS_ERROR(ERR_OVERFLOW_ERROR);
  }
  FS_TRY(round_store(next, &next_round));
  FS_TRY(emit_update_event(&next_round, next->key));

  cp->locked_event = live_round.id;
  cp->live_event = next_round.id;
  return config_store(config, cp);
}
