/**
 * What the server knows about the chain it serves: the RPC, the keys it signs with and the addresses of
 * the mints and accounts it works with. Built either from the embedded local chain or from the
 * environment (a real cluster).
 *
 * @module
 */

import type { Address, KeyPairSigner, Rpc, SolanaRpcApi } from '@solana/kit';

/** The clusters the server knows; `localnet` is the local chain (embedded, or its own process). */
export type Cluster = 'localnet' | 'devnet' | 'mainnet-beta';

/** The keys the server signs with. */
export interface ServerSigners {
  /** The House's authority: creates, updates and resolves Prophecy markets. */
  readonly authority: KeyPairSigner;
  /** Settles and refunds TailSpin and ReTail bets. */
  readonly settler: KeyPairSigner;
  /** Creates, locks and settles Foresight rounds. */
  readonly eventSigner: KeyPairSigner;
  /** Juice's mint authority. */
  readonly juiceAuthority: KeyPairSigner;
}

/** The local stand-ins' keys and files; only on a local chain (embedded, or attached to `npm run localnet`). */
export interface LocalServices {
  /** The data directory of the local chain (keys, NFT art and metadata). */
  readonly dataDir: string;
  /** Holds the seeded NFTs and sells them. */
  readonly marketplace: KeyPairSigner;
  /** Mint authority of USDC and USDT on the local chain; the swap desk's inventory comes from it. */
  readonly tokenAuthority: KeyPairSigner;
  /** `<dataDir>/nfts/collection.json`. */
  readonly nftManifestPath: string;
}

/** The chain as the server sees it. */
export interface ChainContext {
  readonly cluster: Cluster;
  readonly rpcUrl: string;
  readonly rpcFallbackUrl: string | null;
  /** The PubSub URL browsers subscribe to. */
  readonly wsUrl: string;
  readonly rpc: Rpc<SolanaRpcApi>;
  readonly signers: ServerSigners;
  readonly addresses: {
    readonly treasury: Address;
    readonly juiceMint: Address;
    readonly usdcMint: Address;
    readonly usdtMint: Address;
    /** The SOL/USD PriceUpdateV2 account. */
    readonly priceAccount: Address;
  };
  /** Present on a local chain only (embedded or attached). */
  readonly local: LocalServices | null;
}
