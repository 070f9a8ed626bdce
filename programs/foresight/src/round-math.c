#include "foresight.h"

bool is_update_for(const OraclePrice *oracle, i64 planned) {
  return oracle->publish_time >= planned && oracle->prev_publish_time < planned;
}

bool price_counts(const OraclePrice *oracle, i64 planned) {
  /* The difference is taken in u64 after ordering, so no signed overflow whatever the inputs. */
  return oracle->publish_time >= planned && (u64)oracle->publish_time - (u64)planned <= IDL_CONST_ORACLE_MAX_LATE_SECS;
}

bool round_expired(const Event *round, i64 now) {
  /* A pre-created round has not gone live (start 0) and holds no bets: nothing to expire. */
  if (round->is_settled || round->start_time == 0) return false;
  i64 deadline;
  return i64_add_secs(round->settle_time, IDL_CONST_SETTLE_BUFFER_SECS, &deadline) && now >= deadline;
}

Prediction round_result(const Event *round) {
  if (!round->lock_price.is_some || !round->final_price.is_some) return PREDICTION_INVALID;
  if (round->up_count == 0 || round->down_count == 0) return PREDICTION_INVALID;
  if (round->final_price.value > round->lock_price.value) return PREDICTION_UP;
  if (round->final_price.value < round->lock_price.value) return PREDICTION_DOWN;
  return PREDICTION_INVALID;
}

static bool round_pot(const Event *round, u64 *pot) { return u64_add(round->up_pool, round->down_pool, pot); }

bool round_fee(const Event *round, u64 *fee) {
  u64 pot;
  return round_pot(round, &pot) && mul_div_floor(pot, IDL_CONST_FEE_BPS_POOL, IDL_CONST_BPS_DENOMINATOR, fee);
}

bool round_payout(const Event *round, u64 amount, u64 *payout) {
  if (round->result == PREDICTION_INVALID) {
    *payout = amount;
    return true;
  }
  u64 pot, fee, prize_pool;
  if (!round_pot(round, &pot) || !round_fee(round, &fee) || !u64_sub(pot, fee, &prize_pool)) return false;
  const u64 winning_pool = round->result == PREDICTION_UP ? round->up_pool : round->down_pool;
  return mul_div_floor(amount, prize_pool, winning_pool, payout);
}

u64 round_payable_count(const Event *round) {
  if (round->result == PREDICTION_UP) return round->up_count;
  if (round->result == PREDICTION_DOWN) return round->down_count;
  /* Invalid: every bet is refunded. Summed in 64 bits, so it cannot wrap. */
  return (u64)round->up_count + (u64)round->down_count;
}

u32 round_total_count(const Event *round) {
  const u64 total = (u64)round->up_count + (u64)round->down_count;
  return total > UINT32_MAX ? UINT32_MAX : (u32)total;
}

bool i64_add_secs(i64 time, u32 secs, i64 *out) {
  if (time > INT64_MAX - (i64)secs) return false;
  *out = time + (i64)secs;
  return true;
}

bool round_open(Event *round, i64 now, i64 lock, u32 timelock) {
  round->start_time = now;
  round->lock_time = lock;
  return i64_add_secs(lock, timelock, &round->settle_time);
}
