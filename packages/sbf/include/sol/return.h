#pragma once
/**
 * Return data: bytes the transaction's caller (or a CPI caller) reads back, e.g. via simulation.
 * The runtime keeps the last value set by the innermost program that set one.
 */

#include <sol/bytes.h>
#include <sol/error.h>
#include <sol/syscalls.h>

/** Sets the return data; ERROR_INVALID_ARGUMENT beyond SOL_MAX_RETURN_DATA instead of aborting. */
static inline ProgramResult sol_set_return(const void *data, u64 len) {
  if (len > SOL_MAX_RETURN_DATA) return ERROR_INVALID_ARGUMENT;
  sol_set_return_data((const u8 *)data, len);
  return SUCCESS;
}

/** Sets the return data to `value` as 8 little-endian bytes. */
static inline void sol_set_return_u64(u64 value) {
  u8 bytes[8];
  sol_store_u64_le(bytes, value);
  sol_set_return_data(bytes, sizeof(bytes));
}
