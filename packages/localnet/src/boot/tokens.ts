/**
 * The local chain's SPL tokens, through real signed transactions, idempotently: the Juice, USDC and USDT
 * mints, and the local marketplace's NFT collection (docs/localnet.md, Boot).
 *
 * Mint keypairs live under `<dataDir>/keys/mints/` (`juice.json`, `usdc.json`, `usdt.json`) and
 * `<dataDir>/keys/nfts/<index>.json`, so every mint keeps its address across restarts.
 *
 * @module
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { getAddressEncoder, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  AuthorityType,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  getSetAuthorityInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { JUICE_DECIMALS, STABLECOIN_DECIMALS } from '@arcade/sdk/constants';

import type { LocalChain } from '../chain/local-chain.ts';
import { loadOrCreateKeypair } from './keys.ts';
import type { LocalnetKeys } from './keys.ts';
import { COLLECTION_NAME, COLLECTION_SLUG, COLLECTION_SYMBOL, critter, critterMetadata } from './nft-art.ts';
import { ensureOperatingBalance } from './seed.ts';
import { sendInstructions } from './send-instructions.ts';

/** How many NFTs the local marketplace's collection holds. */
export const NFT_COLLECTION_SIZE = 24;

const bytesOf = (address: Address): Uint8Array => Uint8Array.from(getAddressEncoder().encode(address));

export type MintName = 'juice' | 'usdc' | 'usdt';

/** The mints' addresses, and which were created by this boot. */
export interface MintsReport {
  readonly juice: Address;
  readonly usdc: Address;
  readonly usdt: Address;
  readonly created: readonly MintName[];
}

/** One NFT of the manifest. */
export interface CollectionItem {
  readonly mint: Address;
  readonly index: number;
  readonly name: string;
  readonly attributes: readonly { readonly trait_type: string; readonly value: string }[];
  /** Listing price in lamports, as a decimal string (JSON has no u64). */
  readonly priceLamports: string;
  readonly image: string;
  readonly metadata: string;
}

/** `<dataDir>/nfts/collection.json`. */
export interface CollectionManifest {
  readonly name: string;
  readonly slug: string;
  readonly symbol: string;
  /** Holder of every NFT (through its associated token account). */
  readonly owner: Address;
  readonly items: readonly CollectionItem[];
}

export interface NftCollectionReport {
  readonly manifestPath: string;
  readonly manifest: CollectionManifest;
  /** Indexes minted by this boot. */
  readonly minted: readonly number[];
}

function createMintInstructions(
  chain: LocalChain,
  payer: KeyPairSigner,
  mint: KeyPairSigner,
  decimals: number,
  mintAuthority: Address,
): Instruction[] {
  const space = getMintSize();
  return [
    getCreateAccountInstruction({
      payer,
      newAccount: mint,
      lamports: chain.minimumBalanceForRentExemption(BigInt(space)),
      space,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: mint.address, decimals, mintAuthority }),
  ];
}

/** Where the keypair of the `name` mint lives under a data directory. */
export function mintKeyPath(dataDir: string, name: MintName): string {
  return join(dataDir, 'keys', 'mints', `${name}.json`);
}

/** Where the local marketplace's collection manifest lives under a data directory. */
export function nftManifestPath(dataDir: string): string {
  return join(dataDir, 'nfts', 'collection.json');
}

/** Creates the Juice, USDC and USDT mints when missing. */
export async function seedMints(
  chain: LocalChain,
  keys: LocalnetKeys,
  dataDir: string,
): Promise<MintsReport> {
  const dir = join(dataDir, 'keys', 'mints');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const specs = [
    { name: 'juice', decimals: JUICE_DECIMALS, authority: keys.juiceAuthority.address },
    { name: 'usdc', decimals: STABLECOIN_DECIMALS, authority: keys.tokenAuthority.address },
    { name: 'usdt', decimals: STABLECOIN_DECIMALS, authority: keys.tokenAuthority.address },
  ] as const;
  const payer = keys.tokenAuthority;
  const created: MintName[] = [];
  const addresses = {} as Record<MintName, Address>;
  for (const spec of specs) {
    const mint = await loadOrCreateKeypair(mintKeyPath(dataDir, spec.name));
    addresses[spec.name] = mint.address;
    if (chain.getAccount(bytesOf(mint.address))) continue;
    ensureOperatingBalance(chain, payer.address);
    await sendInstructions(
      chain,
      payer,
      createMintInstructions(chain, payer, mint, spec.decimals, spec.authority),
      `create the ${spec.name} mint`,
    );
    created.push(spec.name);
  }
  return { ...addresses, created };
}

/**
 * Mints the collection's NFTs that are missing (each: mint with decimals 0, the marketplace's associated
 * token account, one token, then the mint authority set to None) and writes their art, metadata and the
 * manifest under `<dataDir>/nfts/`.
 */
export async function seedNftCollection(
  chain: LocalChain,
  keys: LocalnetKeys,
  dataDir: string,
  size: number = NFT_COLLECTION_SIZE,
): Promise<NftCollectionReport> {
  const keyDir = join(dataDir, 'keys', 'nfts');
  const nftDir = join(dataDir, 'nfts');
  mkdirSync(keyDir, { recursive: true, mode: 0o700 });
  mkdirSync(nftDir, { recursive: true });
  const payer = keys.tokenAuthority;
  const owner = keys.marketplace.address;
  const minted: number[] = [];
  const items: CollectionItem[] = [];
  for (let index = 0; index < size; index += 1) {
    const mint = await loadOrCreateKeypair(join(keyDir, `${index}.json`));
    if (!chain.getAccount(bytesOf(mint.address))) {
      ensureOperatingBalance(chain, payer.address);
      const [ata] = await findAssociatedTokenPda({
        owner,
        mint: mint.address,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      });
      await sendInstructions(
        chain,
        payer,
        [
          ...createMintInstructions(chain, payer, mint, 0, payer.address),
          await getCreateAssociatedTokenIdempotentInstructionAsync({ payer, owner, mint: mint.address }),
          getMintToInstruction({ mint: mint.address, token: ata, mintAuthority: payer, amount: 1n }),
          getSetAuthorityInstruction({
            owned: mint.address,
            owner: payer,
            authorityType: AuthorityType.MintTokens,
            newAuthority: null,
          }),
        ],
        `mint NFT ${index}`,
      );
      minted.push(index);
    }
    const value = critter(index);
    const image = `${mint.address}.svg`;
    const metadata = `${mint.address}.json`;
    // The art and metadata are deterministic: rewriting them restores a deleted file and changes nothing else.
    writeFileSync(join(nftDir, image), `${value.svg}\n`);
    writeFileSync(
      join(nftDir, metadata),
      `${JSON.stringify(critterMetadata(value, mint.address), null, 2)}\n`,
    );
    items.push({
      mint: mint.address,
      index,
      name: value.name,
      attributes: value.attributes,
      priceLamports: value.priceLamports.toString(),
      image,
      metadata,
    });
  }
  const manifest: CollectionManifest = {
    name: COLLECTION_NAME,
    slug: COLLECTION_SLUG,
    symbol: COLLECTION_SYMBOL,
    owner,
    items,
  };
  const manifestPath = nftManifestPath(dataDir);
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifestPath, manifest, minted };
}
