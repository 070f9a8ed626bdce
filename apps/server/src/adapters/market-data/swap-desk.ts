/**
 * The local swap desk: Jupiter's quote and swap-instructions calls, answered on the local chain by a
 * keypair that trades SOL ↔ USDC and SOL ↔ USDT at the Pyth price minus {@link DESK_SPREAD_BPS}.
 *
 * Why the desk co-signs: on mainnet a Jupiter swap is a program instruction that moves the pool's tokens
 * by program authority, so the user's signature is enough. The local chain has no AMM program; the desk's
 * side is a plain transfer out of the desk's own accounts, which needs the desk's signature. The server
 * only gives that signature to a transaction that carries exactly a live quote's two transfers (the user's
 * payment and the desk's payout), once per quote, so a client can neither change the amounts nor replay
 * a quote.
 *
 * Like a mainnet route, the swap comes with an address lookup table: the desk's own, holding its fixed
 * accounts (the stablecoin mints, its token accounts, the programs), created on the chain once and found
 * again by its authority after a restart. The co-signing check reads every table a transaction loads from
 * on the chain before it compares accounts, so a table cannot disguise an account.
 *
 * Quotes live in the database every server instance shares ({@link SwapQuoteRepository}), so any instance
 * serves the instructions and the co-signature of a quote another one issued, and a quote is spent once
 * whichever instances are asked at the same time.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import type { SwapInstructions, SwapQuote } from '@arcade/sdk/api/market-data';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

import { loadOrCreateKeypair } from '@arcade/localnet/keys';
import { LAMPORTS_PER_SOL } from '@arcade/sdk/constants';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import {
  createNoopSigner,
  decompileTransactionMessage,
  type AddressesByLookupTableAddress,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  lamports,
  partiallySignTransaction,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit';
import { getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  fetchMaybeToken,
  fetchMint,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToCheckedInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';

import type { ChainContext, LocalServices } from '../../chain/chain-context.ts';
import { sendAndConfirm, waitForConfirmation } from '../../chain/send-transaction.ts';
import { badGateway, badRequest, tooManyRequests } from '../../http/errors.ts';
import type { Database } from '../../db/database.ts';
import type {
  CosignResult,
  SwapInstructionsRequest,
  SwapQuoteRequest,
} from '../../ports/market-data-port.ts';
import {
  SwapQuoteRepository,
  type SwapQuoteRecord,
  type SwapQuoteShape,
} from '../../repositories/swap-quote-repository.ts';
import {
  findOrCreateLookupTable,
  LookupTableError,
  lookupTableAddresses,
  type LookupTable,
} from '../lookup-tables.ts';
import { sameInstruction, toJsonInstruction } from './instruction-json.ts';
import { readOraclePrice } from './oracle-price.ts';
import {
  convert,
  DESK_SPREAD_BPS,
  otherAmountThreshold,
  type OraclePrice,
  type SwapDirection,
} from './swap-desk-math.ts';

/** A quote can be swapped for this long: long enough to sign, short enough that the price barely moves. */
export const QUOTE_TTL_MS = 30_000;

/** Spent and expired quotes are remembered this long, so a replay is told why it is refused. */
export const QUOTE_MEMORY_MS = 10 * 60_000;

/**
 * Quotes held at once (by every instance together, spent and expired ones until they are forgotten);
 * beyond it new quotes wait for old ones to expire.
 */
export const MAX_OPEN_QUOTES = 10_000;

/** Users a quote remembers as having asked for its instructions. */
const MAX_ISSUED_TO = 100;

/** The most SOL one swap may sell to the desk, in lamports. */
export const DESK_MAX_LAMPORTS_IN = 10_000n * LAMPORTS_PER_SOL;

/** The most stablecoins one swap may sell to the desk, in whole tokens. */
export const DESK_MAX_TOKENS_IN = 10_000_000n;

/** The desk keeps at least this many lamports besides what it owes: rent and the fees of its top-ups. */
const DESK_SOL_RESERVE = LAMPORTS_PER_SOL;

/** Extra lamports airdropped when the desk runs low, so it does not top up on every swap. */
const DESK_SOL_TOP_UP = 1_000n * LAMPORTS_PER_SOL;

/** Extra whole stablecoins minted when the desk runs low. */
const DESK_TOKEN_TOP_UP = 1_000_000n;

/** The desk's key file under the local chain's data directory. */
export function swapDeskKeyPath(local: LocalServices): string {
  return join(local.dataDir, 'keys', 'swap-desk.json');
}

/** What a quote's transfers are made of. */
interface QuoteShape {
  readonly direction: SwapDirection;
  /** The stablecoin side of the pair. */
  readonly tokenMint: Address;
  readonly decimals: number;
  readonly inAmount: bigint;
  readonly outAmount: bigint;
}

/** The two transfers of a quote's swap, for one user. */
interface SwapLegs {
  /** The user pays the desk. */
  readonly payment: Instruction;
  /** The desk pays the user; needs the desk's signature. */
  readonly payout: Instruction;
  /** Creates the user's token account when the user receives tokens. */
  readonly setup: readonly Instruction[];
}

/** Who a swap is between, with their token accounts by mint. */
interface Parties {
  readonly desk: Address;
  readonly user: Address;
  readonly userAtas: ReadonlyMap<Address, Address>;
  readonly deskAtas: ReadonlyMap<Address, Address>;
}

/** Options of {@link SwapDesk}. */
export interface SwapDeskOptions {
  readonly chain: ChainContext;
  readonly local: LocalServices;
  /** Where the quotes are kept: the database every server instance shares. */
  readonly db: Database;
  readonly spreadBps?: bigint;
  readonly quoteTtlMs?: number;
  /** Quotes held at once; default {@link MAX_OPEN_QUOTES}. */
  readonly maxOpenQuotes?: number;
}

/** The local swap desk. */
export class SwapDesk {
  readonly #chain: ChainContext;
  readonly #local: LocalServices;
  readonly #spreadBps: bigint;
  readonly #quoteTtlMs: number;
  readonly #maxOpenQuotes: number;
  readonly #quotes: SwapQuoteRepository;
  readonly #decimals = new Map<Address, Promise<number>>();
  #signer: Promise<KeyPairSigner> | null = null;
  #lookupTable: Promise<LookupTable> | null = null;
  /**
   * This instance's top-ups run one at a time, so two swaps do not both mint for the same shortfall
   * (across instances the top-up itself runs under a database lock, see {@link SwapDesk.#topUp}).
   */
  #inventory: Promise<unknown> = Promise.resolve();

  constructor(options: SwapDeskOptions) {
    this.#chain = options.chain;
    this.#local = options.local;
    this.#spreadBps = options.spreadBps ?? DESK_SPREAD_BPS;
    this.#quoteTtlMs = options.quoteTtlMs ?? QUOTE_TTL_MS;
    this.#maxOpenQuotes = options.maxOpenQuotes ?? MAX_OPEN_QUOTES;
    this.#quotes = new SwapQuoteRepository(options.db);
  }

  /** The desk's keypair, created under the data directory on first use. */
  signer(): Promise<KeyPairSigner> {
    this.#signer ??= loadOrCreateKeypair(swapDeskKeyPath(this.#local));
    // A failed read is tried again on the next use, not remembered.
    this.#signer.catch(() => {
      this.#signer = null;
    });
    return this.#signer;
  }

  /**
   * The desk's address lookup table: the stablecoin mints, the desk's token accounts for them and the
   * programs its swaps use. Found on the chain (or created there) on first use; a failure is retried.
   */
  lookupTable(): Promise<LookupTable> {
    this.#lookupTable ??= (async () => {
      const desk = await this.signer();
      const deskAtas = await Promise.all(
        this.#tokens.map(
          async (mint) =>
            (
              await findAssociatedTokenPda({ owner: desk.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
            )[0],
        ),
      );
      return findOrCreateLookupTable({
        rpc: this.#chain.rpc,
        authority: desk,
        addresses: [
          ...this.#tokens,
          ...deskAtas,
          TOKEN_PROGRAM_ADDRESS,
          ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
          SYSTEM_PROGRAM_ADDRESS,
        ],
      });
    })();
    this.#lookupTable.catch(() => {
      this.#lookupTable = null;
    });
    return this.#lookupTable;
  }

  /** The stablecoins the desk trades against SOL. */
  get #tokens(): readonly Address[] {
    return [this.#chain.addresses.usdcMint, this.#chain.addresses.usdtMint];
  }

  /**
   * A quote for an exact-in swap of `request.amount`, valid for {@link QUOTE_TTL_MS} from `now`.
   *
   * @throws HttpError 400 for a pair other than SOL ↔ USDC/USDT, or an amount too small or too large;
   * 429 when too many quotes are open; 502 when the oracle or the mint cannot be read.
   */
  async quote(request: SwapQuoteRequest, now: number): Promise<SwapQuote> {
    const started = performance.now();
    const { inputMint, outputMint, amount, slippageBps } = request;
    let direction: SwapDirection;
    let tokenMint: Address;
    if (inputMint === NATIVE_MINT_ADDRESS && this.#tokens.includes(outputMint)) {
      direction = 'solToToken';
      tokenMint = outputMint;
    } else if (outputMint === NATIVE_MINT_ADDRESS && this.#tokens.includes(inputMint)) {
      direction = 'tokenToSol';
      tokenMint = inputMint;
    } else {
      throw badRequest(ApiErrorCode.SWAP_NO_ROUTE);
    }
    const [decimals, oracle] = await Promise.all([this.#mintDecimals(tokenMint), this.#oracle()]);
    const maxIn =
      direction === 'solToToken' ? DESK_MAX_LAMPORTS_IN : DESK_MAX_TOKENS_IN * 10n ** BigInt(decimals);
    if (amount > maxIn) throw badRequest(ApiErrorCode.SWAP_AMOUNT_TOO_LARGE);
    const outAmount = convert(direction, amount, oracle.price, decimals, this.#spreadBps);
    if (outAmount === 0n) throw badRequest(ApiErrorCode.SWAP_AMOUNT_TOO_SMALL);
    const fairAmount = convert(direction, amount, oracle.price, decimals, 0n);

    // Quotes that expired long ago are of no use: forgotten a batch at a time as new ones are issued.
    await this.#quotes.forget(now - QUOTE_MEMORY_MS);
    const desk = await this.signer();
    const id = randomUUID();
    const expiresAt = now + this.#quoteTtlMs;
    const document: SwapQuote = {
      inputMint,
      inAmount: amount.toString(),
      outputMint,
      outAmount: outAmount.toString(),
      otherAmountThreshold: otherAmountThreshold(outAmount, slippageBps).toString(),
      swapMode: 'ExactIn',
      slippageBps,
      platformFee: null,
      // The desk fills any size at the oracle price: no impact, only its spread (the route's fee).
      priceImpactPct: '0',
      routePlan: [
        {
          swapInfo: {
            ammKey: desk.address,
            label: 'Local swap desk',
            inputMint,
            outputMint,
            inAmount: amount.toString(),
            outAmount: outAmount.toString(),
            feeAmount: (fairAmount - outAmount).toString(),
            feeMint: outputMint,
          },
          percent: 100,
        },
      ],
      contextSlot: Number(oracle.slot),
      timeTaken: (performance.now() - started) / 1000,
      quoteId: id,
      expiresAt,
    };
    const stored = await this.#quotes.insertUnderCap(
      { id, direction, tokenMint, decimals, inAmount: amount, outAmount, expiresAt, document },
      this.#maxOpenQuotes,
      now - QUOTE_MEMORY_MS,
    );
    if (!stored) throw tooManyRequests(ApiErrorCode.TOO_MANY_QUOTES);
    return document;
  }

  /**
   * The instructions of a live quote's swap for `userPublicKey`: setup (the user's token account when
   * buying tokens, then the user's payment) and the swap instruction (the desk's payout, which
   * {@link SwapDesk.cosign} signs), with the desk's lookup table to compile them with.
   *
   * @throws HttpError 400 when the quote is unknown, expired, used or altered, or SOL is not to be wrapped.
   */
  async swapInstructions(request: SwapInstructionsRequest, now: number): Promise<SwapInstructions> {
    if (!request.wrapAndUnwrapSol) throw badRequest(ApiErrorCode.SWAP_WRAP_SOL_REQUIRED);
    const stored = await this.#live(request.quoteResponse, now);
    await this.#quotes.addIssuedTo(stored.id, request.userPublicKey, MAX_ISSUED_TO);
    const shape = toQuoteShape(stored);
    const legs = this.#legs(shape, await this.#parties(request.userPublicKey));
    // Stocked now, not only at co-signing: the client simulates the transaction (for its compute budget)
    // before the desk signs, and a desk token account that does not exist yet fails that simulation.
    let table: LookupTable;
    try {
      await this.#ensureInventory(shape);
      table = await this.lookupTable();
    } catch {
      throw badGateway(ApiErrorCode.SWAP_UNAVAILABLE);
    }
    return {
      computeBudgetInstructions: [],
      setupInstructions: [...legs.setup, legs.payment].map(toJsonInstruction),
      swapInstruction: toJsonInstruction(legs.payout),
      cleanupInstruction: null,
      otherInstructions: [],
      addressLookupTableAddresses: [table.address],
      requiresCosign: true,
      quoteId: stored.id,
      expiresAt: stored.expiresAt,
    };
  }

  /**
   * Signs as the desk a transaction that carries exactly one live quote's payment and payout, paid for by
   * the quote's user (the fee payer), and marks the quote used. Accounts loaded through lookup tables are
   * compared as the chain's tables resolve them. Tops up the desk's inventory first.
   *
   * @throws HttpError 400 'Invalid transaction' when it does not decode, 'Quote already used' or 'Quote
   * expired' for a spent quote's swap, and 'The transaction does not match a live quote' otherwise (a
   * lookup table that is missing, is not one, or lacks an index included); 502 when the chain cannot be
   * read or the desk cannot top up.
   */
  async cosign(wire: string, now: number): Promise<CosignResult> {
    let transaction: Transaction;
    try {
      transaction = getTransactionDecoder().decode(Buffer.from(wire, 'base64'));
    } catch {
      throw badRequest(ApiErrorCode.SWAP_INVALID_TRANSACTION);
    }
    let compiled: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;
    try {
      compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    } catch {
      throw badRequest(ApiErrorCode.SWAP_TRANSACTION_NOT_QUOTE);
    }
    const desk = await this.signer();
    if (!(desk.address in transaction.signatures)) throw badRequest(ApiErrorCode.SWAP_TRANSACTION_NOT_QUOTE);
    // The accounts the runtime will load: each table as the chain holds it, never as the client says.
    let addressesByLookupTableAddress: AddressesByLookupTableAddress;
    try {
      addressesByLookupTableAddress = await lookupTableAddresses(this.#chain.rpc, compiled);
    } catch (error) {
      if (error instanceof LookupTableError) throw badRequest(ApiErrorCode.SWAP_TRANSACTION_NOT_QUOTE);
      throw badGateway(ApiErrorCode.SWAP_UNAVAILABLE);
    }
    let instructions: readonly Instruction[];
    let user: Address;
    try {
      const message = decompileTransactionMessage(compiled, { addressesByLookupTableAddress });
      // A durable nonce would let the signed swap wait for a better price long after its quote expired.
      if (!('blockhash' in message.lifetimeConstraint)) throw new Error('durable nonce');
      instructions = message.instructions;
      user = message.feePayer.address;
    } catch {
      // Indexes a table does not hold, durable nonces and malformed messages.
      throw badRequest(ApiErrorCode.SWAP_TRANSACTION_NOT_QUOTE);
    }
    if (user === desk.address) throw badRequest(ApiErrorCode.SWAP_TRANSACTION_NOT_QUOTE);
    const touchesDesk = instructions.filter(
      (ix) =>
        ix.programAddress === desk.address || (ix.accounts ?? []).some((a) => a.address === desk.address),
    );
    const parties = await this.#parties(user);
    const messageKey = Buffer.from(transaction.messageBytes).toString('base64');
    if (await this.#quotes.isSigned(messageKey)) throw badRequest(ApiErrorCode.QUOTE_USED);
    const count = (wanted: Instruction): number =>
      instructions.filter((ix) => sameInstruction(ix, wanted)).length;
    // The quotes this can be the swap of carry two of its transfers' amounts; of those, the shape whose
    // transfers it carries exactly (different shapes have different transfers: one shape at most).
    const shape = (await this.#quotes.shapesAmong(transferAmounts(instructions)))
      .map(toQuoteShape)
      .find((candidate) => {
        const { payment, payout } = this.#legs(candidate, parties);
        return (
          count(payment) === 1 &&
          count(payout) === 1 &&
          touchesDesk.every((ix) => sameInstruction(ix, payment) || sameInstruction(ix, payout))
        );
      });
    if (shape === undefined) throw badRequest(ApiErrorCode.SWAP_TRANSACTION_NOT_QUOTE);
    // Quotes of one shape are interchangeable; the one issued to this user goes first. Spending it is one
    // conditional update in the shared database: of two requests (on any instances) only one spends it.
    const claim = await this.#quotes.claim(shape, user, messageKey, now);
    if ('refused' in claim) {
      if (claim.refused === 'used') throw badRequest(ApiErrorCode.QUOTE_USED);
      if (claim.refused === 'expired') throw badRequest(ApiErrorCode.QUOTE_EXPIRED);
      throw badRequest(ApiErrorCode.SWAP_TRANSACTION_NOT_QUOTE);
    }
    const stored = claim.claimed;
    try {
      await this.#ensureInventory(shape);
    } catch {
      await this.#quotes.release(stored.id, messageKey);
      throw badGateway(ApiErrorCode.SWAP_UNAVAILABLE);
    }
    const signed = await partiallySignTransaction([desk.keyPair], transaction);
    return { required: true, transaction: getBase64EncodedWireTransaction(signed), quoteId: stored.id };
  }

  /** The stored quote `document` refers to, if it is live and unaltered. */
  async #live(document: SwapQuote, now: number): Promise<SwapQuoteRecord> {
    const id = document.quoteId;
    const stored = typeof id === 'string' ? await this.#quotes.find(id) : null;
    if (stored === null) throw badRequest(ApiErrorCode.QUOTE_UNKNOWN);
    if (stored.used) throw badRequest(ApiErrorCode.QUOTE_USED);
    if (stored.expiresAt <= now) throw badRequest(ApiErrorCode.QUOTE_EXPIRED);
    const original = stored.document;
    for (const field of [
      'inputMint',
      'outputMint',
      'inAmount',
      'outAmount',
      'otherAmountThreshold',
    ] as const) {
      if (document[field] !== original[field]) throw badRequest(ApiErrorCode.QUOTE_MISMATCH);
    }
    if (document.slippageBps !== original.slippageBps || document.swapMode !== original.swapMode) {
      throw badRequest(ApiErrorCode.QUOTE_MISMATCH);
    }
    return stored;
  }

  /** The desk's and `user`'s addresses and token accounts, which every quote's transfers use. */
  async #parties(user: Address): Promise<Parties> {
    const desk = (await this.signer()).address;
    const ata = async (owner: Address, mint: Address): Promise<readonly [Address, Address]> => [
      mint,
      (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0],
    ];
    const [userAtas, deskAtas] = await Promise.all([
      Promise.all(this.#tokens.map((mint) => ata(user, mint))),
      Promise.all(this.#tokens.map((mint) => ata(desk, mint))),
    ]);
    return { desk, user, userAtas: new Map(userAtas), deskAtas: new Map(deskAtas) };
  }

  /** The transfers of `stored`'s swap between the desk and the user. */
  #legs(stored: QuoteShape, parties: Parties): SwapLegs {
    const { desk, user } = parties;
    const mint = stored.tokenMint;
    const userAta = parties.userAtas.get(mint)!;
    const deskAta = parties.deskAtas.get(mint)!;
    const { decimals, inAmount, outAmount } = stored;
    if (stored.direction === 'solToToken') {
      return {
        setup: [
          getCreateAssociatedTokenIdempotentInstruction({
            payer: createNoopSigner(user),
            ata: userAta,
            owner: user,
            mint,
          }),
        ],
        payment: getTransferSolInstruction({
          source: createNoopSigner(user),
          destination: desk,
          amount: inAmount,
        }),
        payout: getTransferCheckedInstruction({
          source: deskAta,
          mint,
          destination: userAta,
          authority: createNoopSigner(desk),
          amount: outAmount,
          decimals,
        }),
      };
    }
    return {
      setup: [],
      payment: getTransferCheckedInstruction({
        source: userAta,
        mint,
        destination: deskAta,
        authority: createNoopSigner(user),
        amount: inAmount,
        decimals,
      }),
      payout: getTransferSolInstruction({
        source: createNoopSigner(desk),
        destination: user,
        amount: outAmount,
      }),
    };
  }

  async #oracle(): Promise<{ price: OraclePrice; slot: bigint }> {
    try {
      return await readOraclePrice(this.#chain.rpc, this.#chain.addresses.priceAccount);
    } catch {
      throw badGateway(ApiErrorCode.SWAP_UNAVAILABLE);
    }
  }

  #mintDecimals(mint: Address): Promise<number> {
    let decimals = this.#decimals.get(mint);
    if (decimals === undefined) {
      decimals = fetchMint(this.#chain.rpc, mint).then((account) => account.data.decimals);
      // A failed read is retried next time rather than cached.
      decimals.catch(() => this.#decimals.delete(mint));
      this.#decimals.set(mint, decimals);
    }
    return decimals.catch(() => {
      throw badGateway(ApiErrorCode.SWAP_UNAVAILABLE);
    });
  }

  #ensureInventory(stored: QuoteShape): Promise<void> {
    const run = this.#inventory.then(() => this.#topUp(stored));
    this.#inventory = run.catch(() => undefined);
    return run;
  }

  /**
   * Makes sure the desk can pay `stored`'s payout and receive its payment: SOL from an airdrop, the
   * stablecoin account created and minted into by the token authority (the local mints' authority).
   * The inventory is read first without a lock, which usually finds it stocked; a shortfall is read again
   * and filled under the database's inventory lock, so two instances never both fill the same shortfall.
   */
  async #topUp(stored: QuoteShape): Promise<void> {
    if ((await this.#shortfall(stored)) === null) return;
    await this.#quotes.withInventoryLock(async () => {
      const shortfall = await this.#shortfall(stored);
      if (shortfall !== null) await this.#fill(stored, shortfall);
    });
  }

  /** What the desk lacks to go through with `stored`'s swap, or null when it is stocked. */
  async #shortfall(stored: QuoteShape): Promise<Shortfall | null> {
    const rpc = this.#chain.rpc;
    const desk = await this.signer();
    const owedSol = stored.direction === 'tokenToSol' ? stored.outAmount : 0n;
    const owedTokens = stored.direction === 'solToToken' ? stored.outAmount : 0n;
    const [{ value: balance }, [deskAta]] = await Promise.all([
      rpc.getBalance(desk.address, { commitment: 'confirmed' }).send(),
      findAssociatedTokenPda({
        owner: desk.address,
        mint: stored.tokenMint,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      }),
    ]);
    const account = await fetchMaybeToken(rpc, deskAta, { commitment: 'confirmed' });
    const held = account.exists ? account.data.amount : 0n;
    const airdrop = balance < owedSol + DESK_SOL_RESERVE ? owedSol + DESK_SOL_TOP_UP : 0n;
    const stocked = account.exists && held >= owedTokens;
    if (airdrop === 0n && stocked) return null;
    return {
      airdrop,
      deskAta,
      mint: stocked
        ? null
        : held < owedTokens
          ? owedTokens - held + DESK_TOKEN_TOP_UP * 10n ** BigInt(stored.decimals)
          : 0n,
    };
  }

  /** Fills `shortfall`: the airdrop first, then the stablecoin account (paid by the desk's SOL). */
  async #fill(stored: QuoteShape, shortfall: Shortfall): Promise<void> {
    const rpc = this.#chain.rpc;
    const desk = await this.signer();
    if (shortfall.airdrop > 0n) {
      const signature = await rpc.requestAirdrop(desk.address, lamports(shortfall.airdrop)).send();
      await waitForConfirmation(rpc, signature);
    }
    if (shortfall.mint === null) return;
    const instructions: Instruction[] = [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: desk,
        ata: shortfall.deskAta,
        owner: desk.address,
        mint: stored.tokenMint,
      }),
    ];
    if (shortfall.mint > 0n) {
      instructions.push(
        getMintToCheckedInstruction({
          mint: stored.tokenMint,
          token: shortfall.deskAta,
          mintAuthority: this.#local.tokenAuthority,
          amount: shortfall.mint,
          decimals: stored.decimals,
        }),
      );
    }
    await sendAndConfirm(rpc, desk, instructions);
  }
}

/** What the desk lacks for a swap (see {@link SwapDesk}'s top-ups). */
interface Shortfall {
  /** Lamports to airdrop to the desk; 0 when it holds enough SOL. */
  readonly airdrop: bigint;
  /** The desk's account of the quote's stablecoin. */
  readonly deskAta: Address;
  /**
   * Tokens to mint into that account (0: it only needs creating), or null when it exists and holds
   * enough.
   */
  readonly mint: bigint | null;
}

/** A stored shape with its mint as an address (the desk only stores the mints it trades). */
function toQuoteShape(shape: SwapQuoteShape): QuoteShape {
  return { ...shape, tokenMint: shape.tokenMint as Address };
}

/**
 * The amounts the transfers among `instructions` carry: a System transfer's (`[2u32, amount u64]`) and
 * a token TransferChecked's (`[12, amount u64, decimals]`), the two instructions a quote's swap is made of.
 */
function transferAmounts(instructions: readonly Instruction[]): bigint[] {
  const amounts: bigint[] = [];
  for (const ix of instructions) {
    const data = ix.data === undefined ? null : Buffer.from(ix.data);
    if (data === null) continue;
    if (ix.programAddress === SYSTEM_PROGRAM_ADDRESS && data.length === 12 && data.readUInt32LE(0) === 2) {
      amounts.push(data.readBigUInt64LE(4));
    } else if (ix.programAddress === TOKEN_PROGRAM_ADDRESS && data.length === 10 && data[0] === 12) {
      amounts.push(data.readBigUInt64LE(1));
    }
  }
  return amounts;
}
