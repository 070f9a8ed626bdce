#pragma once
/**
 * SHA-256 and HMAC-SHA256 on the runtime's sha256 syscall (85 CU plus about half a CU per byte hashed).
 */

#include <sol/syscalls.h>
#include <sol/types.h>

#define SOL_SHA256_BLOCK 64
#define SOL_HMAC_MAX_SLICES 4

/**
 * HMAC-SHA256 (RFC 2104) of the concatenated `slices` (at most SOL_HMAC_MAX_SLICES) under a key of at most
 * one block (64 bytes; a seed is 32). Returns false, writing nothing, for a longer key or too many slices.
 */
static inline bool sol_hmac_sha256(const u8 *key, u64 key_len, const SolBytes *slices, u64 slices_len, u8 out[32]) {
  if (key_len > SOL_SHA256_BLOCK || slices_len > SOL_HMAC_MAX_SLICES) return false;
  /* The key, zero-padded to a block, XOR-ed with the pad a word at a time (a byte loop cost ~1,200 CU). */
  u64 pad[SOL_SHA256_BLOCK / 8];
  sol_memset_(pad, 0, sizeof(pad));
  if (key_len != 0) sol_memcpy_(pad, key, key_len);
  const u64 ipad = 0x3636363636363636ULL, opad = 0x5c5c5c5c5c5c5c5cULL;
  for (u64 i = 0; i < SOL_SHA256_BLOCK / 8; i++) pad[i] ^= ipad;
  SolBytes inner[1 + SOL_HMAC_MAX_SLICES];
  inner[0] = (SolBytes){(const u8 *)pad, SOL_SHA256_BLOCK};
  for (u64 i = 0; i < slices_len; i++) inner[1 + i] = slices[i];
  u8 inner_hash[32];
  sol_sha256(inner, 1 + slices_len, inner_hash);
  /* ipad ^ opad turns the inner pad into the outer one. */
  for (u64 i = 0; i < SOL_SHA256_BLOCK / 8; i++) pad[i] ^= ipad ^ opad;
  const SolBytes outer[2] = {{(const u8 *)pad, SOL_SHA256_BLOCK}, {inner_hash, 32}};
  sol_sha256(outer, 2, out);
  return true;
}
