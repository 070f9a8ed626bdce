/**
 * Boots the local chain: keys → program deploys → the Pyth publisher → seeding → mints → the NFT collection
 * (docs/localnet.md, Boot).
 *
 * @example
 * const chain = new LocalChain();
 * const boot = await bootLocalnet({ chain, dataDir: './.data/localnet' });
 * chain.start();
 * // … later
 * boot.stop();
 *
 * @module
 */

import { address, type Address } from '@solana/kit';

import type { LocalChain } from '../chain/local-chain.ts';
import { PythPublisher } from '../oracle/pyth-publisher.ts';
import { deployPrograms, type DeployReport, type ProgramSources } from './deploy.ts';
import { DEFAULT_DATA_DIR, loadOrCreateKeys, type KeyRole, type LocalnetKeys } from './keys.ts';
import { ensureOperatingBalance, seedChain, type SeedReport } from './seed.ts';
import { seedMints, seedNftCollection, type MintsReport, type NftCollectionReport } from './tokens.ts';

/**
 * Where the SOL/USD PriceUpdateV2 lives: the address of Pyth's sponsored SOL/USD push feed on mainnet
 * (shard 0), so clients configured for mainnet find it at the same place.
 */
export const SOL_USD_PRICE_ACCOUNT: Address = address('7UVimffxr9ow1uXYxsr4LHAcV58mLzhmwaeKvJ1pjLiE');

export interface BootOptions {
  readonly chain: LocalChain;
  /** Default `./.data/localnet`; keys live under `<dataDir>/keys/`. */
  readonly dataDir?: string;
  /** Foresight round length in seconds when the config is created. Default 300. */
  readonly foresightTimelock?: number;
  /** Skip seeding (House, Foresight config and rounds). Default false. */
  readonly noSeed?: boolean;
  /** The programs' ELFs; default the built `programs/*\/dist/*.so`. */
  readonly programs?: ProgramSources;
  /** Seed of the price's random walk. Default 1. */
  readonly priceSeed?: number;
}

/** What a booted chain offers its users (the server, tests). */
export interface BootedLocalnet {
  /** Every key's public address. */
  readonly addresses: { readonly [R in KeyRole]: Address };
  /** The keys themselves, for in-process users (the server signs as settler and event signer). */
  readonly keys: LocalnetKeys;
  readonly programs: DeployReport;
  readonly priceAccount: Address;
  readonly publisher: PythPublisher;
  /** `null` with `noSeed`. */
  readonly seed: SeedReport | null;
  /** The Juice, USDC and USDT mints; `null` with `noSeed`. */
  readonly mints: MintsReport | null;
  /** The local marketplace's NFT collection; `null` with `noSeed`. */
  readonly nfts: NftCollectionReport | null;
  /** Stops the publisher. */
  stop(): void;
}

/** Boots `chain`: see the module documentation. Safe to run again on a booted chain. */
export async function bootLocalnet(options: BootOptions): Promise<BootedLocalnet> {
  const { chain } = options;
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const keys = await loadOrCreateKeys(dataDir);
  ensureOperatingBalance(chain, keys.upgradeAuthority.address);
  const programs = await deployPrograms(chain, keys.upgradeAuthority, options.programs);
  const publisher = new PythPublisher({
    address: SOL_USD_PRICE_ACCOUNT,
    writeAuthority: keys.pythWriteAuthority.address,
    seed: options.priceSeed ?? 1,
  });
  const stop = publisher.follow(chain);
  let seed: SeedReport | null = null;
  let mints: MintsReport | null = null;
  let nfts: NftCollectionReport | null = null;
  try {
    if (!options.noSeed) {
      seed = await seedChain(chain, keys, {
        priceAccount: SOL_USD_PRICE_ACCOUNT,
        foresightTimelock: options.foresightTimelock,
      });
      mints = await seedMints(chain, keys, dataDir);
      nfts = await seedNftCollection(chain, keys, dataDir);
    }
  } catch (error) {
    stop();
    throw error;
  }
  const addresses = Object.fromEntries(
    Object.entries(keys).map(([role, signer]) => [role, signer.address]),
  ) as { [R in KeyRole]: Address };
  return {
    addresses,
    keys,
    programs,
    priceAccount: SOL_USD_PRICE_ACCOUNT,
    publisher,
    seed,
    mints,
    nfts,
    stop,
  };
}
