#pragma once
/**
 * Rent-exempt minimum balances, computed exactly in integers.
 *
 * The runtime computes ((128 + data_len) * lamports_per_byte_year) as f64 * exemption_threshold. SBF
 * programs have no FPU, so the f64 threshold is decoded as mantissa * 2^exponent and applied with u128
 * arithmetic. The result equals the runtime's for every threshold below 2^53 whose product is exactly
 * representable, which includes the only thresholds clusters use (2.0 today, 1.0 after SIMD-0194).
 */

#include <sol/error.h>
#include <sol/math.h>
#include <sol/syscalls.h>

#define SOL_ACCOUNT_STORAGE_OVERHEAD 128

/** The minimum balance for `data_len` bytes under `rent`; false on overflow or an unusable threshold. */
static inline bool sol_rent_minimum_balance(const SolRent *rent, u64 data_len, u64 *out) {
  u64 bytes, base;
  if (!u64_add(data_len, SOL_ACCOUNT_STORAGE_OVERHEAD, &bytes) ||
      !u64_mul(bytes, rent->lamports_per_byte_year, &base)) {
    return false;
  }
  const u64 bits = rent->exemption_threshold_bits;
  const u64 biased_exponent = (bits >> 52) & 0x7ff;
  const u64 fraction = bits & (((u64)1 << 52) - 1);
  // Negative, infinite, NaN, or at least 2^53: no cluster uses these.
  if ((bits >> 63) != 0 || biased_exponent >= 1075) return false;
  // Fast path for whole powers of two (1.0 and 2.0, the thresholds clusters use): a shift, no 128-bit maths.
  if (fraction == 0 && biased_exponent >= 1023 && biased_exponent < 1023 + 63) {
    const u64 shift = biased_exponent - 1023;
    if (base > (U64_MAX >> shift)) return false;
    *out = base << shift;
    return true;
  }
  // threshold = mantissa * 2^(exponent - 1075), with subnormals using exponent 1 and no implicit bit.
  const u64 mantissa = biased_exponent == 0 ? fraction : fraction | ((u64)1 << 52);
  const u64 exponent = biased_exponent == 0 ? 1 : biased_exponent;
  u128 product;
  u64_mul_wide(base, mantissa, &product);
  const u64 shift = 1075 - exponent;
  if (shift >= 128) product = U128_FROM_U64(0);
  else u128_shr(product, shift, &product);
  return u128_to_u64(product, out);
}

/** The minimum balance for `data_len` bytes under the cluster's current Rent sysvar. Out of line: several
 * instructions need it, and its 128-bit fallback is long. */
static inline __attribute__((noinline)) ProgramResult sol_minimum_balance(u64 data_len, u64 *out) {
  SolRent rent;
  SOL_TRY(sol_get_rent(&rent));
  return sol_rent_minimum_balance(&rent, data_len, out) ? SUCCESS : ERROR_ARITHMETIC_OVERFLOW;
}

/**
 * Whether `account` may receive `lamports` now. The runtime refuses to leave an account that was empty, or
 * held less than its rent-exempt minimum (a rent-paying account from before such accounts were forbidden),
 * below that minimum, so a small credit to a wallet that does not exist yet would fail the whole
 * instruction; callers skip or defer such credits instead. (A runtime with SIMD-0392 relaxes the second
 * case; asking for the minimum is right on every runtime.)
 */
static inline ProgramResult sol_can_receive(const SolAccountInfo *account, u64 lamports, bool *out) {
  u64 minimum, after;
  if (lamports == 0) {
    *out = true;
    return SUCCESS;
  }
  SOL_TRY(sol_minimum_balance(account->data_len, &minimum));
  *out = !__builtin_add_overflow(*account->lamports, lamports, &after) && after >= minimum;
  return SUCCESS;
}
