/**
 * The embedded default: the local chain in this process, booted (programs, House, Foresight config,
 * mints, NFT collection), serving JSON-RPC and PubSub like `solana-test-validator`, and saved under the
 * data directory.
 *
 * @module
 */

import '@arcade/localnet/no-native-ws';

import { bootLocalnet } from '@arcade/localnet/boot';
import { ChainSaver, chainStatePath, restoreLocalChain } from '@arcade/localnet/chain-state';
import { LocalChain } from '@arcade/localnet/local-chain';
import { startPubsubServer } from '@arcade/localnet/pubsub-server';
import { startRpcServer } from '@arcade/localnet/rpc-server';
import { createSolanaRpc } from '@solana/kit';

import type { ChainContext } from './chain-context.ts';

/** Options of {@link startEmbeddedChain}. */
export interface EmbeddedChainOptions {
  /** The local chain's directory (state, keys, NFT files), e.g. `./.data/localnet`. */
  readonly dataDir: string;
  readonly host?: string;
  /** JSON-RPC port; 0 picks a free one. */
  readonly rpcPort: number;
  /** PubSub port; default the RPC port + 1 (any free port when the RPC's was picked freely). */
  readonly pubsubPort?: number;
  readonly slotMs?: number;
  readonly foresightTimelock?: number;
  /** How often the chain is saved; 0 saves only on stop. Default 10 s. */
  readonly saveIntervalMs?: number;
  /** Most transactions the chain's history keeps (`LocalChainOptions.ledgerLimit`); default the chain's. */
  readonly ledgerLimit?: number;
  /** Keep the chain in memory only (tests). */
  readonly ephemeral?: boolean;
  /**
   * The chain's wall clock (its Clock sysvar and block times), ms since the epoch; default `Date.now`.
   * Tests move it ahead to reach deadlines of minutes or days (a Foresight buffer, a market's grace).
   */
  readonly now?: () => number;
}

/** A running embedded chain. */
export interface EmbeddedChain {
  readonly context: ChainContext;
  readonly chain: LocalChain;
  /** Stops producing slots, closes the servers and saves the chain. */
  stop(): Promise<void>;
}

/** Restores (or creates), boots and serves the local chain. */
export async function startEmbeddedChain(options: EmbeddedChainOptions): Promise<EmbeddedChain> {
  const slotMs = options.slotMs ?? 400;
  const statePath = chainStatePath(options.dataDir);
  const common = {
    slotMs,
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.ledgerLimit === undefined ? {} : { ledgerLimit: options.ledgerLimit }),
  };
  const { chain } = options.ephemeral
    ? { chain: new LocalChain(common) }
    : restoreLocalChain(statePath, (state) => new LocalChain({ ...common, state }));
  const boot = await bootLocalnet({
    chain,
    dataDir: options.dataDir,
    ...(options.foresightTimelock === undefined ? {} : { foresightTimelock: options.foresightTimelock }),
  });
  const saver = options.ephemeral
    ? null
    : new ChainSaver({ chain, path: statePath, intervalMs: options.saveIntervalMs ?? 10_000 });
  chain.start();
  saver?.start();
  const host = options.host ?? '127.0.0.1';
  const rpcServer = await startRpcServer({ chain, port: options.rpcPort, host });
  const pubsubPort = options.pubsubPort ?? (options.rpcPort === 0 ? 0 : rpcServer.port + 1);
  const pubsub = await startPubsubServer({ chain, port: pubsubPort, host });
  if (!boot.mints || !boot.nfts) throw new Error('the local chain booted without its seed');
  const context: ChainContext = {
    cluster: 'localnet',
    rpcUrl: rpcServer.url,
    rpcFallbackUrl: null,
    wsUrl: pubsub.url,
    rpc: createSolanaRpc(rpcServer.url),
    signers: {
      authority: boot.keys.upgradeAuthority,
      settler: boot.keys.settler,
      eventSigner: boot.keys.eventSigner,
      juiceAuthority: boot.keys.juiceAuthority,
    },
    addresses: {
      treasury: boot.addresses.treasury,
      juiceMint: boot.mints.juice,
      usdcMint: boot.mints.usdc,
      usdtMint: boot.mints.usdt,
      priceAccount: boot.priceAccount,
    },
    local: {
      dataDir: options.dataDir,
      marketplace: boot.keys.marketplace,
      tokenAuthority: boot.keys.tokenAuthority,
      nftManifestPath: boot.nfts.manifestPath,
    },
  };
  return {
    context,
    chain,
    stop: async () => {
      chain.stop();
      boot.stop();
      await Promise.all([rpcServer.close(), pubsub.close()]);
      await saver?.close();
    },
  };
}
