#pragma once
/**
 * Little-endian loads and stores at any alignment.
 *
 * Instruction data and Borsh fields sit at arbitrary offsets; dereferencing a misaligned u64 pointer is
 * undefined behaviour in C, so these go byte by byte and let the compiler combine what it can prove safe.
 */

#include <sol/types.h>

static inline u16 sol_load_u16_le(const u8 *p) { return (u16)(p[0] | (u16)p[1] << 8); }

static inline u32 sol_load_u32_le(const u8 *p) {
  return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static inline u64 sol_load_u64_le(const u8 *p) {
  return (u64)sol_load_u32_le(p) | (u64)sol_load_u32_le(p + 4) << 32;
}

static inline void sol_store_u16_le(u8 *p, u16 v) {
  p[0] = (u8)v;
  p[1] = (u8)(v >> 8);
}

static inline void sol_store_u32_le(u8 *p, u32 v) {
  p[0] = (u8)v;
  p[1] = (u8)(v >> 8);
  p[2] = (u8)(v >> 16);
  p[3] = (u8)(v >> 24);
}

static inline void sol_store_u64_le(u8 *p, u64 v) {
  sol_store_u32_le(p, (u32)v);
  sol_store_u32_le(p + 4, (u32)(v >> 32));
}
