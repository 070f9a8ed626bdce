/*
 * sample_game 0.1.0: constants and Borsh codecs from its Anchor IDL (spec 0.1.0).
 * Generated from idl.json by @arcade/sbf (src/idl/c-header.ts). Do not edit: change the IDL and rebuild.
 *
 * - IX_* = sha256("global:<snake_name>")[0..8], ACCOUNT_* = sha256("account:<Name>")[0..8],
 *   EVENT_* = sha256("event:<Name>")[0..8]. *_DISC is the same 8 bytes read as a little-endian u64.
 * - Offsets count from the start of the data, discriminator included. Borsh has no padding, and a None
 *   option is a single byte, so a field after an option (or after any field whose size varies) has no
 *   fixed offset and gets no *_OFF_* macro: use the codecs below for those.
 * - ACCOUNT_*_SIZE is the size to allocate: 8 + the largest Borsh encoding (Anchor: 8 + InitSpace). The
 *   encoding starts at byte 0 and the unused tail is zero; Anchor decoders ignore the tail.
 */
#ifndef SAMPLE_GAME_IDL_H
#define SAMPLE_GAME_IDL_H

#include <stdint.h>

/* Program address from the IDL (4UZsFVPS8cqFYBjqq7mJYEeNcraZ74RDJuNcL5YfFbR8). The runtime passes the real one to the entrypoint;
 * prefer that, so one build serves every deployment. */
static const uint8_t PROGRAM_ID[32] = {0x33, 0xa2, 0xe7, 0x9d, 0xf6, 0xcd, 0xe5, 0x97, 0x14, 0x91, 0x26, 0x85, 0x00, 0x64, 0x60, 0xa0, 0xf1, 0xaa, 0x23, 0x55, 0x74, 0x64, 0x9c, 0xbe, 0xfc, 0xa6, 0x58, 0x37, 0x75, 0xc6, 0x5e, 0xaf};

/* ---- Shared constants (passed beside the IDL) ---- */
#define BPS_DENOMINATOR 10000ULL
#define FEE_BPS_TAILSPIN 400ULL
#define FEE_BPS_POOL 300ULL
#define REFERRAL_SHARE_BPS 1000ULL
#define MIN_BET_LAMPORTS 10000000ULL
#define ODDS_MIN 1ULL
#define ODDS_MAX 95ULL
#define ODDS_DENOMINATOR 100ULL
#define MAX_PRIZE_BPS_OF_FREE 500ULL
#define RANDOM_RANGE 100ULL
#define FORESIGHT_TIMELOCK_SECS 300ULL
#define ORACLE_MAX_LATE_SECS 30ULL
#define TICK_GRACE_SECS 60ULL
#define SETTLE_BUFFER_SECS 3600ULL
#define BET_REFUND_DELAY_SECS 120ULL
#define SEED_RESET_DELAY_SECS 604800ULL
#define MARKET_RESOLVE_GRACE_SECS 604800ULL
#define MARKET_MAX_LIFETIME_SECS 31622400ULL
#define PYTH_EXPONENT_ABS 8ULL

/* ---- Error codes: return one from the entrypoint to fail with Custom(code) ---- */
#define ERR_INVALID_MARKETPLACE 6000u /* Invalid marketplace */
#define ERR_INVALID_ODDS 6001u /* Odds must be 1 to 95 */
#define ERR_BET_TOO_LOW 6002u /* Bet is below the minimum (* / not a comment end) */

/* Anchor's line for each error code, as Anchor programs log it on failure: "AnchorError occurred. Error
 * Code: <Name>. Error Number: <code>. Error Message: <msg>." A table rather than a switch: the error path
 * may spend a few CU on the search, the program's size may not grow by a branch per error. */
typedef struct {
  uint32_t code;
  uint32_t len;
  const char *line;
} IdlErrorLine;
static const IdlErrorLine IDL_ERROR_LINES[3] = {
    {6000, sizeof("AnchorError occurred. Error Code: InvalidMarketplace. Error Number: 6000. Error Message: Invalid marketplace.") - 1, "AnchorError occurred. Error Code: InvalidMarketplace. Error Number: 6000. Error Message: Invalid marketplace."},
    {6001, sizeof("AnchorError occurred. Error Code: InvalidOdds. Error Number: 6001. Error Message: Odds must be 1 to 95.") - 1, "AnchorError occurred. Error Code: InvalidOdds. Error Number: 6001. Error Message: Odds must be 1 to 95."},
    {6002, sizeof("AnchorError occurred. Error Code: BetTooLow. Error Number: 6002. Error Message: Bet is below the minimum (*/ not a comment end).") - 1, "AnchorError occurred. Error Code: BetTooLow. Error Number: 6002. Error Message: Bet is below the minimum (*/ not a comment end)."},
};
void sol_log_(const char *message, uint64_t len);
/* Logs the line of `code`; returns 0, logging nothing, for a code that is not one of these. */
static inline int idl_log_error(uint64_t code) {
#pragma nounroll
  for (uint64_t i = 0; i < 3; i++) {
    if (IDL_ERROR_LINES[i].code == code) {
      sol_log_(IDL_ERROR_LINES[i].line, IDL_ERROR_LINES[i].len);
      return 1;
    }
  }
  return 0;
}

/* ---- Enum variants: the Borsh tag byte of each variant ---- */
#define BET_STATE_NONE 0
#define BET_STATE_OPEN 1
#define BET_STATE_SETTLED 2
#define BET_STATE_CLAIMED 3
#define BET_STATE_REFUNDED 4
#define BET_STATE_VARIANT_COUNT 5

#define BET_RESULT_NONE 0
#define BET_RESULT_WIN 1
#define BET_RESULT_LOSS 2
#define BET_RESULT_INVALID 3
#define BET_RESULT_VARIANT_COUNT 4

#define BET_TYPE_SOL 0
#define BET_TYPE_TOKEN 1
#define BET_TYPE_NFT 2
#define BET_TYPE_VARIANT_COUNT 3

#define MARKET_RESULT_YES 0
#define MARKET_RESULT_NO 1
#define MARKET_RESULT_INVALID 2
#define MARKET_RESULT_VARIANT_COUNT 3

#define PREDICTION_NONE 0
#define PREDICTION_UP 1
#define PREDICTION_DOWN 2
#define PREDICTION_INVALID 3
#define PREDICTION_VARIANT_COUNT 4

#define SHAPE_CIRCLE 0
#define SHAPE_RECT 1
#define SHAPE_EMPTY 2
#define SHAPE_VARIANT_COUNT 3

/* ---- Constant PDA seeds used by the instructions ---- */
static const uint8_t SEED_HOUSE[5] = {0x68, 0x6f, 0x75, 0x73, 0x65}; /* "house" */
#define SEED_HOUSE_LEN 5
static const uint8_t SEED_EVENT[5] = {0x65, 0x76, 0x65, 0x6e, 0x74}; /* "event" */
#define SEED_EVENT_LEN 5
static const uint8_t SEED_BET[3] = {0x62, 0x65, 0x74}; /* "bet" */
#define SEED_BET_LEN 3

/* initialize_house: 3 accounts */
static const uint8_t IX_INITIALIZE_HOUSE[8] = {0xb4, 0x2e, 0x56, 0x7d, 0x87, 0x6b, 0xd6, 0x1c};
#define IX_INITIALIZE_HOUSE_DISC 0x1cd66b877d562eb4ULL
#define IX_INITIALIZE_HOUSE_ACCOUNTS_LEN 3
#define IX_INITIALIZE_HOUSE_ACC_AUTHORITY 0 /* writable, signer */
#define IX_INITIALIZE_HOUSE_ACC_HOUSE 1 /* writable, PDA */
#define IX_INITIALIZE_HOUSE_ACC_SYSTEM_PROGRAM 2 /* 11111111111111111111111111111111 */
#define IX_INITIALIZE_HOUSE_ARG_OFF_SETTLER 8
#define IX_INITIALIZE_HOUSE_ARG_OFF_TREASURY 40
#define IX_INITIALIZE_HOUSE_DATA_LEN 72

/* place_bet: 5 accounts */
static const uint8_t IX_PLACE_BET[8] = {0xde, 0x3e, 0x43, 0xdc, 0x3f, 0xa6, 0x7e, 0x21};
#define IX_PLACE_BET_DISC 0x217ea63fdc433edeULL
#define IX_PLACE_BET_ACCOUNTS_LEN 5
#define IX_PLACE_BET_ACC_USER 0 /* writable, signer */
#define IX_PLACE_BET_ACC_CONFIG 1
#define IX_PLACE_BET_ACC_EVENT 2 /* writable, PDA */
#define IX_PLACE_BET_ACC_BET 3 /* writable, PDA */
#define IX_PLACE_BET_ACC_SYSTEM_PROGRAM 4 /* 11111111111111111111111111111111 */
#define IX_PLACE_BET_ARG_OFF_PREDICTION 8
#define IX_PLACE_BET_ARG_OFF_AMOUNT 9
#define IX_PLACE_BET_DATA_LEN 17

/* create_market: 5 accounts */
static const uint8_t IX_CREATE_MARKET[8] = {0x67, 0xe2, 0x61, 0xeb, 0xc8, 0xbc, 0xfb, 0xfe};
#define IX_CREATE_MARKET_DISC 0xfefbbcc8eb61e267ULL
#define IX_CREATE_MARKET_ACCOUNTS_LEN 5
#define IX_CREATE_MARKET_ACC_AUTHORITY 0 /* signer */
#define IX_CREATE_MARKET_ACC_MARKET 1 /* writable */
#define IX_CREATE_MARKET_ACC_REFERRER_ACCOUNT 2 /* optional */
#define IX_CREATE_MARKET_ACC_COMMON_SYSTEM_PROGRAM 3 /* 11111111111111111111111111111111 */
#define IX_CREATE_MARKET_ACC_COMMON_HOUSE 4 /* PDA */
#define IX_CREATE_MARKET_ARG_OFF_END_TIME 8
#define IX_CREATE_MARKET_ARG_OFF_CUTOFF_TIME 16
#define IX_CREATE_MARKET_ARG_OFF_REFERRER 24
/* arguments after "referrer" have no fixed offset: its size varies. */
#define IX_CREATE_MARKET_DATA_MAX_LEN 59

/* settle_prediction: 3 accounts */
static const uint8_t IX_SETTLE_PREDICTION[8] = {0xc9, 0x81, 0xb1, 0x9a, 0x10, 0x9b, 0x30, 0x29};
#define IX_SETTLE_PREDICTION_DISC 0x29309b109ab181c9ULL
#define IX_SETTLE_PREDICTION_ACCOUNTS_LEN 3
#define IX_SETTLE_PREDICTION_ACC_PREDICTION 0 /* writable */
#define IX_SETTLE_PREDICTION_ACC_MARKET 1 /* writable */
#define IX_SETTLE_PREDICTION_ACC_USER 2 /* writable */
#define IX_SETTLE_PREDICTION_DATA_LEN 8

/* set_name: 2 accounts */
static const uint8_t IX_SET_NAME[8] = {0x4e, 0xc2, 0x6f, 0xe5, 0xc6, 0xa9, 0xa2, 0x6a};
#define IX_SET_NAME_DISC 0x6aa2a9c6e56fc24eULL
#define IX_SET_NAME_ACCOUNTS_LEN 2
#define IX_SET_NAME_ACC_PROFILE 0 /* writable */
#define IX_SET_NAME_ACC_OWNER 1 /* signer */
#define IX_SET_NAME_ARG_OFF_NAME 8
/* arguments after "name" have no fixed offset: its size varies. */
/* No size: "name" (string) has no maximum size. */

/* Bet */
static const uint8_t ACCOUNT_BET[8] = {0x93, 0x17, 0x23, 0x3b, 0x0f, 0x4b, 0x9b, 0x20};
#define ACCOUNT_BET_DISC 0x209b4b0f3b231793ULL
#define ACCOUNT_BET_OFF_USER 8
#define ACCOUNT_BET_OFF_MINT 40
#define ACCOUNT_BET_OFF_ODDS 72
#define ACCOUNT_BET_OFF_BET_AMOUNT 73
#define ACCOUNT_BET_OFF_LISTING_PRICE 81
#define ACCOUNT_BET_OFF_TIMESTAMP 89
#define ACCOUNT_BET_OFF_STATE 97
#define ACCOUNT_BET_OFF_RESULT 98
#define ACCOUNT_BET_OFF_BET_TYPE 99
#define ACCOUNT_BET_OFF_REFERRAL 100
/* fields after "referral" have no fixed offset: its size varies. */
#define ACCOUNT_BET_SIZE 134

/* Market */
static const uint8_t ACCOUNT_MARKET[8] = {0xdb, 0xbe, 0xd5, 0x37, 0x00, 0xe3, 0xc6, 0x9a};
#define ACCOUNT_MARKET_DISC 0x9ac6e30037d5bedbULL
#define ACCOUNT_MARKET_OFF_START_TIME 8
#define ACCOUNT_MARKET_OFF_END_TIME 16
#define ACCOUNT_MARKET_OFF_CUTOFF_TIME 24
#define ACCOUNT_MARKET_OFF_YES_COUNT 32
#define ACCOUNT_MARKET_OFF_NO_COUNT 36
#define ACCOUNT_MARKET_OFF_YES_POOL 40
#define ACCOUNT_MARKET_OFF_NO_POOL 48
#define ACCOUNT_MARKET_OFF_IS_SETTLED 56
#define ACCOUNT_MARKET_OFF_SETTLED_COUNT 57
#define ACCOUNT_MARKET_OFF_RESULT 61
/* fields after "result" have no fixed offset: its size varies. */
#define ACCOUNT_MARKET_SIZE 96

/* Snapshot */
static const uint8_t ACCOUNT_SNAPSHOT[8] = {0x89, 0xd5, 0x1c, 0x85, 0xe0, 0xa1, 0x30, 0x6c};
#define ACCOUNT_SNAPSHOT_DISC 0x6c30a1e0851cd589ULL
#define ACCOUNT_SNAPSHOT_OFF_WINDOW 8
#define ACCOUNT_SNAPSHOT_OFF_PRICES 24
#define ACCOUNT_SNAPSHOT_OFF_SEED 48
#define ACCOUNT_SNAPSHOT_OFF_TOTAL 52
#define ACCOUNT_SNAPSHOT_OFF_DELTA 68
#define ACCOUNT_SNAPSHOT_OFF_LEVEL 84
#define ACCOUNT_SNAPSHOT_OFF_SMALL 85
#define ACCOUNT_SNAPSHOT_OFF_COUNT 87
#define ACCOUNT_SNAPSHOT_OFF_FLAGS 89
#define ACCOUNT_SNAPSHOT_OFF_GRID 91
#define ACCOUNT_SNAPSHOT_OFF_LAST 99
/* fields after "last" have no fixed offset: its size varies. */
#define ACCOUNT_SNAPSHOT_SIZE 123

/* Profile */
static const uint8_t ACCOUNT_PROFILE[8] = {0xb8, 0x65, 0xa5, 0xbc, 0x5f, 0x3f, 0x7f, 0xbc};
#define ACCOUNT_PROFILE_DISC 0xbc7f3f5fbca565b8ULL
#define ACCOUNT_PROFILE_OFF_OWNER 8
#define ACCOUNT_PROFILE_OFF_NAME 40
/* fields after "name" have no fixed offset: its size varies. */
/* No size: "name" (string) has no maximum size. */

/* Drawing */
static const uint8_t ACCOUNT_DRAWING[8] = {0xd4, 0xf3, 0xeb, 0x7d, 0xe6, 0x52, 0xfc, 0x2f};
#define ACCOUNT_DRAWING_DISC 0x2ffc52e67debf3d4ULL
#define ACCOUNT_DRAWING_OFF_SHAPE 8
/* fields after "shape" have no fixed offset: its size varies. */
#define ACCOUNT_DRAWING_SIZE 21

/* event NewBet (sol_log_data payload) */
static const uint8_t EVENT_NEW_BET[8] = {0xc9, 0x72, 0x82, 0x62, 0xae, 0x2d, 0x26, 0x81};
#define EVENT_NEW_BET_DISC 0x81262dae628272c9ULL
#define EVENT_NEW_BET_OFF_USER 8
#define EVENT_NEW_BET_OFF_ODDS 40
#define EVENT_NEW_BET_OFF_BET_AMOUNT 41
#define EVENT_NEW_BET_OFF_BET_TYPE 49
#define EVENT_NEW_BET_OFF_TIMESTAMP 50
#define EVENT_NEW_BET_SIZE 58

/* event BetSettled (sol_log_data payload) */
static const uint8_t EVENT_BET_SETTLED[8] = {0x39, 0x91, 0xe0, 0xa0, 0x3e, 0x77, 0xe3, 0xce};
#define EVENT_BET_SETTLED_DISC 0xcee3773ea0e09139ULL
#define EVENT_BET_SETTLED_OFF_USER 8
#define EVENT_BET_SETTLED_OFF_ODDS 40
#define EVENT_BET_SETTLED_OFF_RESULT 41
#define EVENT_BET_SETTLED_OFF_REFERRAL 42
/* fields after "referral" have no fixed offset: its size varies. */
#define EVENT_BET_SETTLED_MAX_SIZE 83

/* ---- Constants declared in the IDL ---- */
static const uint8_t IDL_CONST_HOUSE_SEED[5] = {0x68, 0x6f, 0x75, 0x73, 0x65};
#define IDL_CONST_HOUSE_SEED_LEN 5
#define IDL_CONST_MAX_ODDS 95ULL

/* ---- Borsh codecs ----
 * Decode functions read at *pos and advance it; encode functions write at *pos and advance it.
 * Both return 0 on success and 1 on short input or output, an invalid bool, option tag or enum
 * variant, and leave partial output on failure (return an error so the runtime discards it). */
#ifndef ARCADE_IDL_BORSH_HELPERS
#define ARCADE_IDL_BORSH_HELPERS
/* Every helper returns 0 on success and 1 when the bytes run out or hold an invalid value. */

/* SBF checks the bounds of loads and stores but not their alignment, so on SBF a field is one instruction.
 * Inline assembly states that directly; in C a misaligned access could only be spelled byte by byte.
 * Other targets (the native codec tests) take the portable loops. */
#if defined(__bpf__)
#define IDL_LD_(width, p, v) __asm__ volatile("%0 = *(" width " *)(%1 + 0)" : "=r"(v) : "r"(p) : "memory")
#define IDL_ST_(width, p, v) __asm__ volatile("*(" width " *)(%0 + 0) = %1" : : "r"(p), "r"(v) : "memory")
#endif
static inline uint64_t idl_load_le(const uint8_t *p, uint64_t n) {
  uint64_t v = 0;
#if defined(__bpf__)
  if (n == 8) { IDL_LD_("u64", p, v); return v; }
  if (n == 4) { IDL_LD_("u32", p, v); return v; }
  if (n == 2) { IDL_LD_("u16", p, v); return v; }
#endif
  for (uint64_t i = 0; i < n; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}
static inline void idl_store_le(uint8_t *p, uint64_t n, uint64_t v) {
#if defined(__bpf__)
  if (n == 8) { IDL_ST_("u64", p, v); return; }
  if (n == 4) { IDL_ST_("u32", p, v); return; }
  if (n == 2) { IDL_ST_("u16", p, v); return; }
#endif
  for (uint64_t i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}
/* Copies n bytes, a word at a time where it can. */
static inline void idl_copy(uint8_t *dst, const uint8_t *src, uint64_t n) {
  uint64_t i = 0;
  for (; i + 8 <= n; i += 8) idl_store_le(dst + i, 8, idl_load_le(src + i, 8));
  for (; i < n; i++) dst[i] = src[i];
}
static inline int idl_get_uint(const uint8_t *src, uint64_t len, uint64_t *pos, uint64_t n, uint64_t *out) {
  if (*pos > len || len - *pos < n) return 1;
  *out = idl_load_le(src + *pos, n);
  *pos += n;
  return 0;
}
static inline int idl_get_u8(const uint8_t *src, uint64_t len, uint64_t *pos, uint8_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 1, &v)) return 1;
  *out = (uint8_t)v;
  return 0;
}
static inline int idl_get_i8(const uint8_t *src, uint64_t len, uint64_t *pos, int8_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 1, &v)) return 1;
  *out = (int8_t)(uint8_t)v;
  return 0;
}
static inline int idl_get_u16(const uint8_t *src, uint64_t len, uint64_t *pos, uint16_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 2, &v)) return 1;
  *out = (uint16_t)v;
  return 0;
}
static inline int idl_get_i16(const uint8_t *src, uint64_t len, uint64_t *pos, int16_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 2, &v)) return 1;
  *out = (int16_t)(uint16_t)v;
  return 0;
}
static inline int idl_get_u32(const uint8_t *src, uint64_t len, uint64_t *pos, uint32_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 4, &v)) return 1;
  *out = (uint32_t)v;
  return 0;
}
static inline int idl_get_i32(const uint8_t *src, uint64_t len, uint64_t *pos, int32_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 4, &v)) return 1;
  *out = (int32_t)(uint32_t)v;
  return 0;
}
static inline int idl_get_u64(const uint8_t *src, uint64_t len, uint64_t *pos, uint64_t *out) {
  return idl_get_uint(src, len, pos, 8, out);
}
static inline int idl_get_i64(const uint8_t *src, uint64_t len, uint64_t *pos, int64_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 8, &v)) return 1;
  *out = (int64_t)v;
  return 0;
}
/* A bool, option tag or enum variant index: one byte below `count`. */
static inline int idl_get_tag(const uint8_t *src, uint64_t len, uint64_t *pos, uint64_t count, uint8_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 1, &v) || v >= count) return 1;
  *out = (uint8_t)v;
  return 0;
}
static inline int idl_get_bool(const uint8_t *src, uint64_t len, uint64_t *pos, uint8_t *out) {
  return idl_get_tag(src, len, pos, 2, out);
}
/* Byte runs (keys, arrays) are copied out of line: inlined at every key field they cost programs more
 * space than the call costs them compute. */
static inline __attribute__((noinline)) int idl_get_bytes(const uint8_t *src, uint64_t len, uint64_t *pos, uint8_t *out,
                                                           uint64_t n) {
  if (*pos > len || len - *pos < n) return 1;
  idl_copy(out, src + *pos, n);
  *pos += n;
  return 0;
}
static inline int idl_get_words(const uint8_t *src, uint64_t len, uint64_t *pos, uint64_t *out, uint64_t n) {
  for (uint64_t i = 0; i < n; i++) {
    if (idl_get_uint(src, len, pos, 8, &out[i])) return 1;
  }
  return 0;
}
static inline int idl_put_uint(uint64_t v, uint64_t n, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  if (*pos > cap || cap - *pos < n) return 1;
  idl_store_le(dst + *pos, n, v);
  *pos += n;
  return 0;
}
static inline __attribute__((noinline)) int idl_put_bytes(const uint8_t *src, uint64_t n, uint8_t *dst, uint64_t cap,
                                                           uint64_t *pos) {
  if (*pos > cap || cap - *pos < n) return 1;
  idl_copy(dst + *pos, src, n);
  *pos += n;
  return 0;
}
static inline int idl_put_words(const uint64_t *src, uint64_t n, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  for (uint64_t i = 0; i < n; i++) {
    if (idl_put_uint(src[i], 8, dst, cap, pos)) return 1;
  }
  return 0;
}
static inline void idl_zero(uint8_t *p, uint64_t n) {
  uint64_t i = 0;
  for (; i + 8 <= n; i += 8) idl_store_le(p + i, 8, 0);
  for (; i < n; i++) p[i] = 0;
}
/* A key or byte array inside a run of fixed fields: out of line, as a call is shorter than the copy. */
static inline __attribute__((noinline)) void idl_copy_bytes(uint8_t *dst, const uint8_t *src, uint64_t n) {
  idl_copy(dst, src, n);
}
/* 1 when the first 8 bytes of `data` (at least 8 long) are `disc`. */
static inline int idl_disc_eq(const uint8_t *data, const uint8_t *disc) {
  return idl_load_le(data, 8) == idl_load_le(disc, 8);
}
#endif /* ARCADE_IDL_BORSH_HELPERS */

typedef uint8_t BetState;
static inline int bet_state_decode(const uint8_t *src, uint64_t len, uint64_t *pos, BetState *out) {
  return idl_get_tag(src, len, pos, BET_STATE_VARIANT_COUNT, out);
}
static inline int bet_state_encode(const BetState *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  if (*in >= BET_STATE_VARIANT_COUNT) return 1;
  return idl_put_uint(*in, 1, dst, cap, pos);
}

typedef uint8_t BetResult;
static inline int bet_result_decode(const uint8_t *src, uint64_t len, uint64_t *pos, BetResult *out) {
  return idl_get_tag(src, len, pos, BET_RESULT_VARIANT_COUNT, out);
}
static inline int bet_result_encode(const BetResult *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  if (*in >= BET_RESULT_VARIANT_COUNT) return 1;
  return idl_put_uint(*in, 1, dst, cap, pos);
}

typedef uint8_t BetType;
static inline int bet_type_decode(const uint8_t *src, uint64_t len, uint64_t *pos, BetType *out) {
  return idl_get_tag(src, len, pos, BET_TYPE_VARIANT_COUNT, out);
}
static inline int bet_type_encode(const BetType *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  if (*in >= BET_TYPE_VARIANT_COUNT) return 1;
  return idl_put_uint(*in, 1, dst, cap, pos);
}

typedef uint8_t MarketResult;
static inline int market_result_decode(const uint8_t *src, uint64_t len, uint64_t *pos, MarketResult *out) {
  return idl_get_tag(src, len, pos, MARKET_RESULT_VARIANT_COUNT, out);
}
static inline int market_result_encode(const MarketResult *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  if (*in >= MARKET_RESULT_VARIANT_COUNT) return 1;
  return idl_put_uint(*in, 1, dst, cap, pos);
}

typedef uint8_t Prediction;
static inline int prediction_decode(const uint8_t *src, uint64_t len, uint64_t *pos, Prediction *out) {
  return idl_get_tag(src, len, pos, PREDICTION_VARIANT_COUNT, out);
}
static inline int prediction_encode(const Prediction *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  if (*in >= PREDICTION_VARIANT_COUNT) return 1;
  return idl_put_uint(*in, 1, dst, cap, pos);
}

typedef struct Window {
  int64_t start;
  int64_t end;
} Window;
static inline int window_decode(const uint8_t *src, uint64_t len, uint64_t *pos, Window *out) {
  {
    if (*pos > len || len - *pos < 16) return 1;
    const uint8_t *p = src + *pos;
    out->start = (int64_t)idl_load_le(p + 0, 8);
    out->end = (int64_t)idl_load_le(p + 8, 8);
    *pos += 16;
  }
  return 0;
}
static inline int window_encode(const Window *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  {
    if (*pos > cap || cap - *pos < 16) return 1;
    uint8_t *p = dst + *pos;
    idl_store_le(p + 0, 8, (uint64_t)in->start);
    idl_store_le(p + 8, 8, (uint64_t)in->end);
    *pos += 16;
  }
  return 0;
}

/* No codec for type Shape: enum "Shape" has variants with data. */

typedef struct Bet {
  uint8_t user[32];
  uint8_t mint[32];
  uint8_t odds;
  uint64_t bet_amount;
  uint64_t listing_price;
  int64_t timestamp;
  BetState state;
  BetResult result;
  BetType bet_type;
  struct { uint8_t is_some; uint8_t value[32]; } referral;
  uint8_t off_chain;
} Bet;
static inline int bet_decode(const uint8_t *src, uint64_t len, uint64_t *pos, Bet *out) {
  {
    if (*pos > len || len - *pos < 92) return 1;
    const uint8_t *p = src + *pos;
    idl_copy_bytes(out->user, p + 0, 32);
    idl_copy_bytes(out->mint, p + 32, 32);
    out->odds = (uint8_t)idl_load_le(p + 64, 1);
    out->bet_amount = (uint64_t)idl_load_le(p + 65, 8);
    out->listing_price = (uint64_t)idl_load_le(p + 73, 8);
    out->timestamp = (int64_t)idl_load_le(p + 81, 8);
    if (p[89] >= BET_STATE_VARIANT_COUNT) return 1;
    out->state = p[89];
    if (p[90] >= BET_RESULT_VARIANT_COUNT) return 1;
    out->result = p[90];
    if (p[91] >= BET_TYPE_VARIANT_COUNT) return 1;
    out->bet_type = p[91];
    *pos += 92;
  }
  if (idl_get_tag(src, len, pos, 2, &out->referral.is_some)) return 1;
  if (out->referral.is_some) {
    if (idl_get_bytes(src, len, pos, out->referral.value, 32)) return 1;
  } else {
    idl_zero((uint8_t *)&out->referral.value, sizeof(out->referral.value));
  }
  if (idl_get_bool(src, len, pos, &out->off_chain)) return 1;
  return 0;
}
static inline int bet_encode(const Bet *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  {
    if (*pos > cap || cap - *pos < 92) return 1;
    uint8_t *p = dst + *pos;
    idl_copy_bytes(p + 0, in->user, 32);
    idl_copy_bytes(p + 32, in->mint, 32);
    idl_store_le(p + 64, 1, (uint64_t)in->odds);
    idl_store_le(p + 65, 8, (uint64_t)in->bet_amount);
    idl_store_le(p + 73, 8, (uint64_t)in->listing_price);
    idl_store_le(p + 81, 8, (uint64_t)in->timestamp);
    if (in->state >= BET_STATE_VARIANT_COUNT) return 1;
    p[89] = in->state;
    if (in->result >= BET_RESULT_VARIANT_COUNT) return 1;
    p[90] = in->result;
    if (in->bet_type >= BET_TYPE_VARIANT_COUNT) return 1;
    p[91] = in->bet_type;
    *pos += 92;
  }
  if (idl_put_uint(in->referral.is_some ? 1 : 0, 1, dst, cap, pos)) return 1;
  if (in->referral.is_some) {
    if (idl_put_bytes(in->referral.value, 32, dst, cap, pos)) return 1;
  }
  if (idl_put_uint(in->off_chain ? 1 : 0, 1, dst, cap, pos)) return 1;
  return 0;
}

typedef struct Market {
  int64_t start_time;
  int64_t end_time;
  int64_t cutoff_time;
  uint32_t yes_count;
  uint32_t no_count;
  uint64_t yes_pool;
  uint64_t no_pool;
  uint8_t is_settled;
  uint32_t settled_count;
  struct { uint8_t is_some; MarketResult value; } result;
  struct { uint8_t is_some; uint8_t value[32]; } referrer;
} Market;
static inline int market_decode(const uint8_t *src, uint64_t len, uint64_t *pos, Market *out) {
  {
    if (*pos > len || len - *pos < 53) return 1;
    const uint8_t *p = src + *pos;
    out->start_time = (int64_t)idl_load_le(p + 0, 8);
    out->end_time = (int64_t)idl_load_le(p + 8, 8);
    out->cutoff_time = (int64_t)idl_load_le(p + 16, 8);
    out->yes_count = (uint32_t)idl_load_le(p + 24, 4);
    out->no_count = (uint32_t)idl_load_le(p + 28, 4);
    out->yes_pool = (uint64_t)idl_load_le(p + 32, 8);
    out->no_pool = (uint64_t)idl_load_le(p + 40, 8);
    if (p[48] >= 2) return 1;
    out->is_settled = p[48];
    out->settled_count = (uint32_t)idl_load_le(p + 49, 4);
    *pos += 53;
  }
  if (idl_get_tag(src, len, pos, 2, &out->result.is_some)) return 1;
  if (out->result.is_some) {
    if (market_result_decode(src, len, pos, &out->result.value)) return 1;
  } else {
    idl_zero((uint8_t *)&out->result.value, sizeof(out->result.value));
  }
  if (idl_get_tag(src, len, pos, 2, &out->referrer.is_some)) return 1;
  if (out->referrer.is_some) {
    if (idl_get_bytes(src, len, pos, out->referrer.value, 32)) return 1;
  } else {
    idl_zero((uint8_t *)&out->referrer.value, sizeof(out->referrer.value));
  }
  return 0;
}
static inline int market_encode(const Market *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  {
    if (*pos > cap || cap - *pos < 53) return 1;
    uint8_t *p = dst + *pos;
    idl_store_le(p + 0, 8, (uint64_t)in->start_time);
    idl_store_le(p + 8, 8, (uint64_t)in->end_time);
    idl_store_le(p + 16, 8, (uint64_t)in->cutoff_time);
    idl_store_le(p + 24, 4, (uint64_t)in->yes_count);
    idl_store_le(p + 28, 4, (uint64_t)in->no_count);
    idl_store_le(p + 32, 8, (uint64_t)in->yes_pool);
    idl_store_le(p + 40, 8, (uint64_t)in->no_pool);
    p[48] = in->is_settled ? 1 : 0;
    idl_store_le(p + 49, 4, (uint64_t)in->settled_count);
    *pos += 53;
  }
  if (idl_put_uint(in->result.is_some ? 1 : 0, 1, dst, cap, pos)) return 1;
  if (in->result.is_some) {
    if (market_result_encode(&in->result.value, dst, cap, pos)) return 1;
  }
  if (idl_put_uint(in->referrer.is_some ? 1 : 0, 1, dst, cap, pos)) return 1;
  if (in->referrer.is_some) {
    if (idl_put_bytes(in->referrer.value, 32, dst, cap, pos)) return 1;
  }
  return 0;
}

typedef struct Snapshot {
  Window window;
  int64_t prices[3];
  uint8_t seed[4];
  uint64_t total[2];
  uint64_t delta[2];
  int8_t level;
  int16_t small;
  uint16_t count;
  uint8_t flags[2];
  uint16_t grid[2][2];
  struct { uint8_t is_some; Window value; } last;
  struct { uint8_t is_some; uint8_t value[2]; } pair;
  int32_t ratio;
} Snapshot;
static inline int snapshot_decode(const uint8_t *src, uint64_t len, uint64_t *pos, Snapshot *out) {
  if (window_decode(src, len, pos, &out->window)) return 1;
  for (uint64_t i0 = 0; i0 < 3; i0++) {
    if (idl_get_i64(src, len, pos, &out->prices[i0])) return 1;
  }
  if (idl_get_bytes(src, len, pos, out->seed, 4)) return 1;
  if (idl_get_words(src, len, pos, out->total, 2)) return 1;
  if (idl_get_words(src, len, pos, out->delta, 2)) return 1;
  {
    if (*pos > len || len - *pos < 5) return 1;
    const uint8_t *p = src + *pos;
    out->level = (int8_t)idl_load_le(p + 0, 1);
    out->small = (int16_t)idl_load_le(p + 1, 2);
    out->count = (uint16_t)idl_load_le(p + 3, 2);
    *pos += 5;
  }
  for (uint64_t i0 = 0; i0 < 2; i0++) {
    if (idl_get_bool(src, len, pos, &out->flags[i0])) return 1;
  }
  for (uint64_t i0 = 0; i0 < 2; i0++) {
    for (uint64_t i1 = 0; i1 < 2; i1++) {
      if (idl_get_u16(src, len, pos, &out->grid[i0][i1])) return 1;
    }
  }
  if (idl_get_tag(src, len, pos, 2, &out->last.is_some)) return 1;
  if (out->last.is_some) {
    if (window_decode(src, len, pos, &out->last.value)) return 1;
  } else {
    idl_zero((uint8_t *)&out->last.value, sizeof(out->last.value));
  }
  if (idl_get_tag(src, len, pos, 2, &out->pair.is_some)) return 1;
  if (out->pair.is_some) {
    if (idl_get_bytes(src, len, pos, out->pair.value, 2)) return 1;
  } else {
    idl_zero((uint8_t *)&out->pair.value, sizeof(out->pair.value));
  }
  if (idl_get_i32(src, len, pos, &out->ratio)) return 1;
  return 0;
}
static inline int snapshot_encode(const Snapshot *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  if (window_encode(&in->window, dst, cap, pos)) return 1;
  for (uint64_t i0 = 0; i0 < 3; i0++) {
    if (idl_put_uint((uint64_t)in->prices[i0], 8, dst, cap, pos)) return 1;
  }
  if (idl_put_bytes(in->seed, 4, dst, cap, pos)) return 1;
  if (idl_put_words(in->total, 2, dst, cap, pos)) return 1;
  if (idl_put_words(in->delta, 2, dst, cap, pos)) return 1;
  {
    if (*pos > cap || cap - *pos < 5) return 1;
    uint8_t *p = dst + *pos;
    idl_store_le(p + 0, 1, (uint64_t)in->level);
    idl_store_le(p + 1, 2, (uint64_t)in->small);
    idl_store_le(p + 3, 2, (uint64_t)in->count);
    *pos += 5;
  }
  for (uint64_t i0 = 0; i0 < 2; i0++) {
    if (idl_put_uint(in->flags[i0] ? 1 : 0, 1, dst, cap, pos)) return 1;
  }
  for (uint64_t i0 = 0; i0 < 2; i0++) {
    for (uint64_t i1 = 0; i1 < 2; i1++) {
      if (idl_put_uint((uint64_t)in->grid[i0][i1], 2, dst, cap, pos)) return 1;
    }
  }
  if (idl_put_uint(in->last.is_some ? 1 : 0, 1, dst, cap, pos)) return 1;
  if (in->last.is_some) {
    if (window_encode(&in->last.value, dst, cap, pos)) return 1;
  }
  if (idl_put_uint(in->pair.is_some ? 1 : 0, 1, dst, cap, pos)) return 1;
  if (in->pair.is_some) {
    if (idl_put_bytes(in->pair.value, 2, dst, cap, pos)) return 1;
  }
  if (idl_put_uint((uint64_t)in->ratio, 4, dst, cap, pos)) return 1;
  return 0;
}

/* No codec for type Profile: field "name": "string" has no fixed maximum size. */

/* No codec for type Drawing: field "shape": enum "Shape" has variants with data. */

typedef struct NewBet {
  uint8_t user[32];
  uint8_t odds;
  uint64_t bet_amount;
  BetType bet_type;
  int64_t timestamp;
} NewBet;
static inline int new_bet_decode(const uint8_t *src, uint64_t len, uint64_t *pos, NewBet *out) {
  {
    if (*pos > len || len - *pos < 50) return 1;
    const uint8_t *p = src + *pos;
    idl_copy_bytes(out->user, p + 0, 32);
    out->odds = (uint8_t)idl_load_le(p + 32, 1);
    out->bet_amount = (uint64_t)idl_load_le(p + 33, 8);
    if (p[41] >= BET_TYPE_VARIANT_COUNT) return 1;
    out->bet_type = p[41];
    out->timestamp = (int64_t)idl_load_le(p + 42, 8);
    *pos += 50;
  }
  return 0;
}
static inline int new_bet_encode(const NewBet *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  {
    if (*pos > cap || cap - *pos < 50) return 1;
    uint8_t *p = dst + *pos;
    idl_copy_bytes(p + 0, in->user, 32);
    idl_store_le(p + 32, 1, (uint64_t)in->odds);
    idl_store_le(p + 33, 8, (uint64_t)in->bet_amount);
    if (in->bet_type >= BET_TYPE_VARIANT_COUNT) return 1;
    p[41] = in->bet_type;
    idl_store_le(p + 42, 8, (uint64_t)in->timestamp);
    *pos += 50;
  }
  return 0;
}

typedef struct BetSettled {
  uint8_t user[32];
  uint8_t odds;
  BetResult result;
  struct { uint8_t is_some; uint8_t value[32]; } referral;
  int64_t timestamp;
} BetSettled;
static inline int bet_settled_decode(const uint8_t *src, uint64_t len, uint64_t *pos, BetSettled *out) {
  {
    if (*pos > len || len - *pos < 34) return 1;
    const uint8_t *p = src + *pos;
    idl_copy_bytes(out->user, p + 0, 32);
    out->odds = (uint8_t)idl_load_le(p + 32, 1);
    if (p[33] >= BET_RESULT_VARIANT_COUNT) return 1;
    out->result = p[33];
    *pos += 34;
  }
  if (idl_get_tag(src, len, pos, 2, &out->referral.is_some)) return 1;
  if (out->referral.is_some) {
    if (idl_get_bytes(src, len, pos, out->referral.value, 32)) return 1;
  } else {
    idl_zero((uint8_t *)&out->referral.value, sizeof(out->referral.value));
  }
  if (idl_get_i64(src, len, pos, &out->timestamp)) return 1;
  return 0;
}
static inline int bet_settled_encode(const BetSettled *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  {
    if (*pos > cap || cap - *pos < 34) return 1;
    uint8_t *p = dst + *pos;
    idl_copy_bytes(p + 0, in->user, 32);
    idl_store_le(p + 32, 1, (uint64_t)in->odds);
    if (in->result >= BET_RESULT_VARIANT_COUNT) return 1;
    p[33] = in->result;
    *pos += 34;
  }
  if (idl_put_uint(in->referral.is_some ? 1 : 0, 1, dst, cap, pos)) return 1;
  if (in->referral.is_some) {
    if (idl_put_bytes(in->referral.value, 32, dst, cap, pos)) return 1;
  }
  if (idl_put_uint((uint64_t)in->timestamp, 8, dst, cap, pos)) return 1;
  return 0;
}

/* Reads a Bet account after checking its discriminator. Like Anchor, ignores the bytes after
 * the encoding (the unused tail of a max-size allocation). */
static inline int account_bet_load(const uint8_t *data, uint64_t len, Bet *out) {
  uint64_t at = 8;
  if (len < 8 || !idl_disc_eq(data, ACCOUNT_BET)) return 1;
  return bet_decode(data, len, &at, out);
}
/* Writes a Bet account: discriminator, Borsh encoding, then zeros up to `len` so a shorter
 * encoding leaves no stale bytes behind. */
static inline int account_bet_store(const Bet *in, uint8_t *data, uint64_t len) {
  uint64_t at = 0;
  if (idl_put_bytes(ACCOUNT_BET, 8, data, len, &at) || bet_encode(in, data, len, &at)) return 1;
  idl_zero(data + at, len - at);
  return 0;
}

/* Reads a Market account after checking its discriminator. Like Anchor, ignores the bytes after
 * the encoding (the unused tail of a max-size allocation). */
static inline int account_market_load(const uint8_t *data, uint64_t len, Market *out) {
  uint64_t at = 8;
  if (len < 8 || !idl_disc_eq(data, ACCOUNT_MARKET)) return 1;
  return market_decode(data, len, &at, out);
}
/* Writes a Market account: discriminator, Borsh encoding, then zeros up to `len` so a shorter
 * encoding leaves no stale bytes behind. */
static inline int account_market_store(const Market *in, uint8_t *data, uint64_t len) {
  uint64_t at = 0;
  if (idl_put_bytes(ACCOUNT_MARKET, 8, data, len, &at) || market_encode(in, data, len, &at)) return 1;
  idl_zero(data + at, len - at);
  return 0;
}

/* Reads a Snapshot account after checking its discriminator. Like Anchor, ignores the bytes after
 * the encoding (the unused tail of a max-size allocation). */
static inline int account_snapshot_load(const uint8_t *data, uint64_t len, Snapshot *out) {
  uint64_t at = 8;
  if (len < 8 || !idl_disc_eq(data, ACCOUNT_SNAPSHOT)) return 1;
  return snapshot_decode(data, len, &at, out);
}
/* Writes a Snapshot account: discriminator, Borsh encoding, then zeros up to `len` so a shorter
 * encoding leaves no stale bytes behind. */
static inline int account_snapshot_store(const Snapshot *in, uint8_t *data, uint64_t len) {
  uint64_t at = 0;
  if (idl_put_bytes(ACCOUNT_SNAPSHOT, 8, data, len, &at) || snapshot_encode(in, data, len, &at)) return 1;
  idl_zero(data + at, len - at);
  return 0;
}

/* No load/store for account Profile: field "name": "string" has no fixed maximum size. */

/* No load/store for account Drawing: field "shape": enum "Shape" has variants with data. */

/* Writes a NewBet event (discriminator + Borsh) at dst[0..]; log it with sol_log_data. */
static inline int event_new_bet_encode(const NewBet *in, uint8_t *dst, uint64_t cap, uint64_t *len_out) {
  uint64_t at = 0;
  if (idl_put_bytes(EVENT_NEW_BET, 8, dst, cap, &at) || new_bet_encode(in, dst, cap, &at)) return 1;
  *len_out = at;
  return 0;
}

/* Writes a BetSettled event (discriminator + Borsh) at dst[0..]; log it with sol_log_data. */
static inline int event_bet_settled_encode(const BetSettled *in, uint8_t *dst, uint64_t cap, uint64_t *len_out) {
  uint64_t at = 0;
  if (idl_put_bytes(EVENT_BET_SETTLED, 8, dst, cap, &at) || bet_settled_encode(in, dst, cap, &at)) return 1;
  *len_out = at;
  return 0;
}

typedef struct InitializeHouseArgs {
  uint8_t settler[32];
  uint8_t treasury[32];
} InitializeHouseArgs;
static inline int initialize_house_args_decode(const uint8_t *src, uint64_t len, uint64_t *pos, InitializeHouseArgs *out) {
  {
    if (*pos > len || len - *pos < 64) return 1;
    const uint8_t *p = src + *pos;
    idl_copy_bytes(out->settler, p + 0, 32);
    idl_copy_bytes(out->treasury, p + 32, 32);
    *pos += 64;
  }
  return 0;
}
static inline int initialize_house_args_encode(const InitializeHouseArgs *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  {
    if (*pos > cap || cap - *pos < 64) return 1;
    uint8_t *p = dst + *pos;
    idl_copy_bytes(p + 0, in->settler, 32);
    idl_copy_bytes(p + 32, in->treasury, 32);
    *pos += 64;
  }
  return 0;
}
/* Decodes the arguments after the 8-byte discriminator (which the dispatcher has matched).
 * Like Anchor, ignores trailing bytes. */
static inline int ix_initialize_house_args_decode(const uint8_t *data, uint64_t len, InitializeHouseArgs *out) {
  uint64_t at = 8;
  return initialize_house_args_decode(data, len, &at, out);
}

typedef struct PlaceBetArgs {
  Prediction prediction;
  uint64_t amount;
} PlaceBetArgs;
static inline int place_bet_args_decode(const uint8_t *src, uint64_t len, uint64_t *pos, PlaceBetArgs *out) {
  {
    if (*pos > len || len - *pos < 9) return 1;
    const uint8_t *p = src + *pos;
    if (p[0] >= PREDICTION_VARIANT_COUNT) return 1;
    out->prediction = p[0];
    out->amount = (uint64_t)idl_load_le(p + 1, 8);
    *pos += 9;
  }
  return 0;
}
static inline int place_bet_args_encode(const PlaceBetArgs *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  {
    if (*pos > cap || cap - *pos < 9) return 1;
    uint8_t *p = dst + *pos;
    if (in->prediction >= PREDICTION_VARIANT_COUNT) return 1;
    p[0] = in->prediction;
    idl_store_le(p + 1, 8, (uint64_t)in->amount);
    *pos += 9;
  }
  return 0;
}
/* Decodes the arguments after the 8-byte discriminator (which the dispatcher has matched).
 * Like Anchor, ignores trailing bytes. */
static inline int ix_place_bet_args_decode(const uint8_t *data, uint64_t len, PlaceBetArgs *out) {
  uint64_t at = 8;
  return place_bet_args_decode(data, len, &at, out);
}

typedef struct CreateMarketArgs {
  int64_t end_time;
  int64_t cutoff_time;
  struct { uint8_t is_some; uint8_t value[32]; } referrer;
  uint16_t fee_bps;
} CreateMarketArgs;
static inline int create_market_args_decode(const uint8_t *src, uint64_t len, uint64_t *pos, CreateMarketArgs *out) {
  {
    if (*pos > len || len - *pos < 16) return 1;
    const uint8_t *p = src + *pos;
    out->end_time = (int64_t)idl_load_le(p + 0, 8);
    out->cutoff_time = (int64_t)idl_load_le(p + 8, 8);
    *pos += 16;
  }
  if (idl_get_tag(src, len, pos, 2, &out->referrer.is_some)) return 1;
  if (out->referrer.is_some) {
    if (idl_get_bytes(src, len, pos, out->referrer.value, 32)) return 1;
  } else {
    idl_zero((uint8_t *)&out->referrer.value, sizeof(out->referrer.value));
  }
  if (idl_get_u16(src, len, pos, &out->fee_bps)) return 1;
  return 0;
}
static inline int create_market_args_encode(const CreateMarketArgs *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  {
    if (*pos > cap || cap - *pos < 16) return 1;
    uint8_t *p = dst + *pos;
    idl_store_le(p + 0, 8, (uint64_t)in->end_time);
    idl_store_le(p + 8, 8, (uint64_t)in->cutoff_time);
    *pos += 16;
  }
  if (idl_put_uint(in->referrer.is_some ? 1 : 0, 1, dst, cap, pos)) return 1;
  if (in->referrer.is_some) {
    if (idl_put_bytes(in->referrer.value, 32, dst, cap, pos)) return 1;
  }
  if (idl_put_uint((uint64_t)in->fee_bps, 2, dst, cap, pos)) return 1;
  return 0;
}
/* Decodes the arguments after the 8-byte discriminator (which the dispatcher has matched).
 * Like Anchor, ignores trailing bytes. */
static inline int ix_create_market_args_decode(const uint8_t *data, uint64_t len, CreateMarketArgs *out) {
  uint64_t at = 8;
  return create_market_args_decode(data, len, &at, out);
}

/* No argument decoder for instruction set_name: field "name": "string" has no fixed maximum size. */

#endif /* SAMPLE_GAME_IDL_H */
