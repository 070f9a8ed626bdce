#include "wager.h"

u8 bet_roll(const u8 seed[32], u64 sequence, const u8 player_seed[32], const u8 slot_hash[32]) {
  u8 sequence_le[8];
  sol_store_u64_le(sequence_le, sequence);
  const SolBytes message[3] = {{sequence_le, 8}, {player_seed, 32}, {slot_hash, 32}};
  u8 digest[32];
  /* A 32-byte key and three slices are within the helper's limits, so it cannot refuse. */
  sol_hmac_sha256(seed, 32, message, 3, digest);
  return (u8)(sol_load_u64_le(digest) % IDL_CONST_RANDOM_RANGE);
}
