#pragma once
/**
 * Checked unsigned arithmetic: u64, and a u128 built from two u64 halves.
 *
 * Why not __int128: clang's BPF backend cannot call __multi3 / __udivti3 and refuses to return 128-bit
 * values, and returning any struct is "aggregate returns are not supported". So u128 is a plain struct,
 * results come back through out-parameters, and every function reports failure (overflow, division by
 * zero) as `false` instead of wrapping. An out-parameter is written only on success.
 * Unsigned only: SBF has no signed division.
 */

#include <sol/types.h>

#define U64_MAX UINT64_MAX

/** A 128-bit unsigned integer: lo + hi * 2^64. */
typedef struct {
  u64 lo;
  u64 hi;
} u128;

#define U128_FROM_U64(v) ((u128){(u64)(v), 0})

static inline bool u64_add(u64 a, u64 b, u64 *out) {
  const u64 r = a + b;
  if (r < a) return false;
  *out = r;
  return true;
}

static inline bool u64_sub(u64 a, u64 b, u64 *out) {
  if (b > a) return false;
  *out = a - b;
  return true;
}

/** The full product a * b, from four 32x32-bit partial products. */
static inline void u64_mul_wide(u64 a, u64 b, u128 *out) {
  const u64 mask = 0xffffffffu;
  const u64 a0 = a & mask, a1 = a >> 32, b0 = b & mask, b1 = b >> 32;
  const u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  // At most 3 * (2^32 - 1): the middle column cannot overflow.
  const u64 mid = (p00 >> 32) + (p01 & mask) + (p10 & mask);
  out->lo = (mid << 32) | (p00 & mask);
  out->hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/**
 * The obvious check, b > U64_MAX / a, is not used: LLVM folds it into umul.with.overflow.i64, which the
 * BPF backend lowers to a __multi3 call that SBF cannot link.
 */
static inline bool u64_mul(u64 a, u64 b, u64 *out) {
  u128 product;
  u64_mul_wide(a, b, &product);
  if (product.hi != 0) return false;
  *out = product.lo;
  return true;
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
static inline int u128_cmp(u128 a, u128 b) {
  if (a.hi != b.hi) return a.hi < b.hi ? -1 : 1;
  if (a.lo != b.lo) return a.lo < b.lo ? -1 : 1;
  return 0;
}

static inline bool u128_add(u128 a, u128 b, u128 *out) {
  const u64 lo = a.lo + b.lo;
  const u64 carry = lo < a.lo;
  const u64 hi = a.hi + b.hi;
  if (hi < a.hi || hi + carry < hi) return false;
  out->lo = lo;
  out->hi = hi + carry;
  return true;
}

static inline bool u128_sub(u128 a, u128 b, u128 *out) {
  if (u128_cmp(a, b) < 0) return false;
  out->hi = a.hi - b.hi - (a.lo < b.lo);
  out->lo = a.lo - b.lo;
  return true;
}

/** a >> n for n < 128. */
static inline void u128_shr(u128 a, u64 n, u128 *out) {
  if (n == 0) {
    *out = a;
  } else if (n < 64) {
    out->lo = (a.lo >> n) | (a.hi << (64 - n));
    out->hi = a.hi >> n;
  } else {
    out->lo = a.hi >> (n - 64);
    out->hi = 0;
  }
}

/** Narrows to u64; false if the value does not fit. */
static inline bool u128_to_u64(u128 v, u64 *out) {
  if (v.hi != 0) return false;
  *out = v.lo;
  return true;
}

/** Leading zero bits of x (64 for 0), by binary search: BPF has no count-leading-zeros instruction. */
static inline u64 u64_leading_zeros(u64 x) {
  if (x == 0) return 64;
  u64 n = 0;
  if (x <= 0x00000000ffffffffu) {
    n += 32;
    x <<= 32;
  }
  if (x <= 0x0000ffffffffffffu) {
    n += 16;
    x <<= 16;
  }
  if (x <= 0x00ffffffffffffffu) {
    n += 8;
    x <<= 8;
  }
  if (x <= 0x0fffffffffffffffu) {
    n += 4;
    x <<= 4;
  }
  if (x <= 0x3fffffffffffffffu) {
    n += 2;
    x <<= 2;
  }
  if (x <= 0x7fffffffffffffffu) n += 1;
  return n;
}

/**
 * (u1 * 2^64 + u0) / v for u1 < v (so the quotient fits in 64 bits): Knuth's algorithm D with 32-bit
 * digits, after Hacker's Delight's divlu. The `q >= b ||` tests come first so that q * vn0 never
 * overflows. Out of line: it is about 100 instructions, and a call costs a few CU.
 */
static inline __attribute__((noinline)) u64 u128_div_narrow_(u64 u1, u64 u0, u64 v, u64 *rem) {
  const u64 b = (u64)1 << 32, mask = b - 1;
  const u64 s = u64_leading_zeros(v);
  v <<= s;
  const u64 vn1 = v >> 32, vn0 = v & mask;
  const u64 un32 = s == 0 ? u1 : (u1 << s) | (u0 >> (64 - s));
  const u64 un10 = u0 << s;
  const u64 un1 = un10 >> 32, un0 = un10 & mask;

  u64 q1 = un32 / vn1, rhat = un32 - q1 * vn1;
  while (q1 >= b || q1 * vn0 > ((rhat << 32) | un1)) {
    q1--;
    rhat += vn1;
    if (rhat >= b) break;
  }
  const u64 un21 = (un32 << 32) + un1 - q1 * v;

  u64 q0 = un21 / vn1;
  rhat = un21 - q0 * vn1;
  while (q0 >= b || q0 * vn0 > ((rhat << 32) | un0)) {
    q0--;
    rhat += vn1;
    if (rhat >= b) break;
  }
  *rem = ((un21 << 32) + un0 - q0 * v) >> s;
  return (q1 << 32) | q0;
}

/**
 * n / d into `quotient` and n % d into `remainder` (either may be NULL); false if d is 0.
 */
static inline bool u128_divmod_u64(u128 n, u64 d, u128 *quotient, u64 *remainder) {
  if (d == 0) return false;
  u128 q;
  u64 r;
  if (n.hi == 0) {
    q.hi = 0;
    q.lo = n.lo / d;
    r = n.lo - q.lo * d;
  } else {
    q.hi = n.hi / d;
    q.lo = u128_div_narrow_(n.hi - q.hi * d, n.lo, d, &r);
  }
  if (quotient) *quotient = q;
  if (remainder) *remainder = r;
  return true;
}

/**
 * floor(a * b / c) with a 128-bit intermediate: the payout formula amount * pot / pool.
 * False if c is 0 or the result exceeds u64.
 */
static inline bool mul_div_floor(u64 a, u64 b, u64 c, u64 *out) {
  u128 product, q;
  u64_mul_wide(a, b, &product);
  if (!u128_divmod_u64(product, c, &q, NULL)) return false;
  return u128_to_u64(q, out);
}

/** ceil(a * b / c); false if c is 0 or the result exceeds u64. */
static inline bool mul_div_ceil(u64 a, u64 b, u64 c, u64 *out) {
  u128 product, q;
  u64 r, floor;
  u64_mul_wide(a, b, &product);
  if (!u128_divmod_u64(product, c, &q, &r) || !u128_to_u64(q, &floor)) return false;
  return u64_add(floor, r != 0, out);
}
