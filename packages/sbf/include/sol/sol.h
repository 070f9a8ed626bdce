#pragma once
/**
 * The whole C SDK for Solana programs built with clang-19 and this project's linker.
 *
 *   types.h       u8..u64, i64, SolPubkey, SolBytes, SolAccountInfo, SolParameters
 *   error.h       ProgramResult, builtin errors (N << 32), ERROR_CUSTOM(n), Anchor framework codes, SOL_TRY
 *   syscalls.h    syscall declarations and ABI records (seeds, CPI, Clock, Rent) with thin wrappers
 *   entrypoint.h  sol_deserialize: the runtime's input into SolParameters
 *   bytes.h       unaligned little-endian loads and stores
 *   log.h         sol_log_str, SOL_LOG, sol_log_slices, sol_emit_event (Anchor events)
 *   return.h      sol_set_return, sol_set_return_u64
 *   math.h        checked u64 arithmetic, u128, mul_div_floor / mul_div_ceil
 *   rent.h        rent-exempt minimum balances in integers
 *   account.h     account checks with Anchor's error codes, sol_pubkey_eq, sol_account_sync_len
 *   borsh.h       BorshReader / BorshWriter
 *   system.h      System Program CPIs, Anchor-style init (sol_create_account) and close
 *   hash.h        HMAC-SHA256 on the sha256 syscall
 *   text.h        log lines with numbers and hex, without printf
 *   anchor-error.h  Anchor's "AnchorError occurred" line on the error path
 */

#include <sol/types.h>
#include <sol/error.h>
#include <sol/syscalls.h>
#include <sol/entrypoint.h>
#include <sol/bytes.h>
#include <sol/log.h>
#include <sol/return.h>
#include <sol/math.h>
#include <sol/rent.h>
#include <sol/account.h>
#include <sol/borsh.h>
#include <sol/system.h>
#include <sol/loader.h>
#include <sol/hash.h>
#include <sol/text.h>
#include <sol/anchor-error.h>
