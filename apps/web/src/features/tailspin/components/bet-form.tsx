import type { TokenJson } from '@arcade/sdk/api/nfts';
import { MIN_BET_LAMPORTS } from '@arcade/sdk/constants';
import { BetState, type BetAccount } from '@arcade/sdk/wager/accounts';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { useId } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import {
  formatLamports,
  formatLamportsMin,
  formatNumber,
  formatSolDecimal,
  parseSolInput,
} from '../../../lib/format.ts';
import { ui } from '../../../lib/store.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { useHouseLimits } from '../../../lib/wager-bet/api/get-house-limits.ts';
import { BetBreakdown } from '../../../lib/wager-bet/components/bet-breakdown.tsx';
import { FairnessDisclosure } from '../../../lib/wager-bet/components/fairness-disclosure.tsx';
import { OddsPicker } from '../../../lib/wager-bet/components/odds-picker.tsx';
import { RefundStatusView } from '../../../lib/wager-bet/components/refund-status.tsx';
import { useBetExtraCosts } from '../../../lib/wager-bet/hooks/use-bet-extra-costs.ts';
import { awaitsReveal, REFUND_AWAITS_REVEAL } from '../../../lib/wager-bet/utils/refund.ts';
import { BET_FEE_TEXT, chargeRows, PayLine } from '../../../lib/wager-bet/components/pay-summary.tsx';
import { betCharge, costSol } from '../../../lib/wager-bet/utils/bet-costs.ts';
import { useSolBalanceQuery } from '../../../lib/wallet/get-sol-balance.ts';
import { tokensForLamports, useTokenPrice } from '../api/get-token-price.ts';
import type { BetTicket } from '../utils/game-state.ts';
import {
  betPreview,
  maxStake as maxStakeOf,
  maxStakeForPrize,
  multiplierText,
  stakeIssue,
} from '../utils/stake.ts';
import { NO_SEED_TEXT, stakeIssueMessage, type StakeIssue } from '../../../lib/error-text.ts';
import { TokenPicker } from './token-picker.tsx';

/** What the player set up; kept by the game so another go starts from the last bet. */
export interface BetSettings {
  readonly mint: string;
  readonly odds: number;
  /** The stake as typed, in SOL. */
  readonly stakeText: string;
}

/** Props of {@link BetForm}. */
export interface BetFormProps {
  readonly tokens: readonly TokenJson[];
  readonly settings: BetSettings;
  readonly onChange: (settings: BetSettings) => void;
  readonly onPlace: (ticket: BetTicket) => void;
  /** A bet is being placed. */
  readonly pending: boolean;
  /** The wallet's bet record is still loading. */
  readonly loading: boolean;
  /** The last failure, shown under the button until the next try. */
  readonly error: string | null;
  /**
   * The wallet's bet record, live: a refunded last bet says what its refund kept, and takes no new bet
   * until its roll is revealed.
   */
  readonly lastBet?: BetAccount | null;
}

/**
 * What the Spin button says: what the bet costs when it can go, else what is missing ("Minimum 0.01 SOL"
 * below the smallest stake: never "Spin for 0.00 SOL").
 */
export function spinButtonText(args: {
  readonly pending: boolean;
  readonly issue: StakeIssue | null;
  /** stake + fee + any rent: what the wallet pays besides the network fee (null: no valid stake). */
  readonly pay: bigint | null;
}): string {
  if (args.pending) return 'Placing bet…';
  if (args.issue?.kind === 'belowMin') return `Minimum ${formatLamports(MIN_BET_LAMPORTS)} SOL`;
  if (args.issue?.kind === 'empty' || args.issue?.kind === 'invalid' || args.pay === null) {
    return 'Enter a stake';
  }
  return `Spin for ${costSol(args.pay)} SOL`;
}

/**
 * TailSpin's bet controls: the prize token, the win chance with its skill label, the stake, and the
 * prize / stake / fee preview from the SDK's maths, and the Fairness disclosure with the player's seed.
 * Every refusal the program would make is shown as a sentence before the button is pressed, and the button
 * says why it is disabled.
 */
export function BetForm({
  tokens,
  settings,
  onChange,
  onPlace,
  pending,
  loading,
  error,
  lastBet = null,
}: BetFormProps) {
  const id = useId();
  const { wallet, connecting } = useWallet();
  const user = wallet?.address ?? null;
  const house = useHouseLimits();
  const balance = useSolBalanceQuery(user);
  // What the bet needs besides stake + fee (the record's rent on a first bet, the network fee): the same
  // costs the check before the wallet prompt adds, so the form never passes a bet the prompt refuses.
  const extra = useBetExtraCosts();
  const token: TokenJson | undefined = tokens.find((entry) => entry.id === settings.mint) ?? tokens[0];
  const isSol = token === undefined || token.id === NATIVE_MINT_ADDRESS;
  const price = useTokenPrice(token?.id ?? NATIVE_MINT_ADDRESS);

  const typed = parseSolInput(settings.stakeText);
  const preview = typed === null ? null : betPreview(typed, settings.odds);
  const issue = stakeIssue({
    text: settings.stakeText,
    odds: settings.odds,
    maxPrize: house.maxPrize,
    // Not while the bet is placed: its debit lands before the confirmation, and "Not enough SOL" for the
    // bet being placed would flash under the button.
    balance: user === null || pending ? null : (balance.data ?? null),
    extra,
  });
  const showIssue = issue !== null && issue.kind !== 'empty';
  // What leaves the wallet: stake + fee, the rent a first bet pays, and the network fee on top.
  const charge =
    preview === null || issue?.kind === 'belowMin'
      ? null
      : betCharge(preview.stake, preview.fee, user === null ? null : extra);
  const tokenAmount =
    !isSol && preview !== null && price.data !== undefined
      ? tokensForLamports(preview.prize, price.data)
      : null;

  const setStake = (lamports: bigint) => {
    onChange({ ...settings, stakeText: formatSolDecimal(lamports) });
  };
  const maxStake = (() => {
    if (house.maxPrize === null) return null;
    if (user === null) return maxStakeForPrize(house.maxPrize, settings.odds);
    if (balance.data === undefined || extra === null) return null;
    // The extra costs include the most the sender may pay as priority fee, so Max never fails for it.
    return maxStakeOf({
      maxPrize: house.maxPrize,
      odds: settings.odds,
      available: balance.data - extra.total,
    });
  })();

  let blocked: string | null = null;
  if (house.paused) blocked = 'Betting is paused for now. Try again in a little while.';
  else if (!house.seedCommitted) blocked = NO_SEED_TEXT;
  else if (loading) blocked = 'Loading your bet…';
  else if (lastBet?.state === BetState.Refunded && awaitsReveal(lastBet, house.revealSequence)) {
    blocked = REFUND_AWAITS_REVEAL;
  } else if (issue !== null) blocked = stakeIssueMessage(issue);

  const place = () => {
    if (user === null) {
      ui.openModal('connect');
      return;
    }
    if (preview === null || token === undefined || blocked !== null) return;
    onPlace({
      odds: settings.odds,
      prize: preview.prize,
      stake: preview.stake,
      fee: preview.fee,
      symbol: token.symbol,
      mint: token.id,
      betType: isSol ? 'sol' : 'token',
    });
  };

  const tokenPicker = (
    <div>
      <p className="mb-2 text-sm font-semibold text-ink">Win your prize in</p>
      <TokenPicker
        tokens={tokens}
        value={token?.id ?? ''}
        disabled={pending}
        onChange={(mint) => {
          onChange({ ...settings, mint });
        }}
      />
    </div>
  );

  const stakeField = (
    <div>
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <label htmlFor={`${id}-stake`} className="text-sm font-semibold text-ink">
          Stake
        </label>
        {user !== null && balance.data !== undefined && (
          <span className="tabular text-xs text-ink-faint">Balance {formatLamports(balance.data)} SOL</span>
        )}
      </div>
      <div
        className={`flex h-12 items-center rounded-xl border bg-panel-2 pr-1.5 focus-within:border-accent/60 ${
          showIssue ? 'border-loss/70' : 'border-edge'
        }`}
      >
        <input
          id={`${id}-stake`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={formatLamports(MIN_BET_LAMPORTS)}
          value={settings.stakeText}
          disabled={pending}
          aria-invalid={showIssue}
          aria-describedby={`${id}-stake-help`}
          onChange={(event) => {
            onChange({ ...settings, stakeText: event.target.value.replace(/[^\d.,]/g, '') });
          }}
          className="tabular h-full min-w-0 flex-1 bg-transparent pl-4 font-display text-lg font-bold outline-none placeholder:text-ink-faint disabled:opacity-60"
        />
        <span className="pr-2 text-sm font-semibold text-ink-dim" aria-hidden="true">
          SOL
        </span>
        <div className="flex gap-1">
          <QuickButton
            label="½"
            hint="halve the stake"
            disabled={pending || typed === null || typed === 0n}
            onClick={() => {
              if (typed !== null) setStake(maxBig(typed / 2n, MIN_BET_LAMPORTS));
            }}
          />
          <QuickButton
            label="2×"
            hint="double the stake"
            disabled={pending || typed === null || typed === 0n}
            onClick={() => {
              if (typed !== null) setStake(maxStake === null ? typed * 2n : minBig(typed * 2n, maxStake));
            }}
          />
          <QuickButton
            label="Max"
            hint="the largest stake the house and your balance allow"
            disabled={pending || maxStake === null || maxStake < MIN_BET_LAMPORTS}
            onClick={() => {
              if (maxStake !== null) setStake(maxStake);
            }}
          />
        </div>
      </div>
      <p
        id={`${id}-stake-help`}
        className={`mt-1.5 text-xs ${showIssue ? 'text-loss' : 'text-ink-faint'}`}
        role={showIssue ? 'alert' : undefined}
      >
        {showIssue
          ? stakeIssueMessage(issue)
          : `Min ${formatLamports(MIN_BET_LAMPORTS)} SOL${
              house.maxPrize === null ? '' : ` · max prize now ${formatLamports(house.maxPrize)} SOL`
            }`}
      </p>
    </div>
  );

  const payButton = (
    <div>
      {user === null ? (
        <Button type="button" size="lg" className="w-full" pending={connecting} onClick={place}>
          Connect wallet to play
        </Button>
      ) : (
        <Button
          type="submit"
          size="lg"
          className="w-full font-display tracking-wide"
          pending={pending}
          disabled={blocked !== null}
          aria-describedby={
            [blocked === null ? null : `${id}-blocked`, charge === null ? null : `${id}-charge`]
              .filter((part) => part !== null)
              .join(' ') || undefined
          }
        >
          {spinButtonText({ pending, issue, pay: charge?.pay ?? null })}
        </Button>
      )}
      {charge !== null && <PayLine charge={charge} id={`${id}-charge`} />}
      {user !== null && blocked !== null && !showIssue && (
        <p id={`${id}-blocked`} className="mt-2 text-center text-xs text-ink-dim">
          {blocked}
        </p>
      )}
      {user !== null && blocked !== null && showIssue && (
        <span id={`${id}-blocked`} className="sr-only">
          {blocked}
        </span>
      )}
      {error !== null && (
        <p
          role="alert"
          className="mt-2 rounded-lg border border-loss/40 bg-loss/10 px-3 py-2 text-center text-xs text-loss"
        >
          {error}
        </p>
      )}
    </div>
  );

  // The stake and the Spin button come first, on a phone within the first screen with the dial (as the
  // best apps put the bet and its button under the thumb); the win chance, the breakdown, the prize token
  // and the fairness details follow.
  return (
    <form
      className="flex flex-col gap-5"
      aria-label="Place a TailSpin bet"
      onSubmit={(event) => {
        event.preventDefault();
        place();
      }}
    >
      {stakeField}

      {!pending && <RefundStatusView bet={lastBet} variant="note" />}

      {payButton}

      <OddsPicker
        value={settings.odds}
        disabled={pending}
        onChange={(odds) => {
          onChange({ ...settings, odds });
        }}
      />

      <BetBreakdown
        rows={[
          {
            label: 'Prize',
            value:
              preview === null ? (
                '—'
              ) : (
                <span title={`${formatSolDecimal(preview.prize)} SOL`}>
                  {formatLamportsMin(preview.prize)} SOL
                </span>
              ),
            note:
              preview === null
                ? `${multiplierText(settings.odds)} your stake`
                : isSol
                  ? `${multiplierText(settings.odds)} your stake`
                  : tokenAmount === null
                    ? `paid in ${token.symbol} at the price when you claim`
                    : `≈ ${formatNumber(tokenAmount)} ${token.symbol} · ${multiplierText(settings.odds)}`,
            emphasis: true,
          },
          { label: 'Stake', value: charge === null ? '—' : `${costSol(charge.stake)} SOL` },
          ...(charge === null
            ? [
                { label: `Fee (${BET_FEE_TEXT})`, value: '—' },
                { label: 'You pay', value: '—' },
              ]
            : chargeRows(charge)),
        ]}
      />

      {tokenPicker}

      <FairnessDisclosure disabled={pending} />
    </form>
  );
}

/**
 * A stake shortcut. Its accessible name starts with the text it shows ("½, halve the stake"), so speech
 * input ("click ½") and screen readers agree with the eye (axe's label-content-name-mismatch).
 */
function QuickButton({
  label,
  hint,
  disabled,
  onClick,
}: {
  readonly label: string;
  readonly hint: string;
  readonly disabled: boolean;
  readonly onClick: () => void;
}) {
  return (
    <button
      type="button"
      title={hint.charAt(0).toUpperCase() + hint.slice(1)}
      disabled={disabled}
      onClick={onClick}
      className="h-9 min-w-9 rounded-lg bg-white/6 px-2 text-xs font-bold text-ink-dim transition hover:bg-white/12 hover:text-ink disabled:cursor-not-allowed disabled:opacity-40"
    >
      {label}
      <span className="sr-only">, {hint}</span>
    </button>
  );
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
