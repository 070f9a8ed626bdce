/**
 * Foresight's program-derived addresses (`docs/foresight.md`, Records and addresses):
 * - Config: `"config"`, feed id (32 bytes);
 * - Event: `"event"`, config, id as u32 little-endian;
 * - Bet: `"bet"`, event, user.
 *
 * Each helper returns kit's `[address, bump]` pair. The IDL gives the seeds of Event and Bet (the generated
 * `find…Pda` functions); the Config's seed is a Pyth feed id, an instruction argument the IDL cannot name.
 *
 * @module
 */

import {
  getProgramDerivedAddress,
  type Address,
  type ProgramDerivedAddress,
  type ReadonlyUint8Array,
} from '@solana/kit';

import type { ProgramConfig } from '../anchor/program-config.ts';
import { findBetPda, findEventPda } from '../generated/foresight/pdas/index.ts';
import { FORESIGHT_PROGRAM_ADDRESS } from './program.ts';

/** The Config's first seed (the generated `find…Pda` functions carry the others'). */
const CONFIG_SEED = 'config';

/** Overrides the program the addresses are derived for (a deployment at another address). */
export type PdaConfig = ProgramConfig;

/**
 * The Config of a Pyth feed.
 *
 * @example const [config] = await findConfigAddress(SOL_USD_FEED_ID);
 * @throws RangeError unless `feedId` is 32 bytes.
 */
export async function findConfigAddress(
  feedId: ReadonlyUint8Array,
  config: PdaConfig = {},
): Promise<ProgramDerivedAddress> {
  if (feedId.length !== 32) throw new RangeError(`A feed id is 32 bytes, got ${feedId.length}`);
  return getProgramDerivedAddress({
    programAddress: config.programAddress ?? FORESIGHT_PROGRAM_ADDRESS,
    seeds: [CONFIG_SEED, feedId],
  });
}

/**
 * Round `id` of a config. Ids are u32 and start at 1.
 *
 * @example const [event] = await findEventAddress(configAddress, config.liveEvent);
 * @throws RangeError unless `id` is a u32.
 */
export async function findEventAddress(
  configAddress: Address,
  id: number,
  config: PdaConfig = {},
): Promise<ProgramDerivedAddress> {
  if (!Number.isInteger(id) || id < 0 || id > 0xffff_ffff) {
    throw new RangeError(`A round id is a u32, got ${id}`);
  }
  return findEventPda({ config: configAddress, id }, config);
}

/** A user's bet in a round. */
export async function findBetAddress(
  eventAddress: Address,
  user: Address,
  config: PdaConfig = {},
): Promise<ProgramDerivedAddress> {
  return findBetPda({ event: eventAddress, user }, config);
}
