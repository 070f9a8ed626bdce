#pragma once
/**
 * Borsh, the encoding of Anchor instruction arguments, accounts and events: little-endian integers,
 * bool as one byte 0 or 1, Option<T> as a 0/1 tag byte then T when present, fixed arrays as raw bytes.
 *
 * A reader or writer keeps a `failed` flag instead of returning an error from every call: once a read runs
 * past the end (or meets a bool or Option tag other than 0/1) every later read returns zero, and the caller
 * checks `failed` once after decoding a whole record.
 */

#include <sol/bytes.h>
#include <sol/syscalls.h>
#include <sol/types.h>

typedef struct {
  const u8 *data;
  u64 len;
  u64 offset;
  bool failed;
} BorshReader;

typedef struct {
  u8 *data;
  u64 capacity;
  u64 offset;
  bool failed;
} BorshWriter;

static inline void borsh_reader_init(BorshReader *r, const u8 *data, u64 len) {
  r->data = data;
  r->len = len;
  r->offset = 0;
  r->failed = false;
}

/** The next `n` bytes, or NULL (and `failed` set) if fewer remain. */
static inline const u8 *borsh_take(BorshReader *r, u64 n) {
  if (r->failed || n > r->len - r->offset) {
    r->failed = true;
    return NULL;
  }
  const u8 *p = r->data + r->offset;
  r->offset += n;
  return p;
}

static inline u8 borsh_read_u8(BorshReader *r) {
  const u8 *p = borsh_take(r, 1);
  return p ? p[0] : 0;
}

static inline bool borsh_read_bool(BorshReader *r) {
  const u8 v = borsh_read_u8(r);
  if (v > 1) r->failed = true;
  return v == 1;
}

static inline u32 borsh_read_u32(BorshReader *r) {
  const u8 *p = borsh_take(r, 4);
  return p ? sol_load_u32_le(p) : 0;
}

static inline u64 borsh_read_u64(BorshReader *r) {
  const u8 *p = borsh_take(r, 8);
  return p ? sol_load_u64_le(p) : 0;
}

static inline i64 borsh_read_i64(BorshReader *r) { return (i64)borsh_read_u64(r); }

static inline void borsh_read_bytes(BorshReader *r, u8 *out, u64 n) {
  const u8 *p = borsh_take(r, n);
  if (p) sol_memcpy_(out, p, n);
  else sol_memset_(out, 0, n);
}

static inline void borsh_read_pubkey(BorshReader *r, SolPubkey *out) { borsh_read_bytes(r, out->x, 32); }

/** Reads an Option<u64>: returns whether it is Some; `out` is 0 for None. */
static inline bool borsh_read_option_u64(BorshReader *r, u64 *out) {
  const bool some = borsh_read_bool(r);
  *out = some ? borsh_read_u64(r) : 0;
  return some;
}

static inline bool borsh_read_option_i64(BorshReader *r, i64 *out) {
  const bool some = borsh_read_bool(r);
  *out = some ? borsh_read_i64(r) : 0;
  return some;
}

/** Reads an Option<Pubkey>: returns whether it is Some; `out` is all zeros for None. */
static inline bool borsh_read_option_pubkey(BorshReader *r, SolPubkey *out) {
  const bool some = borsh_read_bool(r);
  if (some) borsh_read_pubkey(r, out);
  else sol_memset_(out->x, 0, 32);
  return some;
}

static inline void borsh_writer_init(BorshWriter *w, u8 *data, u64 capacity) {
  w->data = data;
  w->capacity = capacity;
  w->offset = 0;
  w->failed = false;
}

/** Room for the next `n` bytes, or NULL (and `failed` set) if the buffer is full. */
static inline u8 *borsh_reserve(BorshWriter *w, u64 n) {
  if (w->failed || n > w->capacity - w->offset) {
    w->failed = true;
    return NULL;
  }
  u8 *p = w->data + w->offset;
  w->offset += n;
  return p;
}

static inline void borsh_write_u8(BorshWriter *w, u8 v) {
  u8 *p = borsh_reserve(w, 1);
  if (p) p[0] = v;
}

static inline void borsh_write_bool(BorshWriter *w, bool v) { borsh_write_u8(w, v ? 1 : 0); }

static inline void borsh_write_u32(BorshWriter *w, u32 v) {
  u8 *p = borsh_reserve(w, 4);
  if (p) sol_store_u32_le(p, v);
}

static inline void borsh_write_u64(BorshWriter *w, u64 v) {
  u8 *p = borsh_reserve(w, 8);
  if (p) sol_store_u64_le(p, v);
}

static inline void borsh_write_i64(BorshWriter *w, i64 v) { borsh_write_u64(w, (u64)v); }

static inline void borsh_write_bytes(BorshWriter *w, const u8 *bytes, u64 n) {
  u8 *p = borsh_reserve(w, n);
  if (p && n != 0) sol_memcpy_(p, bytes, n);
}

static inline void borsh_write_pubkey(BorshWriter *w, const SolPubkey *key) { borsh_write_bytes(w, key->x, 32); }

static inline void borsh_write_option_u64(BorshWriter *w, bool is_some, u64 v) {
  borsh_write_bool(w, is_some);
  if (is_some) borsh_write_u64(w, v);
}

static inline void borsh_write_option_i64(BorshWriter *w, bool is_some, i64 v) {
  borsh_write_bool(w, is_some);
  if (is_some) borsh_write_i64(w, v);
}

static inline void borsh_write_option_pubkey(BorshWriter *w, bool is_some, const SolPubkey *key) {
  borsh_write_bool(w, is_some);
  if (is_some) borsh_write_pubkey(w, key);
}
