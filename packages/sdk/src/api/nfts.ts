/**
 * The NFT API's JSON (`/api/nfts/...`) as the server sends it: tokens, marketplace listings, collection
 * summaries and a wallet's inventory. Lamport amounts are decimal strings. One definition for both ends.
 *
 * @module
 */

import { z } from 'zod';

/** Lamports, as a decimal string. */
export const u64String = z.string().describe('lamports, as a decimal string');

/** A token the app pays out. */
export const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  image: z.string(),
  decimals: z.number(),
});

/** A marketplace listing with its price breakdown. */
export const listingSchema = z.object({
  mint: z.string(),
  price: u64String,
  seller: z.string(),
  tokenStandard: z.enum(['NonFungible', 'ProgrammableNonFungible', 'Core']),
  tokenProgram: z.string(),
  royaltyBps: z.number(),
  name: z.string(),
  image: z.string(),
  attributes: z.array(z.object({ trait_type: z.string(), value: z.string() })),
  buyerPrice: u64String,
  marketplaceFee: u64String,
  royalty: u64String,
});

/** A collection's summary (trending, search, and the head of its detail). */
export const collectionSummarySchema = z.object({
  collId: z.string(),
  slug: z.string(),
  name: z.string(),
  image: z.string(),
  floorPrice: u64String,
  listedCount: z.number(),
  supply: z.number(),
  volume24h: u64String,
});

/** An NFT of a wallet's inventory, in the DAS shape the web app reads. */
export const inventorySchema = z.object({
  id: z.string(),
  content: z.object({
    links: z.object({ image: z.string() }),
    metadata: z.object({ name: z.string(), symbol: z.string().optional() }),
  }),
  collection: z.string().nullable(),
});

/** A collection id or slug: 'Invalid collId' otherwise. */
export const collIdSchema = z
  .string({ error: 'Invalid collId' })
  .trim()
  .min(1, 'Invalid collId')
  .max(128, 'Invalid collId');

/** A token the app pays out. */
export type TokenJson = z.output<typeof tokenSchema>;

/** A marketplace listing as the API sends it. */
export type NftListingJson = z.output<typeof listingSchema>;

/** A collection's summary as the API sends it (lamports as decimal strings). */
export type NftCollectionSummaryJson = z.output<typeof collectionSummarySchema>;

/** An inventory NFT as the API sends it. */
export type InventoryNftJson = z.output<typeof inventorySchema>;
