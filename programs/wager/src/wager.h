#pragma once
/**
 * Wager: TailSpin and ReTail bets against the house, and Prophecy yes/no markets.
 * Rules: docs/wager.md. Trust: docs/trust.md. Interface (discriminators, layouts, errors): idl.json, via the
 * generated idl.h.
 */
#include <sol/sol.h>

#include "idl.h"

#define WG_ERROR(code) ERROR_CUSTOM(code)
#define WG_MAX_ACCOUNTS 8

/* ---- state.c: typed access to the records, each load checking owner and discriminator ---- */

/*
 * House and Bet grew fields after the first version of the program (appended, so the older encoding is a
 * prefix of the new one). A shorter record decodes as if its tail were zeros, the new fields' defaults; a
 * store keeps its length while those fields are still zero, and otherwise grows it: the House pays its own
 * extra rent, a bet record is grown (and topped up by its user) when it takes a bet made with create_bet.
 */
ProgramResult house_load(const SolAccountInfo *account, const SolPubkey *program_id, House *out);
ProgramResult house_store(SolAccountInfo *account, const House *in);
ProgramResult bet_load(const SolAccountInfo *account, const SolPubkey *program_id, Bet *out);
ProgramResult bet_store(SolAccountInfo *account, const Bet *in);
/** Grows a bet record written by an older version to ACCOUNT_BET_SIZE, `payer` paying the extra rent. */
ProgramResult bet_grow(SolAccountInfo *bet, const SolAccountInfo *payer);
ProgramResult market_load(const SolAccountInfo *account, const SolPubkey *program_id, Market *out);
ProgramResult market_store(SolAccountInfo *account, const Market *in);
ProgramResult prediction_load(const SolAccountInfo *account, const SolPubkey *program_id, Prediction *out);
ProgramResult prediction_store(SolAccountInfo *account, const Prediction *in);
ProgramResult referral_load(const SolAccountInfo *account, const SolPubkey *program_id, Referral *out);
ProgramResult referral_store(SolAccountInfo *account, const Referral *in);
/** The house wallet's free balance: lamports − rent − outstanding, or 0 when it owes more than it holds. */
ProgramResult house_free_balance(const SolAccountInfo *account, const House *house, u64 *out);
/** Checks that `pool` is the market's pool account, whose address the market stores. */
ProgramResult check_market_authority(const SolAccountInfo *pool, const Market *market, const SolPubkey *program_id);
/** Pays `lamports` from `from` to `to` unless `to` is an empty wallet that could not hold so little (then 0). */
ProgramResult pay_if_receivable(SolAccountInfo *from, SolAccountInfo *to, u64 lamports, u64 *paid);
/** An optional account is absent when the program's own id is passed in its place (Anchor's convention). */
bool is_absent(const SolAccountInfo *account, const SolPubkey *program_id);

/**
 * The vault passed for a record's optional referral (or market referrer), checked. With no referral it must
 * be absent (InvalidReferrer otherwise). With one, it must be that referrer's vault (PDA ["referral",
 * referrer]): the created vault, recognised by the referrer it stores, is credited (`vault` set, and it must
 * be writable); a vault never created is recognised by its derived address and credited nothing, the share
 * staying where it is (`vault` NULL). Any other account is InvalidReferrer. A vault is an address of this
 * program, so it can always be passed writable: whoever the referrer is, nothing blocks a settlement.
 */
typedef struct {
  SolAccountInfo *account;
  /** The record's optional referral: whether there is one, and its key. */
  u8 is_some;
  const u8 *referrer;
} VaultCheck;
ProgramResult referral_vault_check(const VaultCheck *check, const SolPubkey *program_id, Referral *vault,
                                   bool *payable);
/** Moves a referral's `share` from `from` into its vault and counts it as earned. */
ProgramResult referral_credit(SolAccountInfo *from, SolAccountInfo *vault_account, Referral *vault, u64 share);

/* ---- bet-math.c: TailSpin and ReTail rules ---- */

/** stake = ceil(prize × odds / 100); false on overflow. */
bool bet_stake(u64 listing_price, u8 odds, u64 *stake);
/** The 4% fee on a stake, rounded down. */
bool bet_fee(u64 stake, u64 *fee);
/** The referral's 10% of a fee, rounded down. */
bool referral_share(u64 fee, u64 *share);
/** The largest prize the house accepts: 5% of its free balance. */
bool max_prize(u64 free_balance, u64 *out);
/** The referral's share of an open bet's fee, or 0 without a referral. */
bool bet_referral_share(const Bet *bet, u64 *share);
/** What an open bet reserves in `outstanding`: its prize plus its referral's share. */
bool bet_reserve(const Bet *bet, u64 *reserve);
/** Whether an open bet may be refunded at `now`: BET_REFUND_DELAY_SECS after it was placed. */
bool bet_refundable(const Bet *bet, i64 now);
/**
 * What a refunded bet is still owed if its reveal shows a win: its prize less the stake and fee the refund
 * returned (never negative).
 */
bool bet_late_win(const Bet *bet, u64 *owed);
/** What a refund that captured the slot hash keeps reserved: the late win and the referral's share. */
bool bet_late_reserve(const Bet *bet, u64 *reserve);
/** Whether a refund captured the bet's slot hash (an all-zero hash means it did not). */
bool bet_hash_captured(const Bet *bet);

/* ---- fairness.c: the roll of a bet made with create_bet ---- */

/**
 * The roll 0–99: the first 8 bytes, as a little-endian u64, of HMAC-SHA256(key = seed, message = sequence
 * (u64 LE) ‖ player seed ‖ slot hash), mod 100. The SDK's `rollFor` computes the same.
 */
u8 bet_roll(const u8 seed[32], u64 sequence, const u8 player_seed[32], const u8 slot_hash[32]);

/* ---- market-math.c: Prophecy rules ---- */

/** 3% of the whole pot, or 0 when the market refunds everyone. */
bool market_fee(const Market *market, u64 *fee);
/** What a prediction of `amount` on `side` is owed once the market is resolved. */
bool prediction_payout(const Market *market, u64 amount, MarketResult side, u64 *payout);

/* ---- emit.c ---- */

ProgramResult emit_new_bet(const Bet *bet);
ProgramResult emit_bet_settled(const Bet *bet);
ProgramResult emit_prediction_update(const Prediction *prediction, i64 timestamp);
ProgramResult emit_market_update(const SolPubkey *key, const Market *market);
ProgramResult emit_referral_claimed(const Referral *vault, u64 amount, i64 timestamp);

/** Prefix of reveal_bet's log line; the SDK's `parseRevealLog` reads it. */
#define REVEAL_LOG_PREFIX "Reveal sequence="

/** How a reveal ended. */
typedef enum {
  /** An open bet, rolled and settled. */
  REVEAL_SETTLED,
  /** A bet refunded earlier with its slot hash captured: rolled, and a win paid what it is still owed. */
  REVEAL_SETTLED_AFTER_REFUND,
  /** A bet refunded earlier without a captured slot hash: its roll cannot be computed. */
  REVEAL_REFUNDED_EARLIER,
  /** An open bet whose slot hash has left SlotHashes: refunded now. */
  REVEAL_REFUNDED_EXPIRED,
} RevealOutcome;

/** What log_reveal prints. */
typedef struct {
  RevealOutcome outcome;
  u64 sequence;
  u8 roll;
  u64 slot;
  const u8 *slot_hash;
} RevealLog;

/**
 * Logs what a reveal did, in one line: "Reveal sequence=<n> roll=<r> slot=<s> slot_hash=<hex>" for a bet it
 * settled, the same followed by " refunded=earlier" for a refunded bet it rolled with the captured hash,
 * "Reveal sequence=<n> refunded=earlier" for a refunded bet it could not roll, and "Reveal sequence=<n>
 * refunded=expired" for an open bet it refunded because its slot hash was gone. The seed is the
 * instruction's argument.
 */
void log_reveal(const RevealLog *log);

/* ---- handlers ---- */

ProgramResult ix_initialize_house(SolParameters *params);
ProgramResult ix_update_house(SolParameters *params);
ProgramResult ix_propose_authority(SolParameters *params);
ProgramResult ix_accept_authority(SolParameters *params);
ProgramResult ix_commit_seed_chain(SolParameters *params);
ProgramResult ix_reset_seed_chain(SolParameters *params);
ProgramResult ix_withdraw(SolParameters *params);
ProgramResult ix_init_bet_offchain(SolParameters *params);
ProgramResult ix_create_bet(SolParameters *params);
ProgramResult ix_reveal_bet(SolParameters *params);
ProgramResult ix_create_bet_offchain(SolParameters *params);
ProgramResult ix_settle_bet_offchain(SolParameters *params);
ProgramResult ix_claim_bet(SolParameters *params);
ProgramResult ix_refund_bet(SolParameters *params);
ProgramResult ix_init_referral(SolParameters *params);
ProgramResult ix_claim_referral(SolParameters *params);
ProgramResult ix_create_market(SolParameters *params);
ProgramResult ix_update_market(SolParameters *params);
ProgramResult ix_resolve_market(SolParameters *params);
ProgramResult ix_expire_market(SolParameters *params);
ProgramResult ix_close_market(SolParameters *params);
ProgramResult ix_create_prediction(SolParameters *params);
ProgramResult ix_update_prediction(SolParameters *params);
ProgramResult ix_settle_prediction(SolParameters *params);
