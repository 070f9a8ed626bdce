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

/** An optional account is absent when the program's own id is passed in its place (Anchor's convention). */
static inline bool is_absent(const SolAccountInfo *account, const SolPubkey *program_id) {
  return sol_pubkey_eq(account->key, program_id);
}

/* ---- state.c: typed access to the three records, each load checking owner and discriminator ---- */

ProgramResult config_load(const SolAccountInfo *account, const SolPubkey *program_id, Config *out);
ProgramResult config_store(SolAccountInfo *account, const Config *in);
ProgramResult round_load(const SolAccountInfo *account, const SolPubkey *program_id, Event *out);
ProgramResult round_store(SolAccountInfo *account, const Event *in);
ProgramResult bet_load(const SolAccountInfo *account, const SolPubkey *program_id, Bet *out);
/** Grows a config written by an older version to ACCOUNT_CONFIG_SIZE, `payer` paying the extra rent. */
ProgramResult config_grow(SolAccountInfo *config, const SolAccountInfo *payer);
/** Marks an expired round (round_expired) settled as Invalid and logs its UpdateEvent. */
ProgramResult round_expire(SolAccountInfo *account, Event *round);
ProgramResult bet_store(SolAccountInfo *account, const Bet *in);

/* ---- oracle.c: Pyth PriceUpdateV2 ---- */

typedef struct {
  const u8 *feed_id;
  i64 price;
  i64 publish_time;
  i64 prev_publish_time;
} OraclePrice;

/** Reads a fully verified price update; TryToSerializePriceAccount / PythError as docs/foresight.md says. */
ProgramResult oracle_read(const SolAccountInfo *account, OraclePrice *out);

/* ---- round-math.c: pure rules, no accounts ---- */

/**
 * True when `oracle` is THE update for the moment `planned`: the first one published at or after it
 * (publish_time >= planned > prev_publish_time). Exactly one update of a feed satisfies this.
 */
bool is_update_for(const OraclePrice *oracle, i64 planned);
/** True when that update's price may stand for `planned`: published at most ORACLE_MAX_LATE_SECS after it. */
bool price_counts(const OraclePrice *oracle, i64 planned);
/**
 * True when a round that went live is past its settle time plus SETTLE_BUFFER_SECS without being settled:
 * it then ends Invalid, and its players withdraw their bets.
 */
bool round_expired(const Event *round, i64 now);
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
/** Opens `round` for bets from `now` until `lock`, settling at lock + timelock; false on overflow. */
bool round_open(Event *round, i64 now, i64 lock, u32 timelock);

/**
 * Whether `treasury` can take `lamports` from `from` now: writable, not a program, not `from` itself, and
 * able to hold the amount (an empty wallet below its rent minimum cannot). Whatever the authority sets as
 * the treasury, a fee it cannot take waits in the round instead of failing the tick.
 */
ProgramResult treasury_can_take(const SolAccountInfo *treasury, const SolAccountInfo *from, u64 lamports, bool *out);

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
ProgramResult ix_propose_authority(SolParameters *params);
ProgramResult ix_accept_authority(SolParameters *params);
ProgramResult ix_create_event(SolParameters *params);
ProgramResult ix_close_event(SolParameters *params);
ProgramResult ix_lock_and_settle_events(SolParameters *params);
ProgramResult ix_place_bet(SolParameters *params);
ProgramResult ix_settle_bet(SolParameters *params);
ProgramResult ix_withdraw_bet(SolParameters *params);
ProgramResult ix_close_bet(SolParameters *params);
