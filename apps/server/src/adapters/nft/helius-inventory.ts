/**
 * Helius: the DAS `getAssetsByOwner` call behind wallets' inventories, and `getLatestBlockhash` for the
 * Tensor buy transaction (Helius' endpoint is a full Solana RPC). JSON-RPC over `mainnet.helius-rpc.com`,
 * the key in the `api-key` query parameter.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { isAddress, type Address } from '@solana/kit';
import { z } from 'zod';

import { badGateway } from '../../http/errors.ts';
import type { InventoryNft } from '../../ports/ports.ts';
import { fetchJson, type FetchLike } from './upstream.ts';

/** Helius' mainnet RPC and DAS endpoint. */
export const HELIUS_RPC_BASE_URL = 'https://mainnet.helius-rpc.com';

/** Assets per `getAssetsByOwner` page: DAS's maximum. */
export const HELIUS_PAGE_LIMIT = 1_000;

const FAILURE = ApiErrorCode.INVENTORY_UNAVAILABLE;

/** DAS interfaces that are NFTs (the rest are fungible tokens, inscriptions, …). */
const NFT_INTERFACES: ReadonlySet<string> = new Set([
  'V1_NFT',
  'V2_NFT',
  'Legacy_NFT',
  'ProgrammableNFT',
  'MplCoreAsset',
]);

const asset = z.object({
  interface: z.string(),
  id: z.string().refine(isAddress),
  content: z
    .object({
      files: z.array(z.object({ uri: z.string().nullish() }).loose()).nullish(),
      metadata: z.object({ name: z.string().nullish(), symbol: z.string().nullish() }).loose().nullish(),
      links: z.object({ image: z.string().nullish() }).loose().nullish(),
    })
    .loose()
    .nullish(),
  grouping: z.array(z.object({ group_key: z.string(), group_value: z.string() }).loose()).nullish(),
  burnt: z.boolean().nullish(),
});

const assetsByOwner = z.union([
  z.object({
    result: z.object({ total: z.number().int(), items: z.array(z.looseObject(asset.shape)) }).loose(),
  }),
  z.object({ error: z.object({ message: z.string() }).loose() }),
]);

const latestBlockhash = z.union([
  z.object({
    result: z.object({
      value: z.object({
        blockhash: z.string().min(32),
        lastValidBlockHeight: z.number().int().nonnegative(),
      }),
    }),
  }),
  z.object({ error: z.object({ message: z.string() }).loose() }),
]);

/** A DAS asset as the port's inventory entry; null for what is not a live NFT. */
export function dasInventoryNft(item: z.output<typeof asset>): InventoryNft | null {
  if (!NFT_INTERFACES.has(item.interface) || item.burnt === true) return null;
  const name = item.content?.metadata?.name ?? '';
  const symbol = item.content?.metadata?.symbol;
  const image = item.content?.links?.image ?? item.content?.files?.[0]?.uri ?? '';
  return {
    id: item.id,
    content: {
      links: { image },
      metadata: symbol === undefined || symbol === null || symbol === '' ? { name } : { name, symbol },
    },
    collection: item.grouping?.find((group) => group.group_key === 'collection')?.group_value ?? null,
  };
}

/** Options of {@link HeliusClient}. */
export interface HeliusClientOptions {
  readonly apiKey: string;
  readonly fetch: FetchLike;
  readonly timeoutMs: number;
  readonly baseUrl?: string;
}

/** The Helius calls the mainnet adapter makes. */
export class HeliusClient {
  readonly #options: HeliusClientOptions;
  readonly #url: string;

  constructor(options: HeliusClientOptions) {
    this.#options = options;
    this.#url = `${options.baseUrl ?? HELIUS_RPC_BASE_URL}/?${new URLSearchParams({ 'api-key': options.apiKey }).toString()}`;
  }

  async #call<Schema extends z.ZodType>(
    method: string,
    params: unknown,
    schema: Schema,
  ): Promise<z.output<Schema>> {
    const body = await fetchJson({
      fetch: this.#options.fetch,
      url: this.#url,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: method, method, params }),
      },
      schema,
      failure: FAILURE,
      timeoutMs: this.#options.timeoutMs,
    });
    return body as z.output<Schema>;
  }

  /** The first {@link HELIUS_PAGE_LIMIT} NFTs `owner` holds (burnt and fungible assets left out). */
  async inventory(owner: Address): Promise<readonly InventoryNft[]> {
    const body = await this.#call(
      'getAssetsByOwner',
      { ownerAddress: owner, page: 1, limit: HELIUS_PAGE_LIMIT },
      assetsByOwner,
    );
    if ('error' in body) throw badGateway(FAILURE);
    return body.result.items.map((item) => dasInventoryNft(item)).filter((nft) => nft !== null);
  }

  async latestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: bigint }> {
    const body = await this.#call('getLatestBlockhash', [{ commitment: 'confirmed' }], latestBlockhash);
    if ('error' in body) throw badGateway(FAILURE);
    return {
      blockhash: body.result.value.blockhash,
      lastValidBlockHeight: BigInt(body.result.value.lastValidBlockHeight),
    };
  }
}
