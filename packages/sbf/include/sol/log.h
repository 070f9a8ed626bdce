#pragma once
/**
 * Logging: text lines and Anchor-compatible events.
 *
 * Anchor's emit! logs ONE slice, discriminator || borsh(event), so its line is
 * "Program data: <base64(disc || payload)>". Logging the two parts as two slices would print two base64
 * words instead, which Anchor's event parser does not read; sol_emit_event therefore concatenates first.
 */

#include <sol/error.h>
#include <sol/syscalls.h>

/** The largest event sol_emit_event logs, discriminator included. */
#define SOL_MAX_EVENT_SIZE 1024
#define SOL_DISCRIMINATOR_SIZE 8

static inline u64 sol_strlen(const char *s) {
  u64 n = 0;
  while (s[n] != '\0') n++;
  return n;
}

/** Logs a NUL-terminated string (the loop costs about 3 CU per character; SOL_LOG avoids it). */
static inline void sol_log_str(const char *s) { sol_log_(s, sol_strlen(s)); }

/** Logs a string literal, its length known at compile time. */
#define SOL_LOG(literal) sol_log_("" literal, sizeof(literal) - 1)

/** Logs "Program data: " followed by the base64 of each slice, separated by spaces. */
static inline void sol_log_slices(const SolBytes *slices, u64 slices_len) { sol_log_data(slices, slices_len); }

/**
 * Emits an Anchor event: "Program data: base64(disc || payload)", which Anchor's EventParser and
 * @coral-xyz/anchor decode. `payload` is the Borsh encoding of the event's fields.
 * Kept out of line so that its buffer does not grow every caller's stack frame.
 */
static inline __attribute__((noinline)) ProgramResult sol_emit_event(const u8 *discriminator, const u8 *payload,
                                                                     u64 payload_len) {
  u8 buffer[SOL_MAX_EVENT_SIZE];
  if (payload_len > SOL_MAX_EVENT_SIZE - SOL_DISCRIMINATOR_SIZE) return ERROR_INVALID_ARGUMENT;
  sol_memcpy_(buffer, discriminator, SOL_DISCRIMINATOR_SIZE);
  if (payload_len != 0) sol_memcpy_(buffer + SOL_DISCRIMINATOR_SIZE, payload, payload_len);
  const SolBytes slice = {buffer, SOL_DISCRIMINATOR_SIZE + payload_len};
  sol_log_data(&slice, 1);
  return SUCCESS;
}
