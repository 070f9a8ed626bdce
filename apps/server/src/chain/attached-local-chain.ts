/**
 * The staging shape: the local chain runs as its own process (`npm run localnet`) and one or more server
 * instances attach to it (`SOLANA_CLUSTER=localnet` with `SOLANA_RPC_URL`). Each instance reads the chain's
 * keys and seed from the chain's data directory and keeps the local stand-ins (marketplace, swap desk,
 * OpenID provider), exactly as the embedded default does in one process.
 *
 * Nothing is created here: a key or mint that the chain has not written is a configuration error, so two
 * instances can never disagree about which keys they sign with.
 *
 * @module
 */

import { access } from 'node:fs/promises';

import { SOL_USD_PRICE_ACCOUNT } from '@arcade/localnet/boot';
import { readKeypair, readKeys } from '@arcade/localnet/keys';
import { mintKeyPath, nftManifestPath, type MintName } from '@arcade/localnet/nft-collection';
import { createSolanaRpc, type Address, type Rpc, type SolanaRpcApi } from '@solana/kit';

import { ConfigError } from '../config/env.ts';
import type { ChainContext } from './chain-context.ts';

/** Options of {@link attachLocalChain}. */
export interface AttachedLocalChainOptions {
  /** The chain's JSON-RPC URL (`SOLANA_RPC_URL`). */
  readonly rpcUrl: string;
  /** Its PubSub URL; default the RPC's port + 1, as `npm run localnet` serves it. */
  readonly wsUrl?: string;
  /** The chain's data directory (`LOCALNET_DATA_DIR`): its keys, mints and NFT files. */
  readonly dataDir: string;
  /** How long to wait for the chain to answer before giving up. Default 30 s. */
  readonly waitMs?: number;
}

/** `http://host:8899` → `ws://host:8900`: where `npm run localnet` serves PubSub by default. */
export function defaultLocalWsUrl(rpcUrl: string): string {
  const url = new URL(rpcUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const port = url.port === '' ? (url.protocol === 'wss:' ? 443 : 80) : Number(url.port);
  url.port = String(port + 1);
  return url.toString().replace(/\/$/, '');
}

const RUN_LOCALNET =
  'start the local chain first (`npm run localnet -- --data-dir <dir>`) with the same directory';

async function mintAddress(dataDir: string, name: MintName): Promise<Address> {
  const path = mintKeyPath(dataDir, name);
  const key = await readKeypair(path).catch((error: unknown) => {
    throw new ConfigError([`LOCALNET_DATA_DIR: ${(error as Error).message}`]);
  });
  if (key === undefined)
    throw new ConfigError([`LOCALNET_DATA_DIR: ${path} does not exist: ${RUN_LOCALNET}`]);
  return key.address;
}

/** Waits until the chain answers and holds the Juice mint, or throws a ConfigError after `waitMs`. */
async function waitForChain(
  rpc: Rpc<SolanaRpcApi>,
  rpcUrl: string,
  juiceMint: Address,
  waitMs: number,
): Promise<void> {
  const deadline = Date.now() + waitMs;
  let problem: string;
  for (;;) {
    try {
      const { value } = await rpc.getAccountInfo(juiceMint, { encoding: 'base64' }).send();
      if (value !== null) return;
      problem = `it has no Juice mint ${juiceMint}: it was booted from another data directory`;
    } catch (error) {
      problem = (error as Error).message;
    }
    if (Date.now() >= deadline) {
      throw new ConfigError([`SOLANA_RPC_URL: the local chain at ${rpcUrl} is not ready (${problem})`]);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The chain context of a local chain served by another process. */
export async function attachLocalChain(options: AttachedLocalChainOptions): Promise<ChainContext> {
  const { dataDir, rpcUrl } = options;
  const keys = await readKeys(dataDir).catch((error: unknown) => {
    throw new ConfigError([`LOCALNET_DATA_DIR: ${(error as Error).message}: ${RUN_LOCALNET}`]);
  });
  const [juiceMint, usdcMint, usdtMint] = await Promise.all([
    mintAddress(dataDir, 'juice'),
    mintAddress(dataDir, 'usdc'),
    mintAddress(dataDir, 'usdt'),
  ]);
  const manifestPath = nftManifestPath(dataDir);
  try {
    await access(manifestPath);
  } catch {
    throw new ConfigError([`LOCALNET_DATA_DIR: ${manifestPath} does not exist: ${RUN_LOCALNET}`]);
  }
  const rpc = createSolanaRpc(rpcUrl);
  await waitForChain(rpc, rpcUrl, juiceMint, options.waitMs ?? 30_000);
  return {
    cluster: 'localnet',
    rpcUrl,
    rpcFallbackUrl: null,
    wsUrl: options.wsUrl ?? defaultLocalWsUrl(rpcUrl),
    rpc,
    signers: {
      authority: keys.upgradeAuthority,
      settler: keys.settler,
      eventSigner: keys.eventSigner,
      juiceAuthority: keys.juiceAuthority,
    },
    addresses: {
      treasury: keys.treasury.address,
      juiceMint,
      usdcMint,
      usdtMint,
      priceAccount: SOL_USD_PRICE_ACCOUNT,
    },
    local: {
      dataDir,
      marketplace: keys.marketplace,
      tokenAuthority: keys.tokenAuthority,
      nftManifestPath: manifestPath,
    },
  };
}
