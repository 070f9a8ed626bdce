/**
 * Reader for the Pyth receiver program's PriceUpdateV2 account:
 *   discriminator[8] write_authority[32] verification_level{Partial: 0, num_signatures u8 | Full: 1}
 *   price_message{feed_id[32] price i64 conf u64 exponent i32 publish_time i64 prev_publish_time i64
 *                 ema_price i64 ema_conf u64} posted_slot u64
 * (publish_time at 93, prev_publish_time at 101.)
 * Only Full updates are accepted, so the offsets below (fixed once the level is Full) are the only ones read.
 * packages/sdk/src/pyth pins the same offsets against the receiver's own types.
 */
#include "foresight.h"

/* rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ: a Pyth protocol constant, not a deployment key.
 * The discriminator and the offsets up to the verification level come from idl.json; the rest depend on
 * the level, and only Full is accepted. */
static const SolPubkey PYTH_RECEIVER = {{0x0c, 0xb7, 0xfa, 0xbb, 0x52, 0xf7, 0xa6, 0x48, 0xbb, 0x5b, 0x31,
                                         0x7d, 0x9a, 0x01, 0x8b, 0x90, 0x57, 0xcb, 0x02, 0x47, 0x74, 0xfa,
                                         0xfe, 0x01, 0xe6, 0xc4, 0xdf, 0x98, 0xcc, 0x38, 0x58, 0x81}};

#define OFF_VERIFICATION_LEVEL ACCOUNT_PRICE_UPDATE_V2_OFF_VERIFICATION_LEVEL
#define VERIFICATION_FULL 1
#define OFF_FEED_ID 41
#define OFF_PRICE 73
#define OFF_PUBLISH_TIME 93
#define OFF_PREV_PUBLISH_TIME 101
#define FULL_UPDATE_LEN 133

ProgramResult oracle_read(const SolAccountInfo *account, OraclePrice *out) {
  if (!sol_pubkey_eq(account->owner, &PYTH_RECEIVER)) return FS_ERROR(ERR_PYTH_ERROR);
  const u8 *d = account->data;
  if (account->data_len < OFF_VERIFICATION_LEVEL + 2 || sol_memcmp(d, ACCOUNT_PRICE_UPDATE_V2, 8) != 0) {
    return FS_ERROR(ERR_TRY_TO_SERIALIZE_PRICE_ACCOUNT);
  }
  const u8 level = d[OFF_VERIFICATION_LEVEL];
  if (level > VERIFICATION_FULL) return FS_ERROR(ERR_TRY_TO_SERIALIZE_PRICE_ACCOUNT);
  if (level != VERIFICATION_FULL) return FS_ERROR(ERR_PYTH_ERROR);
  if (account->data_len < FULL_UPDATE_LEN) return FS_ERROR(ERR_TRY_TO_SERIALIZE_PRICE_ACCOUNT);
  out->feed_id = d + OFF_FEED_ID;
  out->price = (i64)sol_load_u64_le(d + OFF_PRICE);
  out->publish_time = (i64)sol_load_u64_le(d + OFF_PUBLISH_TIME);
  out->prev_publish_time = (i64)sol_load_u64_le(d + OFF_PREV_PUBLISH_TIME);
  return SUCCESS;
}
