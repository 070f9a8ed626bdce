/**
 * The Prophecy API's JSON (`/api/prophecy/...`), as the server sends it and the web app reads it: markets,
 * market requests and comments, the body of a market proposal, the limits and checks of a proposal, a comment
 * and the list's query that both ends apply with the same messages. One definition for both ends.
 *
 * Lamport amounts are decimal strings; market times are unix seconds, comment and review times unix
 * milliseconds.
 *
 * @module
 */

import { MARKET_MAX_LIFETIME_SECS } from '../constants.ts';

/**
 * A market result as the API takes and shows it: lower case, the same words `resolveMarket` takes ("yes", "no"
 * or "invalid"). The client labels them with the market's yes/no/invalid options.
 */
export type MarketResultLabel = 'yes' | 'no' | 'invalid';

/** Where a market request is in its review; `approving` while its market is being created. */
export type MarketRequestStatus = 'pending' | 'approving' | 'approved' | 'rejected';

/** What a market is called, its category and the labels of its three outcomes. */
export interface MarketLabels {
  readonly name: string;
  readonly shortName: string;
  readonly yesOption: string;
  readonly noOption: string;
  readonly invalidOption: string;
  readonly category: string;
}

/** A market's metadata in the market list: without its rules, which only the market's own page shows. */
export interface MarketListMetadata extends MarketLabels {
  /** Null when the market has none. */
  readonly image: string | null;
}

/** A market's metadata on its own page and in market requests. */
export interface MarketViewMetadata extends MarketListMetadata {
  readonly rules: string;
}

/** A market's metadata as a proposal sends it (and the server stores it). */
export interface MarketMetadataInput extends MarketLabels {
  /** Empty when the market has none. */
  readonly image: string;
  readonly rules: string;
}

/**
 * The body of `POST createMarket` and `POST requestMarket`. Times are unix seconds; now < cutoffTime ≤
 * endTime. The server defaults a missing option to Yes, No or Invalid, image to empty and referrer to null.
 */
export interface MarketProposal extends MarketMetadataInput {
  readonly endTime: number;
  readonly cutoffTime: number;
  /** A wallet address that earns a share of the market's fee. */
  readonly referrer: string | null;
}

/** A Prophecy market as JSON (docs/reference/entities.md#wager-records), with the metadata `M`: pools as decimal strings, times as unix seconds. */
export interface ProphecyMarket<M extends MarketListMetadata = MarketViewMetadata> {
  /** The market's address. */
  readonly key: string;
  /** Unix seconds. */
  readonly startTime: number;
  /** Unix seconds. */
  readonly endTime: number;
  /** Unix seconds: predictions close. */
  readonly cutOffTime: number;
  readonly yesCount: number;
  readonly noCount: number;
  /** yesCount + noCount. */
  readonly totalCount: number;
  /** Lamports, decimal. */
  readonly yesPool: string;
  /** Lamports, decimal. */
  readonly noPool: string;
  /** yesPool + noPool: the pot, lamports, decimal. */
  readonly totalPool: string;
  /** Every prediction has been settled. */
  readonly isSettled: boolean;
  readonly settledCount: number;
  /** Null until resolved. */
  readonly result: MarketResultLabel | null;
  readonly referrer: string | null;
  readonly marketMetadata: M;
}

/** A market as the API sends it: {@link ProphecyMarket} with its display figures (docs/reference/constants.md#payout-display). */
export interface MarketView<M extends MarketListMetadata = MarketViewMetadata> extends ProphecyMarket<M> {
  /** Display multiplier of a Yes prediction. */
  readonly yesMultiplier: number;
  readonly noMultiplier: number;
  /** Share of the pot on Yes, 0–100 (50 when the pot is empty). */
  readonly yesPercentage: number;
  readonly noPercentage: number;
}

/** A market in the list: the view without its rules. */
export type MarketListItem = MarketView<MarketListMetadata>;

/** A market request, as its requester and the admins see it. */
export interface MarketRequestView {
  readonly id: number;
  /** The requester's wallet address. */
  readonly requester: string;
  /** The requester's username, or null when unset. */
  readonly requesterUsername: string | null;
  readonly marketMetadata: MarketViewMetadata;
  /** Unix seconds. */
  readonly endTime: number;
  /** Unix seconds. */
  readonly cutoffTime: number;
  readonly referrer: string | null;
  readonly status: MarketRequestStatus;
  /** Why it was rejected. */
  readonly reason: string | null;
  /** The market created from it, once approved. */
  readonly market: string | null;
  /** The admin who reviewed it. */
  readonly reviewedBy: string | null;
  /** Milliseconds since the epoch. */
  readonly reviewedAt: number | null;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
}

/** A comment on a market, with its author's username when they have one. */
export interface CommentView {
  readonly id: number;
  readonly market: string;
  /** The author's wallet address. */
  readonly user: string;
  readonly username: string | null;
  /** Plain text: render it as text, never as HTML. */
  readonly comment: string;
  /** Milliseconds since the epoch. */
  readonly timestamp: number;
}

/** A page of a market's comments, newest first. */
export interface CommentPage {
  readonly comments: readonly CommentView[];
  /** The cursor of the next (older) page, null on the last one. */
  readonly nextCursor: number | null;
}

/** `GET /api/prophecy/markets`: a page of the market list. */
export interface MarketListResponse {
  readonly success: true;
  readonly markets: readonly MarketListItem[];
  /** Markets matching the query, over every page. */
  readonly total: number;
  /** The offset of the next page, null on the last one. */
  readonly nextOffset: number | null;
}

/** `GET /api/prophecy/{market}/comments`: the page older than `cursor` (the newest without one). */
export interface CommentPageResponse extends CommentPage {
  readonly success: true;
}

/** `GET /api/prophecy/{market}`: the market with its rules, and the newest page of its comments. */
export interface MarketPageResponse extends CommentPageResponse {
  readonly market: MarketView;
}

/** `POST /api/prophecy/createMarket`, `updateMarket` and `resolveMarket`: the market as it now stands. */
export interface MarketResponse {
  readonly success: true;
  readonly market: MarketView;
}

/** `POST /api/prophecy/addComment`: the comment as stored. */
export interface CommentResponse {
  readonly success: true;
  readonly comment: CommentView;
}

/** `POST /api/prophecy/requestMarket` and `requests/{id}/reject`: the request as it now stands. */
export interface MarketRequestResponse {
  readonly success: true;
  readonly request: MarketRequestView;
}

/** `POST /api/prophecy/requests/{id}/approve`: the approved request and the market created from it. */
export interface ApprovedRequestResponse extends MarketRequestResponse {
  readonly market: MarketView;
}

/** `GET /api/prophecy/requests` and `requests/mine`: requests, newest first. */
export interface MarketRequestListResponse {
  readonly success: true;
  readonly requests: readonly MarketRequestView[];
}

/**
 * Longest market name, short name, option (yes, no and invalid), rules and image URL, in code points (an
 * emoji counts once), after trimming.
 */
export const MARKET_METADATA_LIMITS = Object.freeze({
  name: 120,
  shortName: 40,
  option: 40,
  rules: 2_000,
  image: 500,
} as const);

/** Longest comment, in code points (an emoji counts once), after trimming. */
export const COMMENT_MAX_LENGTH = 280;

/** The market list's largest page (the default returns every match up to it). */
export const MARKET_LIST_MAX = 1_000;

/** Markets per page of the list unless the client asks for more. */
export const MARKET_LIST_PAGE_SIZE = 24;

/** Comments per page. */
export const COMMENTS_PAGE_SIZE = 50;

/** The messages of a refused comment, so the form shows what the server would answer. */
export const COMMENT_MESSAGES = Object.freeze({
  empty: 'Comment cannot be empty',
  tooLong: `Comment cannot be longer than ${COMMENT_MAX_LENGTH} characters`,
  invalid: 'Comment contains invalid characters',
} as const);

/** How often one user may comment: once per 5 s and 20 times per hour. */
export const COMMENT_RATE_LIMIT = Object.freeze({
  minIntervalMs: 5_000,
  maxPerWindow: 20,
  windowMs: 3_600_000,
});

/** Most pending market requests one user may have. */
export const MAX_PENDING_MARKET_REQUESTS = 5;

/** Longest `name` filter of the market list, after trimming: no longer than a market's name. */
export const MARKET_NAME_FILTER_MAX_LENGTH = MARKET_METADATA_LIMITS.name;

/**
 * Orders of the market list (`sortBy`):
 * - `TimeAsc` / `TimeDesc`: by end time, earliest / latest first;
 * - `VolumeDesc`: by total pool (yes + no), largest first, then by end time ascending;
 * - `EndingSoon`: open markets (cutoff in the future, unresolved) first, the nearest cutoff first; then the
 *   rest, the most recently closed first.
 */
export const MARKET_SORTS = Object.freeze(['TimeAsc', 'TimeDesc', 'VolumeDesc', 'EndingSoon'] as const);

/** One of {@link MARKET_SORTS}. */
export type MarketSort = (typeof MARKET_SORTS)[number];

/** {@link MARKET_MAX_LIFETIME_SECS} in days, for the messages. */
export const MARKET_MAX_LIFETIME_DAYS = MARKET_MAX_LIFETIME_SECS / 86_400;

/** The messages of the proposal checks both ends make, so the form shows what the server would answer. */
export const MARKET_PROPOSAL_MESSAGES = Object.freeze({
  invalidCategory: 'Invalid category',
  cutoffInPast: 'Cutoff time must be in the future',
  cutoffAfterEnd: 'Cutoff time must not be after the end time',
  endTooFar: `End time must be at most ${MARKET_MAX_LIFETIME_DAYS} days after the market opens`,
  referrerIsRequester: 'You cannot be the referrer of your own market',
  referrerIsProgram: 'The referrer cannot be a program',
  referrerReserved: 'The referrer cannot be a reserved address',
} as const);

/**
 * What is wrong with a market's times as `create_market` checks them (the cutoff in the future and not after
 * the end, the end at most {@link MARKET_MAX_LIFETIME_SECS} after the start; an end not known yet is not
 * compared), or null when they pass. Times are unix seconds; `startTime` is when the market opens on chain
 * (default now: a market created now). The answer is the problem's entry of `answers`: by default its
 * message, for the form; the server passes its error codes, so a refusal is told apart by problem, not text.
 *
 * @example marketTimesError(1_800_000_000, 1_700_000_000, 0) === MARKET_PROPOSAL_MESSAGES.cutoffAfterEnd
 */
export function marketTimesError(
  cutoffTime: number,
  endTime: number | null,
  nowMs: number,
  startTime?: number,
): string | null;
export function marketTimesError<T>(
  cutoffTime: number,
  endTime: number | null,
  nowMs: number,
  startTime: number | undefined,
  answers: Readonly<Record<'cutoffInPast' | 'cutoffAfterEnd' | 'endTooFar', T>>,
): T | null;
export function marketTimesError(
  cutoffTime: number,
  endTime: number | null,
  nowMs: number,
  startTime: number = Math.floor(nowMs / 1000),
  answers: Readonly<
    Record<'cutoffInPast' | 'cutoffAfterEnd' | 'endTooFar', unknown>
  > = MARKET_PROPOSAL_MESSAGES,
): unknown {
  if (cutoffTime <= Math.floor(nowMs / 1000)) return answers.cutoffInPast;
  if (endTime !== null && cutoffTime > endTime) return answers.cutoffAfterEnd;
  if (endTime !== null && endTime - startTime > MARKET_MAX_LIFETIME_SECS) return answers.endTooFar;
  return null;
}

/**
 * The runtime's reserved account keys, from Agave's `ReservedAccountKeys` (`RESERVED_ACCOUNTS` in
 * `sdk/reserved-account-keys`, SIMD-0100: the builtin and loader programs, every sysvar, the native loader
 * and the Sysvar owner, active and pending alike), plus the incinerator, whose lamports are burned. None of
 * them can sign, so a referral vault named after one could never be claimed: such a key is refused as a
 * market's referrer. Add a key here when the runtime reserves a new one.
 */
export const RESERVED_ACCOUNT_KEYS: ReadonlySet<string> = new Set([
  // Builtin and loader programs.
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'ComputeBudget111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'Feature111111111111111111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
  'StakeConfig11111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  '11111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'ZkE1Gama1Proof11111111111111111111111111111',
  'ZkTokenProof1111111111111111111111111111111',
  // Sysvars.
  'SysvarC1ock11111111111111111111111111111111',
  'SysvarEpochRewards1111111111111111111111111',
  'SysvarEpochSchedu1e111111111111111111111111',
  'SysvarFees111111111111111111111111111111111',
  'Sysvar1nstructions1111111111111111111111111',
  'SysvarLastRestartS1ot1111111111111111111111',
  'SysvarRecentB1ockHashes11111111111111111111',
  'SysvarRent111111111111111111111111111111111',
  'SysvarRewards111111111111111111111111111111',
  'SysvarS1otHashes111111111111111111111111111',
  'SysvarS1otHistory11111111111111111111111111',
  'SysvarStakeHistory1111111111111111111111111',
  // Other.
  'NativeLoader1111111111111111111111111111111',
  'Sysvar1111111111111111111111111111111111111',
  // Not in the runtime's list, but nobody holds its key: what is sent there is burned.
  '1nc1nerator11111111111111111111111111111111',
]);

/**
 * What is wrong with `referrer` as a proposal's referrer, as far as can be told without the chain: the
 * requester themself (a market request), or a reserved key. Null when neither; the server also refuses a
 * program (an executable account), which needs the chain. The answer is the problem's entry of `answers`
 * (default its message), as for {@link marketTimesError}.
 *
 * @example marketReferrerError('SysvarC1ock11111111111111111111111111111111', null) === MARKET_PROPOSAL_MESSAGES.referrerReserved
 */
export function marketReferrerError(referrer: string | null, requester: string | null): string | null;
export function marketReferrerError<T>(
  referrer: string | null,
  requester: string | null,
  answers: Readonly<Record<'referrerIsRequester' | 'referrerReserved', T>>,
): T | null;
export function marketReferrerError(
  referrer: string | null,
  requester: string | null,
  answers: Readonly<Record<'referrerIsRequester' | 'referrerReserved', unknown>> = MARKET_PROPOSAL_MESSAGES,
): unknown {
  if (referrer === null) return null;
  if (requester !== null && referrer === requester) return answers.referrerIsRequester;
  if (RESERVED_ACCOUNT_KEYS.has(referrer)) return answers.referrerReserved;
  return null;
}
