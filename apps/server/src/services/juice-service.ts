/**
 * Juice claims: the claimable balance, the partly signed mint transaction the user signs and pays for,
 * and the reconciliation of claims whose transaction never landed.
 *
 * How a lost claim is found. The server fixes the whole claim message (fee payer = the user, the
 * blockhash, create-ATA-idempotent + MintTo) and signs it with the Juice authority; the user only adds
 * the fee payer's signature, which is the transaction id, so the server never learns the id unless the
 * client reports it (and the RPC looks statuses up by that first signature only). The authority's
 * signature, though, is part of the landed transaction's signature list and is unique to that message
 * (the blockhash makes it unique), so it identifies the transaction.
 *
 * A claim returns to claimable only when the chain says, with margin, that it never landed; any doubt
 * leaves it pending (still counted as claimed), so a lagging or load-balanced RPC node can delay a refund
 * but never cause a second mint:
 * 1. Expired by block height: one finalized read gives the block height and its slot; the claim's
 *    `lastValidBlockHeight` must be below that height (finalized: no fork can still bring in a block at
 *    or below it).
 * 2. Every later read is pinned to that slot (`minContextSlot`, finalized): a node that has not reached
 *    it refuses to answer instead of answering from an older view.
 * 3. The user's Juice account's history since the claim's slot (`getSignaturesForAddress`) holds no
 *    successful transaction signed by the authority's claim signature; a listed transaction the node
 *    cannot show is doubt, and so is a node whose history no longer reaches the claim's slot
 *    (`getFirstAvailableBlock`, which counts archive storage too, after pruning).
 * 4. The account's balance does not already include the claim: a balance of at least what the ledger
 *    says was minted (landed claims) plus this claim means it may have landed, whatever the history says.
 * Only then do the amount and last_claim go back. Any failed read is doubt too: tried again on the next
 * look. This runs whenever a request looks at the wallet's Juice (GET juice, claimJuice), so nothing
 * depends on the client coming back.
 *
 * @module
 */

import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { JUICE_CLAIM_INTERVAL_SECS } from '@arcade/sdk/constants';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToInstruction,
  fetchMaybeToken,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import {
  appendTransactionMessageInstructions,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Signature,
} from '@solana/kit';

import type { ChainContext } from '../chain/chain-context.ts';
import type { Database } from '../db/database.ts';
import { badGateway, badRequest, tooManyRequests } from '../http/errors.ts';
import { JuiceRepository, type JuiceClaim } from '../repositories/juice-repository.ts';

const U64_MAX = 0xffff_ffff_ffff_ffffn;
/** The RPC's page size cap for getSignaturesForAddress. */
const SIGNATURE_PAGE = 1000;

/** The finalized view every decision about an expired claim reads the chain at. */
interface ChainView {
  readonly commitment: 'finalized';
  /** The slot at which the claim was seen expired: a node behind it refuses to answer. */
  readonly minContextSlot: bigint;
}

/** A chain answer that settles nothing: the claim stays pending. */
const UNDECIDED = Symbol('undecided');

/** What the chain says about an expired claim. */
type ClaimFate =
  | { readonly kind: 'landed'; readonly signature: Signature }
  | { readonly kind: 'lost' }
  | { readonly kind: 'undecided' };

/** The user-facing refusals of a claim. */
export const JUICE_CLAIM_ERRORS = Object.freeze({
  tooSoon: API_ERROR_MESSAGES[ApiErrorCode.JUICE_CLAIM_TOO_SOON],
  nothingToClaim: API_ERROR_MESSAGES[ApiErrorCode.JUICE_NOTHING_TO_CLAIM],
  chainUnavailable: API_ERROR_MESSAGES[ApiErrorCode.CHAIN_UNAVAILABLE],
} as const);

/**
 * A wallet's Juice as the API shows it (base units; times in unix seconds). The one definition the app
 * shows everywhere: `earned` (every Juice its bets accrued, ever), `claimed` (minted to the wallet, or in a
 * claim that may still land) and `claimable` = earned − claimed.
 */
export interface JuiceStatus {
  /** The wallet's Juice token balance on chain. */
  readonly balance: bigint;
  /** Every Juice the wallet's bets accrued, ever. */
  readonly earned: bigint;
  /** Minted to the wallet, or in a claim that may still land (an expired one returns to claimable). */
  readonly claimed: bigint;
  /** earned − claimed. */
  readonly claimable: bigint;
  /** 0 when never claimed. */
  readonly lastClaim: number;
  /** lastClaim + 86,400: when the next claim opens (in the past: open now); 0 when never claimed. */
  readonly nextClaimAt: number;
}

/** A claim handed out. */
export interface IssuedClaim {
  /** The partly signed v0 transaction, base64 wire format: the user signs as fee payer and sends it. */
  readonly transaction: string;
  readonly amount: bigint;
  readonly nextClaimAt: number;
  readonly claim: JuiceClaim;
}

/** Options of {@link JuiceService}. */
export interface JuiceServiceOptions {
  readonly db: Database;
  readonly chain: ChainContext;
  /** Milliseconds since the epoch. */
  readonly now: () => number;
  /**
   * Tests only: treat a claim as expired this many blocks after it is issued instead of at the
   * blockhash's real `lastValidBlockHeight` (about 150 blocks, a minute). Never set in production: a
   * transaction that still lands after the shortened window would be minted twice.
   */
  readonly claimValidityBlocks?: number;
}

/** Juice balances and claims. */
export class JuiceService {
  readonly #db: Database;
  readonly #chain: ChainContext;
  readonly #now: () => number;
  readonly #validityBlocks: number | undefined;
  readonly #repo: JuiceRepository;

  constructor(options: JuiceServiceOptions) {
    this.#db = options.db;
    this.#chain = options.chain;
    this.#now = options.now;
    this.#validityBlocks = options.claimValidityBlocks;
    this.#repo = new JuiceRepository(options.db);
  }

  /** The repository, for callers that accrue (the indexer). */
  get repository(): JuiceRepository {
    return this.#repo;
  }

  /**
   * The wallet's Juice, after settling its expired claims.
   *
   * @throws HttpError 502 when the chain cannot be read.
   */
  async status(address: Address): Promise<JuiceStatus> {
    await this.reconcile(address);
    const [account, balance] = await Promise.all([this.#repo.find(address), this.balanceOf(address)]);
    const lastClaim = account?.lastClaim ?? 0;
    const earned = account?.accrued ?? 0n;
    const claimed = account?.claimed ?? 0n;
    return {
      balance,
      earned,
      claimed,
      claimable: earned - claimed,
      lastClaim,
      nextClaimAt: this.#nextClaimAt(lastClaim),
    };
  }

  /**
   * The wallet's Juice token balance on chain: its associated token account's amount, 0 when it has none.
   *
   * @throws HttpError 502 when the chain cannot be read.
   */
  async balanceOf(address: Address): Promise<bigint> {
    const ata = await this.#ataOf(address);
    const account = await this.#onChain(() => fetchMaybeToken(this.#chain.rpc, ata));
    return account.exists ? account.data.amount : 0n;
  }

  /**
   * Issues a claim of everything claimable: a v0 transaction paid by the user that creates the user's
   * Juice account if needed and mints the amount, signed by the Juice authority only. Recorded as pending
   * (claimed, last_claim = now) in the same database transaction that locks the wallet's row, so two
   * concurrent claims yield one transaction.
   *
   * @throws HttpError 429 within {@link JUICE_CLAIM_INTERVAL_SECS} of the last claim (with `nextClaimAt`),
   *   400 'Nothing to claim', 502 when the chain cannot be read.
   */
  async claim(address: Address): Promise<IssuedClaim> {
    await this.reconcile(address);
    const nowSecs = this.#nowSecs();
    // Refuse early without touching the chain; the locked re-check below is the one that counts.
    this.#checkClaimable(await this.#repo.find(address), nowSecs);

    const rpc = this.#chain.rpc;
    const { context, value: blockhash } = await this.#onChain(() =>
      rpc.getLatestBlockhash({ commitment: 'confirmed' }).send(),
    );
    let lastValidBlockHeight = blockhash.lastValidBlockHeight;
    if (this.#validityBlocks !== undefined) {
      const validity = BigInt(this.#validityBlocks);
      const height = await this.#onChain(() => rpc.getBlockHeight({ commitment: 'confirmed' }).send());
      if (height + validity < lastValidBlockHeight) lastValidBlockHeight = height + validity;
    }
    const mint = this.#chain.addresses.juiceMint;
    const authority = this.#chain.signers.juiceAuthority;
    const ata = await this.#ataOf(address);
    const user = createNoopSigner(address);

    return this.#db.transaction(async (tx) => {
      const account = this.#checkClaimable(await this.#repo.lock(tx, address), nowSecs);
      const claimable = account.accrued - account.claimed;
      const amount = claimable > U64_MAX ? U64_MAX : claimable;
      const signed = await partiallySignTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(user, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash({ ...blockhash, lastValidBlockHeight }, m),
          (m) =>
            appendTransactionMessageInstructions(
              [
                getCreateAssociatedTokenIdempotentInstruction({ payer: user, ata, owner: address, mint }),
                getMintToInstruction({ mint, token: ata, mintAuthority: authority, amount }),
              ],
              m,
            ),
        ),
      );
      const authoritySignature = signed.signatures[authority.address];
      if (authoritySignature === undefined || authoritySignature === null) {
        throw new Error('the Juice authority did not sign the claim');
      }
      const transaction = getBase64EncodedWireTransaction(signed);
      const claim = await this.#repo.recordClaim(tx, {
        address,
        amount,
        blockhash: blockhash.blockhash,
        lastValidBlockHeight,
        minSlot: context.slot,
        authoritySignature: getBase58Decoder().decode(authoritySignature),
        wireTransaction: transaction,
        claimedAt: nowSecs,
        previousLastClaim: account.lastClaim,
      });
      return { transaction, amount, nextClaimAt: this.#nextClaimAt(nowSecs), claim };
    });
  }

  /**
   * Settles the wallet's pending claims whose blockhash has expired by finalized block height: landed, or
   * returned to claimable when the chain shows, every way it is read, that the claim never landed. A claim
   * in doubt (a read failed, a node lags, the balance already holds it) stays pending for a later look.
   *
   * @returns how many claims it settled.
   */
  async reconcile(address: Address): Promise<number> {
    const pending = await this.#repo.pendingClaims(address);
    if (pending.length === 0) return 0;
    // One read: the finalized height and the slot it stands at, which every later read is pinned to.
    const epoch = await this.#tryChain(() =>
      this.#chain.rpc.getEpochInfo({ commitment: 'finalized' }).send(),
    );
    if (epoch === undefined) return 0;
    const view: ChainView = { commitment: 'finalized', minContextSlot: epoch.absoluteSlot };
    let settled = 0;
    for (const claim of pending) {
      if (epoch.blockHeight <= claim.lastValidBlockHeight) continue;
      const fate = await this.#fateOf(address, claim, pending, view);
      if (fate.kind === 'undecided') continue;
      const landed = fate.kind === 'landed' ? fate.signature : null;
      if (await this.#repo.resolveClaim(claim.id, landed)) settled += 1;
    }
    return settled;
  }

  /** What the chain, read at `view`, says about an expired claim; `pending` is the wallet's pending list. */
  async #fateOf(
    address: Address,
    claim: JuiceClaim,
    pending: readonly JuiceClaim[],
    view: ChainView,
  ): Promise<ClaimFate> {
    const ata = await this.#ataOf(address);
    const found = await this.#tryChain(() => this.#findLanded(ata, claim, view));
    if (found === undefined || found === UNDECIDED) return { kind: 'undecided' };
    if (found !== null) return { kind: 'landed', signature: found };
    const holdsIt = await this.#tryChain(() => this.#balanceHolds(address, ata, claim, pending, view));
    if (holdsIt !== false) return { kind: 'undecided' };
    return { kind: 'lost' };
  }

  /**
   * The id of the successful transaction that carried `claim`, null when the account's history has none,
   * or {@link UNDECIDED} when the node lists a transaction it cannot show.
   */
  async #findLanded(
    ata: Address,
    claim: JuiceClaim,
    view: ChainView,
  ): Promise<Signature | null | typeof UNDECIDED> {
    const rpc = this.#chain.rpc;
    let before: Signature | undefined;
    for (;;) {
      const page = await rpc
        .getSignaturesForAddress(ata, {
          ...view,
          limit: SIGNATURE_PAGE,
          ...(before === undefined ? {} : { before }),
        })
        .send();
      for (const entry of page) {
        // Newest first: anything before the claim's blockhash cannot be it.
        if (entry.slot < claim.minSlot) return null;
        if (entry.err !== null) continue;
        const transaction = await rpc
          .getTransaction(entry.signature, {
            commitment: 'finalized',
            encoding: 'json',
            maxSupportedTransactionVersion: 0,
          })
          .send();
        if (transaction === null) return UNDECIDED;
        if (transaction.transaction.signatures.some((s) => s === claim.authoritySignature)) {
          return entry.signature;
        }
      }
      const last = page.at(-1);
      if (page.length < SIGNATURE_PAGE || last === undefined) {
        // The history ended before the claim's slot: proof only if the node's history (archive included)
        // reaches that slot; a pruned ledger cannot show that the claim never landed.
        const firstAvailable = await rpc.getFirstAvailableBlock().send();
        return firstAvailable > claim.minSlot ? UNDECIDED : null;
      }
      before = last.signature;
    }
  }

  /**
   * Whether the wallet's Juice account, read at `view`, holds at least what the ledger says was minted to
   * it (claimed minus pending: the landed claims) plus `claim`: then the claim may well have landed. Juice
   * sent away lowers the balance, so this can only add doubt, never settle a claim by itself.
   */
  async #balanceHolds(
    address: Address,
    ata: Address,
    claim: JuiceClaim,
    pending: readonly JuiceClaim[],
    view: ChainView,
  ): Promise<boolean> {
    const account = await fetchMaybeToken(this.#chain.rpc, ata, view);
    const balance = account.exists ? account.data.amount : 0n;
    const totals = await this.#repo.find(address);
    const inFlight = pending.reduce((sum, each) => sum + each.amount, 0n);
    const minted = (totals?.claimed ?? 0n) - inFlight;
    return balance >= minted + claim.amount;
  }

  /** Runs a chain read for the reconciliation: undefined when it fails (a claim in doubt stays pending). */
  async #tryChain<T>(read: () => Promise<T>): Promise<T | undefined> {
    try {
      return await read();
    } catch {
      return undefined;
    }
  }

  #checkClaimable<T extends { accrued: bigint; claimed: bigint; lastClaim: number }>(
    account: T | null,
    nowSecs: number,
  ): T {
    if (
      account !== null &&
      account.lastClaim > 0 &&
      nowSecs < account.lastClaim + JUICE_CLAIM_INTERVAL_SECS
    ) {
      throw tooManyRequests(ApiErrorCode.JUICE_CLAIM_TOO_SOON, {
        nextClaimAt: this.#nextClaimAt(account.lastClaim),
      });
    }
    if (account === null || account.accrued - account.claimed <= 0n) {
      throw badRequest(ApiErrorCode.JUICE_NOTHING_TO_CLAIM);
    }
    return account;
  }

  #nextClaimAt(lastClaim: number): number {
    return lastClaim === 0 ? 0 : lastClaim + JUICE_CLAIM_INTERVAL_SECS;
  }

  #nowSecs(): number {
    return Math.floor(this.#now() / 1000);
  }

  async #ataOf(owner: Address): Promise<Address> {
    const [ata] = await findAssociatedTokenPda({
      owner,
      mint: this.#chain.addresses.juiceMint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    return ata;
  }

  /** Runs a chain read; its failure is the chain's, not the request's: 502 without internals. */
  async #onChain<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch {
      throw badGateway(ApiErrorCode.CHAIN_UNAVAILABLE);
    }
  }
}
