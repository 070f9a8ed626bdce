#include "foresight.h"

/**
 * Pre-creates round live + 1. Anyone may pay for it: the id rule allows exactly one round per id, so a
 * stranger can only do what the event signer would, and a missing event signer cannot stop the rounds.
 */
ProgramResult ix_create_event(SolParameters *params) {
  FS_TRY(sol_check_accounts_len(params, IX_CREATE_EVENT_ACCOUNTS_LEN));
  SolAccountInfo *payer = &params->accounts[IX_CREATE_EVENT_ACC_PAYER];
  SolAccountInfo *config = &params->accounts[IX_CREATE_EVENT_ACC_CONFIG];
  SolAccountInfo *event = &params->accounts[IX_CREATE_EVENT_ACC_EVENT];
  FS_TRY(sol_check_signer(payer));
  FS_TRY(sol_check_writable(payer));
  FS_TRY(sol_check_writable(event));
  if (!sol_is_system_program(params->accounts[IX_CREATE_EVENT_ACC_SYSTEM_PROGRAM].key)) {
    return ANCHOR_ERROR_INVALID_PROGRAM_ID;
  }
  CreateEventArgs args;
  if (ix_create_event_args_decode(params->data, params->data_len, &args)) {
    return ANCHOR_ERROR_INSTRUCTION_DID_NOT_DESERIALIZE;
  }
  Config c;
  FS_TRY(config_load(config, params->program_id, &c));
  if (c.live_event == UINT32_MAX) return FS_ERROR(ERR_OVERFLOW_ERROR);
  if (args.id != c.live_event + 1) return FS_ERROR(ERR_INVALID_EVENT_ID);
  /* Ids only grow, so an existing round at this id means it was already created. */
  if (sol_pubkey_eq(event->owner, params->program_id)) return FS_ERROR(ERR_INVALID_EVENT_ID);

  u8 id_le[4];
  sol_store_u32_le(id_le, args.id);
  SolSignerSeed seeds[4] = {{SEED_EVENT, SEED_EVENT_LEN}, {config->key->x, 32}, {id_le, 4}, {NULL, 1}};
  SolPubkey expected;
  u8 bump;
  FS_TRY(sol_find_pda(seeds, 3, params->program_id, &expected, &bump));
  if (!sol_pubkey_eq(&expected, event->key)) return ANCHOR_ERROR_CONSTRAINT_SEEDS;
  seeds[3].addr = &bump;
  const SolSignerSeeds signer = {seeds, 4};
  const SolCreateAccount create = {payer, event, ACCOUNT_EVENT_SIZE, params->program_id, &signer, 1};
  FS_TRY(sol_create_account(&create));

  Event round = {0};
  round.id = args.id;
  round.result = PREDICTION_NONE;
  sol_memcpy(round.config, config->key->x, 32);
  if (c.live_event == 0) {
    /* A fresh config has no live round: the first one opens at once instead of waiting for a tick. */
    i64 now, lock;
    FS_TRY(sol_unix_timestamp(&now));
    if (!i64_add_secs(now, c.timelock, &lock) || !round_open(&round, now, lock, c.timelock)) {
      return FS_ERROR(ERR_OVERFLOW_ERROR);
    }
    c.live_event = args.id;
    FS_TRY(config_store(config, &c));
  }
  FS_TRY(round_store(event, &round));
  return emit_update_event(&round, event->key);
}

ProgramResult ix_close_event(SolParameters *params) {
  FS_TRY(sol_check_accounts_len(params, IX_CLOSE_EVENT_ACCOUNTS_LEN));
  SolAccountInfo *event_signer = &params->accounts[IX_CLOSE_EVENT_ACC_EVENT_SIGNER];
  const SolAccountInfo *config = &params->accounts[IX_CLOSE_EVENT_ACC_CONFIG];
  SolAccountInfo *event = &params->accounts[IX_CLOSE_EVENT_ACC_EVENT];
  SolAccountInfo *treasury = &params->accounts[IX_CLOSE_EVENT_ACC_TREASURY];
  FS_TRY(sol_check_signer(event_signer));
  FS_TRY(sol_check_writable(event_signer));
  FS_TRY(sol_check_writable(event));
  Config c;
  FS_TRY(config_load(config, params->program_id, &c));
  FS_TRY(sol_check_has_one(c.event_signer, event_signer));
  FS_TRY(sol_check_has_one(c.treasury, treasury));
  Event round;
  FS_TRY(round_load(event, params->program_id, &round));
  FS_TRY(sol_check_has_one(round.config, config));
  if (!round.is_settled) return FS_ERROR(ERR_EVENT_UNSETTLED);
  /* A round ended Invalid after its buffer may still be the config's locked or live round, which the next
   * tick must load: it stays open until a tick has moved past it, or closing it would stop every tick. */
  if (round.id >= (c.locked_event != 0 ? c.locked_event : c.live_event)) return FS_ERROR(ERR_EVENT_UNSETTLED);
  if ((u64)round.settled_count < round_payable_count(&round)) return FS_ERROR(ERR_EVENT_PENDING_BETS);

  /* Everything above the rent-exempt minimum is rounding dust (or a fee an empty treasury could not take
   * at settlement): it belongs to the treasury. If the treasury still cannot hold it, it goes with the rent
   * to the event signer rather than keep the round open forever. */
  u64 rent, dust;
  bool receivable;
  FS_TRY(sol_minimum_balance(event->data_len, &rent));
  if (u64_sub(*event->lamports, rent, &dust)) {
    FS_TRY(treasury_can_take(treasury, event, dust, &receivable));
    if (receivable) FS_TRY(sol_move_lamports(event, treasury, dust));
  }
  return sol_close_account(event, event_signer);
}
