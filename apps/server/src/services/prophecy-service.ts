/**
 * Prophecy: the market view the API returns, the market list's `categories` parameter, and the actions the
 * server signs on chain (create, update and resolve a market; approve a market request).
 *
 * @module
 */

import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { setTimeout } from 'node:timers/promises';

import {
  COMMENT_MESSAGES,
  marketReferrerError,
  marketTimesError,
  type MarketListItem,
  type MarketProposal,
  type MarketResultLabel,
  type MarketView,
} from '@arcade/sdk/api/prophecy';
import { PROPHECY_CATEGORIES } from '@arcade/sdk/constants';
import { payoutMultiplier, poolPercentages } from '@arcade/sdk/payout';
import { decodeMarket, MarketResult } from '@arcade/sdk/wager/accounts';
import { decodeWagerError, type WagerErrorName } from '@arcade/sdk/wager/errors';
import {
  getCreateMarketInstructionAsync,
  getInitReferralInstructionAsync,
  getResolveMarketInstructionAsync,
  getUpdateMarketInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import { generateKeyPairSigner, type Address, type Instruction } from '@solana/kit';

import type { ChainContext } from '../chain/chain-context.ts';
import { ChainTransactionError, sendAndConfirm } from '../chain/send-transaction.ts';
import type { Database } from '../db/database.ts';
import { badGateway, badRequest, conflict, HttpError, notFound } from '../http/errors.ts';
import {
  MarketRepository,
  MarketRequestRepository,
  type MarketRecord,
  type MarketRequestRecord,
  type StoredMarketResult,
} from '../repositories/market-repository.ts';

// ---------------------------------------------------------------------------------------------------------
// Limits and messages (server-side rules the spec leaves open)
// ---------------------------------------------------------------------------------------------------------

/** Messages of the Prophecy API. */
export const PROPHECY_MESSAGES = Object.freeze({
  marketNotFound: API_ERROR_MESSAGES[ApiErrorCode.MARKET_NOT_FOUND],
  requestNotFound: API_ERROR_MESSAGES[ApiErrorCode.MARKET_REQUEST_NOT_FOUND],
  invalidCategory: API_ERROR_MESSAGES[ApiErrorCode.INVALID_CATEGORY],
  invalidCategories: API_ERROR_MESSAGES[ApiErrorCode.INVALID_CATEGORIES],
  commentEmpty: COMMENT_MESSAGES.empty,
  commentTooLong: COMMENT_MESSAGES.tooLong,
  commentTooFast: API_ERROR_MESSAGES[ApiErrorCode.COMMENT_TOO_FAST],
  commentLimit: API_ERROR_MESSAGES[ApiErrorCode.COMMENT_LIMIT_EXCEEDED],
  cutoffInPast: API_ERROR_MESSAGES[ApiErrorCode.MARKET_CUTOFF_IN_PAST],
  cutoffAfterEnd: API_ERROR_MESSAGES[ApiErrorCode.MARKET_CUTOFF_AFTER_END],
  endTooFar: API_ERROR_MESSAGES[ApiErrorCode.MARKET_END_TOO_FAR],
  referrerIsRequester: API_ERROR_MESSAGES[ApiErrorCode.REFERRER_IS_REQUESTER],
  referrerIsProgram: API_ERROR_MESSAGES[ApiErrorCode.REFERRER_IS_PROGRAM],
  referrerReserved: API_ERROR_MESSAGES[ApiErrorCode.REFERRER_RESERVED],
  alreadyResolved: API_ERROR_MESSAGES[ApiErrorCode.MARKET_ALREADY_RESOLVED],
  marketClosed: API_ERROR_MESSAGES[ApiErrorCode.MARKET_CLOSED],
  invalidMarketTimes: API_ERROR_MESSAGES[ApiErrorCode.INVALID_MARKET_TIMES],
  invalidReferrer: API_ERROR_MESSAGES[ApiErrorCode.INVALID_REFERRER],
  resolveBeforeCutoff: API_ERROR_MESSAGES[ApiErrorCode.RESOLVE_BEFORE_CUTOFF],
  tooManyRequests: API_ERROR_MESSAGES[ApiErrorCode.TOO_MANY_MARKET_REQUESTS],
  requestReviewed: API_ERROR_MESSAGES[ApiErrorCode.MARKET_REQUEST_REVIEWED],
  chainUnavailable: API_ERROR_MESSAGES[ApiErrorCode.CHAIN_UNAVAILABLE],
});

/** The code of each refusal of the SDK's proposal checks (`marketTimesError`, `marketReferrerError`). */
const PROPOSAL_CODES = Object.freeze({
  cutoffInPast: ApiErrorCode.MARKET_CUTOFF_IN_PAST,
  cutoffAfterEnd: ApiErrorCode.MARKET_CUTOFF_AFTER_END,
  endTooFar: ApiErrorCode.MARKET_END_TOO_FAR,
  referrerIsRequester: ApiErrorCode.REFERRER_IS_REQUESTER,
  referrerReserved: ApiErrorCode.REFERRER_RESERVED,
});

// ---------------------------------------------------------------------------------------------------------
// The market view
// ---------------------------------------------------------------------------------------------------------

const LABEL_OF: Readonly<Record<StoredMarketResult, MarketResultLabel>> = {
  Yes: 'yes',
  No: 'no',
  Invalid: 'invalid',
};

const STORED_OF: Readonly<Record<MarketResultLabel, StoredMarketResult>> = {
  yes: 'Yes',
  no: 'No',
  invalid: 'Invalid',
};

/**
 * The API's view of a stored market, with its display multipliers and percentages (docs/reference/constants.md#payout-display).
 *
 * @example toMarketView(record).totalPool === String(record.yesPool + record.noPool)
 */
export function toMarketView(market: MarketRecord): MarketView {
  const [yesPercentage, noPercentage] = poolPercentages(market.yesPool, market.noPool);
  return {
    key: market.address,
    startTime: market.startTime,
    endTime: market.endTime,
    cutOffTime: market.cutoffTime,
    yesCount: market.yesCount,
    noCount: market.noCount,
    totalCount: market.yesCount + market.noCount,
    yesPool: market.yesPool.toString(),
    noPool: market.noPool.toString(),
    totalPool: (market.yesPool + market.noPool).toString(),
    isSettled: market.isSettled,
    settledCount: market.settledCount,
    result: market.result === null ? null : LABEL_OF[market.result],
    referrer: market.referrer,
    marketMetadata: {
      name: market.name,
      shortName: market.shortName,
      yesOption: market.yesOption,
      noOption: market.noOption,
      invalidOption: market.invalidOption,
      category: market.category,
      image: market.image === '' ? null : market.image,
      rules: market.rules,
    },
    yesMultiplier: payoutMultiplier(market.yesPool, market.noPool),
    noMultiplier: payoutMultiplier(market.noPool, market.yesPool),
    yesPercentage,
    noPercentage,
  };
}

/** {@link toMarketView} without the rules (up to 2,000 characters), which the list does not show. */
export function toMarketListItem(market: MarketRecord): MarketListItem {
  const { marketMetadata, ...view } = toMarketView(market);
  const { name, shortName, yesOption, noOption, invalidOption, category, image } = marketMetadata;
  return {
    ...view,
    marketMetadata: { name, shortName, yesOption, noOption, invalidOption, category, image },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The `categories` query parameter
// ---------------------------------------------------------------------------------------------------------

/** One of the spec's Prophecy categories. */
export type ProphecyCategory = (typeof PROPHECY_CATEGORIES)[number];

const CATEGORY_BY_LOWER: ReadonlyMap<string, ProphecyCategory> = new Map(
  PROPHECY_CATEGORIES.map((category) => [category.toLowerCase(), category]),
);

function canonicalCategory(name: string): ProphecyCategory {
  const category = CATEGORY_BY_LOWER.get(name.trim().toLowerCase());
  if (category === undefined) throw badRequest(ApiErrorCode.INVALID_CATEGORY);
  return category;
}

/**
 * The categories the market list's `categories` parameter selects; empty means every category. The client
 * sends it "encoded, default empty object" (docs/reference/api.md#prophecy), so it accepts:
 * - a JSON object, the keys whose value is `true` selected: `{"Crypto":true,"NBA":false}` → Crypto;
 * - a JSON array of names: `["Crypto","NBA"]`;
 * - a comma list: `Crypto,NBA`;
 * - the parameter repeated (each value as above).
 * Names match ignoring case and come back in the spec's spelling.
 *
 * @throws HttpError 400 'Invalid category' for a name that is not one of the 12, 'Invalid categories' for
 * JSON of another shape.
 * @example parseCategories('{"Crypto":true,"NBA":false}') // ['Crypto']
 */
export function parseCategories(raw: string | readonly string[] | undefined): ProphecyCategory[] {
  if (raw === undefined) return [];
  const values = typeof raw === 'string' ? [raw] : raw;
  const selected = new Set<ProphecyCategory>();
  for (const value of values) {
    for (const name of namesIn(value)) selected.add(canonicalCategory(name));
  }
  return PROPHECY_CATEGORIES.filter((category) => selected.has(category));
}

function namesIn(value: string): string[] {
  const text = value.trim();
  if (text === '') return [];
  if (!text.startsWith('{') && !text.startsWith('[')) {
    return text
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(ApiErrorCode.INVALID_CATEGORIES);
  }
  if (Array.isArray(parsed)) {
    if (!parsed.every((name): name is string => typeof name === 'string')) {
      throw badRequest(ApiErrorCode.INVALID_CATEGORIES);
    }
    return parsed;
  }
  if (typeof parsed !== 'object' || parsed === null) throw badRequest(ApiErrorCode.INVALID_CATEGORIES);
  const names: string[] = [];
  for (const [name, on] of Object.entries(parsed)) {
    if (typeof on !== 'boolean') throw badRequest(ApiErrorCode.INVALID_CATEGORIES);
    // Unselected names are still checked: a misspelt filter should fail loudly, not silently match all.
    const category = canonicalCategory(name);
    if (on) names.push(category);
  }
  return names;
}

// ---------------------------------------------------------------------------------------------------------
// Chain actions
// ---------------------------------------------------------------------------------------------------------

/**
 * How often a resolve the chain refuses as early is sent, a pause apart, once the server's clock is past
 * the cutoff: about 3 s for the chain's Clock to catch up.
 */
export const RESOLVE_EARLY_ATTEMPTS = 12;
export const RESOLVE_RETRY_PAUSE_MS = 250;

/** Whether `resolve_market` was refused because the chain's clock has not reached the cutoff. */
function isResolveTooEarly(error: unknown): boolean {
  return (
    error instanceof ChainTransactionError &&
    error.programErrorCode !== null &&
    decodeWagerError(error.programErrorCode)?.name === 'InvalidMarket'
  );
}

/** The chain action a program error came from; it picks the message. */
type MarketAction = 'create' | 'update' | 'resolve';

/**
 * The HTTP error for a failed market transaction: a Wager program error (decoded from the IDL by its code)
 * becomes a 4xx naming it; anything else (RPC down, not confirmed) a 502 that hides the details.
 */
export function marketChainError(error: unknown, action: MarketAction): HttpError {
  if (error instanceof HttpError) return error;
  const info =
    error instanceof ChainTransactionError && error.programErrorCode !== null
      ? decodeWagerError(error.programErrorCode)
      : null;
  if (info === null) return badGateway(ApiErrorCode.CHAIN_UNAVAILABLE);
  const extra = { programError: info.name, programErrorCode: info.code };
  // The same codes mean different things per instruction (docs/wager.md, "Where each error is raised").
  const specific: Partial<Record<WagerErrorName, HttpError>> =
    action === 'resolve'
      ? {
          MarketClosed: conflict(ApiErrorCode.MARKET_ALREADY_RESOLVED, extra),
          InvalidMarket: badRequest(ApiErrorCode.RESOLVE_BEFORE_CUTOFF, extra),
        }
      : {
          MarketClosed: conflict(ApiErrorCode.MARKET_CLOSED, extra),
          InvalidMarket: badRequest(ApiErrorCode.INVALID_MARKET_TIMES, extra),
          InvalidReferrer: badRequest(ApiErrorCode.INVALID_REFERRER, extra),
        };
  return specific[info.name] ?? badRequest(ApiErrorCode.PROGRAM_ERROR, `${info.name}: ${info.msg}`, extra);
}

/** What creating a market needs, validated by the route's schema. */
export interface CreateMarketInput extends MarketProposal {
  readonly referrer: Address | null;
}

/** Options of {@link ProphecyService}. */
export interface ProphecyServiceOptions {
  readonly db: Database;
  readonly chain: ChainContext;
  /** Milliseconds since the epoch. */
  readonly now: () => number;
}

/**
 * Checks now < cutoff ≤ end and end − start ≤ `MARKET_MAX_LIFETIME_SECS` (start: now for a new market), as
 * `create_market` and `update_market` will, so a bad request never costs a transaction.
 */
export function checkMarketTimes(
  endTime: number,
  cutoffTime: number,
  nowMs: number,
  startTime?: number,
): void {
  const refusal = marketTimesError(cutoffTime, endTime, nowMs, startTime, PROPOSAL_CODES);
  if (refusal !== null) throw badRequest(refusal);
}

/** Creates, updates and resolves markets on chain and keeps the database in step. */
export class ProphecyService {
  readonly markets: MarketRepository;
  readonly requests: MarketRequestRepository;
  readonly #chain: ChainContext;
  readonly #now: () => number;

  constructor(options: ProphecyServiceOptions) {
    this.markets = new MarketRepository(options.db);
    this.requests = new MarketRequestRepository(options.db);
    this.#chain = options.chain;
    this.#now = options.now;
  }

  /**
   * Refuses a referrer whose vault could never be claimed or that makes no sense: the requester themself
   * (`requester`, for a market request), a reserved key (`RESERVED_ACCOUNT_KEYS`), or a program (an
   * executable account on chain: it cannot sign `claim_referral`).
   *
   * @throws HttpError 400 with the refusal's code, 502 when the chain cannot be read.
   */
  async checkReferrer(referrer: Address | null, requester: string | null): Promise<void> {
    const refusal = marketReferrerError(referrer, requester, PROPOSAL_CODES);
    if (refusal !== null) throw badRequest(refusal);
    if (referrer === null) return;
    let executable: boolean;
    try {
      const { value } = await this.#chain.rpc
        .getAccountInfo(referrer, {
          encoding: 'base64',
          dataSlice: { offset: 0, length: 0 },
          commitment: 'confirmed',
        })
        .send();
      executable = value?.executable === true;
    } catch {
      throw badGateway(ApiErrorCode.CHAIN_UNAVAILABLE);
    }
    if (executable) throw badRequest(ApiErrorCode.REFERRER_IS_PROGRAM);
  }

  /** The market at `address`, or 404 'Market not found'. */
  async getMarket(address: string): Promise<MarketRecord> {
    const market = await this.markets.find(address);
    if (market === null) throw notFound(ApiErrorCode.MARKET_NOT_FOUND);
    return market;
  }

  /**
   * Signs `create_market` with the House authority and a fresh market keypair, then stores the market
   * with its metadata. `start_time` is the chain's (the program's clock, which bounds the market's lifetime
   * in `update_market`), or the server's now if the account cannot be read back. A market with a referrer gets the referrer's vault
   * in the same transaction (`init_referral`, idempotent, the authority paying its rent), so the fee share
   * its resolution credits is there to claim.
   *
   * @throws HttpError 400 for times out of order, a referrer refused by {@link checkReferrer} or a program
   * refusal, 502 when the chain is unreachable.
   */
  async createMarket(input: CreateMarketInput, createdBy: string): Promise<MarketRecord> {
    const nowMs = this.#now();
    checkMarketTimes(input.endTime, input.cutoffTime, nowMs);
    await this.checkReferrer(input.referrer, null);
    const market = await generateKeyPairSigner();
    const authority = this.#chain.signers.authority;
    let signature: string;
    try {
      const instructions: Instruction[] = [];
      if (input.referrer !== null) {
        instructions.push(
          await getInitReferralInstructionAsync({ payer: authority, referrer: input.referrer }),
        );
      }
      instructions.push(
        await getCreateMarketInstructionAsync({
          authority,
          market,
          endTime: BigInt(input.endTime),
          cutoffTime: BigInt(input.cutoffTime),
          referrer: input.referrer,
        }),
      );
      signature = await sendAndConfirm(this.#chain.rpc, authority, instructions);
    } catch (error) {
      throw marketChainError(error, 'create');
    }
    const startTime = (await this.#chainStartTime(market.address)) ?? Math.floor(nowMs / 1000);
    await this.markets.insert({
      address: market.address,
      name: input.name,
      shortName: input.shortName,
      yesOption: input.yesOption,
      noOption: input.noOption,
      invalidOption: input.invalidOption,
      category: input.category,
      image: input.image,
      rules: input.rules,
      startTime,
      endTime: input.endTime,
      cutoffTime: input.cutoffTime,
      referrer: input.referrer,
      createSignature: signature,
      createdBy,
    });
    return this.getMarket(market.address);
  }

  /**
   * Signs `resolve_market` (fee to the treasury, 10% of it to the market's referrer) and records the
   * result the chain kept: a Yes or No whose side had no predictions is stored as Invalid on chain.
   *
   * @throws HttpError 404 for an unknown market, 409 when already resolved, 400 before the cutoff.
   */
  async resolveMarket(address: Address, result: MarketResultLabel): Promise<MarketRecord> {
    const market = await this.getMarket(address);
    if (market.result !== null) throw conflict(ApiErrorCode.MARKET_ALREADY_RESOLVED);
    const cutoffMs = market.cutoffTime * 1000;
    let signature: string;
    for (let attempt = 1; ; attempt++) {
      try {
        const instruction = await getResolveMarketInstructionAsync({
          authority: this.#chain.signers.authority,
          market: address,
          treasury: this.#chain.addresses.treasury,
          referrer: market.referrer as Address | null,
          result,
        });
        signature = await sendAndConfirm(this.#chain.rpc, this.#chain.signers.authority, [instruction]);
        break;
      } catch (error) {
        // Past the cutoff by the server's clock but not yet by the chain's Clock, which moves once a slot
        // in whole seconds and lags the wall clock: an admin resolving as the page turns to 'Betting
        // closed' waits a moment instead of being told it is too early.
        if (isResolveTooEarly(error) && this.#now() >= cutoffMs && attempt < RESOLVE_EARLY_ATTEMPTS) {
          await setTimeout(RESOLVE_RETRY_PAUSE_MS);
          continue;
        }
        throw marketChainError(error, 'resolve');
      }
    }
    const stored = (await this.#chainResult(address)) ?? STORED_OF[result];
    await this.markets.setResult(address, stored, signature);
    return this.getMarket(address);
  }

  /**
   * Signs `update_market` with new end and cutoff times. The program takes them only before the current
   * cutoff (predictors staked on the times they saw), with the new cutoff in the future and not after the
   * end, and the end within the lifetime counted from the market's start.
   *
   * @throws HttpError 404 for an unknown market, 409 when resolved or past its cutoff, 400 for times the
   * program would refuse.
   */
  async updateMarket(address: Address, endTime: number, cutoffTime: number): Promise<MarketRecord> {
    const market = await this.getMarket(address);
    if (market.result !== null) throw conflict(ApiErrorCode.MARKET_ALREADY_RESOLVED);
    const nowMs = this.#now();
    if (Math.floor(nowMs / 1000) >= market.cutoffTime) throw conflict(ApiErrorCode.MARKET_CLOSED);
    checkMarketTimes(endTime, cutoffTime, nowMs, market.startTime);
    try {
      const instruction = await getUpdateMarketInstructionAsync({
        authority: this.#chain.signers.authority,
        market: address,
        endTime: BigInt(endTime),
        cutoffTime: BigInt(cutoffTime),
      });
      await sendAndConfirm(this.#chain.rpc, this.#chain.signers.authority, [instruction]);
    } catch (error) {
      throw marketChainError(error, 'update');
    }
    await this.markets.setTimes(address, endTime, cutoffTime);
    return this.getMarket(address);
  }

  /**
   * Approves a pending request: creates its market (with the admin's times when given) and marks the
   * request approved with the market's key. The request is claimed first, so two admins approving at once
   * create one market; a failed creation puts it back to pending.
   *
   * @throws HttpError 404 for an unknown request, 409 when it is no longer pending.
   */
  async approveRequest(
    id: number,
    admin: string,
    overrides: { readonly endTime?: number | undefined; readonly cutoffTime?: number | undefined },
  ): Promise<{ request: MarketRequestRecord; market: MarketRecord }> {
    const request = await this.requests.find(id);
    if (request === null) throw notFound(ApiErrorCode.MARKET_REQUEST_NOT_FOUND);
    if (request.status !== 'pending') throw conflict(ApiErrorCode.MARKET_REQUEST_REVIEWED);
    const endTime = overrides.endTime ?? request.endTime;
    const cutoffTime = overrides.cutoffTime ?? request.cutoffTime;
    checkMarketTimes(endTime, cutoffTime, this.#now());
    await this.checkReferrer(request.referrer as Address | null, request.requester);
    if (!(await this.requests.transition(id, 'pending', 'approving'))) {
      throw conflict(ApiErrorCode.MARKET_REQUEST_REVIEWED);
    }
    let market: MarketRecord;
    try {
      market = await this.createMarket(
        { ...request, endTime, cutoffTime, referrer: request.referrer as Address | null },
        admin,
      );
    } catch (error) {
      await this.requests.transition(id, 'approving', 'pending');
      throw error;
    }
    await this.requests.markApproved(
      id,
      market.address,
      { endTime, cutoffTime },
      { reviewedBy: admin, reviewedAt: this.#now() },
    );
    const approved = await this.requests.find(id);
    if (approved === null) throw notFound(ApiErrorCode.MARKET_REQUEST_NOT_FOUND);
    return { request: approved, market };
  }

  /**
   * Rejects a pending request with a reason the requester sees.
   *
   * @throws HttpError 404 for an unknown request, 409 when it is no longer pending.
   */
  async rejectRequest(id: number, admin: string, reason: string): Promise<MarketRequestRecord> {
    const request = await this.requests.find(id);
    if (request === null) throw notFound(ApiErrorCode.MARKET_REQUEST_NOT_FOUND);
    const done = await this.requests.transition(id, 'pending', 'rejected', {
      reviewedBy: admin,
      reviewedAt: this.#now(),
      reason,
    });
    if (!done) throw conflict(ApiErrorCode.MARKET_REQUEST_REVIEWED);
    const rejected = await this.requests.find(id);
    if (rejected === null) throw notFound(ApiErrorCode.MARKET_REQUEST_NOT_FOUND);
    return rejected;
  }

  /** The start time the program recorded for a market, or null when the account cannot be read. */
  async #chainStartTime(address: Address): Promise<number | null> {
    try {
      const { value } = await this.#chain.rpc
        .getAccountInfo(address, { encoding: 'base64', commitment: 'confirmed' })
        .send();
      return value === null ? null : Number(decodeMarket(Buffer.from(value.data[0], 'base64')).startTime);
    } catch {
      return null;
    }
  }

  /** The result the chain recorded for a market, or null when the account cannot be read. */
  async #chainResult(address: Address): Promise<StoredMarketResult | null> {
    try {
      const { value } = await this.#chain.rpc
        .getAccountInfo(address, { encoding: 'base64', commitment: 'confirmed' })
        .send();
      if (value === null) return null;
      const decoded = decodeMarket(Buffer.from(value.data[0], 'base64'));
      switch (decoded.result) {
        case MarketResult.Yes:
          return 'Yes';
        case MarketResult.No:
          return 'No';
        case MarketResult.Invalid:
          return 'Invalid';
        default:
          return null;
      }
    } catch {
      // The transaction is confirmed; the result asked for is the best record if the read fails.
      return null;
    }
  }
}
