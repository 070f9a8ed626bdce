/**
 * Boot's tokens: the Juice, USDC and USDT mints and the local marketplace's NFT collection, minted through
 * real transactions, with their art, metadata and manifest on disk, and nothing minted again on a re-boot.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { getAddressDecoder, getAddressEncoder, isSome, none, some, type Address } from '@solana/kit';
import {
  findAssociatedTokenPda,
  getMintDecoder,
  getTokenDecoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUICE_DECIMALS } from '@arcade/sdk/constants';

import { LocalChain } from '../chain/local-chain.ts';
import { bootLocalnet, type BootedLocalnet } from './boot.ts';
import { COLLECTION_NAME, COLLECTION_SLUG } from './nft-art.ts';
import { NFT_COLLECTION_SIZE, type CollectionManifest } from './tokens.ts';

const bytes = (address: Address): Uint8Array => Uint8Array.from(getAddressEncoder().encode(address));
const decodeAddress = (data: Uint8Array): Address => getAddressDecoder().decode(data);

let dataDir: string;
let chain: LocalChain;
let booted: BootedLocalnet;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'localnet-tokens-'));
  chain = new LocalChain();
  booted = await bootLocalnet({ chain, dataDir, foresightTimelock: 120 });
});

afterAll(() => {
  booted.stop();
  chain.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const readMint = (address: Address) => {
  const account = chain.getAccount(bytes(address))!;
  expect(decodeAddress(account.owner)).toBe(TOKEN_PROGRAM_ADDRESS);
  return getMintDecoder().decode(account.data);
};

describe('mints', () => {
  it('Juice (juice authority), USDC and USDT (token authority), 6 decimals, created on first boot', () => {
    const mints = booted.mints!;
    expect(mints.created).toEqual(['juice', 'usdc', 'usdt']);
    expect(readMint(mints.juice)).toMatchObject({
      decimals: JUICE_DECIMALS,
      supply: 0n,
      isInitialized: true,
      mintAuthority: some(booted.addresses.juiceAuthority),
      freezeAuthority: none(),
    });
    for (const mint of [mints.usdc, mints.usdt]) {
      expect(readMint(mint)).toMatchObject({
        decimals: 6,
        isInitialized: true,
        mintAuthority: some(booted.addresses.tokenAuthority),
      });
    }
    expect(new Set([mints.juice, mints.usdc, mints.usdt]).size).toBe(3);
  });
});

describe('NFT collection', () => {
  it(`${NFT_COLLECTION_SIZE} NFTs: supply 1, decimals 0, no mint authority, held by the marketplace's ATA`, async () => {
    const { manifest, minted } = booted.nfts!;
    expect(NFT_COLLECTION_SIZE).toBeGreaterThanOrEqual(24);
    expect(minted).toHaveLength(NFT_COLLECTION_SIZE);
    expect(manifest.items).toHaveLength(NFT_COLLECTION_SIZE);
    expect(manifest.owner).toBe(booted.addresses.marketplace);
    for (const item of manifest.items) {
      const mint = readMint(item.mint);
      expect(mint).toMatchObject({ supply: 1n, decimals: 0, isInitialized: true });
      expect(isSome(mint.mintAuthority)).toBe(false);
      const [ata] = await findAssociatedTokenPda({
        owner: booted.addresses.marketplace,
        mint: item.mint,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      });
      const token = getTokenDecoder().decode(chain.getAccount(bytes(ata))!.data);
      expect(token).toMatchObject({ mint: item.mint, owner: booted.addresses.marketplace, amount: 1n });
    }
  });

  it('writes a 600×600 SVG and metadata per NFT and the manifest, with prices from 0.5 to 20 SOL', () => {
    const nftDir = join(dataDir, 'nfts');
    const manifest = JSON.parse(readFileSync(join(nftDir, 'collection.json'), 'utf8')) as CollectionManifest;
    expect(manifest).toMatchObject({ name: COLLECTION_NAME, slug: COLLECTION_SLUG });
    expect(manifest.items.map((item) => item.mint)).toEqual(booted.nfts!.manifest.items.map((i) => i.mint));
    const prices = manifest.items.map((item) => BigInt(item.priceLamports));
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(500_000_000n);
      expect(price).toBeLessThanOrEqual(20_000_000_000n);
    }
    expect(new Set(prices).size).toBeGreaterThan(5);
    const svgs = new Set<string>();
    for (const item of manifest.items) {
      const svg = readFileSync(join(nftDir, `${item.mint}.svg`), 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 600 600"/);
      svgs.add(svg);
      const metadata = JSON.parse(readFileSync(join(nftDir, `${item.mint}.json`), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(metadata).toMatchObject({
        name: item.name,
        image: `${item.mint}.svg`,
        attributes: item.attributes,
      });
      expect(item.attributes.map((a) => a.trait_type)).toEqual(['Background', 'Body', 'Eyes', 'Rarity']);
    }
    expect(svgs.size).toBe(NFT_COLLECTION_SIZE);
  });

  it('a second boot on the same data dir mints nothing and keeps every address', async () => {
    const before = chain.transactionCount;
    rmSync(join(dataDir, 'nfts', `${booted.nfts!.manifest.items[0]!.mint}.svg`));
    const again = await bootLocalnet({ chain, dataDir });
    again.stop();
    expect(chain.transactionCount).toBe(before);
    expect(again.mints).toEqual({ ...booted.mints, created: [] });
    expect(again.nfts!.minted).toEqual([]);
    expect(again.nfts!.manifest).toEqual(booted.nfts!.manifest);
    expect(existsSync(join(dataDir, 'nfts', `${booted.nfts!.manifest.items[0]!.mint}.svg`))).toBe(true);
  });
});
