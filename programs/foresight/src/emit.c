#include "foresight.h"

/** Writes `v` in decimal at `out` (room for 20 characters) and returns how many it wrote. Unsigned maths only. */
static u64 format_i64(i64 v, char *out) {
  char digits[20];
  u64 count = 0;
  u64 magnitude = v < 0 ? (u64)0 - (u64)v : (u64)v;
  do {
    digits[count++] = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude != 0);
  u64 len = 0;
  if (v < 0) out[len++] = '-';
  while (count > 0) out[len++] = digits[--count];
  return len;
}

static u64 append(char *out, u64 at, const char *text, u64 text_len) {
  for (u64 i = 0; i < text_len; i++) out[at + i] = text[i];
  return at + text_len;
}

void log_oracle_reading(const OraclePrice *oracle) {
  static const char PRICE[] = ORACLE_LOG_PREFIX " price ";
  static const char PUBLISHED[] = " published ";
  char line[sizeof(PRICE) + sizeof(PUBLISHED) + 40];
  u64 len = append(line, 0, PRICE, sizeof(PRICE) - 1);
  len += format_i64(oracle->price, line + len);
  len = append(line, len, PUBLISHED, sizeof(PUBLISHED) - 1);
  len += format_i64(oracle->publish_time, line + len);
  sol_log(line, len);
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
