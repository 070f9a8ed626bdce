/**
 * Tensor's REST API (`api.mainnet.tensordev.io`, key in `x-tensor-api-key`) mapped onto the port's
 * listing and collection types: trending, collections, traits, listings, search and buy transactions.
 *
 * Tensor answers lamports sometimes as numbers and sometimes as decimal strings, and leaves many fields
 * out; the schemas below accept both forms and every field the mapping does not need may be missing.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { isAddress, type Address } from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { z } from 'zod';

import { badGateway, badRequest } from '../../http/errors.ts';
import type {
  BuyListingRequest,
  NftCollectionDetail,
  NftCollectionSummary,
  NftListing,
  NftTraits,
} from '../../ports/ports.ts';
import { listingPriceBreakdown } from './listing-price.ts';
import { fetchJson, type FetchLike } from './upstream.ts';

/** Tensor's REST API. */
export const TENSOR_API_BASE_URL = 'https://api.mainnet.tensordev.io';

/** How many collections trending shows. */
export const TENSOR_TRENDING_LIMIT = 24;
/** Listings of a collection read per request (Tensor's page size limit is 100). */
export const TENSOR_LISTINGS_LIMIT = 100;

const FAILURE = ApiErrorCode.MARKETPLACE_UNAVAILABLE;

/** Lamports as Tensor writes them: a number or a decimal string (fractions, from averaged stats, dropped). */
const lamports = z
  .union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?$/)])
  .transform((value) => BigInt(String(typeof value === 'number' ? Math.floor(value) : value).split('.')[0]!));

const address = z.string().refine(isAddress);

const collectionRow = z.object({
  collId: z.string().min(1),
  slug: z.string().nullish(),
  slugDisplay: z.string().nullish(),
  name: z.string().nullish(),
  imageUri: z.string().nullish(),
  description: z.string().nullish(),
  tokenCount: z.number().int().nonnegative().nullish(),
  statsV2: z
    .object({
      buyNowPrice: lamports.nullish(),
      numListed: z.number().int().nonnegative().nullish(),
      numMints: z.number().int().nonnegative().nullish(),
      volume24h: lamports.nullish(),
    })
    .nullish(),
});

const mintRow = z.object({
  mint: address,
  name: z.string().nullish(),
  imageUri: z.string().nullish(),
  attributes: z
    .array(z.object({ trait_type: z.coerce.string(), value: z.union([z.string(), z.number(), z.boolean()]) }))
    .nullish(),
  tokenStandard: z.string().nullish(),
  tokenProgram: address.nullish(),
  sellRoyaltyFeeBPS: z.number().int().min(0).max(10_000).nullish(),
  royaltyBps: z.number().int().min(0).max(10_000).nullish(),
  owner: address.nullish(),
  collId: z.string().nullish(),
  slugDisplay: z.string().nullish(),
  listing: z.object({ price: lamports, seller: address, source: z.string().nullish() }).nullish(),
});

/** A serialized transaction: base64, or Node's Buffer JSON (`{ type: 'Buffer', data: [...] }`). */
const serializedTx = z.union([
  z.string().min(1),
  z.object({ type: z.literal('Buffer'), data: z.array(z.number().int().min(0).max(255)) }),
]);

const buyTxResponse = z.object({
  txs: z.array(
    z.object({
      tx: serializedTx.nullish(),
      txV0: serializedTx.nullish(),
      lastValidBlockHeight: z.number().int().nonnegative().nullish(),
    }),
  ),
});

type CollectionRow = z.output<typeof collectionRow>;
type MintRow = z.output<typeof mintRow>;

function toTokenStandard(value: string | null | undefined): NftListing['tokenStandard'] {
  if (value === undefined || value === null) return 'NonFungible';
  const lower = value.toLowerCase();
  if (lower.includes('programmable') || lower === 'pnft') return 'ProgrammableNonFungible';
  if (lower.includes('core')) return 'Core';
  return 'NonFungible';
}

/** A mint row with a listing, as a port listing; null when it is not listed. */
export function tensorListing(row: MintRow): NftListing | null {
  if (row.listing === undefined || row.listing === null) return null;
  return {
    mint: row.mint,
    price: row.listing.price,
    seller: row.listing.seller,
    tokenStandard: toTokenStandard(row.tokenStandard),
    tokenProgram: row.tokenProgram ?? TOKEN_PROGRAM_ADDRESS,
    royaltyBps: row.sellRoyaltyFeeBPS ?? row.royaltyBps ?? 0,
    name: row.name ?? row.mint,
    image: row.imageUri ?? '',
    attributes: (row.attributes ?? []).map((attribute) => ({
      trait_type: attribute.trait_type,
      value: String(attribute.value),
    })),
  };
}

/** A Tensor collection row as a port summary. */
export function tensorCollectionSummary(row: CollectionRow): NftCollectionSummary {
  const slug = row.slugDisplay ?? row.slug ?? row.collId;
  return {
    collId: row.collId,
    slug,
    name: row.name ?? slug,
    image: row.imageUri ?? '',
    floorPrice: row.statsV2?.buyNowPrice ?? 0n,
    listedCount: row.statsV2?.numListed ?? 0,
    supply: row.statsV2?.numMints ?? row.tokenCount ?? 0,
    volume24h: row.statsV2?.volume24h ?? 0n,
  };
}

function serializedToBase64(value: z.output<typeof serializedTx>): string {
  return typeof value === 'string' ? value : Buffer.from(value.data).toString('base64');
}

/** Options of {@link TensorClient}. */
export interface TensorClientOptions {
  readonly apiKey: string;
  readonly fetch: FetchLike;
  readonly timeoutMs: number;
  readonly baseUrl?: string;
}

/** The Tensor calls the mainnet adapter makes. */
export class TensorClient {
  readonly #options: TensorClientOptions;
  readonly #baseUrl: string;

  constructor(options: TensorClientOptions) {
    this.#options = options;
    this.#baseUrl = options.baseUrl ?? TENSOR_API_BASE_URL;
  }

  #get<Schema extends z.ZodType>(
    path: string,
    query: Record<string, string>,
    schema: Schema,
    notFoundStatuses: readonly number[] = [],
  ): Promise<z.output<Schema> | null> {
    return fetchJson({
      fetch: this.#options.fetch,
      url: `${this.#baseUrl}${path}?${new URLSearchParams(query).toString()}`,
      init: { headers: { accept: 'application/json', 'x-tensor-api-key': this.#options.apiKey } },
      schema,
      failure: FAILURE,
      timeoutMs: this.#options.timeoutMs,
      notFoundStatuses,
    });
  }

  async trending(): Promise<readonly NftCollectionSummary[]> {
    const body = await this.#get(
      '/api/v1/collections',
      { sortBy: 'statsV2.volume24h:desc', limit: String(TENSOR_TRENDING_LIMIT) },
      z.object({ collections: z.array(collectionRow) }),
    );
    return (body?.collections ?? []).map(tensorCollectionSummary);
  }

  async #findCollection(collId: string): Promise<CollectionRow | null> {
    return this.#get('/api/v1/collections/find_collection', { filter: collId }, collectionRow, [404]);
  }

  async #listings(collId: string): Promise<NftListing[]> {
    const body = await this.#get(
      '/api/v1/mint/collection',
      { collId, sortBy: 'ListingPriceAsc', limit: String(TENSOR_LISTINGS_LIMIT), onlyListings: 'true' },
      z.object({ mints: z.array(mintRow) }),
      [404],
    );
    return (body?.mints ?? []).map(tensorListing).filter((listing) => listing !== null);
  }

  async collection(collId: string): Promise<NftCollectionDetail | null> {
    const row = await this.#findCollection(collId);
    if (row === null) return null;
    const listings = await this.#listings(row.collId);
    return { ...tensorCollectionSummary(row), description: row.description ?? '', listings };
  }

  /** Trait counts over the collection's cheapest {@link TENSOR_LISTINGS_LIMIT} listings. */
  async traits(collId: string): Promise<NftTraits | null> {
    const row = await this.#findCollection(collId);
    if (row === null) return null;
    const traits: Record<string, Record<string, number>> = {};
    for (const listing of await this.#listings(row.collId)) {
      for (const { trait_type: type, value } of listing.attributes) {
        const values = (traits[type] ??= {});
        values[value] = (values[value] ?? 0) + 1;
      }
    }
    return traits;
  }

  async #mint(mint: Address): Promise<MintRow | null> {
    const rows = await this.#get('/api/v1/mint', { mints: mint }, z.array(mintRow), [404]);
    return rows?.find((row) => row.mint === mint) ?? null;
  }

  /** The mint's live listing when it belongs to `collId` (Tensor's collId or slug). */
  async listing(collId: string, mint: Address): Promise<NftListing | null> {
    const row = await this.#mint(mint);
    if (row === null || (row.collId !== collId && row.slugDisplay !== collId)) return null;
    return tensorListing(row);
  }

  /**
   * Checks the listing and its buyer price against `maxPrice`, then asks Tensor for the buy transaction
   * (Tensor's `maxPrice` caps the listing price, fees excluded).
   */
  async buyListingTx(
    request: BuyListingRequest,
    blockhash: string,
  ): Promise<{ transaction: string; lastValidBlockHeight: bigint | null }> {
    const row = await this.#mint(request.mint);
    if (row === null) throw badRequest(ApiErrorCode.PURCHASE_LISTING_NOT_FOUND);
    const listing = tensorListing(row);
    if (listing === null || listing.seller !== request.owner)
      throw badRequest(ApiErrorCode.LISTING_UNAVAILABLE);
    const { buyerPrice } = listingPriceBreakdown(listing);
    if (buyerPrice > request.maxPrice)
      throw badRequest(ApiErrorCode.PRICE_CHANGED, { buyerPrice: buyerPrice.toString() });
    const body = await this.#get(
      '/api/v1/tx/buy',
      {
        buyer: request.buyer,
        mint: request.mint,
        owner: request.owner,
        maxPrice: listing.price.toString(),
        blockhash,
      },
      buyTxResponse,
    );
    const [first, ...rest] = body?.txs ?? [];
    const serialized = first?.txV0 ?? first?.tx;
    // The port hands the client one transaction; a multi-transaction buy cannot follow a claim atomically.
    if (first === undefined || serialized === undefined || serialized === null || rest.length > 0) {
      throw badGateway(FAILURE);
    }
    return {
      transaction: serializedToBase64(serialized),
      lastValidBlockHeight:
        first.lastValidBlockHeight === undefined || first.lastValidBlockHeight === null
          ? null
          : BigInt(first.lastValidBlockHeight),
    };
  }

  async search(query: string): Promise<readonly NftCollectionSummary[]> {
    const body = await this.#get(
      '/api/v1/collections/search_collections',
      { query },
      z.object({ collections: z.array(collectionRow) }),
    );
    return (body?.collections ?? []).map(tensorCollectionSummary);
  }
}
