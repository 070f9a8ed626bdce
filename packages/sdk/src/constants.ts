/**
 * The one home of every business constant: fees, limits, intervals, breakpoints and storage keys.
 *
 * Server and web read these, so no help text can disagree with the code. The numbers the programs compile
 * against are the programs' own: each program's `idl.json` declares them, and they arrive here through the
 * generated clients (`generated/<program>/constants.ts`, `npm run generate`), never the other way round
 * (docs/boundaries.md, "Programs and the SDK"). docs/reference/constants.md lists them all, and
 * docs/reference/rules.md gives the games' rules they enter.
 *
 * Amounts that end up as u64 on chain (lamports, micro-lamports, basis points multiplied into lamports) are
 * `bigint`; counts, durations in ms and pixel sizes are `number`.
 *
 * @module
 */

import { FORESIGHT_CONSTANTS as FORESIGHT } from './generated/foresight/constants.ts';
import { WAGER_CONSTANTS as WAGER } from './generated/wager/constants.ts';

// ---------------------------------------------------------------------------------------------------------
// Units
// ---------------------------------------------------------------------------------------------------------

/** Lamports in one SOL. Also the factor the client multiplies Foresight and Prophecy amounts by. */
export const LAMPORTS_PER_SOL = 1_000_000_000n;

/** Decimals of SOL in the token list. */
export const SOL_DECIMALS = 9;

/** Basis points in 100%: every `*_BPS` constant is a fraction of this. */
export const BPS_DENOMINATOR = WAGER.BPS_DENOMINATOR;

/** Size of a public key in bytes. */
export const PUBLIC_KEY_BYTES = 32;

/** Size of a transaction signature in bytes. */
export const SIGNATURE_BYTES = 64;

// ---------------------------------------------------------------------------------------------------------
// Fees
// ---------------------------------------------------------------------------------------------------------

/**
 * TailSpin and ReTail fee: 4% of the stake, paid on top of it. The spec's help texts say 4% and 5%; the
 * programs charge 4% (docs/reference/rules.md#stake-fee-and-prize).
 */
export const TAILSPIN_FEE_BPS = WAGER.FEE_BPS_TAILSPIN;

/** Foresight and Prophecy fee: 3% of the whole pot, taken when the round or market settles. */
export const POOL_FEE_BPS = WAGER.FEE_BPS_POOL;

/** Foresight fee, as Foresight's own IDL declares it (the same rate as {@link POOL_FEE_BPS}). */
export const FORESIGHT_FEE_BPS = FORESIGHT.FEE_BPS_POOL;

/** Prophecy fee; the same rate as {@link POOL_FEE_BPS}. */
export const PROPHECY_FEE_BPS = POOL_FEE_BPS;

/** Share of a fee that goes to the referrer: 10% of the fee, not of the bet. */
export const REFERRAL_SHARE_BPS = WAGER.REFERRAL_SHARE_BPS;

/**
 * ReTail marketplace fee: 1.5% on top of the listing price. Buyer price = listing price × (1 + 1.5% +
 * royalty), the royalty applying only to programmable NFTs and core assets.
 */
export const RETAIL_MARKETPLACE_FEE_BPS = 150n;

// ---------------------------------------------------------------------------------------------------------
// Bets, odds and prizes
// ---------------------------------------------------------------------------------------------------------

/** Smallest stake for every game: 0.01 SOL. Anything less is `BetTooLow`. */
export const MIN_BET_LAMPORTS = WAGER.MIN_BET_LAMPORTS;

/** Lowest accepted TailSpin/ReTail win chance, in percent. */
export const ODDS_MIN = Number(WAGER.ODDS_MIN);

/** Highest accepted TailSpin/ReTail win chance, in percent. Capped below 100 so the house keeps an edge. */
export const ODDS_MAX = Number(WAGER.ODDS_MAX);

/** Odds are percentages: stake = ceil(prize × odds / 100), prize = floor(stake × 100 / odds). */
export const ODDS_DENOMINATOR = WAGER.ODDS_DENOMINATOR;

/**
 * Largest prize as a share of the house's free balance (balance − rent − outstanding): 5%. Keeps the house
 * solvent whatever the dice say.
 */
export const MAX_PRIZE_BPS_OF_FREE_BALANCE = WAGER.MAX_PRIZE_BPS_OF_FREE;

/** `random_value` is in 0..RANDOM_VALUE_RANGE−1; a bet wins iff `random_value < odds`. */
export const RANDOM_VALUE_RANGE = Number(WAGER.RANDOM_RANGE);

/**
 * A TailSpin or ReTail bet still open this long after it was placed may be refunded (stake and fee) by
 * anyone, the player included; the settler may not refund it earlier. 120 s is 300 slots at 400 ms,
 * inside the 512 slots SlotHashes keeps, so a refund in the next ~80 s captures the bet's slot hash and its
 * reveal still pays a win later.
 */
export const BET_REFUND_DELAY_SECS = Number(WAGER.BET_REFUND_DELAY_SECS);

/**
 * While refunded bets may still be owed a win (their reveal is withheld), `reset_seed_chain` may forfeit
 * them only this long after the first: dodging one win halts every later bet for a week.
 */
export const SEED_RESET_DELAY_SECS = Number(WAGER.SEED_RESET_DELAY_SECS);

/** Seeds in one of the settler's committed seed chains (each bet made with `create_bet` uses one). */
export const SEED_CHAIN_LENGTH = 10_000;

/**
 * A Prophecy market the authority has not resolved this long after its end time may be resolved as
 * Invalid by anyone (`expire_market`), and every prediction then settles for a refund.
 */
export const MARKET_RESOLVE_GRACE_SECS = Number(WAGER.MARKET_RESOLVE_GRACE_SECS);

/** A market's end time may be at most this long after its start, so no pot can be held longer. */
export const MARKET_MAX_LIFETIME_SECS = Number(WAGER.MARKET_MAX_LIFETIME_SECS);

// ---------------------------------------------------------------------------------------------------------
// Foresight and the oracle
// ---------------------------------------------------------------------------------------------------------

/** Length of a Foresight round (5 minutes): the config's `timelock`. */
export const FORESIGHT_TIMELOCK_SECS = 300;

/**
 * A tick's price is the one Pyth update first published at or after the planned time t (its
 * `publish_time` ≥ t > its `prev_publish_time`); it counts only if published at most this long after t,
 * otherwise the price is missing and the round ends Invalid.
 */
export const ORACLE_MAX_LATE_SECS = Number(FORESIGHT.ORACLE_MAX_LATE_SECS);

/**
 * After a live round's lock time plus this long, anyone may tick (`lock_and_settle_events`), not only the
 * event signer.
 */
export const FORESIGHT_TICK_GRACE_SECS = Number(FORESIGHT.TICK_GRACE_SECS);

/**
 * A round not settled by its settle time plus this long ends Invalid: its players withdraw their own bets.
 */
export const FORESIGHT_SETTLE_BUFFER_SECS = Number(FORESIGHT.SETTLE_BUFFER_SECS);

/** Exponent of the Pyth SOL/USD feed: prices are integers scaled by 10^-8. */
export const PYTH_SOL_USD_EXPONENT = -8;

/** Decimals of the SOL asset config's price; the same scale as {@link PYTH_SOL_USD_EXPONENT}. */
export const SOL_USD_PRICE_DECIMALS = 8;

/** Display precision of asset prices (SOL: 2). */
export const ASSET_DISPLAY_PRECISION = 2;

/**
 * The client's remaining time of an event is this minus the age of its lock time. It is 2 s longer than the
 * round so the countdown does not hit zero before the crank's transaction lands.
 */
export const FORESIGHT_EVENT_REMAINING_MS = 302_000;

/** How many event ids before the locked one the client fetches as past events. */
export const PAST_EVENTS_FETCHED = 8;

/** Asset symbols Foresight knows; any other route symbol raises "Invalid symbol". */
export const FORESIGHT_SYMBOLS = ['SOL'] as const;

/** Payout multipliers are shown rounded to this many decimals. */
export const PAYOUT_MULTIPLIER_DECIMALS = 2;

/** Up/Down (and Yes/No) percentages shown when the pool is empty. */
export const EMPTY_POOL_PERCENTAGE = 50;

// ---------------------------------------------------------------------------------------------------------
// Juice
// ---------------------------------------------------------------------------------------------------------

/** Juice earned per SOL wagered. Every confirmed bet, prediction and Foresight bet earns it. */
export const JUICE_MULTIPLIER = 2_400n;

/** Decimals of the Juice SPL token. */
export const JUICE_DECIMALS = 6;

/** Decimals of USDC and USDT (mainnet's mints and the local chain's). */
export const STABLECOIN_DECIMALS = 6;

/** Seconds between two Juice claims (24 hours); the claim button is disabled before. */
export const JUICE_CLAIM_INTERVAL_SECS = 86_400;

// ---------------------------------------------------------------------------------------------------------
// Client timing
// ---------------------------------------------------------------------------------------------------------

/** How often the client polls for the result of a TailSpin/ReTail bet. */
export const BET_POLL_INTERVAL_MS = 3_000;

/** When the client gives up polling with "Bet timed out!". */
export const BET_POLL_TIMEOUT_MS = 180_000;

/** Transactions are sent without preflight and resent this often until confirmed. */
export const RESEND_INTERVAL_MS = 2_000;

/** How long the sender waits for a confirmation. */
export const CONFIRMATION_TIMEOUT_MS = 120_000;

/** Delay before building a legacy (non-versioned) transaction message. */
export const LEGACY_TX_BUILD_DELAY_MS = 500;

/** Every toast closes after this long. */
export const TOAST_DURATION_MS = 3_000;

/** First delay before a socket reconnects. */
export const WEBSOCKET_RECONNECT_DELAY_MS = 1_000;

/** The socket stops reconnecting after this many attempts. */
export const WEBSOCKET_RECONNECT_ATTEMPTS = 5;

// ---------------------------------------------------------------------------------------------------------
// Transaction tuning
// ---------------------------------------------------------------------------------------------------------

/** Commitment level for RPC reads, subscriptions and confirmations. */
export const RPC_COMMITMENT = 'confirmed';

/** The network's base fee per transaction signature, in lamports (what a wallet checks the balance for). */
export const SIGNATURE_FEE_LAMPORTS = 5_000n;

/** Upper bound on the priority fee the client is willing to pay, in lamports. */
export const DEFAULT_MAX_PRIORITY_FEE_LAMPORTS = 5_000_000n;

/**
 * The most a transaction with one signature pays the network: its signature fee and the highest priority
 * fee. What a balance check keeps aside besides the stake and any account deposit.
 */
export const MAX_TRANSACTION_FEE_LAMPORTS = SIGNATURE_FEE_LAMPORTS + DEFAULT_MAX_PRIORITY_FEE_LAMPORTS;

/** Minimum basis the priority fee is computed from. */
export const MIN_PRIORITY_FEE_BASIS = 50_000n;

/** Lowest compute-unit price set, in micro-lamports per compute unit. */
export const PRIORITY_FEE_FLOOR_MICRO_LAMPORTS = 50_000n;

/** `priorityLevel` asked of `getPriorityFeeEstimate`. */
export const PRIORITY_FEE_LEVEL = 'High';

/** Simulated compute units are multiplied by this to leave headroom. */
export const COMPUTE_UNIT_MULTIPLIER = 1.1;

/** Compute-unit limit cap, and the fallback when simulation fails (the runtime's per-transaction maximum). */
export const COMPUTE_UNIT_CAP = 1_400_000;

/** Compute-unit limit when none is set. */
export const DEFAULT_COMPUTE_UNIT_LIMIT = 200_000;

/** A simulation reporting fewer units is treated as this many. */
export const MIN_SIMULATED_UNITS = 10_000;

/** Largest serialized transaction in bytes (the network's packet limit). */
export const MAX_TRANSACTION_SIZE = 1_232;

/** Swap-quote slippage in basis points (0.5%). */
export const SWAP_SLIPPAGE_BPS = 50;

// ---------------------------------------------------------------------------------------------------------
// Users, chat and the feed
// ---------------------------------------------------------------------------------------------------------

/** Longest username. */
export const USERNAME_MAX_LENGTH = 15;

/** Characters allowed in a username: letters, digits, `_` and `@`. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_@]+$/;

/** Longest chat message. */
export const CHAT_MESSAGE_MAX_LENGTH = 100;

/** Longest reason an admin may give for blocking a wallet. */
export const BLOCK_REASON_MAX_LENGTH = 200;

/** Age the user must confirm to play. */
export const MINIMUM_AGE = 18;

/** Feed and sidebar items glow from this amount (10 SOL). */
export const GLOW_THRESHOLD_LAMPORTS = 10_000_000_000n;

/** A skill label and the lowest score that earns it. */
export interface SkillLabelThreshold {
  readonly min: number;
  readonly label: 'Bozo' | 'Degen' | 'Manlet' | 'Safu';
}

/** Skill labels, highest first: the first entry whose `min` the score reaches applies. */
export const SKILL_LABELS: readonly SkillLabelThreshold[] = Object.freeze([
  Object.freeze({ min: 70, label: 'Safu' }),
  Object.freeze({ min: 40, label: 'Manlet' }),
  Object.freeze({ min: 20, label: 'Degen' }),
  Object.freeze({ min: Number.NEGATIVE_INFINITY, label: 'Bozo' }),
] as const);

/** Filters of the game feed. */
export const FEED_FILTERS = ['All', 'Bets', 'Foresight'] as const;

// ---------------------------------------------------------------------------------------------------------
// Display
// ---------------------------------------------------------------------------------------------------------

/**
 * Number formatting: below `fourDecimalsBelow` show 4 decimals, below `twoDecimalsBelow` 2, below
 * `oneDecimalBelow` 1, above `abbreviateAbove` abbreviate (K, M, ...).
 */
export const NUMBER_FORMAT_THRESHOLDS = Object.freeze({
  fourDecimalsBelow: 0.001,
  twoDecimalsBelow: 1,
  oneDecimalBelow: 100,
  abbreviateAbove: 999_999,
} as const);

/** Responsive breakpoints in px. */
export const BREAKPOINTS = Object.freeze({
  xs: 480,
  sm: 578,
  md: 768,
  lg: 1024,
  xl: 1280,
  '2xl': 1920,
  '3xl': 2560,
} as const);

/** Right sidebar widths in px, smallest first. */
export const SIDEBAR_WIDTHS = Object.freeze([300, 350, 400] as const);

/** Modals go full-screen at this width or less, in px. */
export const MODAL_FULLSCREEN_MAX_WIDTH = 500;

/** Default width and height of images built from CDN paths, in px. */
export const IMAGE_CDN_DEFAULT_SIZE = 600;

/** Sound is off until the user turns it on. */
export const SOUND_OFF_BY_DEFAULT = true;

// ---------------------------------------------------------------------------------------------------------
// Catalogues and defaults
// ---------------------------------------------------------------------------------------------------------

/** Tokens offered as TailSpin prizes. */
export const SUPPORTED_TOKENS = ['SOL', 'USDC', 'USDT'] as const;

/** Prophecy market categories, in display order. */
export const PROPHECY_CATEGORIES = [
  'Crypto',
  'Sports',
  'Politics',
  'Solana',
  'NFT',
  'NBA',
  'NFL',
  'NHL',
  'Boxing',
  'UFC',
  'Soccer',
  'Basketball',
] as const;

/** Default `sortBy` of the Prophecy market list. */
export const PROPHECY_DEFAULT_SORT = 'TimeAsc';

/** The Prophecy market list asks for past events too. */
export const PROPHECY_SHOW_PAST_EVENTS = true;

/**
 * Keys of everything the web app keeps in local storage: the specification's four, plus the version of the
 * announcement the user dismissed, which it says is stored locally without naming a key.
 */
export const LOCAL_STORAGE_KEYS = Object.freeze({
  token: 'token',
  sidebar: 'sidebar',
  soundOff: 'soundOff',
  ageCheck: 'ageCheck',
  announcementDismissed: 'announcementDismissed',
} as const);
