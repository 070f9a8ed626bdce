#include "foresight.h"

void log_oracle_reading(const OraclePrice *oracle) {
  char buffer[80];
  SolText line = {buffer, 0, sizeof(buffer)};
  SOL_TEXT(&line, ORACLE_LOG_PREFIX " price ");
  sol_text_i64(&line, oracle->price);
  SOL_TEXT(&line, " published ");
  sol_text_i64(&line, oracle->publish_time);
  sol_log(line.buffer, line.len);
}

static ProgramResult log_event(const u8 *bytes, u64 len) {
  const SolBytes slice = {bytes, len};
  sol_log_data(&slice, 1);
  return SUCCESS;
}

ProgramResult emit_update_event(const Event *round, const SolPubkey *key) {
  UpdateEvent e;
  e.id = round->id;
  sol_memcpy(e.pubkey, key->x, 32);
  e.settle_time = round->settle_time;
  e.total_count = round_total_count(round);
  e.up_pool = round->up_pool;
  e.down_pool = round->down_pool;
  e.result = round->result;
  u8 buffer[EVENT_UPDATE_EVENT_SIZE];
  u64 len;
  if (event_update_event_encode(&e, buffer, sizeof(buffer), &len)) return ERROR_INVALID_ARGUMENT;
  return log_event(buffer, len);
}

ProgramResult emit_update_bet(const BetUpdate *update) {
  UpdateBet e;
  e.amount = update->amount;
  e.win_amount = update->win_amount;
  sol_memcpy(e.user, update->bet->user, 32);
  sol_memcpy(e.event, update->event->x, 32);
  sol_memcpy(e.config, update->config->x, 32);
  e.timestamp = update->timestamp;
  e.is_settled = update->bet->is_settled;
  e.prediction = update->bet->prediction;
  e.won = update->won;
  u8 buffer[EVENT_UPDATE_BET_SIZE];
  u64 len;
  if (event_update_bet_encode(&e, buffer, sizeof(buffer), &len)) return ERROR_INVALID_ARGUMENT;
  return log_event(buffer, len);
}
