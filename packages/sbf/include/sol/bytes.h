#pragma once
/**
 * Little-endian loads and stores at any alignment.
 *
 * Instruction data and Borsh fields sit at arbitrary offsets. SBF checks the bounds of a load or store but
 * not its alignment, so on SBF each of these is a single instruction, written as inline assembly because C
 * can only express a misaligned access byte by byte (a fixture test runs them at odd addresses). Other
 * targets take the portable byte-by-byte path.
 */

#include <sol/types.h>

#if defined(__bpf__)
#define SOL_LD_(width, p, v) __asm__ volatile("%0 = *(" width " *)(%1 + 0)" : "=r"(v) : "r"(p) : "memory")
#define SOL_ST_(width, p, v) __asm__ volatile("*(" width " *)(%0 + 0) = %1" : : "r"(p), "r"(v) : "memory")

static inline u16 sol_load_u16_le(const u8 *p) {
  u64 v;
  SOL_LD_("u16", p, v);
  return (u16)v;
}

static inline u32 sol_load_u32_le(const u8 *p) {
  u64 v;
  SOL_LD_("u32", p, v);
  return (u32)v;
}

static inline u64 sol_load_u64_le(const u8 *p) {
  u64 v;
  SOL_LD_("u64", p, v);
  return v;
}

static inline void sol_store_u16_le(u8 *p, u16 v) { SOL_ST_("u16", p, (u64)v); }

static inline void sol_store_u32_le(u8 *p, u32 v) { SOL_ST_("u32", p, (u64)v); }

static inline void sol_store_u64_le(u8 *p, u64 v) { SOL_ST_("u64", p, v); }

#else

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
#endif
