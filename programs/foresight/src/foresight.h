#pragma once
/**
 * Foresight: 5-minute pari-mutuel up/down rounds on a Pyth price feed.
 * Rules: docs/foresight.md. Interface (discriminators, layouts, errors): idl.json, via the generated idl.h.
 */
#include <sol/sol.h>

#include "idl.h"

/** A Foresight error from the IDL (6000 + n), as the runtime's custom program error. */
#define FS_ERROR(code) ERROR_CUSTOM(code)
#define FS_TRY SOL_TRY

#define FS_MAX_ACCOUNTS 8

/* ---- state.c: typed access to the three records, each load checking owner and discriminator ---- */

ProgramResult config_load(const SolAccountInfo *account, const SolPubkey *program_id, Config *out);
ProgramResult config_store(SolAccountInfo *account, const Config *in);
ProgramResult round_load(const SolAccountInfo *account, const SolPubkey *program_id, Event *out);
ProgramResult round_store(SolAccountInfo *account, const Event *in);
ProgramResult bet_load(const SolAccountInfo *account, const SolPubkey *program_id, Bet *out);
ProgramResult bet_store(SolAccountInfo *account, const Bet *in);

/* ---- oracle.c: Pyth PriceUpdateV2 ---- */

typedef struct {
  const u8 *feed_id;
  i64 price;
  i64 publish_time;
} OraclePrice;

/** Reads a fully verified price update; TryToSerializePriceAccount / PythError as docs/foresight.md says. */
ProgramResult oracle_read(const SolAccountInfo *account, OraclePrice *out);

/* ---- round-math.c: pure rules, no accounts ---- */

/** True when a price published at `publish_time` may stand for the moment `planned`. */
bool price_in_window(i64 publish_time, i64 planned);
/** The result of a round whose prices are set: Up, Down or Invalid. */
Prediction round_result(const Event *round);
/** 3% of the pot, rounded down; false on overflow. */
bool round_fee(const Event *round, u64 *fee);
/** What a winning (or, in an invalid round, refunded) bet of `amount` is owed; false on overflow. */
bool round_payout(const Event *round, u64 amount, u64 *payout);
/** Bets the round still has to pay before it may close: every bet if invalid, else the winning side. */
u64 round_payable_count(const Event *round);
/** Players in the round, for UpdateEvent (saturating: a u32 field). */
u32 round_total_count(const Event *round);

/** time + secs, false if it would overflow. */
bool i64_add_secs(i64 time, u32 secs, i64 *out);
/** Opens `round` for bets from `now`: lock = now + timelock, settle = lock + timelock; false on overflow. */
bool round_open(Event *round, i64 now, u32 timelock);

/* ---- emit.c: Anchor events, and the oracle reading as a log line ---- */

/** Prefix of the tick's oracle log line; the SDK's `parseOracleReading` reads it. */
#define ORACLE_LOG_PREFIX "Oracle"

/**
 * Logs the oracle reading a tick used, "Oracle price <i64> published <unix secs>", so anyone can see from
 * the transaction alone which update stood for the lock and final prices (UpdateEvent carries neither).
 */
void log_oracle_reading(const OraclePrice *oracle);

ProgramResult emit_update_event(const Event *round, const SolPubkey *key);

typedef struct {
  const Bet *bet;
  u64 amount;
  u64 win_amount;
  const SolPubkey *event;
  const SolPubkey *config;
  i64 timestamp;
  bool won;
} BetUpdate;
ProgramResult emit_update_bet(const BetUpdate *update);

/* ---- handlers ---- */

ProgramResult ix_create_config(SolParameters *params);
ProgramResult ix_update_config(SolParameters *params);
ProgramResult ix_create_event(SolParameters *params);
ProgramResult ix_close_event(SolParameters *params);
ProgramResult ix_lock_and_settle_events(SolParameters *params);
ProgramResult ix_place_bet(SolParameters *params);
ProgramResult ix_settle_bet(SolParameters *params);
ProgramResult ix_withdraw_bet(SolParameters *params);
ProgramResult ix_close_bet(SolParameters *params);
