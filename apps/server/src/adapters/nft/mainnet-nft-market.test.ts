/**
 * The mainnet NFT market against recorded Tensor and Helius response shapes (test/fixtures/tensor,
 * test/fixtures/helius): the mapping onto the port's types, the requests it makes (keys, parameters),
 * and every upstream failure becoming a 502 without internals, also through the routes.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fixture } from '../../../test/fetch-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { HttpError } from '../../http/errors.ts';
import { HELIUS_RPC_BASE_URL } from './helius-inventory.ts';
import { createMainnetNftMarket } from './mainnet-nft-market.ts';
import { TENSOR_API_BASE_URL } from './tensor-market.ts';
import type { FetchLike } from './upstream.ts';

const COLL_ID = 'a7c3e2b4-5d1f-4b8e-9c0a-2f6e8d4b1c37';
const PNFT = '6UeX3VMobt3tCyV5QaBTp79weoHH8FsuvU6eCpKgeLAs' as Address;
const PNFT_SELLER = 'rc3hq3naatW85FyoLTy2r3vt3u5Eh3gJd1qJU4v98Qv' as Address;
const NFT = '9HkJzPpS4uMJMMxJGHNFAUs4XVMx8vUaA3S4mgmYXcJk' as Address;
const OWNER = '5TxcqrmaYCmtb4HdxVvqdMNnDE8ZSjGB8yr46VSgpwBM' as Address;
const BUYER = '6HRLeAHUqTDmg4ByLh6HQrRLRP7jCgyw8iJBPDd9ft8u' as Address;

interface Recorded {
  readonly url: URL;
  readonly init: RequestInit | undefined;
}

type Answer = { status: number; body: string } | 'throw';

/** A fetch answering Tensor paths and Helius methods from `answers` (default: the recorded fixtures). */
function fakeFetch(answers: Record<string, Answer> = {}): { fetch: FetchLike; calls: Recorded[] } {
  const defaults: Record<string, Answer> = {
    '/api/v1/collections': { status: 200, body: fixture('tensor/collections.json') },
    '/api/v1/collections/find_collection': { status: 200, body: fixture('tensor/find-collection.json') },
    '/api/v1/mint/collection': { status: 200, body: fixture('tensor/mint-collection.json') },
    '/api/v1/mint': { status: 200, body: fixture('tensor/mint.json') },
    '/api/v1/tx/buy': { status: 200, body: fixture('tensor/tx-buy.json') },
    '/api/v1/collections/search_collections': {
      status: 200,
      body: fixture('tensor/search-collections.json'),
    },
    getAssetsByOwner: { status: 200, body: fixture('helius/get-assets-by-owner.json') },
    getLatestBlockhash: { status: 200, body: fixture('helius/get-latest-blockhash.json') },
  };
  const calls: Recorded[] = [];
  const fetch: FetchLike = async (url, init) => {
    const parsed = new URL(url);
    calls.push({ url: parsed, init });
    const key =
      parsed.origin === HELIUS_RPC_BASE_URL
        ? (JSON.parse(init?.body as string) as { method: string }).method
        : parsed.pathname;
    const answer = answers[key] ?? defaults[key] ?? { status: 404, body: '{"error":"not found"}' };
    if (answer === 'throw') throw new TypeError('fetch failed: getaddrinfo ENOTFOUND internal-host');
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, calls };
}

const market = (answers?: Record<string, Answer>) => {
  const fake = fakeFetch(answers);
  return {
    ...fake,
    market: createMainnetNftMarket({
      tensorApiKey: 'tensor-key',
      heliusApiKey: 'helius-key',
      fetch: fake.fetch,
    }),
  };
};

async function expectHttpError(
  promise: Promise<unknown>,
  status: number,
  message: string,
): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ statusCode: status, message });
  return error as HttpError;
}

describe('Tensor', () => {
  it('trending maps collections, with lamports given as strings, numbers or fractions', async () => {
    const { market: m, calls } = market();
    expect(await m.trending()).toEqual([
      {
        collId: COLL_ID,
        slug: 'pixel_pals',
        name: 'Pixel Pals',
        image: 'https://prod-tensor-creators-s3.s3.us-east-1.amazonaws.com/pixel-pals.png',
        floorPrice: 5_800_000_000n,
        listedCount: 412,
        supply: 5000,
        volume24h: 127_000_000_000n,
      },
      {
        collId: '0f4d9a61-88b2-4c5e-b1f3-6a7d2e9c8b05',
        slug: 'quiet_owls',
        name: 'Quiet Owls',
        image: '',
        floorPrice: 250_000_000n,
        listedCount: 31,
        supply: 777,
        volume24h: 0n,
      },
    ]);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.url.origin).toBe(TENSOR_API_BASE_URL);
    expect(call.url.searchParams.get('sortBy')).toBe('statsV2.volume24h:desc');
    expect(new Headers(call.init?.headers).get('x-tensor-api-key')).toBe('tensor-key');
  });

  it('collection combines the collection and its listings; an unknown one is null', async () => {
    const { market: m, calls } = market();
    const collection = await m.collection('pixel_pals');
    expect(collection).toMatchObject({
      collId: COLL_ID,
      slug: 'pixel_pals',
      description: '5,000 tiny friends living on Solana.',
      floorPrice: 5_800_000_000n,
    });
    expect(collection?.listings).toEqual([
      {
        mint: PNFT,
        price: 5_800_000_000n,
        seller: PNFT_SELLER,
        tokenStandard: 'ProgrammableNonFungible',
        tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        royaltyBps: 500,
        name: 'Pixel Pal #1042',
        image: 'https://arweave.net/pixel-pal-1042.png',
        attributes: [
          { trait_type: 'Background', value: 'Teal' },
          { trait_type: 'Hat', value: 'Cap' },
          { trait_type: 'Level', value: '3' },
        ],
      },
      expect.objectContaining({
        mint: NFT,
        price: 6_100_000_000n,
        tokenStandard: 'NonFungible',
        royaltyBps: 500,
      }),
    ]);
    expect(calls[0]!.url.searchParams.get('filter')).toBe('pixel_pals');
    // Listings are read by Tensor's collId, whichever id the client used.
    expect(calls[1]!.url.searchParams.get('collId')).toBe(COLL_ID);
    expect(calls[1]!.url.searchParams.get('sortBy')).toBe('ListingPriceAsc');

    const missing = market({
      '/api/v1/collections/find_collection': { status: 404, body: '{"message":"nope"}' },
    });
    expect(await missing.market.collection('nope')).toBeNull();
    expect(await missing.market.traits('nope')).toBeNull();
  });

  it('traits counts values over the listed NFTs only', async () => {
    const { market: m } = market();
    expect(await m.traits(COLL_ID)).toEqual({
      Background: { Teal: 2 },
      Hat: { Cap: 1, Crown: 1 },
      Level: { '3': 1 },
    });
  });

  it('listing answers the mint when it belongs to the collection and is listed', async () => {
    const { market: m, calls } = market();
    expect(await m.listing(COLL_ID, PNFT)).toMatchObject({
      mint: PNFT,
      price: 5_800_000_000n,
      royaltyBps: 500,
    });
    expect(await m.listing('pixel_pals', PNFT)).toMatchObject({ mint: PNFT });
    expect(await m.listing('other', PNFT)).toBeNull();
    expect(await m.listing(COLL_ID, NFT)).toBeNull();
    expect(calls[0]!.url.searchParams.get('mints')).toBe(PNFT);
  });

  it('buyListingTx checks the buyer price (royalty included for a pNFT), then asks Tensor with a blockhash', async () => {
    // 5.8 SOL + 1.5% fee + 5% royalty.
    const buyerPrice = 5_800_000_000n + 87_000_000n + 290_000_000n;
    const { market: m, calls } = market();
    const error = await expectHttpError(
      m.buyListingTx({ mint: PNFT, maxPrice: buyerPrice - 1n, buyer: BUYER, owner: PNFT_SELLER }),
      400,
      'Price changed',
    );
    expect(error.extra).toEqual({ buyerPrice: buyerPrice.toString() });

    const result = await m.buyListingTx({
      mint: PNFT,
      maxPrice: buyerPrice,
      buyer: BUYER,
      owner: PNFT_SELLER,
    });
    const bytes = (JSON.parse(fixture('tensor/tx-buy.json')) as { txs: [{ txV0: { data: number[] } }] })
      .txs[0].txV0.data;
    expect(result).toEqual({
      transaction: Buffer.from(bytes).toString('base64'),
      lastValidBlockHeight: 320_501_122n,
    });
    const buy = calls.find((call) => call.url.pathname === '/api/v1/tx/buy')!;
    expect(Object.fromEntries(buy.url.searchParams)).toEqual({
      buyer: BUYER,
      mint: PNFT,
      owner: PNFT_SELLER,
      maxPrice: '5800000000',
      blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N',
    });
  });

  it('buyListingTx refuses another seller and an unknown mint', async () => {
    const { market: m } = market();
    await expectHttpError(
      m.buyListingTx({ mint: PNFT, maxPrice: 10n ** 12n, buyer: BUYER, owner: OWNER }),
      400,
      'Listing is no longer available',
    );
    const none = market({ '/api/v1/mint': { status: 200, body: '[]' } });
    await expectHttpError(
      none.market.buyListingTx({ mint: PNFT, maxPrice: 10n ** 12n, buyer: BUYER, owner: PNFT_SELLER }),
      400,
      'Listing not found',
    );
  });

  it('search maps the collections Tensor finds', async () => {
    const { market: m, calls } = market();
    expect(await m.search('pixel')).toEqual([
      expect.objectContaining({ collId: COLL_ID, slug: 'pixel_pals' }),
    ]);
    expect(calls[0]!.url.searchParams.get('query')).toBe('pixel');
  });

  it('turns upstream failures into 502 NFT marketplace unavailable', async () => {
    const cases: Answer[] = [
      { status: 500, body: '{"error":"internal: db timeout at 10.0.0.3"}' },
      { status: 429, body: 'slow down' },
      { status: 200, body: '<html>oops</html>' },
      { status: 200, body: '{"collections":[{"name":"no id"}]}' },
      { status: 200, body: '{"collections":[{"collId":"x","statsV2":{"buyNowPrice":"-5"}}]}' },
      'throw',
    ];
    for (const answer of cases) {
      const { market: m } = market({ '/api/v1/collections': answer });
      const error = await expectHttpError(m.trending(), 502, 'NFT marketplace unavailable');
      expect(JSON.stringify(error.extra)).toBe('{}');
    }
    const badTx = market({ '/api/v1/tx/buy': { status: 200, body: '{"txs":[]}' } });
    await expectHttpError(
      badTx.market.buyListingTx({ mint: PNFT, maxPrice: 10n ** 12n, buyer: BUYER, owner: PNFT_SELLER }),
      502,
      'NFT marketplace unavailable',
    );
  });
});

describe('Helius', () => {
  it('inventory maps DAS assets, leaving out fungible and burnt ones', async () => {
    const { market: m, calls } = market();
    expect(await m.inventory(OWNER)).toEqual([
      {
        id: PNFT,
        content: {
          links: { image: 'https://arweave.net/pixel-pal-1042.png' },
          metadata: { name: 'Pixel Pal #1042', symbol: 'PXP' },
        },
        collection: 'ee8aytd9Pz4xE4B4Mh1ZXb52FbgfuRmQcB1FkgL8pM1',
      },
      {
        id: '6HRLeAHUqTDmg4ByLh6HQrRLRP7jCgyw8iJBPDd9ft8u',
        content: { links: { image: 'https://example.org/core/1.png' }, metadata: { name: 'Core Thing #1' } },
        collection: null,
      },
      {
        id: '3yVcQTU78Q7qRKPssxhmqBdmKodiZW8RP27jZjqx8vSb',
        content: {
          links: { image: 'https://arweave.net/pixel-pal-5.png' },
          metadata: { name: 'Pixel Pal #5', symbol: 'PXP' },
        },
        collection: 'ee8aytd9Pz4xE4B4Mh1ZXb52FbgfuRmQcB1FkgL8pM1',
      },
    ]);
    const call = calls[0]!;
    expect(call.url.origin).toBe(HELIUS_RPC_BASE_URL);
    expect(call.url.searchParams.get('api-key')).toBe('helius-key');
    expect(call.init?.method).toBe('POST');
    expect(JSON.parse(call.init?.body as string)).toMatchObject({
      jsonrpc: '2.0',
      method: 'getAssetsByOwner',
      params: { ownerAddress: OWNER, page: 1, limit: 1000 },
    });
  });

  it('turns a JSON-RPC error, a 500 or a malformed body into 502 NFT inventory unavailable', async () => {
    for (const answer of [
      { status: 200, body: fixture('helius/error.json') },
      { status: 500, body: 'upstream exploded' },
      { status: 200, body: '{"result":{"items":"nope"}}' },
      'throw' as const,
    ]) {
      const { market: m } = market({ getAssetsByOwner: answer });
      await expectHttpError(m.inventory(OWNER), 502, 'NFT inventory unavailable');
    }
  });
});

describe('through the routes', () => {
  let t: TestServer;
  let answers: Record<string, Answer> = {};

  beforeAll(async () => {
    const fetch: FetchLike = (url, init) => fakeFetch(answers).fetch(url, init);
    t = await startTestServer({
      ports: { nftMarket: createMainnetNftMarket({ tensorApiKey: 'k', heliusApiKey: 'k', fetch }) },
    });
  }, 120_000);
  afterAll(() => t.close());

  it('serves listings with buyer price, fee and royalty as decimal strings', async () => {
    answers = {};
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/nfts/getListingV2?collId=${COLL_ID}&mint=${PNFT}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      listing: {
        mint: PNFT,
        price: '5800000000',
        tokenStandard: 'ProgrammableNonFungible',
        royaltyBps: 500,
        buyerPrice: '6177000000',
        marketplaceFee: '87000000',
        royalty: '290000000',
      },
    });
    const buy = await t.app.inject({
      method: 'GET',
      url: `/api/nfts/buyListingTx?mint=${PNFT}&maxPrice=6177000000&buyer=${BUYER}&owner=${PNFT_SELLER}`,
    });
    expect(buy.statusCode).toBe(200);
    expect(buy.json()).toMatchObject({ success: true, lastValidBlockHeight: '320501122' });
  });

  it('answers 502 without internals when Tensor fails, and 404 for co-signing', async () => {
    answers = { '/api/v1/collections': { status: 500, body: '{"error":"db timeout at 10.0.0.3"}' } };
    const response = await t.app.inject({ method: 'GET', url: '/api/nfts/trendingV2' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      success: false,
      error: 'NFT marketplace unavailable',
      code: ApiErrorCode.MARKETPLACE_UNAVAILABLE,
    });
    answers = {};
    const cosign = await t.app.inject({
      method: 'POST',
      url: '/api/nfts/cosignBuy',
      payload: { transaction: 'AAAA' },
    });
    expect(cosign.statusCode).toBe(404);
    expect(cosign.json()).toEqual({
      success: false,
      error: 'Co-signing is only needed on the local marketplace',
      code: ApiErrorCode.COSIGN_NOT_NEEDED,
    });
  });
});
