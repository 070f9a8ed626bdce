#include "wager.h"

/* So11111111111111111111111111111111111111112, the SPL Token program's wrapped-SOL mint. */
static const SolPubkey NATIVE_MINT = {{0x06, 0x9b, 0x88, 0x57, 0xfe, 0xab, 0x81, 0x84, 0xfb, 0x68, 0x7f, 0x63, 0x46, 0x18,
                                       0xc0, 0x35, 0xda, 0xc4, 0x39, 0xdc, 0x1a, 0xeb, 0x3b, 0x55, 0x98, 0xa0, 0xf0, 0x00,
                                       0x00, 0x00, 0x00, 0x01}};

static bool bet_available(const Bet *bet) {
  return bet->state == BET_STATE_NONE || bet->state == BET_STATE_CLAIMED || bet->state == BET_STATE_REFUNDED ||
         (bet->state == BET_STATE_SETTLED && bet->result == BET_RESULT_LOSS);
}

ProgramResult ix_init_bet_offchain(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_INIT_BET_OFFCHAIN_ACCOUNTS_LEN));
  SolAccountInfo *user = &params->accounts[IX_INIT_BET_OFFCHAIN_ACC_USER];
  SolAccountInfo *bet = &params->accounts[IX_INIT_BET_OFFCHAIN_ACC_BET];
  SOL_TRY(sol_check_signer(user));
  SOL_TRY(sol_check_writable(user));
  SOL_TRY(sol_check_writable(bet));
  if (!sol_is_system_program(params->accounts[IX_INIT_BET_OFFCHAIN_ACC_SYSTEM_PROGRAM].key)) {
    return ANCHOR_ERROR_INVALID_PROGRAM_ID;
  }
  InitBetOffchainArgs args;
  if (ix_init_bet_offchain_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  /* Neither the user nor this program (whose id stands for "no account") can be a referral. */
  if (args.referral.is_some && (sol_memcmp(args.referral.value, user->key->x, 32) == 0 ||
                                sol_memcmp(args.referral.value, params->program_id->x, 32) == 0)) {
    return WG_ERROR(ERR_INVALID_REFERRAL);
  }
  SolSignerSeed seeds[3] = {{SEED_BET, SEED_BET_LEN}, {user->key->x, 32}, {NULL, 1}};
  SolPubkey expected;
  u8 bump;
  SOL_TRY(sol_find_pda(seeds, 2, params->program_id, &expected, &bump));
  if (!sol_pubkey_eq(&expected, bet->key)) return ANCHOR_ERROR_CONSTRAINT_SEEDS;
  seeds[2].addr = &bump;
  const SolSignerSeeds signer = {seeds, 3};
  const SolCreateAccount create = {user, bet, ACCOUNT_BET_SIZE, params->program_id, &signer, 1};
  SOL_TRY(sol_create_account(&create));
  Bet b = {0};
  sol_memcpy(b.user, user->key->x, 32);
  b.referral.is_some = args.referral.is_some;
  sol_memcpy(b.referral.value, args.referral.value, 32);
  b.off_chain = true;
  return bet_store(bet, &b);
}

ProgramResult ix_create_bet_offchain(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_CREATE_BET_OFFCHAIN_ACCOUNTS_LEN));
  SolAccountInfo *user = &params->accounts[IX_CREATE_BET_OFFCHAIN_ACC_USER];
  SolAccountInfo *bet = &params->accounts[IX_CREATE_BET_OFFCHAIN_ACC_BET];
  SolAccountInfo *house = &params->accounts[IX_CREATE_BET_OFFCHAIN_ACC_HOUSE];
  const SolAccountInfo *mint = &params->accounts[IX_CREATE_BET_OFFCHAIN_ACC_MINT];
  SOL_TRY(sol_check_signer(user));
  SOL_TRY(sol_check_writable(user));
  SOL_TRY(sol_check_writable(bet));
  SOL_TRY(sol_check_writable(house));
  if (!sol_is_system_program(params->accounts[IX_CREATE_BET_OFFCHAIN_ACC_SYSTEM_PROGRAM].key)) {
    return ANCHOR_ERROR_INVALID_PROGRAM_ID;
  }
  CreateBetOffchainArgs args;
  if (ix_create_bet_offchain_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  House h;
  SOL_TRY(house_load(house, params->program_id, &h));
  Bet b;
  SOL_TRY(bet_load(bet, params->program_id, &b));
  SOL_TRY(sol_check_has_one(b.user, user));
  if (h.paused || !bet_available(&b)) return WG_ERROR(ERR_BET_NOT_AVAILABLE);
  /* A SOL prize is paid in SOL; a token or NFT prize names the mint the claim buys. */
  if ((args.bet_type == BET_TYPE_SOL) != sol_pubkey_eq(mint->key, &NATIVE_MINT)) {
    return WG_ERROR(ERR_INVALID_MARKETPLACE);
  }
  if (args.odds < CONST_ODDS_MIN || args.odds > CONST_ODDS_MAX) return WG_ERROR(ERR_INVALID_ODDS);
  if (args.listing_price == 0) return WG_ERROR(ERR_INVALID_LISTING_PRICE);
  u64 stake, fee, paid, free_balance, cap;
  if (!bet_stake(args.listing_price, args.odds, &stake) || !bet_fee(stake, &fee) || !u64_add(stake, fee, &paid)) {
    return WG_ERROR(ERR_OVERFLOW_ERROR);
  }
  if (stake < CONST_MIN_BET_LAMPORTS) return WG_ERROR(ERR_BET_TOO_LOW);
  SOL_TRY(house_free_balance(house, &h, &free_balance));
  if (!max_prize(free_balance, &cap)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  if (args.listing_price > cap) return WG_ERROR(ERR_INVALID_LISTING_PRICE);
  SOL_TRY(sol_system_transfer(user, house, paid, NULL, 0));

  i64 now;
  SOL_TRY(sol_unix_timestamp(&now));
  sol_memcpy(b.mint, mint->key->x, 32);
  sol_memset(b.switchboard_request, 0, 32);
  b.odds = args.odds;
  b.bet_amount = stake;
  b.listing_price = args.listing_price;
  b.timestamp = now;
  b.state = BET_STATE_OPEN;
  b.result = BET_RESULT_NONE;
  b.bet_type = args.bet_type;
  b.off_chain = true;
  u64 reserve;
  if (!bet_reserve(&b, &reserve) || !u64_add(h.outstanding, reserve, &h.outstanding)) {
    return WG_ERROR(ERR_OVERFLOW_ERROR);
  }
  SOL_TRY(house_store(house, &h));
  SOL_TRY(bet_store(bet, &b));
  return emit_new_bet(&b);
}

/** Settles an open bet with the settler's roll, and pays the referral its share of the fee. */
ProgramResult ix_settle_bet_offchain(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_SETTLE_BET_OFFCHAIN_ACCOUNTS_LEN));
  const SolAccountInfo *settler = &params->accounts[IX_SETTLE_BET_OFFCHAIN_ACC_SETTLER];
  SolAccountInfo *house = &params->accounts[IX_SETTLE_BET_OFFCHAIN_ACC_HOUSE];
  SolAccountInfo *bet = &params->accounts[IX_SETTLE_BET_OFFCHAIN_ACC_BET];
  SolAccountInfo *referrer = &params->accounts[IX_SETTLE_BET_OFFCHAIN_ACC_REFERRER];
  SOL_TRY(sol_check_signer(settler));
  SettleBetOffchainArgs args;
  if (ix_settle_bet_offchain_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  House h;
  SOL_TRY(house_load(house, params->program_id, &h));
  SOL_TRY(sol_check_has_one(h.settler, settler));
  Bet b;
  SOL_TRY(bet_load(bet, params->program_id, &b));
  if (b.state != BET_STATE_OPEN) return WG_ERROR(ERR_BET_NOT_OPEN);
  if (!b.off_chain) return WG_ERROR(ERR_BET_ON_CHAIN);
  if (args.random_value >= CONST_RANDOM_RANGE) return WG_ERROR(ERR_INVALID_ODDS);

  bool payable;
  const ReferrerCheck check = {referrer, b.referral.is_some, b.referral.value, house};
  SOL_TRY(check_referrer(&check, params->program_id, &payable));
  b.state = BET_STATE_SETTLED;
  b.result = args.random_value < b.odds ? BET_RESULT_WIN : BET_RESULT_LOSS;
  /* The referral's share is no longer owed once paid; a loss's prize never will be. A win's prize stays. */
  u64 share, released;
  if (!bet_referral_share(&b, &share)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  released = share;
  if (b.result == BET_RESULT_LOSS && !bet_reserve(&b, &released)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  if (!u64_sub(h.outstanding, released, &h.outstanding)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  /* A referral that cannot be paid (or is too empty to hold its share) leaves it with the house rather
   * than block the bet. */
  u64 paid;
  if (payable) SOL_TRY(pay_if_receivable(house, referrer, share, &paid));
  SOL_TRY(sol_unix_timestamp(&b.timestamp));
  SOL_TRY(house_store(house, &h));
  SOL_TRY(bet_store(bet, &b));
  return emit_bet_settled(&b);
}

ProgramResult ix_claim_bet(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_CLAIM_BET_ACCOUNTS_LEN));
  SolAccountInfo *user = &params->accounts[IX_CLAIM_BET_ACC_USER];
  SolAccountInfo *bet = &params->accounts[IX_CLAIM_BET_ACC_BET];
  SolAccountInfo *house = &params->accounts[IX_CLAIM_BET_ACC_HOUSE];
  SOL_TRY(sol_check_signer(user));
  ClaimBetArgs args;
  if (ix_claim_bet_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  House h;
  SOL_TRY(house_load(house, params->program_id, &h));
  Bet b;
  SOL_TRY(bet_load(bet, params->program_id, &b));
  SOL_TRY(sol_check_has_one(b.user, user));
  if (b.state != BET_STATE_SETTLED || b.result != BET_RESULT_WIN) return WG_ERROR(ERR_BET_NOT_WON);
  /* sol = false means a swap or marketplace buy follows in the transaction; a SOL prize has neither. */
  if (!args.sol && b.bet_type == BET_TYPE_SOL) return WG_ERROR(ERR_INVALID_MARKETPLACE);
  if (!u64_sub(h.outstanding, b.listing_price, &h.outstanding)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  SOL_TRY(sol_move_lamports(house, user, b.listing_price));
  b.state = BET_STATE_CLAIMED;
  SOL_TRY(house_store(house, &h));
  return bet_store(bet, &b);
}

ProgramResult ix_refund_bet(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_REFUND_BET_ACCOUNTS_LEN));
  const SolAccountInfo *settler = &params->accounts[IX_REFUND_BET_ACC_SETTLER];
  SolAccountInfo *house = &params->accounts[IX_REFUND_BET_ACC_HOUSE];
  SolAccountInfo *bet = &params->accounts[IX_REFUND_BET_ACC_BET];
  SolAccountInfo *user = &params->accounts[IX_REFUND_BET_ACC_USER];
  SOL_TRY(sol_check_signer(settler));
  House h;
  SOL_TRY(house_load(house, params->program_id, &h));
  SOL_TRY(sol_check_has_one(h.settler, settler));
  Bet b;
  SOL_TRY(bet_load(bet, params->program_id, &b));
  SOL_TRY(sol_check_has_one(b.user, user));
  if (b.state != BET_STATE_OPEN) return WG_ERROR(ERR_BET_NOT_OPEN);
  u64 fee, paid, reserve;
  if (!bet_fee(b.bet_amount, &fee) || !u64_add(b.bet_amount, fee, &paid) || !bet_reserve(&b, &reserve) ||
      !u64_sub(h.outstanding, reserve, &h.outstanding)) {
    return WG_ERROR(ERR_OVERFLOW_ERROR);
  }
  SOL_TRY(sol_move_lamports(house, user, paid));
  b.state = BET_STATE_REFUNDED;
  b.result = BET_RESULT_INVALID;
  SOL_TRY(house_store(house, &h));
  return bet_store(bet, &b);
}
