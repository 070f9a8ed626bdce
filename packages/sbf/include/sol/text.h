#pragma once
/**
 * Building a log line in a caller's buffer: text, decimal numbers and hex, without printf. Appends past the
 * buffer's capacity are dropped (the line is cut, never overrun). Unsigned arithmetic only (SBF has no
 * signed division).
 *
 * Cost matters: a reveal logs a 64-digit hash on every bet. Text goes in with the memcpy syscall (about 12
 * CU, whatever its length), and digits are written straight into the buffer, a few instructions each.
 *
 * @example
 *   char buffer[64];
 *   SolText line = {buffer, 0, sizeof(buffer)};
 *   SOL_TEXT(&line, "roll ");
 *   sol_text_u64(&line, 42);
 *   sol_log(line.buffer, line.len);   // "Program log: roll 42"
 */

#include <sol/syscalls.h>
#include <sol/types.h>

typedef struct {
  char *buffer;
  u64 len;
  u64 capacity;
} SolText;

/** Room left in the buffer for at most `want` characters. */
static inline u64 sol_text_room_(const SolText *text, u64 want) {
  const u64 left = text->capacity - text->len;
  return want < left ? want : left;
}

/* Out of line: a log line calls it for every piece, and inlined copies cost more space than the calls. */
static inline __attribute__((noinline)) void sol_text_append(SolText *text, const char *chars, u64 n) {
  const u64 room = sol_text_room_(text, n);
  if (room == 0) return;
  sol_memcpy_(text->buffer + text->len, chars, room);
  text->len += room;
}

/** Appends a string literal, its length known at compile time. */
#define SOL_TEXT(text, literal) sol_text_append((text), "" literal, sizeof(literal) - 1)

static inline __attribute__((noinline)) void sol_text_u64(SolText *text, u64 value) {
  char digits[20];
  u64 count = 0;
  do {
    digits[19 - count] = (char)('0' + value % 10);
    value /= 10;
    count++;
  } while (value != 0);
  sol_text_append(text, digits + 20 - count, count);
}

static inline void sol_text_i64(SolText *text, i64 value) {
  if (value < 0) {
    SOL_TEXT(text, "-");
    sol_text_u64(text, (u64)0 - (u64)value);
  } else {
    sol_text_u64(text, (u64)value);
  }
}

/** Appends `n` bytes as lowercase hex (cut at the buffer's end, possibly mid-byte). */
static inline __attribute__((noinline)) void sol_text_hex(SolText *text, const u8 *bytes, u64 n) {
  static const char HEX[16] = "0123456789abcdef";
  const u64 room = sol_text_room_(text, 2 * n);
  char *out = text->buffer + text->len;
  for (u64 i = 0; i < room; i++) {
    const u8 byte = bytes[i >> 1];
    out[i] = HEX[(i & 1) == 0 ? byte >> 4 : byte & 0xf];
  }
  text->len += room;
}
