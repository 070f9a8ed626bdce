#pragma once
/**
 * Wager: TailSpin and ReTail bets against the house, and Prophecy yes/no markets.
 * Rules: docs/wager.md. Interface (discriminators, layouts, errors): idl.json, via the generated idl.h.
 */
#include <sol/sol.h>

#include "idl.h"

#define WG_ERROR(code) ERROR_CUSTOM(code)
#define WG_MAX_ACCOUNTS 8

/* ---- state.c: typed access to the records, each load checking owner and discriminator ---- */

ProgramResult house_load(const SolAccountInfo *account, const SolPubkey *program_id, House *out);
ProgramResult house_store(SolAccountInfo *account, const House *in);
ProgramResult bet_load(const SolAccountInfo *account, const SolPubkey *program_id, Bet *out);
ProgramResult bet_store(SolAccountInfo *account, const Bet *in);
ProgramResult market_load(const SolAccountInfo *account, const SolPubkey *program_id, Market *out);
ProgramResult market_store(SolAccountInfo *account, const Market *in);
ProgramResult prediction_load(const SolAccountInfo *account, const SolPubkey *program_id, Prediction *out);
ProgramResult prediction_store(SolAccountInfo *account, const Prediction *in);
/** The house wallet's free balance: lamports − rent − outstanding, or 0 when it owes more than it holds. */
ProgramResult house_free_balance(const SolAccountInfo *account, const House *house, u64 *out);
/** Checks that `pool` is the market's pool account, whose address the market stores. */
ProgramResult check_market_authority(const SolAccountInfo *pool, const Market *market, const SolPubkey *program_id);
/** Pays `lamports` from `from` to `to` unless `to` is an empty wallet that could not hold so little (then 0). */
ProgramResult pay_if_receivable(SolAccountInfo *from, SolAccountInfo *to, u64 lamports, u64 *paid);
/** An optional account is absent when the program's own id is passed in its place (Anchor's convention). */
bool is_absent(const SolAccountInfo *account, const SolPubkey *program_id);
/**
 * Checks the referrer passed for a record's optional `referral` (InvalidReferrer when it is not that key, or
 * is given when there is none) and says whether it can be paid. A referral that can never be credited (a
 * sysvar, a program, the paying account itself) leaves its share where it is instead of blocking the
 * instruction; any other must be passed writable (ConstraintMut).
 */
typedef struct {
  const SolAccountInfo *referrer;
  /** The record's optional referral: whether there is one, and its key. */
  u8 is_some;
  const uint8_t *key;
  /** The account the share would come from. */
  const SolAccountInfo *payer;
} ReferrerCheck;
ProgramResult check_referrer(const ReferrerCheck *check, const SolPubkey *program_id, bool *payable);

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

/* ---- handlers ---- */

ProgramResult ix_initialize_house(SolParameters *params);
ProgramResult ix_update_house(SolParameters *params);
ProgramResult ix_withdraw(SolParameters *params);
ProgramResult ix_init_bet_offchain(SolParameters *params);
ProgramResult ix_create_bet_offchain(SolParameters *params);
ProgramResult ix_settle_bet_offchain(SolParameters *params);
ProgramResult ix_claim_bet(SolParameters *params);
ProgramResult ix_refund_bet(SolParameters *params);
ProgramResult ix_create_market(SolParameters *params);
ProgramResult ix_update_market(SolParameters *params);
ProgramResult ix_resolve_market(SolParameters *params);
ProgramResult ix_close_market(SolParameters *params);
ProgramResult ix_create_prediction(SolParameters *params);
ProgramResult ix_update_prediction(SolParameters *params);
ProgramResult ix_settle_prediction(SolParameters *params);
