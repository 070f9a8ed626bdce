#include "wager.h"

bool bet_stake(u64 listing_price, u8 odds, u64 *stake) {
  return mul_div_ceil(listing_price, odds, IDL_CONST_ODDS_DENOMINATOR, stake);
}

bool bet_fee(u64 stake, u64 *fee) {
  return mul_div_floor(stake, IDL_CONST_FEE_BPS_TAILSPIN, IDL_CONST_BPS_DENOMINATOR, fee);
}

bool referral_share(u64 fee, u64 *share) {
  return mul_div_floor(fee, IDL_CONST_REFERRAL_SHARE_BPS, IDL_CONST_BPS_DENOMINATOR, share);
}

bool max_prize(u64 free_balance, u64 *out) {
  return mul_div_floor(free_balance, IDL_CONST_MAX_PRIZE_BPS_OF_FREE, IDL_CONST_BPS_DENOMINATOR, out);
}

bool bet_referral_share(const Bet *bet, u64 *share) {
  u64 fee;
  if (!bet->referral.is_some) {
    *share = 0;
    return true;
  }
  return bet_fee(bet->bet_amount, &fee) && referral_share(fee, share);
}

bool bet_reserve(const Bet *bet, u64 *reserve) {
  u64 share;
  return bet_referral_share(bet, &share) && u64_add(bet->listing_price, share, reserve);
}

bool bet_refundable(const Bet *bet, i64 now) {
  /* Compared in u64 after ordering, so no signed overflow whatever the stored time. */
  return now >= bet->timestamp && (u64)now - (u64)bet->timestamp >= IDL_CONST_BET_REFUND_DELAY_SECS;
}

bool bet_late_win(const Bet *bet, u64 *owed) {
  u64 fee, paid;
  if (!bet_fee(bet->bet_amount, &fee) || !u64_add(bet->bet_amount, fee, &paid)) return false;
  if (!u64_sub(bet->listing_price, paid, owed)) *owed = 0;
  return true;
}

bool bet_late_reserve(const Bet *bet, u64 *reserve) {
  u64 owed, share;
  return bet_late_win(bet, &owed) && bet_referral_share(bet, &share) && u64_add(owed, share, reserve);
}

bool bet_hash_captured(const Bet *bet) {
  for (u64 i = 0; i < 32; i++) {
    if (bet->slot_hash[i] != 0) return true;
  }
  return false;
}
