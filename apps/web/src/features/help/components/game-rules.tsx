import {
  BET_REFUND_DELAY_SECS,
  BPS_DENOMINATOR,
  FORESIGHT_FEE_BPS,
  FORESIGHT_TIMELOCK_SECS,
  JUICE_CLAIM_INTERVAL_SECS,
  JUICE_MULTIPLIER,
  LAMPORTS_PER_SOL,
  MIN_BET_LAMPORTS,
  ODDS_DENOMINATOR,
  ODDS_MAX,
  ODDS_MIN,
  PAYOUT_MULTIPLIER_DECIMALS,
  PROPHECY_FEE_BPS,
  RANDOM_VALUE_RANGE,
  REFERRAL_SHARE_BPS,
  RETAIL_MARKETPLACE_FEE_BPS,
  SUPPORTED_TOKENS,
  TAILSPIN_FEE_BPS,
} from '@arcade/sdk/constants';
import { foresightPayout, payoutMultiplier } from '@arcade/sdk/payout';
import { betCost, betFee, betStake, prizeFromStake } from '@arcade/sdk/wager/bet-math';
import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';

import { formatNumber, formatPercent, formatSol } from '../../../lib/format.ts';
import type { HelpGame } from './help-games.ts';

/** A rate in basis points as a percentage, e.g. 400n → '4%'. */
export function bpsPercent(bps: bigint): string {
  return formatPercent((Number(bps) / Number(BPS_DENOMINATOR)) * 100);
}

const ONE_SOL = LAMPORTS_PER_SOL;
const EXAMPLE_ODDS = 50;
const ROUND_MINUTES = FORESIGHT_TIMELOCK_SECS / 60;
const CLAIM_HOURS = JUICE_CLAIM_INTERVAL_SECS / 3_600;

// Worked examples are computed with the same SDK maths the programs use, so they cannot drift.
const exampleStake = betStake(ONE_SOL, EXAMPLE_ODDS);
const examplePrize = prizeFromStake(exampleStake, EXAMPLE_ODDS);
const exampleFee = betFee(exampleStake);
const exampleCost = betCost(ONE_SOL, EXAMPLE_ODDS);
const exampleUpPool = 30n * ONE_SOL;
const exampleDownPool = 10n * ONE_SOL;
const exampleUpMultiplier = payoutMultiplier(exampleUpPool, exampleDownPool);
const exampleDownMultiplier = payoutMultiplier(exampleDownPool, exampleUpPool);
const exampleDownPayout = foresightPayout(ONE_SOL, exampleUpPool, exampleDownPool, 'down');

/** Numbers the help texts quote, formatted once. */
export const HELP_NUMBERS = Object.freeze({
  tailspinFee: bpsPercent(TAILSPIN_FEE_BPS),
  poolFee: bpsPercent(FORESIGHT_FEE_BPS),
  prophecyFee: bpsPercent(PROPHECY_FEE_BPS),
  marketplaceFee: bpsPercent(RETAIL_MARKETPLACE_FEE_BPS),
  referralShare: bpsPercent(REFERRAL_SHARE_BPS),
  minBet: formatSol(MIN_BET_LAMPORTS),
  oddsRange: `${ODDS_MIN}% to ${ODDS_MAX}%`,
  roundMinutes: ROUND_MINUTES,
  juicePerSol: formatNumber(Number(JUICE_MULTIPLIER)),
  claimHours: CLAIM_HOURS,
  rollRange: `0 to ${RANDOM_VALUE_RANGE - 1}`,
  refundMinutes: BET_REFUND_DELAY_SECS / 60,
  oddsDenominator: Number(ODDS_DENOMINATOR),
  multiplierDecimals: PAYOUT_MULTIPLIER_DECIMALS,
});

/** A link to the provably fair page: a router link inside the app, a plain one anywhere else. */
export function FairnessLink({ children = 'Provably fair page' }: { readonly children?: string }) {
  const className =
    'font-semibold text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent';
  return useInRouterContext() ? (
    <Link to="/fairness" className={className}>
      {children}
    </Link>
  ) : (
    <a href="/fairness" className={className}>
      {children}
    </a>
  );
}

/** The Juice every game earns, in one line. */
function JuiceLine() {
  return (
    <li>
      Every bet earns <Figure>{HELP_NUMBERS.juicePerSol} Juice</Figure> per SOL wagered, claimable once every{' '}
      {HELP_NUMBERS.claimHours} hours.
    </li>
  );
}

function Figure({ children }: { readonly children: ReactNode }) {
  return <strong className="font-semibold text-ink tabular">{children}</strong>;
}

function Steps({ children }: { readonly children: ReactNode }) {
  return <ol className="ml-5 list-decimal space-y-1.5 marker:text-accent">{children}</ol>;
}

function Example({ children }: { readonly children: ReactNode }) {
  return (
    <p className="rounded-lg border border-edge bg-panel-2 px-3 py-2 text-xs leading-relaxed text-ink-dim">
      <span className="mr-1 font-display font-bold text-accent uppercase">Example</span>
      {children}
    </p>
  );
}

/** How TailSpin works. */
export function TailSpinRules() {
  return (
    <div className="space-y-3">
      <Steps>
        <li>
          Pick a prize in {new Intl.ListFormat('en', { type: 'disjunction' }).format(SUPPORTED_TOKENS)} and
          your chance to win, from <Figure>{HELP_NUMBERS.oddsRange}</Figure>.
        </li>
        <li>
          Your stake is the prize × your chance, plus a <Figure>{HELP_NUMBERS.tailspinFee}</Figure> fee on the
          stake. The smallest stake is <Figure>{HELP_NUMBERS.minBet}</Figure>.
        </li>
        <li>
          Or type your stake: the prize is then the stake × {HELP_NUMBERS.oddsDenominator} ÷ your chance.
        </li>
        <li>
          Spin. A provably fair roll from <Figure>{HELP_NUMBERS.rollRange}</Figure> below your chance wins the
          prize: the program computes it on chain from the house&apos;s committed seed, your own seed (under
          Fairness, by the Spin button) and the hash of the slot your bet lands in. Check any roll on the{' '}
          <FairnessLink />.
        </li>
        <li>
          If your roll is not revealed within {HELP_NUMBERS.refundMinutes} minutes, take your stake and fee
          back with Refund. Your result is kept: if the roll wins when it is revealed, the rest of your prize
          is paid to you then, in SOL.
        </li>
        <li>Claim your prize: as the token you picked, or as its full SOL value.</li>
        <JuiceLine />
      </Steps>
      <Example>
        A {formatSol(ONE_SOL)} prize at {EXAMPLE_ODDS}% costs {formatSol(exampleStake)} +{' '}
        {formatSol(exampleFee)} fee = {formatSol(exampleCost)}. A {formatSol(exampleStake)} stake at{' '}
        {EXAMPLE_ODDS}% wins {formatSol(examplePrize)}.
      </Example>
    </div>
  );
}

/** How ReTail works. */
export function RetailRules() {
  return (
    <div className="space-y-3">
      <Steps>
        <li>Pick an NFT listed on the marketplace and your chance to win it ({HELP_NUMBERS.oddsRange}).</li>
        <li>
          The prize is the buyer price: the listing price + a <Figure>{HELP_NUMBERS.marketplaceFee}</Figure>{' '}
          marketplace fee + the creator royalty (programmable NFTs and core assets only).
        </li>
        <li>
          Your stake is the prize × your chance, plus a <Figure>{HELP_NUMBERS.tailspinFee}</Figure> fee. The
          smallest stake is <Figure>{HELP_NUMBERS.minBet}</Figure>.
        </li>
        <li>
          A provably fair roll from <Figure>{HELP_NUMBERS.rollRange}</Figure> below your chance wins, computed
          on chain from the house&apos;s committed seed, your seed and your bet&apos;s slot; check it on the{' '}
          <FairnessLink />. A roll not revealed within {HELP_NUMBERS.refundMinutes} minutes can be refunded
          (stake and fee back); the result is kept, and a win is still paid the rest of its prize, in SOL,
          when the roll is revealed.
        </li>
        <li>
          Win and the NFT is bought for you when you claim. If the price moved, retry or take the full SOL
          value instead.
        </li>
        <JuiceLine />
      </Steps>
    </div>
  );
}

/** How Foresight works. */
export function ForesightRules() {
  return (
    <div className="space-y-3">
      <Steps>
        <li>
          Predict whether SOL/USD goes Up or Down. Bets are open while a round is live (
          <Figure>{HELP_NUMBERS.roundMinutes} minutes</Figure>); the smallest bet is{' '}
          <Figure>{HELP_NUMBERS.minBet}</Figure>.
        </li>
        <li>
          When betting closes the lock price is taken, and {HELP_NUMBERS.roundMinutes} minutes later the final
          price decides: Up if it is higher, Down if lower.
        </li>
        <li>
          Winners share the whole pot, less a <Figure>{HELP_NUMBERS.poolFee}</Figure> fee, in proportion to
          their bets. The payout shown on a side is 1 + the other side&apos;s pool ÷ that side&apos;s pool,
          rounded to {HELP_NUMBERS.multiplierDecimals} decimals, before the fee.
        </li>
        <li>
          Equal prices, a missing oracle price or a side with no players make the round invalid: every bet is
          refunded without fee.
        </li>
        <li>
          Collect a win or a refund from the round, or with Collect all on the unclaimed-winnings banner.
        </li>
        <JuiceLine />
      </Steps>
      <Example>
        With {formatSol(exampleUpPool)} on Up and {formatSol(exampleDownPool)} on Down, Up pays{' '}
        {exampleUpMultiplier.toFixed(2)}× and Down {exampleDownMultiplier.toFixed(2)}×. If Down wins,{' '}
        {formatSol(ONE_SOL)} on Down is paid {formatSol(exampleDownPayout)} after the fee.
      </Example>
    </div>
  );
}

/** How Prophecy works. */
export function ProphecyRules() {
  return (
    <div className="space-y-3">
      <Steps>
        <li>
          Back Yes or No on a market until its betting closes; the smallest prediction is{' '}
          <Figure>{HELP_NUMBERS.minBet}</Figure>. You can add to your side, but not withdraw.
        </li>
        <li>
          When the market resolves, the winning side shares the whole pot less a{' '}
          <Figure>{HELP_NUMBERS.prophecyFee}</Figure> fee, in proportion to each prediction. Payouts are shown
          as 1 + the other side&apos;s pool ÷ your side&apos;s pool, before the fee.
        </li>
        <li>A market resolved as invalid refunds every prediction in full.</li>
        <li>
          Payouts are sent to your wallet automatically; if one is late, Collect all on the unclaimed-winnings
          banner sends it.
        </li>
        <JuiceLine />
      </Steps>
    </div>
  );
}

/** The rules component of each game. */
export const GAME_RULES: Readonly<Record<HelpGame, () => ReactNode>> = Object.freeze({
  tailspin: TailSpinRules,
  retail: RetailRules,
  foresight: ForesightRules,
  prophecy: ProphecyRules,
});
