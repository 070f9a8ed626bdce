/**
 * A real cluster: the RPC from `SOLANA_RPC_URL`, the keys from the keypair files the environment names.
 *
 * @module
 */

import { readFileSync } from 'node:fs';

import { address, createKeyPairSignerFromBytes, createSolanaRpc, type KeyPairSigner } from '@solana/kit';

import { ConfigError, type Env } from '../config/env.ts';
import type { ChainContext, Cluster } from './chain-context.ts';

/** Mainnet's USDC and USDT mints. */
const MAINNET_USDC = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
const MAINNET_USDT = address('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB');
/** Pyth's sponsored SOL/USD push feed (shard 0). */
const PYTH_SOL_USD_FEED = address('7UVimffxr9ow1uXYxsr4LHAcV58mLzhmwaeKvJ1pjLiE');

async function keypair(name: string, path: string | undefined): Promise<KeyPairSigner> {
  if (path === undefined) throw new ConfigError([`${name}: is required when SOLANA_RPC_URL is set`]);
  let bytes: Uint8Array;
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (!Array.isArray(value) || value.length !== 64) throw new Error('not a 64-byte array');
    bytes = Uint8Array.from(value as number[]);
  } catch (error) {
    throw new ConfigError([`${name}: ${path} is not a keypair file (${(error as Error).message})`]);
  }
  return createKeyPairSignerFromBytes(bytes);
}

/** The chain context of a real cluster described by `env`. */
export async function connectRemoteChain(env: Env): Promise<ChainContext> {
  const rpcUrl = env.SOLANA_RPC_URL;
  if (rpcUrl === undefined) throw new ConfigError(['SOLANA_RPC_URL: is required']);
  const cluster: Cluster = env.SOLANA_CLUSTER ?? 'mainnet-beta';
  const [authority, settler, eventSigner, juiceAuthority] = await Promise.all([
    keypair('AUTHORITY_KEYPAIR', env.AUTHORITY_KEYPAIR),
    keypair('SETTLER_KEYPAIR', env.SETTLER_KEYPAIR),
    keypair('EVENT_SIGNER_KEYPAIR', env.EVENT_SIGNER_KEYPAIR),
    keypair('JUICE_AUTHORITY_KEYPAIR', env.JUICE_AUTHORITY_KEYPAIR),
  ]);
  if (env.JUICE_MINT === undefined || env.TREASURY === undefined) {
    throw new ConfigError(['JUICE_MINT and TREASURY: are required when SOLANA_RPC_URL is set']);
  }
  return {
    cluster,
    rpcUrl,
    rpcFallbackUrl: env.SOLANA_RPC_FALLBACK_URL ?? null,
    wsUrl: env.SOLANA_WS_URL ?? rpcUrl.replace(/^http/, 'ws'),
    rpc: createSolanaRpc(rpcUrl),
    signers: { authority, settler, eventSigner, juiceAuthority },
    addresses: {
      treasury: env.TREASURY,
      juiceMint: env.JUICE_MINT,
      usdcMint: env.USDC_MINT ?? MAINNET_USDC,
      usdtMint: env.USDT_MINT ?? MAINNET_USDT,
      priceAccount: env.PYTH_SOL_USD_ACCOUNT ?? PYTH_SOL_USD_FEED,
    },
    local: null,
  };
}
