/**
 * Seeds the local chain with what the games need, through real signed transactions, idempotently: the
 * Wager House and its bankroll, the Foresight config of SOL/USD and its first two rounds.
 *
 * @module
 */

import { getAddressEncoder, type Address, type KeyPairSigner } from '@solana/kit';
import { FORESIGHT_TIMELOCK_SECS } from '@arcade/sdk/constants';
import { decodeConfig } from '@arcade/sdk/foresight/accounts';
import {
  getCreateConfigInstructionAsync,
  getCreateEventInstructionAsync,
} from '@arcade/sdk/foresight/instructions';
import { findConfigAddress } from '@arcade/sdk/foresight/pda';
import { SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import { getInitializeHouseInstructionAsync } from '@arcade/sdk/wager/instructions';
import { findHouseAddress } from '@arcade/sdk/wager/pda';

import type { LocalChain } from '../chain/local-chain.ts';
import type { LocalnetKeys } from './keys.ts';
import { sendInstructions } from './send-instructions.ts';

const LAMPORTS_PER_SOL = 1_000_000_000n;
/** The House's bankroll on a fresh chain: 10,000 SOL. */
export const DEFAULT_HOUSE_BANKROLL_LAMPORTS = 10_000n * LAMPORTS_PER_SOL;
/** Keys that pay fees and rent are topped up to this when they hold less than a tenth of it. */
const OPERATING_BALANCE = 1_000n * LAMPORTS_PER_SOL;

export interface SeedOptions {
  /** The Pyth SOL/USD price account (already published). */
  readonly priceAccount: Address;
  /** Foresight round length in seconds. Default {@link FORESIGHT_TIMELOCK_SECS} (300). */
  readonly foresightTimelock?: number | undefined;
  /** Lamports airdropped to the house wallet when the House is created. Default 10,000 SOL. */
  readonly houseBankroll?: bigint;
}

/** What {@link seedChain} found or created. */
export interface SeedReport {
  readonly house: Address;
  readonly houseCreated: boolean;
  readonly foresightConfig: Address;
  readonly configCreated: boolean;
  /** Round ids created now (empty when the config already had rounds). */
  readonly roundsCreated: readonly number[];
}

const bytesOf = (address: Address): Uint8Array => Uint8Array.from(getAddressEncoder().encode(address));

/** Airdrops to `key` when it holds less than a tenth of the operating balance. */
export function ensureOperatingBalance(chain: LocalChain, key: Address): void {
  const balance = chain.getAccount(bytesOf(key))?.lamports ?? 0n;
  if (balance < OPERATING_BALANCE / 10n) chain.requestAirdrop(bytesOf(key), OPERATING_BALANCE - balance);
}

/** Creates what is missing; a second run on a seeded chain sends nothing. */
export async function seedChain(
  chain: LocalChain,
  keys: LocalnetKeys,
  options: SeedOptions,
): Promise<SeedReport> {
  const authority: KeyPairSigner = keys.upgradeAuthority;

  const [house] = await findHouseAddress();
  let houseCreated = false;
  if (!chain.getAccount(bytesOf(house))) {
    ensureOperatingBalance(chain, authority.address);
    await sendInstructions(
      chain,
      authority,
      [
        await getInitializeHouseInstructionAsync({
          authority,
          settler: keys.settler.address,
          treasury: keys.treasury.address,
        }),
      ],
      'initialize_house',
    );
    chain.requestAirdrop(bytesOf(house), options.houseBankroll ?? DEFAULT_HOUSE_BANKROLL_LAMPORTS);
    houseCreated = true;
  }
  ensureOperatingBalance(chain, keys.settler.address);

  const [foresightConfig] = await findConfigAddress(SOL_USD_FEED_ID);
  let configCreated = false;
  if (!chain.getAccount(bytesOf(foresightConfig))) {
    ensureOperatingBalance(chain, authority.address);
    await sendInstructions(
      chain,
      authority,
      [
        await getCreateConfigInstructionAsync({
          authority,
          priceUpdate: options.priceAccount,
          feedId: SOL_USD_FEED_ID,
          eventSigner: keys.eventSigner.address,
          treasury: keys.treasury.address,
          timelock: options.foresightTimelock ?? FORESIGHT_TIMELOCK_SECS,
        }),
      ],
      'create_config',
    );
    configCreated = true;
  }

  const roundsCreated: number[] = [];
  const config = decodeConfig(chain.getAccount(bytesOf(foresightConfig))!.data);
  if (config.liveEvent === 0) {
    ensureOperatingBalance(chain, keys.eventSigner.address);
    // Round 1 goes live at once; round 2 is pre-created and waits for round 1 to lock.
    for (const id of [1, 2]) {
      await sendInstructions(
        chain,
        keys.eventSigner,
        [
          await getCreateEventInstructionAsync({
            payer: keys.eventSigner,
            config: foresightConfig,
            id,
          }),
        ],
        `create_event ${id}`,
      );
      roundsCreated.push(id);
    }
  }
  return { house, houseCreated, foresightConfig, configCreated, roundsCreated };
}
