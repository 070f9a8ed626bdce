/**
 * TailSpin and ReTail bets (docs/wager.md). The product's bets (create_bet) are settled by reveal_bet with a
 * roll the program computes; the spec's off-chain bets (create_bet_offchain, settle_bet_offchain) remain for
 * compatibility, off unless the authority turns them on (their roll is the settler's choice).
 */
#include "wager.h"

/* So11111111111111111111111111111111111111112, the SPL Token program's wrapped-SOL mint. */
static const SolPubkey NATIVE_MINT = {{0x06, 0x9b, 0x88, 0x57, 0xfe, 0xab, 0x81, 0x84, 0xfb, 0x68, 0x7f, 0x63, 0x46, 0x18,
                                       0xc0, 0x35, 0xda, 0xc4, 0x39, 0xdc, 0x1a, 0xeb, 0x3b, 0x55, 0x98, 0xa0, 0xf0, 0x00,
                                       0x00, 0x00, 0x00, 0x01}};

/**
 * Whether the record may take a new bet: never used, claimed, refunded, or a settled loss; and, when its
 * last bet was made with create_bet, once the chain has revealed past it (a refunded bet still waits for
 * its seed to be revealed, so the record keeps its place in the chain until then).
 */
static bool bet_available(const Bet *bet, const House *house) {
  if (bet->state != BET_STATE_NONE && !bet->off_chain && bet->sequence >= house->reveal_sequence) return false;
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

/** A new bet's terms, from either create instruction. */
typedef struct {
  u8 odds;
  u64 listing_price;
  BetType bet_type;
  /** create_bet's player seed; NULL for an off-chain bet. */
  const u8 *player_seed;
} BetTerms;

/**
 * Opens a bet: the checks and the money both create instructions share. Their accounts are laid out alike
 * (user, bet, house, mint, system program), so create_bet's indices serve both.
 */
static ProgramResult open_bet(SolParameters *params, const BetTerms *terms) {
  SOL_TRY(sol_check_accounts_len(params, IX_CREATE_BET_ACCOUNTS_LEN));
  SolAccountInfo *user = &params->accounts[IX_CREATE_BET_ACC_USER];
  SolAccountInfo *bet = &params->accounts[IX_CREATE_BET_ACC_BET];
  SolAccountInfo *house = &params->accounts[IX_CREATE_BET_ACC_HOUSE];
  const SolAccountInfo *mint = &params->accounts[IX_CREATE_BET_ACC_MINT];
  SOL_TRY(sol_check_signer(user));
  SOL_TRY(sol_check_writable(user));
  SOL_TRY(sol_check_writable(bet));
  SOL_TRY(sol_check_writable(house));
  if (!sol_is_system_program(params->accounts[IX_CREATE_BET_ACC_SYSTEM_PROGRAM].key)) {
    return ANCHOR_ERROR_INVALID_PROGRAM_ID;
  }
  const bool on_chain = terms->player_seed != NULL;
  House h;
  SOL_TRY(house_load(house, params->program_id, &h));
  Bet b;
  SOL_TRY(bet_load(bet, params->program_id, &b));
  SOL_TRY(sol_check_has_one(b.user, user));
  if (h.paused || !bet_available(&b, &h) || (!on_chain && !h.offchain_bets)) return WG_ERROR(ERR_BET_NOT_AVAILABLE);
  /* A SOL prize is paid in SOL; a token or NFT prize names the mint the claim buys. */
  if ((terms->bet_type == BET_TYPE_SOL) != sol_pubkey_eq(mint->key, &NATIVE_MINT)) {
    return WG_ERROR(ERR_INVALID_MARKETPLACE);
  }
  if (terms->odds < IDL_CONST_ODDS_MIN || terms->odds > IDL_CONST_ODDS_MAX) return WG_ERROR(ERR_INVALID_ODDS);
  if (terms->listing_price == 0) return WG_ERROR(ERR_INVALID_LISTING_PRICE);
  u64 stake, fee, paid, free_balance, cap;
  if (!bet_stake(terms->listing_price, terms->odds, &stake) || !bet_fee(stake, &fee) || !u64_add(stake, fee, &paid)) {
    return WG_ERROR(ERR_OVERFLOW_ERROR);
  }
  if (stake < IDL_CONST_MIN_BET_LAMPORTS) return WG_ERROR(ERR_BET_TOO_LOW);
  SOL_TRY(house_free_balance(house, &h, &free_balance));
  if (!max_prize(free_balance, &cap)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  if (terms->listing_price > cap) return WG_ERROR(ERR_INVALID_LISTING_PRICE);
  if (on_chain) {
    /* The bet's seed must be committed before it lands: in the current chain or the next one. */
    u64 committed;
    if (!u64_add(h.seed_chain_end, h.next_seed_chain_length, &committed)) return WG_ERROR(ERR_OVERFLOW_ERROR);
    if (h.bet_sequence >= committed) return WG_ERROR(ERR_NO_SEED_COMMITTED);
    SOL_TRY(bet_grow(bet, user));
  }
  SOL_TRY(sol_system_transfer(user, house, paid, NULL, 0));

  SolClock clock;
  SOL_TRY(sol_get_clock(&clock));
  sol_memcpy(b.mint, mint->key->x, 32);
  b.odds = terms->odds;
  b.bet_amount = stake;
  b.listing_price = terms->listing_price;
  b.timestamp = clock.unix_timestamp;
  b.state = BET_STATE_OPEN;
  b.result = BET_RESULT_NONE;
  b.bet_type = terms->bet_type;
  b.off_chain = !on_chain;
  if (on_chain) {
    /* Everything the roll depends on is fixed here: the place in the chain, the player's seed, and the
     * slot whose hash nobody knows until this slot is over. */
    sol_memcpy(b.switchboard_request, terms->player_seed, 32);
    sol_memset(b.slot_hash, 0, 32);
    b.sequence = h.bet_sequence;
    b.slot = clock.slot;
    h.bet_sequence += 1;
    h.open_bets += 1;
  } else {
    sol_memset(b.switchboard_request, 0, 32);
    sol_memset(b.slot_hash, 0, 32);
    b.sequence = 0;
    b.slot = 0;
  }
  u64 reserve;
  if (!bet_reserve(&b, &reserve) || !u64_add(h.outstanding, reserve, &h.outstanding)) {
    return WG_ERROR(ERR_OVERFLOW_ERROR);
  }
  SOL_TRY(house_store(house, &h));
  SOL_TRY(bet_store(bet, &b));
  return emit_new_bet(&b);
}

ProgramResult ix_create_bet(SolParameters *params) {
  CreateBetArgs args;
  if (ix_create_bet_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  const BetTerms terms = {args.odds, args.listing_price, args.bet_type, args.player_seed};
  return open_bet(params, &terms);
}

ProgramResult ix_create_bet_offchain(SolParameters *params) {
  CreateBetOffchainArgs args;
  if (ix_create_bet_offchain_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  const BetTerms terms = {args.odds, args.listing_price, args.bet_type, NULL};
  return open_bet(params, &terms);
}

/** Settling an open bet with a roll: the records, the accounts the money moves between. */
typedef struct {
  SolAccountInfo *house;
  House *h;
  Bet *b;
  /** The referral's vault when it can be credited, else NULL (the share stays with the house). */
  SolAccountInfo *vault_account;
  Referral *vault;
} Settlement;

/** Records a roll's result on an open bet, releases what it no longer reserves, credits the referral. */
static ProgramResult settle_with_roll(const Settlement *s, u8 roll) {
  Bet *b = s->b;
  House *h = s->h;
  b->state = BET_STATE_SETTLED;
  b->result = roll < b->odds ? BET_RESULT_WIN : BET_RESULT_LOSS;
  /* The referral's share is no longer owed once credited; a loss's prize never will be. A win's prize stays. */
  u64 share, released;
  if (!bet_referral_share(b, &share)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  released = share;
  if (b->result == BET_RESULT_LOSS && !bet_reserve(b, &released)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  if (!u64_sub(h->outstanding, released, &h->outstanding)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  if (s->vault_account != NULL) SOL_TRY(referral_credit(s->house, s->vault_account, s->vault, share));
  return sol_unix_timestamp(&b->timestamp);
}

/** Gives an open bet its stake and fee back and releases what it reserved. */
static ProgramResult refund_open(SolAccountInfo *house, House *h, Bet *b, SolAccountInfo *user) {
  u64 fee, paid, reserve;
  if (!bet_fee(b->bet_amount, &fee) || !u64_add(b->bet_amount, fee, &paid) || !bet_reserve(b, &reserve) ||
      !u64_sub(h->outstanding, reserve, &h->outstanding)) {
    return WG_ERROR(ERR_OVERFLOW_ERROR);
  }
  if (!b->off_chain) {
    if (h->open_bets == 0) return WG_ERROR(ERR_OVERFLOW_ERROR);
    h->open_bets -= 1;
  }
  SOL_TRY(sol_move_lamports(house, user, paid));
  b->state = BET_STATE_REFUNDED;
  b->result = BET_RESULT_INVALID;
  return SUCCESS;
}

/** Keeps `amount` reserved (inside outstanding) for a refunded bet's reveal, from `now` on. */
static ProgramResult reserve_late_win(House *h, u64 amount, i64 now) {
  if (h->refund_reserve == 0) h->reserve_since = now;
  if (!u64_add(h->refund_reserve, amount, &h->refund_reserve) || !u64_add(h->outstanding, amount, &h->outstanding)) {
    return WG_ERROR(ERR_OVERFLOW_ERROR);
  }
  return SUCCESS;
}

/**
 * Rolls a bet refunded earlier whose refund captured its slot hash: the roll is the one it would have had,
 * and a win is paid what the refund did not return (prize − stake − fee) and credits the referral its
 * share, so withholding a reveal until a refund changes no outcome. The reserve kept for it is released
 * either way.
 */
static ProgramResult settle_after_refund(const Settlement *s, SolAccountInfo *user, u8 roll) {
  Bet *b = s->b;
  House *h = s->h;
  /* What the refund reserved (bet_late_reserve): the late win and the referral's share. */
  u64 owed, share, reserve;
  if (!bet_late_win(b, &owed) || !bet_referral_share(b, &share) || !u64_add(owed, share, &reserve)) {
    return WG_ERROR(ERR_OVERFLOW_ERROR);
  }
  SOL_TRY(sol_unix_timestamp(&b->timestamp));
  if (!u64_sub(h->refund_reserve, reserve, &h->refund_reserve)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  if (h->refund_reserve == 0) h->reserve_since = 0;
  /* A loss releases it all; a win owes the referral its share (credited now) and the player the rest. */
  u64 released = reserve;
  b->result = BET_RESULT_LOSS;
  if (roll < b->odds) {
    b->result = BET_RESULT_WIN;
    released = share;
    if (s->vault_account != NULL) SOL_TRY(referral_credit(s->house, s->vault_account, s->vault, share));
  }
  if (!u64_sub(h->outstanding, released, &h->outstanding)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  if (b->result == BET_RESULT_LOSS) return SUCCESS;
  bool receivable;
  SOL_TRY(sol_can_receive(user, owed, &receivable));
  if (!receivable) {
    /* A wallet emptied since the refund cannot take less than its rent, and a failing reveal would halt
     * every later bet: the win stays on the record, and claim_bet pays it (in SOL) once the wallet can. */
    b->state = BET_STATE_SETTLED;
    return SUCCESS;
  }
  if (!u64_sub(h->outstanding, owed, &h->outstanding)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  SOL_TRY(sol_move_lamports(s->house, user, owed));
  /* Paid in full (in SOL, whatever the prize): nothing is left to claim. */
  b->state = BET_STATE_CLAIMED;
  return SUCCESS;
}

/**
 * Reveals the next seed of the settler's chain and settles the bet that took it. The seed must hash to the
 * House's commitment (InvalidSeed) and the bet must be the next in chain order (RevealOutOfOrder), so no
 * bet can be skipped or reordered: withholding one seed halts every later bet. The roll is the program's
 * (bet_roll), from values fixed when the bet landed, and is honoured however late the reveal comes: a bet
 * its player refunded meanwhile is rolled with the slot hash the refund captured and a win is paid the
 * rest of its prize. Only an open bet whose slot hash has left SlotHashes (withheld over ~200 s and not
 * refunded in time) can no longer be rolled: it is refunded. Anyone may send it.
 */
ProgramResult ix_reveal_bet(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_REVEAL_BET_ACCOUNTS_LEN));
  SolAccountInfo *house = &params->accounts[IX_REVEAL_BET_ACC_HOUSE];
  SolAccountInfo *bet = &params->accounts[IX_REVEAL_BET_ACC_BET];
  SolAccountInfo *user = &params->accounts[IX_REVEAL_BET_ACC_USER];
  RevealBetArgs args;
  if (ix_reveal_bet_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  House h;
  SOL_TRY(house_load(house, params->program_id, &h));
  Bet b;
  SOL_TRY(bet_load(bet, params->program_id, &b));
  SOL_TRY(sol_check_has_one(b.user, user));
  if (b.off_chain || b.sequence != h.reveal_sequence ||
      (b.state != BET_STATE_OPEN && b.state != BET_STATE_REFUNDED)) {
    return WG_ERROR(ERR_REVEAL_OUT_OF_ORDER);
  }
  if (h.reveal_sequence == h.seed_chain_end) {
    /* The current chain is used up: the next one, committed before this bet could land, takes over. */
    sol_memcpy(h.seed_commitment, h.next_seed_commitment, 32);
    if (!u64_add(h.seed_chain_end, h.next_seed_chain_length, &h.seed_chain_end)) return WG_ERROR(ERR_OVERFLOW_ERROR);
    sol_memset(h.next_seed_commitment, 0, 32);
    h.next_seed_chain_length = 0;
  }
  u8 hash[32];
  sol_sha256_bytes(args.seed, 32, hash);
  if (sol_memcmp(hash, h.seed_commitment, 32) != 0) return WG_ERROR(ERR_INVALID_SEED);
  sol_memcpy(h.seed_commitment, args.seed, 32);
  h.reveal_sequence += 1;

  RevealLog log = {REVEAL_SETTLED, b.sequence, 0, b.slot, NULL};
  Referral vault;
  bool payable;
  const VaultCheck check = {&params->accounts[IX_REVEAL_BET_ACC_REFERRAL_VAULT], b.referral.is_some,
                            b.referral.value};
  SOL_TRY(referral_vault_check(&check, params->program_id, &vault, &payable));
  const Settlement settlement = {house, &h, &b, payable ? check.account : NULL, &vault};
  if (b.state == BET_STATE_REFUNDED) {
    if (!bet_hash_captured(&b)) {
      log.outcome = REVEAL_REFUNDED_EARLIER;
      log_reveal(&log);
      return house_store(house, &h);
    }
    log.outcome = REVEAL_SETTLED_AFTER_REFUND;
    log.slot_hash = b.slot_hash;
    log.roll = bet_roll(args.seed, b.sequence, b.switchboard_request, b.slot_hash);
    SOL_TRY(settle_after_refund(&settlement, user, log.roll));
    log_reveal(&log);
    SOL_TRY(house_store(house, &h));
    SOL_TRY(bet_store(bet, &b));
    return emit_bet_settled(&b);
  }
  SolClock clock;
  SOL_TRY(sol_get_clock(&clock));
  SOL_TRY(sol_slot_hash(&params->accounts[IX_REVEAL_BET_ACC_SLOT_HASHES], b.slot, &log.slot_hash));
  if (log.slot_hash == NULL) {
    /* Not ended yet: its hash does not exist. Retry from the next slot. */
    if (clock.slot <= b.slot) return WG_ERROR(ERR_SLOT_HASH_UNAVAILABLE);
    /* Ended so long ago that SlotHashes dropped it: nobody can compute this roll any more. */
    SOL_TRY(refund_open(house, &h, &b, user));
    log.outcome = REVEAL_REFUNDED_EXPIRED;
    log_reveal(&log);
    SOL_TRY(house_store(house, &h));
    return bet_store(bet, &b);
  }
  log.roll = bet_roll(args.seed, b.sequence, b.switchboard_request, log.slot_hash);
  SOL_TRY(settle_with_roll(&settlement, log.roll));
  if (h.open_bets == 0) return WG_ERROR(ERR_OVERFLOW_ERROR);
  h.open_bets -= 1;
  log_reveal(&log);
  SOL_TRY(house_store(house, &h));
  SOL_TRY(bet_store(bet, &b));
  return emit_bet_settled(&b);
}

/** Settles an open off-chain bet with the settler's roll, and credits the referral its share of the fee. */
ProgramResult ix_settle_bet_offchain(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_SETTLE_BET_OFFCHAIN_ACCOUNTS_LEN));
  const SolAccountInfo *settler = &params->accounts[IX_SETTLE_BET_OFFCHAIN_ACC_SETTLER];
  SolAccountInfo *house = &params->accounts[IX_SETTLE_BET_OFFCHAIN_ACC_HOUSE];
  SolAccountInfo *bet = &params->accounts[IX_SETTLE_BET_OFFCHAIN_ACC_BET];
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
  /* A bet made with create_bet is the program's to roll: the settler's value is refused. */
  if (!b.off_chain) return WG_ERROR(ERR_BET_ON_CHAIN);
  /* With off-chain bets off, none is settled by the settler's roll either, not even one opened before:
   * its player refunds it after the deadline. */
  if (!h.offchain_bets) return WG_ERROR(ERR_BET_NOT_AVAILABLE);
  if (args.random_value >= IDL_CONST_RANDOM_RANGE) return WG_ERROR(ERR_INVALID_ODDS);

  Referral vault;
  bool payable;
  const VaultCheck check = {&params->accounts[IX_SETTLE_BET_OFFCHAIN_ACC_REFERRAL_VAULT], b.referral.is_some,
                            b.referral.value};
  SOL_TRY(referral_vault_check(&check, params->program_id, &vault, &payable));
  const Settlement settlement = {house, &h, &b, payable ? check.account : NULL, &vault};
  SOL_TRY(settle_with_roll(&settlement, args.random_value));
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
  u64 amount = b.listing_price;
  if (bet_hash_captured(&b)) {
    /* A win rolled after its refund whose wallet could not take it then: the rest of its prize, in SOL. */
    if (!bet_late_win(&b, &amount)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  } else if (!args.sol && b.bet_type == BET_TYPE_SOL) {
    /* sol = false means a swap or marketplace buy follows in the transaction; a SOL prize has neither. */
    return WG_ERROR(ERR_INVALID_MARKETPLACE);
  }
  if (!u64_sub(h.outstanding, amount, &h.outstanding)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  SOL_TRY(sol_move_lamports(house, user, amount));
  b.state = BET_STATE_CLAIMED;
  SOL_TRY(house_store(house, &h));
  return bet_store(bet, &b);
}

/**
 * Refunds an open bet once BET_REFUND_DELAY_SECS have passed since it was placed (RefundTooEarly before):
 * the player, the settler or anyone may send it, the stake and fee always going to the bet's owner. A bet
 * made with create_bet keeps its place in the chain, and while SlotHashes still holds its slot the refund
 * captures that slot's hash and keeps the rest of its prize reserved: its reveal, whenever it comes, still
 * rolls it and pays a win.
 */
ProgramResult ix_refund_bet(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_REFUND_BET_ACCOUNTS_LEN));
  SolAccountInfo *house = &params->accounts[IX_REFUND_BET_ACC_HOUSE];
  SolAccountInfo *bet = &params->accounts[IX_REFUND_BET_ACC_BET];
  SolAccountInfo *user = &params->accounts[IX_REFUND_BET_ACC_USER];
  SOL_TRY(sol_check_signer(&params->accounts[IX_REFUND_BET_ACC_CALLER]));
  House h;
  SOL_TRY(house_load(house, params->program_id, &h));
  Bet b;
  SOL_TRY(bet_load(bet, params->program_id, &b));
  SOL_TRY(sol_check_has_one(b.user, user));
  if (b.state != BET_STATE_OPEN) return WG_ERROR(ERR_BET_NOT_OPEN);
  i64 now;
  SOL_TRY(sol_unix_timestamp(&now));
  if (!bet_refundable(&b, now)) return WG_ERROR(ERR_REFUND_TOO_EARLY);
  SOL_TRY(refund_open(house, &h, &b, user));
  if (!b.off_chain) {
    const u8 *slot_hash;
    SOL_TRY(sol_slot_hash(&params->accounts[IX_REFUND_BET_ACC_SLOT_HASHES], b.slot, &slot_hash));
    if (slot_hash != NULL) {
      u64 reserve;
      sol_memcpy(b.slot_hash, slot_hash, 32);
      if (!bet_late_reserve(&b, &reserve)) return WG_ERROR(ERR_OVERFLOW_ERROR);
      SOL_TRY(reserve_late_win(&h, reserve, now));
    }
  }
  SOL_TRY(house_store(house, &h));
  return bet_store(bet, &b);
}
