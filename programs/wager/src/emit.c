#include "wager.h"

static ProgramResult log_event(const u8 *bytes, u64 len) {
  const SolBytes slice = {bytes, len};
  sol_log_data(&slice, 1);
  return SUCCESS;
}

#define EMIT(encode, value, size)                                                                        \
  do {                                                                                                   \
    u8 buffer_[size];                                                                                    \
    u64 len_;                                                                                            \
    if (encode(value, buffer_, sizeof(buffer_), &len_)) return ERROR_INVALID_ARGUMENT;                   \
    return log_event(buffer_, len_);                                                                     \
  } while (0)

ProgramResult emit_new_bet(const Bet *bet) {
  NewBet e;
  e.odds = bet->odds;
  sol_memcpy(e.user, bet->user, 32);
  e.bet_amount = bet->bet_amount;
  e.bet_type = bet->bet_type;
  e.timestamp = bet->timestamp;
  EMIT(event_new_bet_encode, &e, EVENT_NEW_BET_SIZE);
}

ProgramResult emit_bet_settled(const Bet *bet) {
  BetSettled e;
  sol_memcpy(e.user, bet->user, 32);
  e.odds = bet->odds;
  sol_memcpy(e.mint, bet->mint, 32);
  e.bet_amount = bet->bet_amount;
  e.result = bet->result;
  e.timestamp = bet->timestamp;
  e.bet_type = bet->bet_type;
  e.referral.is_some = bet->referral.is_some;
  sol_memcpy(e.referral.value, bet->referral.value, 32);
  EMIT(event_bet_settled_encode, &e, EVENT_BET_SETTLED_MAX_SIZE);
}

ProgramResult emit_prediction_update(const Prediction *prediction, i64 timestamp) {
  PredictionUpdate e;
  e.prediction = *prediction;
  e.timestamp = timestamp;
  EMIT(event_prediction_update_encode, &e, EVENT_PREDICTION_UPDATE_SIZE);
}

ProgramResult emit_market_update(const SolPubkey *key, const Market *market) {
  MarketUpdate e;
  sol_memcpy(e.key, key->x, 32);
  e.market = *market;
  EMIT(event_market_update_encode, &e, EVENT_MARKET_UPDATE_MAX_SIZE);
}

ProgramResult emit_referral_claimed(const Referral *vault, u64 amount, i64 timestamp) {
  ReferralClaimed e;
  sol_memcpy(e.referrer, vault->referrer, 32);
  e.amount = amount;
  e.timestamp = timestamp;
  EMIT(event_referral_claimed_encode, &e, EVENT_REFERRAL_CLAIMED_SIZE);
}

void log_reveal(const RevealLog *log) {
  char buffer[176];
  SolText line = {buffer, 0, sizeof(buffer)};
  SOL_TEXT(&line, REVEAL_LOG_PREFIX);
  sol_text_u64(&line, log->sequence);
  if (log->outcome == REVEAL_SETTLED || log->outcome == REVEAL_SETTLED_AFTER_REFUND) {
    SOL_TEXT(&line, " roll=");
    sol_text_u64(&line, log->roll);
    SOL_TEXT(&line, " slot=");
    sol_text_u64(&line, log->slot);
    SOL_TEXT(&line, " slot_hash=");
    sol_text_hex(&line, log->slot_hash, 32);
  }
  if (log->outcome == REVEAL_SETTLED_AFTER_REFUND || log->outcome == REVEAL_REFUNDED_EARLIER) {
    SOL_TEXT(&line, " refunded=earlier");
  } else if (log->outcome == REVEAL_REFUNDED_EXPIRED) {
    SOL_TEXT(&line, " refunded=expired");
  }
  sol_log(line.buffer, line.len);
}
