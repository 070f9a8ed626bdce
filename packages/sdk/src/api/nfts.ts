/**
 * The NFT API (`/api/nfts/...`, `docs/reference/api.md#nfts-and-images`): what its routes read (queries,
 * the co-signing body) and the JSON they send (tokens, marketplace listings, collection summaries, a
 * wallet's inventory and the answers that wrap them). Lamport amounts are decimal strings. One definition
 * for both ends.
 *
 * @module
 */

import { z } from 'zod';

import { addressSchema, u64Schema } from './common.ts';

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

/** `GET /api/nfts/tokens`'s answer: the tokens prizes are paid in. */
export const tokensResponseSchema = z.object({ success: z.literal(true), tokens: z.array(tokenSchema) });

/** `GET /api/nfts/tokens`'s answer. */
export type TokensResponseJson = z.output<typeof tokensResponseSchema>;

/** `GET /api/nfts/trendingV2`'s and `GET /api/nfts/search`'s answer. */
export const collectionsResponseSchema = z.object({
  success: z.literal(true),
  collections: z.array(collectionSummarySchema),
});

/** `GET /api/nfts/trendingV2`'s and `GET /api/nfts/search`'s answer. */
export type NftCollectionsResponseJson = z.output<typeof collectionsResponseSchema>;

/** `GET /api/nfts/collectionV2`'s and `GET /api/nfts/collectionTraits`' query. */
export const collIdQuerySchema = z.object({ collId: collIdSchema });

/** A collection with its description and live listings, cheapest first. */
export const collectionDetailSchema = collectionSummarySchema.extend({
  description: z.string(),
  listings: z.array(listingSchema),
});

/** A collection with its listings as the API sends it. */
export type NftCollectionDetailJson = z.output<typeof collectionDetailSchema>;

/** `GET /api/nfts/collectionV2`'s answer. */
export const collectionResponseSchema = z.object({
  success: z.literal(true),
  collection: collectionDetailSchema,
});

/** `GET /api/nfts/collectionV2`'s answer. */
export type NftCollectionResponseJson = z.output<typeof collectionResponseSchema>;

/** `GET /api/nfts/collectionTraits`' answer: each trait type's values with their counts. */
export const collectionTraitsResponseSchema = z.object({
  success: z.literal(true),
  traits: z.record(z.string(), z.record(z.string(), z.number())),
});

/** `GET /api/nfts/collectionTraits`' answer. */
export type NftCollectionTraitsResponseJson = z.output<typeof collectionTraitsResponseSchema>;

/** `GET /api/nfts/getListingV2`'s query. */
export const listingQuerySchema = z.object({ collId: collIdSchema, mint: addressSchema });

/** `GET /api/nfts/getListingV2`'s answer. */
export const listingResponseSchema = z.object({ success: z.literal(true), listing: listingSchema });

/** `GET /api/nfts/getListingV2`'s answer. */
export type NftListingResponseJson = z.output<typeof listingResponseSchema>;

/** `GET /api/nfts/buyListingTx`'s query: the listing, the most the buyer pays, the buyer and the seller. */
export const buyListingQuerySchema = z.object({
  mint: addressSchema,
  maxPrice: u64Schema,
  buyer: addressSchema,
  owner: addressSchema,
});

/** `GET /api/nfts/buyListingTx`'s answer: the transaction (base64 wire bytes) the buyer signs. */
export const buyListingResponseSchema = z.object({
  success: z.literal(true),
  transaction: z.string(),
  lastValidBlockHeight: u64String.nullable(),
});

/** `GET /api/nfts/buyListingTx`'s answer. */
export type BuyListingResponseJson = z.output<typeof buyListingResponseSchema>;

/** `POST /api/nfts/cosignBuy`'s body: the buyer-composed transaction. */
export const cosignBuyBodySchema = z.object(
  {
    transaction: z
      .string({ error: 'Invalid transaction' })
      .min(1, 'Invalid transaction')
      .max(4096, 'Invalid transaction'),
  },
  { error: 'Invalid transaction' },
);

/** `POST /api/nfts/cosignBuy`'s answer: the transaction with the marketplace's signature, and its NFT. */
export const cosignBuyResponseSchema = z.object({
  success: z.literal(true),
  transaction: z.string(),
  mint: z.string(),
});

/** `POST /api/nfts/cosignBuy`'s answer. */
export type CosignBuyResponseJson = z.output<typeof cosignBuyResponseSchema>;

/** `GET /api/nfts/search`'s query. */
export const searchQuerySchema = z.object({
  query: z
    .string({ error: 'query must be 1 to 64 characters' })
    .trim()
    .min(1, 'query must be 1 to 64 characters')
    .max(64, 'query must be 1 to 64 characters'),
});

/** `GET /api/nfts/inventoryV2`'s query. */
export const inventoryQuerySchema = z.object({ address: addressSchema });

/** `GET /api/nfts/inventoryV2`'s answer. */
export const inventoryResponseSchema = z.object({
  success: z.literal(true),
  inventory: z.array(inventorySchema),
});

/** `GET /api/nfts/inventoryV2`'s answer. */
export type InventoryResponseJson = z.output<typeof inventoryResponseSchema>;

/** `GET /api/nfts/assets/{file}`'s parameters. File names: the allow-list decides; this only bounds the work. */
export const assetParamsSchema = z.object({ file: z.string().max(100).meta({ example: 'art.svg' }) });

/** `GET /api/nfts/assets/{file}`'s answer for art (`<mint>.svg`): the SVG. */
export const assetSvgSchema = z.string();

/** `GET /api/nfts/assets/{file}`'s answer for metadata (`<mint>.json`): the JSON document. */
export const assetMetadataSchema = z.record(z.string(), z.unknown());
