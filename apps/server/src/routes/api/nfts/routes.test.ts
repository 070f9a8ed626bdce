/**
 * The /api/nfts routes over the local marketplace on the real local chain: the token list, trending,
 * collections, traits, listings, search, inventories, the art files, buying end to end (the buyer signs
 * the partly signed transaction and sends it) and co-signing a buyer-composed transaction, including
 * attempts to take the NFT without paying. Buys load the listing's accounts through the marketplace's
 * address lookup table, which co-signing reads from the chain (a table that says otherwise is refused).
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { readFileSync } from 'node:fs';

import type { CollectionManifest } from '@arcade/localnet/nft-collection';
import { SOL_DECIMALS } from '@arcade/sdk/constants';
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  fetchAddressesForLookupTables,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  lamports,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type AddressesByLookupTableAddress,
  type Instruction,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, openTestDatabase, startTestChain, type TestApp } from '../../../../test/harness.ts';
import { compiledOf, ownTable } from '../../../../test/lookup-tables.ts';
import { createLocalNftMarket, type LocalNftMarket } from '../../../adapters/nft/local-marketplace.ts';
import type { ChainContext } from '../../../chain/chain-context.ts';

let t: TestApp;
let chain: ChainContext;
let market: LocalNftMarket;
let manifest: CollectionManifest;
let marketplace: KeyPairSigner;
/** The adapter's clock: moved past its listing cache after each purchase. */
let marketNow = Date.now();
let teardown: () => Promise<void>;

beforeAll(async () => {
  const [database, localChain] = await Promise.all([openTestDatabase(), startTestChain()]);
  chain = localChain.context;
  const local = chain.local!;
  marketplace = local.marketplace;
  manifest = JSON.parse(readFileSync(local.nftManifestPath, 'utf8')) as CollectionManifest;
  market = createLocalNftMarket({
    rpc: chain.rpc,
    marketplace,
    nftManifestPath: local.nftManifestPath,
    now: () => marketNow,
  });
  t = await createTestApp({ db: database.db, chain: localChain, ports: { nftMarket: market } });
  teardown = async () => {
    await t.close();
    await localChain.stop();
    await database.close();
  };
}, 120_000);
afterAll(() => teardown());

const SLUG = 'juice-critters';

interface ListingBody {
  mint: string;
  price: string;
  seller: string;
  tokenStandard: string;
  tokenProgram: string;
  royaltyBps: number;
  name: string;
  image: string;
  attributes: { trait_type: string; value: string }[];
  buyerPrice: string;
  marketplaceFee: string;
  royalty: string;
}

interface SummaryBody {
  collId: string;
  slug: string;
  name: string;
  image: string;
  floorPrice: string;
  listedCount: number;
  supply: number;
  volume24h: string;
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

function expectError(
  response: { statusCode: number; json: () => unknown },
  status: number,
  error: string,
): void {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ success: false, error });
}

/** The listing's buyer price: price + ceil(1.5%). */
const buyerPriceOf = (price: bigint): bigint => price + (price * 150n + 9_999n) / 10_000n;

async function lamportsOf(address: Address): Promise<bigint> {
  return (await chain.rpc.getBalance(address, { commitment: 'confirmed' }).send()).value;
}

async function nftBalance(owner: Address, mint: Address): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const { value } = await chain.rpc
    .getTokenAccountBalance(ata, { commitment: 'confirmed' })
    .send()
    .catch(() => ({
      value: { amount: '0' },
    }));
  return BigInt(value.amount);
}

async function fundedWallet(sol = 40n): Promise<KeyPairSigner> {
  const wallet = await generateKeyPairSigner();
  await chain.rpc.requestAirdrop(wallet.address, lamports(sol * 1_000_000_000n)).send();
  return wallet;
}

const decode = (base64: string): Transaction =>
  getTransactionDecoder().decode(getBase64Encoder().encode(base64));

async function send(transaction: Transaction): Promise<void> {
  await chain.rpc
    .sendTransaction(getBase64EncodedWireTransaction(transaction), {
      encoding: 'base64',
      preflightCommitment: 'confirmed',
    })
    .send();
  const signature = getSignatureFromTransaction(transaction);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { value } = await chain.rpc.getSignatureStatuses([signature]).send();
    const status = value[0];
    if (status?.err) throw new Error(`transaction failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('not confirmed');
}

/**
 * Base64 wire bytes of `instructions` paid by `feePayer`, unsigned: what a client sends to cosignBuy.
 * With `lookupTables`, accounts they hold are loaded through them (indexes as those lists give them).
 */
async function unsignedWire(
  feePayer: Address,
  instructions: readonly Instruction[],
  lookupTables: AddressesByLookupTableAddress = {},
): Promise<string> {
  const { value: blockhash } = await chain.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
  const transaction = compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(createNoopSigner(feePayer), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
      (m) => compressTransactionMessageUsingAddressLookupTables(m, lookupTables),
    ),
  );
  return getBase64EncodedWireTransaction(transaction);
}

/** Manifest items, cheapest first. */
const byPrice = () =>
  [...manifest.items].sort((a, b) => (BigInt(a.priceLamports) < BigInt(b.priceLamports) ? -1 : 1));

describe('GET /api/nfts/tokens', () => {
  it('lists SOL (the native mint), USDC and USDT with their mints, decimals and images', async () => {
    const response = await get('/api/nfts/tokens');
    expect(response.statusCode).toBe(200);
    const { success, tokens } = response.json<{
      success: boolean;
      tokens: { id: string; name: string; symbol: string; image: string; decimals: number }[];
    }>();
    expect(success).toBe(true);
    expect(tokens.map((token) => [token.symbol, token.id, token.decimals])).toEqual([
      ['SOL', 'So11111111111111111111111111111111111111112', SOL_DECIMALS],
      ['USDC', chain.addresses.usdcMint, 6],
      ['USDT', chain.addresses.usdtMint, 6],
    ]);
    for (const token of tokens) {
      expect(token.name).not.toBe('');
      expect(token.image).toMatch(/^data:image\/svg\+xml,/);
    }
  });
});

describe('collections', () => {
  it('trendingV2 summarises the local collection: floor = cheapest live listing, 24 listed of 24', async () => {
    const response = await get('/api/nfts/trendingV2');
    expect(response.statusCode).toBe(200);
    const { collections } = response.json<{ collections: SummaryBody[] }>();
    expect(collections).toHaveLength(1);
    expect(collections[0]).toEqual({
      collId: SLUG,
      slug: SLUG,
      name: 'Juice Critters',
      image: `/api/nfts/assets/${manifest.items[0]!.mint}.svg`,
      floorPrice: byPrice()[0]!.priceLamports,
      listedCount: 24,
      supply: 24,
      volume24h: '0',
    });
  });

  it('collectionV2 lists every live listing cheapest first, with buyer price, fee and royalty', async () => {
    const response = await get(`/api/nfts/collectionV2?collId=${SLUG}`);
    expect(response.statusCode).toBe(200);
    const { collection } = response.json<{
      collection: SummaryBody & { description: string; listings: ListingBody[] };
    }>();
    expect(collection.description).toContain('Juice Critters');
    expect(collection.listings.map((listing) => listing.mint)).toEqual(byPrice().map((item) => item.mint));
    for (const listing of collection.listings) {
      const item = manifest.items.find((entry) => entry.mint === listing.mint)!;
      const price = BigInt(item.priceLamports);
      expect(listing).toEqual({
        mint: item.mint,
        price: item.priceLamports,
        seller: marketplace.address,
        tokenStandard: 'NonFungible',
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
        royaltyBps: 0,
        name: item.name,
        image: `/api/nfts/assets/${item.mint}.svg`,
        attributes: item.attributes,
        buyerPrice: buyerPriceOf(price).toString(),
        marketplaceFee: (buyerPriceOf(price) - price).toString(),
        royalty: '0',
      });
    }
  });

  it('collectionV2 and collectionTraits answer 404 for an unknown collection and 400 without collId', async () => {
    expectError(await get('/api/nfts/collectionV2?collId=nope'), 404, 'Collection not found');
    expectError(await get('/api/nfts/collectionTraits?collId=nope'), 404, 'Collection not found');
    expectError(await get('/api/nfts/collectionV2'), 400, 'Invalid collId');
    expectError(await get('/api/nfts/collectionTraits?collId='), 400, 'Invalid collId');
    expectError(await get(`/api/nfts/collectionV2?collId=${'x'.repeat(129)}`), 400, 'Invalid collId');
  });

  it('collectionTraits counts each trait value over the live listings', async () => {
    const response = await get(`/api/nfts/collectionTraits?collId=${SLUG}`);
    expect(response.statusCode).toBe(200);
    const { traits } = response.json<{ traits: Record<string, Record<string, number>> }>();
    const expected: Record<string, Record<string, number>> = {};
    for (const item of manifest.items) {
      for (const { trait_type: type, value } of item.attributes) {
        expected[type] = { ...expected[type], [value]: (expected[type]?.[value] ?? 0) + 1 };
      }
    }
    expect(traits).toEqual(expected);
    expect(Object.keys(traits).sort()).toEqual(['Background', 'Body', 'Eyes', 'Rarity']);
  });

  it('getListingV2 answers one listing, 404 for a mint outside the collection, 400 for a bad mint', async () => {
    const item = manifest.items[3]!;
    const response = await get(`/api/nfts/getListingV2?collId=${SLUG}&mint=${item.mint}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ listing: ListingBody }>().listing).toMatchObject({
      mint: item.mint,
      price: item.priceLamports,
      buyerPrice: buyerPriceOf(BigInt(item.priceLamports)).toString(),
    });
    const stranger = (await generateKeyPairSigner()).address;
    expectError(
      await get(`/api/nfts/getListingV2?collId=${SLUG}&mint=${stranger}`),
      404,
      'Listing not found',
    );
    expectError(await get(`/api/nfts/getListingV2?collId=other&mint=${item.mint}`), 404, 'Listing not found');
    expectError(await get(`/api/nfts/getListingV2?collId=${SLUG}&mint=not-a-mint`), 400, 'Invalid address');
    expectError(await get(`/api/nfts/getListingV2?collId=${SLUG}`), 400, 'Invalid address');
  });

  it('search matches the collection name, slug and NFT names, ignoring case', async () => {
    for (const query of ['juice', 'CRITTERS', 'juice-crit', 'critter #7']) {
      const response = await get(`/api/nfts/search?query=${encodeURIComponent(query)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ collections: SummaryBody[] }>().collections.map((c) => c.collId)).toEqual([
        SLUG,
      ]);
    }
    const none = await get('/api/nfts/search?query=dragons');
    expect(none.json()).toEqual({ success: true, collections: [] });
    expectError(await get('/api/nfts/search?query='), 400, 'query must be 1 to 64 characters');
    expectError(await get('/api/nfts/search?query=%20%20'), 400, 'query must be 1 to 64 characters');
    expectError(
      await get(`/api/nfts/search?query=${'a'.repeat(65)}`),
      400,
      'query must be 1 to 64 characters',
    );
    expectError(await get('/api/nfts/search'), 400, 'query must be 1 to 64 characters');
  });

  it('inventoryV2 is empty for a new wallet and refuses a bad address', async () => {
    const wallet = await generateKeyPairSigner();
    const response = await get(`/api/nfts/inventoryV2?address=${wallet.address}`);
    expect(response.json()).toEqual({ success: true, inventory: [] });
    expectError(await get('/api/nfts/inventoryV2?address=nope'), 400, 'Invalid address');
    expectError(await get('/api/nfts/inventoryV2'), 400, 'Invalid address');
  });
});

describe('GET /api/nfts/assets/{file}', () => {
  it('serves the art and metadata of manifest mints with long cache headers', async () => {
    const item = manifest.items[0]!;
    const svg = await get(`/api/nfts/assets/${item.mint}.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(svg.body).toContain('<svg');
    const json = await get(`/api/nfts/assets/${item.mint}.json`);
    expect(json.statusCode).toBe(200);
    expect(json.json<{ name: string }>().name).toBe(item.name);
  });

  it('refuses every other name: the manifest, other extensions, traversal', async () => {
    const mint = manifest.items[0]!.mint;
    for (const file of [
      'collection.json',
      `${mint}.png`,
      `${mint}.svg.bak`,
      '..%2F..%2Fkeys%2Fmarketplace.json',
      `..%2F${mint}.svg`,
      '%2e%2e%2fchain-state.bin',
      `${mint}.SVG`,
    ]) {
      expectError(await get(`/api/nfts/assets/${file}`), 404, 'Asset not found');
    }
    expect((await get('/api/nfts/assets/../../keys/marketplace.json')).statusCode).toBe(404);
  });
});

describe('buying', () => {
  it('refuses a malformed request before touching the chain', async () => {
    const buyer = (await generateKeyPairSigner()).address;
    const mint = manifest.items[0]!.mint;
    const base = `mint=${mint}&buyer=${buyer}&owner=${marketplace.address}`;
    expectError(await get(`/api/nfts/buyListingTx?${base}&maxPrice=-1`), 400, 'Invalid amount');
    expectError(await get(`/api/nfts/buyListingTx?${base}&maxPrice=1.5`), 400, 'Invalid amount');
    expectError(
      await get(`/api/nfts/buyListingTx?${base}&maxPrice=99999999999999999999999`),
      400,
      'Invalid amount',
    );
    expectError(await get(`/api/nfts/buyListingTx?${base}`), 400, 'Invalid amount');
    expectError(
      await get(`/api/nfts/buyListingTx?mint=x&buyer=${buyer}&owner=${marketplace.address}&maxPrice=1`),
      400,
      'Invalid address',
    );
  });

  it('answers 400 Listing not found for a mint outside the collection or another seller', async () => {
    const buyer = (await generateKeyPairSigner()).address;
    const stranger = (await generateKeyPairSigner()).address;
    const mint = manifest.items[0]!.mint;
    expectError(
      await get(
        `/api/nfts/buyListingTx?mint=${stranger}&buyer=${buyer}&owner=${marketplace.address}&maxPrice=1`,
      ),
      400,
      'Listing not found',
    );
    expectError(
      await get(`/api/nfts/buyListingTx?mint=${mint}&buyer=${buyer}&owner=${stranger}&maxPrice=999999999999`),
      400,
      'Listing not found',
    );
  });

  it('answers 400 Price changed with the current buyer price when maxPrice is below it', async () => {
    const buyer = (await generateKeyPairSigner()).address;
    const item = manifest.items[1]!;
    const buyerPrice = buyerPriceOf(BigInt(item.priceLamports));
    const response = await get(
      `/api/nfts/buyListingTx?mint=${item.mint}&buyer=${buyer}&owner=${marketplace.address}&maxPrice=${buyerPrice - 1n}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Price changed',
      code: ApiErrorCode.PRICE_CHANGED,
      buyerPrice: buyerPrice.toString(),
    });
  });

  it('sells a listing end to end: the buyer signs and sends, gets the NFT, the seller gets paid', async () => {
    const buyer = await fundedWallet();
    const item = byPrice()[0]!;
    const price = BigInt(item.priceLamports);
    const buyerPrice = buyerPriceOf(price);

    const response = await get(
      `/api/nfts/buyListingTx?mint=${item.mint}&buyer=${buyer.address}&owner=${marketplace.address}&maxPrice=${buyerPrice}`,
    );
    expect(response.statusCode).toBe(200);
    // Measured after the first buy transaction: making the marketplace's lookup table costs it rent once.
    const sellerBefore = await lamportsOf(marketplace.address);
    const body = response.json<{ success: boolean; transaction: string; lastValidBlockHeight: string }>();
    expect(body.success).toBe(true);
    expect(BigInt(body.lastValidBlockHeight)).toBeGreaterThan(0n);
    const transaction = decode(body.transaction);
    // Partly signed: the marketplace's signature is there, the buyer's slot is empty.
    expect(transaction.signatures[marketplace.address]).not.toBeNull();
    expect(transaction.signatures[buyer.address]).toBeNull();
    // The listing's mint and token account come through the marketplace's lookup table, as on mainnet.
    const table = await market.lookupTable();
    const [source] = await findAssociatedTokenPda({
      owner: marketplace.address,
      mint: item.mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const { staticAccounts, lookups } = compiledOf(body.transaction);
    expect(lookups).toEqual([
      {
        lookupTableAddress: table.address,
        writableIndexes: [table.addresses.indexOf(source)],
        readonlyIndexes: [table.addresses.indexOf(item.mint)],
      },
    ]);
    expect(staticAccounts).not.toContain(item.mint);
    expect(staticAccounts).not.toContain(source);

    await send(await partiallySignTransaction([buyer.keyPair], transaction));

    expect(await nftBalance(buyer.address, item.mint)).toBe(1n);
    // Price to the seller and fee to the marketplace: the same key locally.
    expect((await lamportsOf(marketplace.address)) - sellerBefore).toBe(buyerPrice);

    marketNow += 60_000;
    expectError(
      await get(`/api/nfts/getListingV2?collId=${SLUG}&mint=${item.mint}`),
      404,
      'Listing not found',
    );
    expectError(
      await get(
        `/api/nfts/buyListingTx?mint=${item.mint}&buyer=${buyer.address}&owner=${marketplace.address}&maxPrice=${buyerPrice}`,
      ),
      400,
      'Listing is no longer available',
    );
    const trending = (await get('/api/nfts/trendingV2')).json<{ collections: SummaryBody[] }>();
    expect(trending.collections[0]).toMatchObject({
      listedCount: 23,
      floorPrice: byPrice()[1]!.priceLamports,
    });
    const collection = (await get(`/api/nfts/collectionV2?collId=${SLUG}`)).json<{
      collection: { listings: ListingBody[] };
    }>();
    expect(collection.collection.listings.map((listing) => listing.mint)).not.toContain(item.mint);

    const inventory = await get(`/api/nfts/inventoryV2?address=${buyer.address}`);
    expect(inventory.json()).toEqual({
      success: true,
      inventory: [
        {
          id: item.mint,
          content: {
            links: { image: `/api/nfts/assets/${item.mint}.svg` },
            metadata: { name: item.name, symbol: 'CRIT' },
          },
          collection: SLUG,
        },
      ],
    });
  });
});

describe('POST /api/nfts/cosignBuy', () => {
  const cosign = (transaction: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/nfts/cosignBuy', payload: { transaction } });

  it('co-signs a buyer-composed purchase, which then lands', async () => {
    const buyer = await fundedWallet();
    const item = byPrice()[2]!;
    const { instructions, additionalSigners, buyerPrice } = await market.buyListingInstructions({
      mint: item.mint,
      maxPrice: buyerPriceOf(BigInt(item.priceLamports)),
      buyer: buyer.address,
      owner: marketplace.address,
    });
    expect(additionalSigners).toEqual([marketplace.address]);
    expect(buyerPrice).toBe(buyerPriceOf(BigInt(item.priceLamports)));
    const sellerBefore = await lamportsOf(marketplace.address);

    const response = await cosign(await unsignedWire(buyer.address, instructions));
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; transaction: string; mint: string }>();
    expect(body).toMatchObject({ success: true, mint: item.mint });
    await send(await partiallySignTransaction([buyer.keyPair], decode(body.transaction)));

    expect(await nftBalance(buyer.address, item.mint)).toBe(1n);
    expect((await lamportsOf(marketplace.address)) - sellerBefore).toBe(buyerPrice);
  });

  it('refuses a transaction that takes the NFT without paying', async () => {
    const thief = await fundedWallet();
    const item = byPrice()[3]!;
    const [source] = await findAssociatedTokenPda({
      owner: marketplace.address,
      mint: item.mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const [destination] = await findAssociatedTokenPda({
      owner: thief.address,
      mint: item.mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const { instructions } = await market.buyListingInstructions({
      mint: item.mint,
      maxPrice: buyerPriceOf(BigInt(item.priceLamports)),
      buyer: thief.address,
      owner: marketplace.address,
    });
    // Only the ATA creation and the NFT transfer: no SOL to the seller.
    const noPayment = instructions.slice(-2);
    const response = await cosign(await unsignedWire(thief.address, noPayment));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'The transaction does not pay the listing’s price',
      code: ApiErrorCode.MARKETPLACE_UNDERPAID,
      buyerPrice: buyerPriceOf(BigInt(item.priceLamports)).toString(),
    });

    // Paying one lamport short.
    const short = [
      getTransferSolInstruction({
        source: createNoopSigner(thief.address),
        destination: marketplace.address,
        amount: buyerPriceOf(BigInt(item.priceLamports)) - 1n,
      }),
      ...noPayment,
    ];
    expectError(
      await cosign(await unsignedWire(thief.address, short)),
      400,
      'The transaction does not pay the listing’s price',
    );

    // Paying, but also asking the marketplace to send SOL back.
    const refund = [
      ...instructions,
      getTransferSolInstruction({
        source: createNoopSigner(marketplace.address),
        destination: thief.address,
        amount: buyerPriceOf(BigInt(item.priceLamports)),
      }),
    ];
    expectError(
      await cosign(await unsignedWire(thief.address, refund)),
      400,
      'The transaction asks the marketplace to sign something other than a sale',
    );

    // Paying for one NFT and taking two.
    const other = byPrice()[4]!;
    const [otherSource] = await findAssociatedTokenPda({
      owner: marketplace.address,
      mint: other.mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const [otherDestination] = await findAssociatedTokenPda({
      owner: thief.address,
      mint: other.mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const two = [
      ...instructions,
      getTransferCheckedInstruction({
        source: otherSource,
        mint: other.mint,
        destination: otherDestination,
        authority: createNoopSigner(marketplace.address),
        amount: 1n,
        decimals: 0,
      }),
    ];
    expectError(
      await cosign(await unsignedWire(thief.address, two)),
      400,
      'The transaction must buy exactly one listing',
    );

    // The marketplace as fee payer.
    const feePayer = [
      getTransferCheckedInstruction({
        source,
        mint: item.mint,
        destination,
        authority: createNoopSigner(marketplace.address),
        amount: 1n,
        decimals: 0,
      }),
    ];
    expectError(
      await cosign(await unsignedWire(marketplace.address, feePayer)),
      400,
      'The marketplace does not pay for transactions',
    );

    // A transaction that does not involve the marketplace at all.
    const unrelated = [
      getTransferSolInstruction({ source: createNoopSigner(thief.address), destination: source, amount: 1n }),
    ];
    expectError(
      await cosign(await unsignedWire(thief.address, unrelated)),
      400,
      'The transaction does not need the marketplace’s signature',
    );

    marketNow += 60_000;
    expect(await nftBalance(thief.address, item.mint)).toBe(0n);
    expect((await get(`/api/nfts/getListingV2?collId=${SLUG}&mint=${item.mint}`)).statusCode).toBe(200);
  });

  it('co-signs a purchase compiled with the marketplace’s lookup table as the chain holds it', async () => {
    const buyer = await fundedWallet();
    const item = byPrice()[5]!;
    const { instructions, addressesByLookupTableAddress, buyerPrice } = await market.buyListingInstructions({
      mint: item.mint,
      maxPrice: buyerPriceOf(BigInt(item.priceLamports)),
      buyer: buyer.address,
      owner: marketplace.address,
    });
    const table = await market.lookupTable();
    expect(Object.keys(addressesByLookupTableAddress)).toEqual([table.address]);
    // The chain keeps it: a marketplace started again on the same chain (a restart) finds it by its authority.
    const restarted = createLocalNftMarket({
      rpc: chain.rpc,
      marketplace,
      nftManifestPath: chain.local!.nftManifestPath,
    });
    expect((await restarted.lookupTable()).address).toBe(table.address);
    // What a client does: read the tables with kit (jsonParsed) and compile with them.
    const tables = await fetchAddressesForLookupTables([table.address], chain.rpc);
    expect(tables).toEqual({ [table.address]: table.addresses });
    const wire = await unsignedWire(buyer.address, instructions, tables);
    expect(compiledOf(wire).lookups.map((lookup) => lookup.lookupTableAddress)).toEqual([table.address]);
    const sellerBefore = await lamportsOf(marketplace.address);

    const response = await cosign(wire);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; transaction: string; mint: string }>();
    expect(body).toMatchObject({ success: true, mint: item.mint });
    await send(await partiallySignTransaction([buyer.keyPair], decode(body.transaction)));

    expect(await nftBalance(buyer.address, item.mint)).toBe(1n);
    expect((await lamportsOf(marketplace.address)) - sellerBefore).toBe(buyerPrice);
    marketNow += 60_000;
  });

  it('refuses a purchase whose lookup table holds other accounts than the client compiled with', async () => {
    const thief = await fundedWallet();
    const cheap = byPrice()[6]!;
    const dear = byPrice().at(-1)!;
    expect(BigInt(dear.priceLamports)).toBeGreaterThan(BigInt(cheap.priceLamports));
    const ataOf = async (mint: Address) =>
      (
        await findAssociatedTokenPda({
          owner: marketplace.address,
          mint,
          tokenProgram: TOKEN_PROGRAM_ADDRESS,
        })
      )[0];
    // The thief's own table holds the dear listing's mint and token account; it pays for the cheap one and
    // compiles as if the table held the cheap one's.
    const table = await ownTable(chain.rpc, (wire) => send(decode(wire)), thief, [
      dear.mint,
      await ataOf(dear.mint),
    ]);
    const { instructions } = await market.buyListingInstructions({
      mint: cheap.mint,
      maxPrice: buyerPriceOf(BigInt(cheap.priceLamports)),
      buyer: thief.address,
      owner: marketplace.address,
    });
    const claimed = { [table]: [cheap.mint, await ataOf(cheap.mint)] };
    const forged = await unsignedWire(thief.address, instructions, claimed);
    expect(compiledOf(forged).staticAccounts).not.toContain(cheap.mint);
    // Read from the chain, the transfer is the dear NFT's, for the cheap one's price.
    const response = await cosign(forged);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'The transaction does not pay the listing’s price',
      code: ApiErrorCode.MARKETPLACE_UNDERPAID,
      buyerPrice: buyerPriceOf(BigInt(dear.priceLamports)).toString(),
    });

    // A "table" that is not one (the thief's wallet), and indexes past the end of the marketplace's table.
    const marketplaceTable = await market.lookupTable();
    const notATable = { [thief.address]: [cheap.mint, await ataOf(cheap.mint)] };
    const stranger = (await generateKeyPairSigner()).address;
    const pastTheEnd = {
      [marketplaceTable.address]: [...marketplaceTable.addresses.map(() => stranger), cheap.mint],
    };
    for (const lookupTables of [notATable, pastTheEnd]) {
      const wire = await unsignedWire(thief.address, instructions, lookupTables);
      expect(compiledOf(wire).lookups).toHaveLength(1);
      expectError(await cosign(wire), 400, 'Invalid transaction');
    }

    // The honest purchase of the cheap listing still goes through.
    const honest = await cosign(await unsignedWire(thief.address, instructions));
    expect(honest.statusCode).toBe(200);
  });

  it('refuses malformed bodies with 400', async () => {
    expectError(await cosign('not base64 at all!'), 400, 'Invalid transaction');
    expectError(await cosign(Buffer.from('short').toString('base64')), 400, 'Invalid transaction');
    expectError(await cosign(''), 400, 'Invalid transaction');
    expectError(await cosign(12), 400, 'Invalid transaction');
    expectError(await cosign('A'.repeat(5000)), 400, 'Invalid transaction');
    const noBody = await t.app.inject({ method: 'POST', url: '/api/nfts/cosignBuy' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toMatchObject({ success: false });
  });
});
