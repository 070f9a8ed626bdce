/**
 * The local marketplace's collection as the local chain's boot wrote it: the manifest
 * (`<dataDir>/nfts/collection.json`) and the art and metadata files beside it. Shared by the local
 * adapter, the `/api/nfts/assets` route and the image route, so the three agree on which files exist.
 *
 * @module
 */

import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import type { CollectionManifest } from '@arcade/localnet/nft-collection';
import { isAddress, type Address } from '@solana/kit';
import { z } from 'zod';

/** Where the server serves the collection's files (`/api/nfts/assets/<mint>.svg|.json`). */
export const LOCAL_NFT_ASSET_PATH = '/api/nfts/assets/';

const addressString = z.string().refine(isAddress, 'expected an address');

const manifestSchema = z.object({
  name: z.string().min(1),
  slug: z.string().min(1),
  symbol: z.string(),
  owner: addressString,
  items: z.array(
    z.object({
      mint: addressString,
      index: z.number().int().min(0),
      name: z.string(),
      attributes: z.array(z.object({ trait_type: z.string(), value: z.string() })),
      priceLamports: z.string().regex(/^\d{1,20}$/),
      image: z.string(),
      metadata: z.string(),
    }),
  ),
});

/** One NFT of the collection, with its price as a `bigint`. */
export interface LocalCollectionItem {
  readonly mint: Address;
  readonly index: number;
  readonly name: string;
  readonly attributes: readonly { readonly trait_type: string; readonly value: string }[];
  readonly price: bigint;
  /** File names under the collection's directory. */
  readonly imageFile: string;
  readonly metadataFile: string;
}

/** The collection and its file allow-list. */
export interface LocalCollection {
  readonly name: string;
  readonly slug: string;
  readonly symbol: string;
  /** The holder of every unsold NFT: the marketplace key. */
  readonly owner: Address;
  readonly items: readonly LocalCollectionItem[];
  readonly byMint: ReadonlyMap<string, LocalCollectionItem>;
  /**
   * The absolute path of an allowed file (`<mint>.svg` or `<mint>.json` of the manifest), or null.
   * Only exact manifest names pass, so `..`, slashes, encodings and other files never reach the disk.
   */
  readonly filePath: (name: string) => string | null;
}

const cache = new Map<string, Promise<LocalCollection>>();

/**
 * Reads and validates the manifest at `manifestPath` (once per path: boot rewrites identical content, and
 * minted NFTs never change).
 *
 * @throws Error when the manifest is missing or malformed (a broken local chain, not a client error).
 */
export function loadLocalCollection(manifestPath: string): Promise<LocalCollection> {
  let pending = cache.get(manifestPath);
  if (pending === undefined) {
    pending = readCollection(manifestPath);
    cache.set(manifestPath, pending);
    // A failed read is not remembered, so a fixed file is picked up by the next request.
    pending.catch(() => cache.delete(manifestPath));
  }
  return pending;
}

async function readCollection(manifestPath: string): Promise<LocalCollection> {
  const parsed = manifestSchema.parse(JSON.parse(await readFile(manifestPath, 'utf8'))) as CollectionManifest;
  const directory = dirname(manifestPath);
  const items: LocalCollectionItem[] = parsed.items.map((item) => ({
    mint: item.mint,
    index: item.index,
    name: item.name,
    attributes: item.attributes,
    price: BigInt(item.priceLamports),
    imageFile: `${item.mint}.svg`,
    metadataFile: `${item.mint}.json`,
  }));
  const files = new Map<string, string>();
  for (const item of items) {
    files.set(item.imageFile, join(directory, item.imageFile));
    files.set(item.metadataFile, join(directory, item.metadataFile));
  }
  return {
    name: parsed.name,
    slug: parsed.slug,
    symbol: parsed.symbol,
    owner: parsed.owner,
    items,
    byMint: new Map(items.map((item) => [item.mint, item])),
    filePath: (name) => files.get(name) ?? null,
  };
}
