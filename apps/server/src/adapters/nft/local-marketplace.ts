/**
 * The local marketplace: the `NftMarketPort` stand-in on the embedded chain (architecture.md, "Mainnet
 * services and their local stand-ins"). The chain's boot minted one collection of SPL NFTs (supply 1,
 * decimals 0) into the marketplace key's associated token accounts; an NFT is listed while that account
 * holds it, at the manifest's price, and selling it is an ordinary SPL transfer the marketplace signs.
 *
 * Like a mainnet marketplace's, its buy transaction loads accounts through an address lookup table: the
 * marketplace's own, holding every listing's mint and token account and the programs, created on the chain
 * once and found again by its authority after a restart.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import {
  appendTransactionMessageInstructions,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  decompileTransactionMessage,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  partiallySignTransaction,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type AddressesByLookupTableAddress,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type SolanaRpcApi,
  type Transaction,
} from '@solana/kit';
import {
  identifySystemInstruction,
  parseTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
  getTransferSolInstruction,
} from '@solana-program/system';
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTokenDecoder,
  getTransferCheckedInstruction,
  identifyTokenInstruction,
  parseTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token';

import { badGateway, badRequest, HttpError } from '../../http/errors.ts';
import type {
  BuyListingRequest,
  InventoryNft,
  NftCollectionDetail,
  NftCollectionSummary,
  NftListing,
  NftMarketPort,
  NftTraits,
} from '../../ports/ports.ts';
import {
  findOrCreateLookupTable,
  LOOKUP_TABLE_MAX_ADDRESSES,
  LookupTableError,
  lookupTableAddresses,
  type LookupTable,
} from '../lookup-tables.ts';
import { listingPriceBreakdown } from './listing-price.ts';
import {
  LOCAL_NFT_ASSET_PATH,
  loadLocalCollection,
  type LocalCollection,
  type LocalCollectionItem,
} from './local-collection.ts';

/** Options of {@link createLocalNftMarket}. */
export interface LocalNftMarketOptions {
  /** The local chain's RPC (`app.chain.rpc`). */
  readonly rpc: Rpc<SolanaRpcApi>;
  /** The seller of every listing (`app.chain.local.marketplace`). */
  readonly marketplace: KeyPairSigner;
  /** `app.chain.local.nftManifestPath`; the art and metadata files lie beside it. */
  readonly nftManifestPath: string;
  /** Prefix of the image URLs; default `/api/nfts/assets/` (give `${PUBLIC_URL}/api/nfts/assets/` for absolute URLs). */
  readonly assetBaseUrl?: string;
  /** How long one read of the listings' token accounts is reused; default 1,500 ms. */
  readonly liveCacheMs?: number;
  /** Milliseconds since the epoch; default `Date.now`. */
  readonly now?: () => number;
}

/** The buy instructions of a listing, for a transaction the caller composes (e.g. after `claim_bet`). */
export interface BuyListingInstructions {
  /**
   * SOL to the seller (listing price) and to the marketplace (fee), the buyer's associated token account
   * (idempotent) and the NFT's TransferChecked. The buyer appears as a no-op signer; the marketplace's
   * account meta carries its real signer.
   */
  readonly instructions: readonly Instruction[];
  /** Besides the buyer, the transaction needs these signatures (the marketplace's: see `cosignBuy`). */
  readonly additionalSigners: readonly Address[];
  /** The marketplace's lookup table (listings' mints and token accounts, programs), to compile them with. */
  readonly addressesByLookupTableAddress: AddressesByLookupTableAddress;
  readonly listing: NftListing;
  readonly buyerPrice: bigint;
}

/** The local marketplace: the port, plus what only a co-signing stand-in needs. */
export interface LocalNftMarket extends NftMarketPort {
  /** The transaction of {@link NftMarketPort.buyListingTx}, with its blockhash's last valid height. */
  buyListingTx(request: BuyListingRequest): Promise<{ transaction: string; lastValidBlockHeight: bigint }>;
  /** See {@link BuyListingInstructions}. @throws HttpError 400 as `buyListingTx`. */
  buyListingInstructions(request: BuyListingRequest): Promise<BuyListingInstructions>;
  /**
   * Adds the marketplace's signature to a transaction the buyer composed (base64 wire bytes), after
   * checking that the marketplace's signature authorises exactly one thing: the transfer of one live
   * listing to the buyer, paid in full to the seller within the same transaction. Accounts loaded through
   * lookup tables are checked as the chain's tables resolve them.
   *
   * @throws HttpError 400 when the transaction is malformed (a lookup table missing, not one, or without
   * an index used included) or is not such a purchase; 502 when the chain cannot be read.
   */
  cosignBuy(transaction: string): Promise<{ transaction: string; mint: Address }>;
  /** The collection's manifest and file allow-list. */
  collectionFiles(): Promise<LocalCollection>;
  /** The marketplace's lookup table, found on the chain or created there on first use. */
  lookupTable(): Promise<LookupTable>;
}

const DEFAULT_LIVE_CACHE_MS = 1_500;
/** `getMultipleAccounts` takes at most 100 addresses. */
const ACCOUNTS_PER_CALL = 100;

/** RPC failures are the chain's, not the client's: 502 without the RPC's message. */
async function chainCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badGateway(ApiErrorCode.CHAIN_UNAVAILABLE, 'The chain is unavailable');
  }
}

/**
 * The local marketplace over the embedded chain.
 *
 * Why it co-signs: a mainnet marketplace (Tensor) escrows or delegates the listed NFT to its program, so
 * its buy instruction moves the NFT without the seller's signature and a client may put it after
 * `claim_bet` in one transaction. The local stand-in keeps its NFTs in a plain token account instead, so
 * its transfer needs the marketplace key's signature: `buyListingTx` comes partly signed, and a
 * transaction the client composed itself goes through `cosignBuy`, which signs only a full purchase.
 */
export function createLocalNftMarket(options: LocalNftMarketOptions): LocalNftMarket {
  const { rpc, marketplace } = options;
  const assetBaseUrl = options.assetBaseUrl ?? LOCAL_NFT_ASSET_PATH;
  const liveCacheMs = options.liveCacheMs ?? DEFAULT_LIVE_CACHE_MS;
  const now = options.now ?? Date.now;
  const tokenDecoder = getTokenDecoder();

  let atas: Promise<ReadonlyMap<Address, Address>> | null = null;
  let table: Promise<LookupTable> | null = null;
  let live: { readonly at: number; readonly mints: ReadonlySet<Address> } | null = null;
  let reading: Promise<ReadonlySet<Address>> | null = null;

  const collection = (): Promise<LocalCollection> => loadLocalCollection(options.nftManifestPath);

  /** mint → the marketplace's associated token account for it. */
  async function marketplaceAtas(): Promise<ReadonlyMap<Address, Address>> {
    atas ??= collection().then(async (coll) => {
      const entries = await Promise.all(
        coll.items.map(async (item) => {
          const [ata] = await findAssociatedTokenPda({
            owner: marketplace.address,
            mint: item.mint,
            tokenProgram: TOKEN_PROGRAM_ADDRESS,
          });
          return [item.mint, ata] as const;
        }),
      );
      return new Map(entries);
    });
    atas.catch(() => {
      atas = null;
    });
    return atas;
  }

  /**
   * Every listing's mint and the marketplace's token account for it (as many as a table holds), then the
   * programs a buy uses.
   */
  function lookupTable(): Promise<LookupTable> {
    table ??= marketplaceAtas().then((byMint) => {
      const programs = [TOKEN_PROGRAM_ADDRESS, ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS];
      const listings = [...byMint].flat().slice(0, LOOKUP_TABLE_MAX_ADDRESSES - programs.length);
      return findOrCreateLookupTable({ rpc, authority: marketplace, addresses: [...listings, ...programs] });
    });
    table.catch(() => {
      table = null;
    });
    return table;
  }

  async function readLiveMints(): Promise<ReadonlySet<Address>> {
    const byMint = [...(await marketplaceAtas()).entries()];
    const mints = new Set<Address>();
    for (let start = 0; start < byMint.length; start += ACCOUNTS_PER_CALL) {
      const chunk = byMint.slice(start, start + ACCOUNTS_PER_CALL);
      const { value } = await chainCall(() =>
        rpc
          .getMultipleAccounts(
            chunk.map(([, ata]) => ata),
            { encoding: 'base64', commitment: 'confirmed' },
          )
          .send(),
      );
      value.forEach((account, i) => {
        const mint = chunk[i]?.[0];
        if (account === null || mint === undefined || account.owner !== TOKEN_PROGRAM_ADDRESS) return;
        const token = tokenDecoder.decode(getBase64Encoder().encode(account.data[0]));
        if (token.amount === 1n && token.mint === mint) mints.add(mint);
      });
    }
    return mints;
  }

  /** The listed mints; one `getMultipleAccounts` per `liveCacheMs` however many requests ask. */
  async function liveMints(fresh = false): Promise<ReadonlySet<Address>> {
    if (!fresh && live !== null && now() - live.at < liveCacheMs) return live.mints;
    if (reading === null) {
      const started = now();
      reading = readLiveMints().then(
        (mints) => {
          live = { at: started, mints };
          reading = null;
          return mints;
        },
        (error: unknown) => {
          reading = null;
          throw error;
        },
      );
    }
    return reading;
  }

  function toListing(item: LocalCollectionItem): NftListing {
    return {
      mint: item.mint,
      price: item.price,
      seller: marketplace.address,
      // Plain SPL NFTs: no royalty is charged to the buyer (only programmable NFTs and core assets: docs/reference/constants.md#fees).
      tokenStandard: 'NonFungible',
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
      royaltyBps: 0,
      name: item.name,
      image: `${assetBaseUrl}${item.imageFile}`,
      attributes: item.attributes,
    };
  }

  async function liveListings(): Promise<{ coll: LocalCollection; listings: NftListing[] }> {
    const [coll, mints] = await Promise.all([collection(), liveMints()]);
    const listings = coll.items
      .filter((item) => mints.has(item.mint))
      .map(toListing)
      .sort((a, b) => (a.price < b.price ? -1 : a.price > b.price ? 1 : 0));
    return { coll, listings };
  }

  function summary(coll: LocalCollection, listings: readonly NftListing[]): NftCollectionSummary {
    const first = coll.items[0];
    return {
      collId: coll.slug,
      slug: coll.slug,
      name: coll.name,
      image: first === undefined ? '' : `${assetBaseUrl}${first.imageFile}`,
      floorPrice: listings[0]?.price ?? 0n,
      listedCount: listings.length,
      supply: coll.items.length,
      // Sales are not recorded anywhere the stand-in could read cheaply; 0 rather than a made-up number.
      volume24h: 0n,
    };
  }

  async function buyListingInstructions(request: BuyListingRequest): Promise<BuyListingInstructions> {
    const coll = await collection();
    const item = coll.byMint.get(request.mint);
    if (item === undefined || request.owner !== marketplace.address)
      throw badRequest(ApiErrorCode.PURCHASE_LISTING_NOT_FOUND);
    if (!(await liveMints(true)).has(item.mint)) throw badRequest(ApiErrorCode.LISTING_UNAVAILABLE);
    const listing = toListing(item);
    const { buyerPrice, marketplaceFee, royalty } = listingPriceBreakdown(listing);
    if (buyerPrice > request.maxPrice) {
      throw badRequest(ApiErrorCode.PRICE_CHANGED, { buyerPrice: buyerPrice.toString() });
    }
    const buyer = createNoopSigner(request.buyer);
    const source = (await marketplaceAtas()).get(item.mint)!;
    const instructions: Instruction[] = [
      getTransferSolInstruction({ source: buyer, destination: listing.seller, amount: listing.price }),
      getTransferSolInstruction({ source: buyer, destination: marketplace.address, amount: marketplaceFee }),
    ];
    // No royalty for plain NFTs; kept general so a royalty-bearing standard would still be paid for.
    if (royalty > 0n) {
      instructions.push(
        getTransferSolInstruction({ source: buyer, destination: listing.seller, amount: royalty }),
      );
    }
    const createAta = await getCreateAssociatedTokenIdempotentInstructionAsync({
      payer: buyer,
      owner: request.buyer,
      mint: item.mint,
    });
    const [destination] = await findAssociatedTokenPda({
      owner: request.buyer,
      mint: item.mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    instructions.push(
      createAta,
      getTransferCheckedInstruction({
        source,
        mint: item.mint,
        destination,
        authority: marketplace,
        amount: 1n,
        decimals: 0,
      }),
    );
    const { address, addresses } = await chainCall(lookupTable);
    return {
      instructions,
      additionalSigners: [marketplace.address],
      addressesByLookupTableAddress: { [address]: [...addresses] },
      listing,
      buyerPrice,
    };
  }

  async function cosignBuy(wire: string): Promise<{ transaction: string; mint: Address }> {
    let transaction: Transaction;
    let compiled: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;
    try {
      transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
      compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    } catch {
      throw badRequest(ApiErrorCode.MARKETPLACE_INVALID_TRANSACTION);
    }
    if (!(marketplace.address in transaction.signatures)) {
      throw badRequest(ApiErrorCode.MARKETPLACE_SIGNATURE_NOT_NEEDED);
    }
    // The accounts the runtime will load: each table as the chain holds it, never as the client says.
    let addressesByLookupTableAddress: AddressesByLookupTableAddress;
    try {
      addressesByLookupTableAddress = await lookupTableAddresses(rpc, compiled);
    } catch (error) {
      if (error instanceof LookupTableError) throw badRequest(ApiErrorCode.MARKETPLACE_INVALID_TRANSACTION);
      throw badGateway(ApiErrorCode.CHAIN_UNAVAILABLE, 'The chain is unavailable');
    }
    let message: ReturnType<typeof decompileTransactionMessage>;
    try {
      message = decompileTransactionMessage(compiled, { addressesByLookupTableAddress });
    } catch {
      throw badRequest(ApiErrorCode.MARKETPLACE_INVALID_TRANSACTION);
    }
    if (message.feePayer.address === marketplace.address) {
      throw badRequest(ApiErrorCode.MARKETPLACE_NOT_FEE_PAYER);
    }
    const coll = await collection();
    const atas = await marketplaceAtas();
    let sold: LocalCollectionItem | null = null;
    let paid = 0n;
    for (const instruction of message.instructions) {
      const accounts = instruction.accounts ?? [];
      const listsMarketplace = accounts.some((account) => account.address === marketplace.address);
      const data = instruction.data;
      if (instruction.programAddress === TOKEN_PROGRAM_ADDRESS && data !== undefined && data.length > 0) {
        if (identifyTokenInstruction(data) === TokenInstruction.TransferChecked && accounts.length === 4) {
          const parsed = parseTransferCheckedInstruction({ ...instruction, accounts, data });
          if (parsed.accounts.authority.address === marketplace.address) {
            const item = coll.byMint.get(parsed.accounts.mint.address);
            if (
              sold !== null ||
              item === undefined ||
              parsed.accounts.source.address !== atas.get(item.mint) ||
              parsed.data.amount !== 1n ||
              parsed.data.decimals !== 0
            ) {
              throw badRequest(ApiErrorCode.MARKETPLACE_ONE_LISTING);
            }
            sold = item;
            continue;
          }
        }
      }
      if (instruction.programAddress === SYSTEM_PROGRAM_ADDRESS && data !== undefined && data.length >= 4) {
        if (identifySystemInstruction(data) === SystemInstruction.TransferSol && accounts.length === 2) {
          const parsed = parseTransferSolInstruction({ ...instruction, accounts, data });
          if (
            parsed.accounts.destination.address === marketplace.address &&
            parsed.accounts.source.address !== marketplace.address
          ) {
            paid += parsed.data.amount;
            continue;
          }
        }
      }
      // The marketplace's signature would cover any instruction that lists it: refuse all the others.
      if (listsMarketplace) {
        throw badRequest(ApiErrorCode.MARKETPLACE_NOT_A_SALE);
      }
    }
    if (sold === null) throw badRequest(ApiErrorCode.MARKETPLACE_ONE_LISTING);
    if (!(await liveMints(true)).has(sold.mint)) throw badRequest(ApiErrorCode.LISTING_UNAVAILABLE);
    // Locally the seller and the marketplace are the same key, so price and fee arrive at one address.
    const { buyerPrice } = listingPriceBreakdown(toListing(sold));
    if (paid < buyerPrice) {
      throw badRequest(ApiErrorCode.MARKETPLACE_UNDERPAID, {
        buyerPrice: buyerPrice.toString(),
      });
    }
    const signed = await partiallySignTransaction([marketplace.keyPair], transaction);
    return { transaction: getBase64EncodedWireTransaction(signed), mint: sold.mint };
  }

  return {
    async trending() {
      const { coll, listings } = await liveListings();
      return [summary(coll, listings)];
    },

    async collection(collId: string): Promise<NftCollectionDetail | null> {
      const { coll, listings } = await liveListings();
      if (collId !== coll.slug) return null;
      return {
        ...summary(coll, listings),
        description: `${coll.name}: ${coll.items.length} generated critters, sold by the local marketplace.`,
        listings,
      };
    },

    async traits(collId: string): Promise<NftTraits | null> {
      const { coll, listings } = await liveListings();
      if (collId !== coll.slug) return null;
      const traits: Record<string, Record<string, number>> = {};
      for (const listing of listings) {
        for (const { trait_type: type, value } of listing.attributes) {
          const values = (traits[type] ??= {});
          values[value] = (values[value] ?? 0) + 1;
        }
      }
      return traits;
    },

    async listing(collId: string, mint: Address) {
      const [coll, mints] = await Promise.all([collection(), liveMints()]);
      const item = coll.byMint.get(mint);
      if (collId !== coll.slug || item === undefined || !mints.has(mint)) return null;
      return toListing(item);
    },

    async buyListingTx(request: BuyListingRequest) {
      const { instructions, addressesByLookupTableAddress } = await buyListingInstructions(request);
      const { value: blockhash } = await chainCall(() =>
        rpc.getLatestBlockhash({ commitment: 'confirmed' }).send(),
      );
      const signed = await partiallySignTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(createNoopSigner(request.buyer), m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
          (m) => appendTransactionMessageInstructions(instructions, m),
          (m) => compressTransactionMessageUsingAddressLookupTables(m, addressesByLookupTableAddress),
        ),
      );
      return {
        transaction: getBase64EncodedWireTransaction(signed),
        lastValidBlockHeight: blockhash.lastValidBlockHeight,
      };
    },

    buyListingInstructions,
    cosignBuy,

    async search(query: string) {
      const needle = query.trim().toLowerCase();
      const { coll, listings } = await liveListings();
      const matches =
        needle !== '' &&
        (coll.name.toLowerCase().includes(needle) ||
          coll.slug.toLowerCase().includes(needle) ||
          coll.items.some((item) => item.name.toLowerCase().includes(needle)));
      return matches ? [summary(coll, listings)] : [];
    },

    async inventory(owner: Address): Promise<readonly InventoryNft[]> {
      const coll = await collection();
      const { value } = await chainCall(() =>
        rpc
          .getTokenAccountsByOwner(
            owner,
            { programId: TOKEN_PROGRAM_ADDRESS },
            { encoding: 'jsonParsed', commitment: 'confirmed' },
          )
          .send(),
      );
      const held: InventoryNft[] = [];
      for (const { account } of value) {
        const info = account.data.parsed.info;
        const item = coll.byMint.get(info.mint);
        if (item === undefined || info.tokenAmount.amount !== '1') continue;
        held.push({
          id: item.mint,
          content: {
            links: { image: `${assetBaseUrl}${item.imageFile}` },
            metadata: { name: item.name, symbol: coll.symbol },
          },
          collection: coll.slug,
        });
      }
      return held.sort((a, b) => (coll.byMint.get(a.id)?.index ?? 0) - (coll.byMint.get(b.id)?.index ?? 0));
    },

    collectionFiles: collection,
    lookupTable,
  };
}

/** Whether `port` is the local marketplace (co-signing, asset files). */
export function isLocalNftMarket(port: NftMarketPort): port is LocalNftMarket {
  return 'cosignBuy' in port && typeof port.cosignBuy === 'function';
}
