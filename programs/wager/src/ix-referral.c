/**
 * Referral vaults (PDA ["referral", referrer]): settlements credit a referral's share of a fee to its
 * vault, and the referrer takes it out whenever it likes. Pull, not push: crediting a vault can never fail
 * on the referrer's account (a sysvar, a program, an empty wallet), so no referral can block a settlement.
 */
#include "wager.h"

/** Creates the referrer's vault, paid by anyone; does nothing when it already exists. */
ProgramResult ix_init_referral(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_INIT_REFERRAL_ACCOUNTS_LEN));
  SolAccountInfo *payer = &params->accounts[IX_INIT_REFERRAL_ACC_PAYER];
  SolAccountInfo *vault = &params->accounts[IX_INIT_REFERRAL_ACC_REFERRAL];
  SOL_TRY(sol_check_signer(payer));
  SOL_TRY(sol_check_writable(payer));
  SOL_TRY(sol_check_writable(vault));
  if (!sol_is_system_program(params->accounts[IX_INIT_REFERRAL_ACC_SYSTEM_PROGRAM].key)) {
    return ANCHOR_ERROR_INVALID_PROGRAM_ID;
  }
  InitReferralArgs args;
  if (ix_init_referral_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  SolSignerSeed seeds[3] = {{SEED_REFERRAL, SEED_REFERRAL_LEN}, {args.referrer, 32}, {NULL, 1}};
  SolPubkey expected;
  u8 bump;
  SOL_TRY(sol_find_pda(seeds, 2, params->program_id, &expected, &bump));
  if (!sol_pubkey_eq(&expected, vault->key)) return ANCHOR_ERROR_CONSTRAINT_SEEDS;
  /* Idempotent, so a client may add it to a bet's transaction without first reading the chain. */
  if (sol_pubkey_eq(vault->owner, params->program_id)) return SUCCESS;
  seeds[2].addr = &bump;
  const SolSignerSeeds signer = {seeds, 3};
  const SolCreateAccount create = {payer, vault, ACCOUNT_REFERRAL_SIZE, params->program_id, &signer, 1};
  SOL_TRY(sol_create_account(&create));
  Referral r = {0};
  sol_memcpy(r.referrer, args.referrer, 32);
  return referral_store(vault, &r);
}

/** Pays the referrer everything in its vault above the vault's rent-exempt minimum. */
ProgramResult ix_claim_referral(SolParameters *params) {
  SOL_TRY(sol_check_accounts_len(params, IX_CLAIM_REFERRAL_ACCOUNTS_LEN));
  SolAccountInfo *referrer = &params->accounts[IX_CLAIM_REFERRAL_ACC_REFERRER];
  SolAccountInfo *vault = &params->accounts[IX_CLAIM_REFERRAL_ACC_REFERRAL];
  SOL_TRY(sol_check_signer(referrer));
  SOL_TRY(sol_check_writable(referrer));
  Referral r;
  SOL_TRY(referral_load(vault, params->program_id, &r));
  SOL_TRY(sol_check_has_one(r.referrer, referrer));
  u64 rent, amount;
  SOL_TRY(sol_minimum_balance(vault->data_len, &rent));
  if (!u64_sub(*vault->lamports, rent, &amount)) amount = 0;
  if (!u64_add(r.claimed, amount, &r.claimed)) return WG_ERROR(ERR_OVERFLOW_ERROR);
  SOL_TRY(sol_move_lamports(vault, referrer, amount));
  SOL_TRY(referral_store(vault, &r));
  i64 now;
  SOL_TRY(sol_unix_timestamp(&now));
  return emit_referral_claimed(&r, amount, now);
}
