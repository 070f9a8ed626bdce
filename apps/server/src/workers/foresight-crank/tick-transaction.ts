/**
 * The instructions of one Foresight tick, as the crank sends them: `lock_and_settle_events` reading the
 * given price account, `create_event` for the round after next (so bettors never see a live round without
 * its successor), then whatever closes the posted price update (mainnet: `reclaim_rent` and
 * `close_encoded_vaa`; nothing on the local chain).
 *
 * @module
 */

import {
  getCreateEventInstructionAsync,
  getLockAndSettleEventsInstruction,
} from '@arcade/sdk/foresight/instructions';
import { findEventAddress } from '@arcade/sdk/foresight/pda';
import type { Address, Instruction, TransactionSigner } from '@solana/kit';

/** What {@link tickInstructions} takes. */
export interface TickInput {
  /** Signs the tick and pays the new round's rent: the event signer. */
  readonly cranker: TransactionSigner;
  readonly config: Address;
  /** `config.treasury`. */
  readonly treasury: Address;
  /** `config.live_event`. */
  readonly liveEvent: number;
  /** `config.locked_event`; 0 when none. */
  readonly lockedEvent: number;
  /** The update for the live round's lock time, or any account when no round needs a price. */
  readonly priceUpdate: Address;
  /** Appended after the tick: the price update's close instructions. */
  readonly closeInstructions?: readonly Instruction[];
}

/**
 * `[lock_and_settle_events, create_event(live + 2), ...closeInstructions]`.
 *
 * @example await sendAndConfirm(rpc, eventSigner, await tickInstructions({ cranker: eventSigner, … }))
 */
export async function tickInstructions(input: TickInput): Promise<Instruction[]> {
  const [[live], [next], locked] = await Promise.all([
    findEventAddress(input.config, input.liveEvent),
    findEventAddress(input.config, input.liveEvent + 1),
    input.lockedEvent === 0 ? Promise.resolve(null) : findEventAddress(input.config, input.lockedEvent),
  ]);
  const tick = getLockAndSettleEventsInstruction({
    cranker: input.cranker,
    config: input.config,
    lockedEvent: locked?.[0] ?? null,
    liveEvent: live,
    nextEvent: next,
    priceUpdate: input.priceUpdate,
    treasury: input.treasury,
  });
  // The tick makes round live + 1 live, so live + 2 is the one to pre-create.
  const create = await getCreateEventInstructionAsync({
    payer: input.cranker,
    config: input.config,
    id: input.liveEvent + 2,
  });
  return [tick, create, ...(input.closeInstructions ?? [])];
}
