/**
 * NFTs (docs/reference/api.md#nfts-and-images): the token list, trending collections, a collection with its listings and traits, one
 * listing, the buy transaction, search and a wallet's inventory, all through the NFT market port. Also
 * the local marketplace's co-signing (`POST /api/nfts/cosignBuy`) and its art and metadata files
 * (`GET /api/nfts/assets/{file}`).
 *
 * Lamport amounts leave as decimal strings; every listing carries its buyer price, marketplace fee and
 * royalty so the client's pre-bet breakdown needs no maths. The requests' and answers' schemas are
 * `@arcade/sdk/api/nfts`'s.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { readFile } from 'node:fs/promises';

import {
  assetMetadataSchema,
  assetParamsSchema,
  assetSvgSchema,
  buyListingQuerySchema,
  buyListingResponseSchema,
  collectionResponseSchema,
  collectionsResponseSchema,
  collectionTraitsResponseSchema,
  collIdQuerySchema,
  cosignBuyBodySchema,
  cosignBuyResponseSchema,
  inventoryQuerySchema,
  inventoryResponseSchema,
  listingQuerySchema,
  listingResponseSchema,
  searchQuerySchema,
  tokensResponseSchema,
  type NftCollectionSummaryJson,
  type NftListingJson,
} from '@arcade/sdk/api/nfts';
import { SOL_DECIMALS, STABLECOIN_DECIMALS, SUPPORTED_TOKENS } from '@arcade/sdk/constants';
import type { Address } from '@solana/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { listingPriceBreakdown } from '../../../adapters/nft/listing-price.ts';
import { loadLocalCollection } from '../../../adapters/nft/local-collection.ts';
import { isLocalNftMarket } from '../../../adapters/nft/local-marketplace.ts';
import { notFound } from '../../../http/errors.ts';
import { errorResponses, errorSchema } from '../../../http/schemas.ts';
import type { NftCollectionSummary, NftListing } from '../../../ports/ports.ts';

/** The wrapped-SOL mint: the token list's id for SOL. */
export const NATIVE_MINT = 'So11111111111111111111111111111111111111112' as Address;

/** A round badge with the token's symbol: self-contained, so the list works offline and on any cluster. */
function tokenIcon(symbol: string, color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/>` +
    `<text x="32" y="38" font-family="sans-serif" font-size="16" font-weight="700" fill="#fff" ` +
    `text-anchor="middle">${symbol}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const TOKEN_DETAILS: Readonly<
  Record<(typeof SUPPORTED_TOKENS)[number], { name: string; color: string; decimals: number }>
> = {
  SOL: { name: 'Solana', color: '#9945FF', decimals: SOL_DECIMALS },
  USDC: { name: 'USD Coin', color: '#2775CA', decimals: STABLECOIN_DECIMALS },
  USDT: { name: 'Tether USD', color: '#26A17B', decimals: STABLECOIN_DECIMALS },
};

function listingJson(listing: NftListing): NftListingJson {
  const { buyerPrice, marketplaceFee, royalty } = listingPriceBreakdown(listing);
  return {
    ...listing,
    attributes: [...listing.attributes],
    price: listing.price.toString(),
    buyerPrice: buyerPrice.toString(),
    marketplaceFee: marketplaceFee.toString(),
    royalty: royalty.toString(),
  };
}

function summaryJson(summary: NftCollectionSummary): NftCollectionSummaryJson {
  return {
    collId: summary.collId,
    slug: summary.slug,
    name: summary.name,
    image: summary.image,
    floorPrice: summary.floorPrice.toString(),
    listedCount: summary.listedCount,
    supply: summary.supply,
    volume24h: summary.volume24h.toString(),
  };
}

const ASSET_TYPES: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml',
  json: 'application/json; charset=utf-8',
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const market = app.ports.nftMarket;

  app.get(
    '/tokens',
    {
      schema: {
        summary: 'The tokens TailSpin pays prizes in: SOL, USDC and USDT',
        tags: ['nfts'],
        response: { 200: tokensResponseSchema, ...errorResponses },
      },
    },
    async () => {
      const mints: Record<(typeof SUPPORTED_TOKENS)[number], Address> = {
        SOL: NATIVE_MINT,
        USDC: app.chain.addresses.usdcMint,
        USDT: app.chain.addresses.usdtMint,
      };
      return {
        success: true as const,
        tokens: SUPPORTED_TOKENS.map((symbol) => {
          const details = TOKEN_DETAILS[symbol];
          return {
            id: mints[symbol],
            name: details.name,
            symbol,
            image: tokenIcon(symbol, details.color),
            decimals: details.decimals,
          };
        }),
      };
    },
  );

  app.get(
    '/trendingV2',
    {
      schema: {
        summary: 'Trending NFT collections, with floor price, listed count, supply and 24 h volume',
        tags: ['nfts'],
        response: { 200: collectionsResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, collections: (await market.trending()).map(summaryJson) }),
  );

  app.get(
    '/collectionV2',
    {
      schema: {
        summary: 'One collection with its live listings, cheapest first',
        tags: ['nfts'],
        querystring: collIdQuerySchema,
        response: { 200: collectionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const collection = await market.collection(request.query.collId);
      if (collection === null) throw notFound(ApiErrorCode.COLLECTION_NOT_FOUND);
      return {
        success: true as const,
        collection: {
          ...summaryJson(collection),
          description: collection.description,
          listings: collection.listings.map(listingJson),
        },
      };
    },
  );

  app.get(
    '/collectionTraits',
    {
      schema: {
        summary: 'Every trait type of a collection’s live listings, with each value’s count',
        tags: ['nfts'],
        querystring: collIdQuerySchema,
        response: { 200: collectionTraitsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const traits = await market.traits(request.query.collId);
      if (traits === null) throw notFound(ApiErrorCode.COLLECTION_NOT_FOUND);
      return { success: true as const, traits };
    },
  );

  app.get(
    '/getListingV2',
    {
      schema: {
        summary: 'One live listing, with its buyer price, marketplace fee and royalty',
        tags: ['nfts'],
        querystring: listingQuerySchema,
        response: { 200: listingResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const listing = await market.listing(request.query.collId, request.query.mint);
      if (listing === null) throw notFound(ApiErrorCode.LISTING_NOT_FOUND);
      return { success: true as const, listing: listingJson(listing) };
    },
  );

  app.get(
    '/buyListingTx',
    {
      schema: {
        summary:
          'A v0 buy transaction (base64 wire bytes) the buyer signs; 400 "Price changed" with the current buyerPrice when it exceeds maxPrice',
        tags: ['nfts'],
        querystring: buyListingQuerySchema,
        response: { 200: buyListingResponseSchema, ...errorResponses, 502: errorSchema },
      },
    },
    async (request) => {
      const result = await market.buyListingTx(request.query);
      const height: unknown = 'lastValidBlockHeight' in result ? result.lastValidBlockHeight : null;
      return {
        success: true as const,
        transaction: result.transaction,
        lastValidBlockHeight: typeof height === 'bigint' ? height.toString() : null,
      };
    },
  );

  app.post(
    '/cosignBuy',
    {
      schema: {
        summary:
          'Local marketplace only: adds its signature to a buyer-composed transaction (e.g. claim_bet then the buy) that pays for exactly one live listing',
        tags: ['nfts'],
        body: cosignBuyBodySchema,
        response: { 200: cosignBuyResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!isLocalNftMarket(market)) throw notFound(ApiErrorCode.COSIGN_NOT_NEEDED);
      const { transaction, mint } = await market.cosignBuy(request.body.transaction);
      return { success: true as const, transaction, mint };
    },
  );

  app.get(
    '/search',
    {
      schema: {
        summary: 'Collections whose name, slug or NFT names match the query (case-insensitive)',
        tags: ['nfts'],
        querystring: searchQuerySchema,
        response: { 200: collectionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      collections: (await market.search(request.query.query)).map(summaryJson),
    }),
  );

  app.get(
    '/inventoryV2',
    {
      schema: {
        summary: 'The NFTs a wallet holds, in the DAS shape (id, content.links.image, content.metadata.name)',
        tags: ['nfts'],
        querystring: inventoryQuerySchema,
        response: { 200: inventoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      inventory: [...(await market.inventory(request.query.address))],
    }),
  );

  app.get(
    '/assets/:file',
    {
      schema: {
        summary: 'The local collection’s art (<mint>.svg) and metadata (<mint>.json); nothing else',
        tags: ['nfts'],
        params: assetParamsSchema,
        response: {
          200: {
            description: 'The file: an SVG, or its metadata as JSON',
            content: {
              'image/svg+xml': { schema: assetSvgSchema },
              'application/json': { schema: assetMetadataSchema },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const manifestPath = app.chain.local?.nftManifestPath;
      if (manifestPath === undefined) throw notFound(ApiErrorCode.ASSET_NOT_FOUND);
      const path = (await loadLocalCollection(manifestPath)).filePath(request.params.file);
      if (path === null) throw notFound(ApiErrorCode.ASSET_NOT_FOUND);
      let body: Buffer;
      try {
        body = await readFile(path);
      } catch {
        throw notFound(ApiErrorCode.ASSET_NOT_FOUND);
      }
      const extension = request.params.file.slice(request.params.file.lastIndexOf('.') + 1);
      return (
        reply
          .header('content-type', ASSET_TYPES[extension] ?? 'application/octet-stream')
          // The files are deterministic per mint: cache them for a year.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // An SVG opened on its own runs nothing and loads nothing.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(body.toString('utf8'))
      );
    },
  );
};

export default routes;
