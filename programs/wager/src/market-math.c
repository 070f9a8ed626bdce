#include "wager.h"

/* A market refunds everyone when it resolved Invalid; resolve_market records an empty winning side as Invalid. */
static bool refunds(const Market *market) {
  return !market->result.is_some || market->result.value == MARKET_RESULT_INVALID;
}

bool market_fee(const Market *market, u64 *fee) {
  if (refunds(market)) {
    *fee = 0;
    return true;
  }
  u64 pot;
  return u64_add(market->yes_pool, market->no_pool, &pot) &&
         mul_div_floor(pot, IDL_CONST_FEE_BPS_POOL, IDL_CONST_BPS_DENOMINATOR, fee);
}

bool prediction_payout(const Market *market, u64 amount, MarketResult side, u64 *payout) {
  if (refunds(market)) {
    *payout = amount;
    return true;
  }
  if (side != market->result.value) {
    *payout = 0;
    return true;
  }
  u64 pot, fee, prize_pool;
  if (!u64_add(market->yes_pool, market->no_pool, &pot) || !market_fee(market, &fee) || !u64_sub(pot, fee, &prize_pool)) {
    return false;
  }
  const u64 winning_pool = side == MARKET_RESULT_YES ? market->yes_pool : market->no_pool;
  return mul_div_floor(amount, prize_pool, winning_pool, payout);
}
