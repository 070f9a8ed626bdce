/**
 * The ports: interfaces the server calls for what lives outside it (architecture.md, "Mainnet services and
 * their local stand-ins"). Each has a local adapter, working against the local chain, and a mainnet
 * adapter; `createPorts` picks by cluster.
 *
 * Amounts are lamports or token base units as `bigint`; they become decimal strings only at the HTTP edge.
 *
 * @module
 */

import type { Address } from '@solana/kit';

/** An NFT the wallet holds, in the DAS shape the client reads (`id`, `content.links.image`, `content.metadata.name`). */
export interface InventoryNft {
  readonly id: Address;
  readonly content: {
    readonly links: { readonly image: string };
    readonly metadata: { readonly name: string; readonly symbol?: string };
  };
  /** The collection's id, when the NFT belongs to one. */
  readonly collection: string | null;
}

/** A listing on a marketplace. */
export interface NftListing {
  readonly mint: Address;
  /** The listing price, lamports. */
  readonly price: bigint;
  readonly seller: Address;
  /** `NonFungible`, `ProgrammableNonFungible` or `Core`: royalties apply to the last two only. */
  readonly tokenStandard: 'NonFungible' | 'ProgrammableNonFungible' | 'Core';
  readonly tokenProgram: Address;
  readonly royaltyBps: number;
  readonly name: string;
  readonly image: string;
  readonly attributes: readonly { readonly trait_type: string; readonly value: string }[];
}

/** A collection's summary (trending, search). */
export interface NftCollectionSummary {
  /** The id the other calls take (`collId`). */
  readonly collId: string;
  readonly slug: string;
  readonly name: string;
  readonly image: string;
  /** Lamports. */
  readonly floorPrice: bigint;
  readonly listedCount: number;
  readonly supply: number;
  /** Lamports traded in the last 24 h. */
  readonly volume24h: bigint;
}

/** A collection with its live listings. */
export interface NftCollectionDetail extends NftCollectionSummary {
  readonly description: string;
  readonly listings: readonly NftListing[];
}

/** Every trait type with its values and how many listed NFTs carry each. */
export type NftTraits = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** What `buyListingTx` takes (docs/reference/api.md#nfts-and-images). */
export interface BuyListingRequest {
  readonly mint: Address;
  /** The most the buyer pays, lamports (the marketplace's buyer price, fees and royalty included). */
  readonly maxPrice: bigint;
  readonly buyer: Address;
  /** The listing's seller. */
  readonly owner: Address;
}

/** NFT listings, buy transactions and wallets' inventories (Tensor + Helius DAS, or the local marketplace). */
export interface NftMarketPort {
  trending(): Promise<readonly NftCollectionSummary[]>;
  collection(collId: string): Promise<NftCollectionDetail | null>;
  traits(collId: string): Promise<NftTraits | null>;
  listing(collId: string, mint: Address): Promise<NftListing | null>;
  /**
   * A buy transaction (base64 wire bytes) the buyer signs; the local marketplace has already signed its
   * part.
   *
   * @throws HttpError 400 when the listing is gone or its price is above `maxPrice`.
   */
  buyListingTx(request: BuyListingRequest): Promise<{ readonly transaction: string }>;
  search(query: string): Promise<readonly NftCollectionSummary[]>;
  inventory(owner: Address): Promise<readonly InventoryNft[]>;
}
