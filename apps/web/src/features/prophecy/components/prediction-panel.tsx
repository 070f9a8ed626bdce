import { MIN_BET_LAMPORTS, PROPHECY_FEE_BPS } from '@arcade/sdk/constants';
import { payoutMultiplier } from '@arcade/sdk/payout';
import { useId, useRef, useState, type SyntheticEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import {
  formatExactSol,
  formatPercent,
  formatSol,
  formatSolDecimal,
  parseSolInput,
} from '../../../lib/format.ts';
import type { Market } from '../api/get-markets.ts';
import type { Prediction } from '../api/get-prediction.ts';
import type { PredictionOrder } from '../api/place-prediction.ts';
import { checkAmount, predictionCharge } from '../utils/amount.ts';
import { estimatePayout, type Side } from '../utils/position.ts';
import { multiplierText } from './market-card.tsx';
import { Countdown } from './countdown.tsx';

/** The quick amounts offered under the input, in lamports. */
export const QUICK_AMOUNTS: readonly bigint[] = [
  MIN_BET_LAMPORTS * 10n,
  MIN_BET_LAMPORTS * 50n,
  MIN_BET_LAMPORTS * 100n,
  MIN_BET_LAMPORTS * 500n,
];

const FEE = formatPercent(Number(PROPHECY_FEE_BPS) / 100);

const SIDE_STYLE = {
  yes: {
    on: 'border-win bg-win/15 text-win shadow-[0_0_28px_-8px_var(--color-win)]',
    off: 'border-edge text-ink-dim hover:border-win/50 hover:text-win',
    button: 'up',
  },
  no: {
    on: 'border-loss bg-loss/15 text-loss shadow-[0_0_28px_-8px_var(--color-loss)]',
    off: 'border-edge text-ink-dim hover:border-loss/50 hover:text-loss',
    button: 'down',
  },
} as const;

/** Props of {@link PredictionPanel}. */
export interface PredictionPanelProps {
  /** The market with its live pools. */
  readonly market: Pick<
    Market,
    'yesPool' | 'noPool' | 'cutOffTime' | 'marketMetadata' | 'yesCount' | 'noCount'
  >;
  /** The page's clock, ms. */
  readonly now: number;
  /** The connected wallet, or null. */
  readonly wallet: string | null;
  /** The wallet's prediction: null for none, undefined while it is read. */
  readonly prediction: Prediction | null | undefined;
  /** The wallet's balance in lamports, or null when unknown. */
  readonly balance: bigint | null;
  /**
   * The rent deposit of a new prediction account, which a first prediction pays (`create_prediction`), in
   * lamports; null while unknown.
   */
  readonly rent: bigint | null;
  /** Whether a prediction is being sent. */
  readonly pending: boolean;
  readonly onPredict: (order: PredictionOrder) => Promise<unknown>;
  readonly onConnect: () => void;
}

/**
 * The Yes/No form of an open market: pick a side, type an amount, see what it would pay, predict. A wallet
 * that already predicted can only add to its side (the program refuses the other), so that side is chosen
 * and the other is disabled, with the reason.
 */
export function PredictionPanel({
  market,
  now,
  wallet,
  prediction,
  balance,
  rent,
  pending,
  onPredict,
  onConnect,
}: PredictionPanelProps) {
  const ids = {
    title: useId(),
    amount: useId(),
    lock: useId(),
    error: useId(),
    hint: useId(),
    blocker: useId(),
  };
  const [picked, setPicked] = useState<Side | null>(null);
  const [amountText, setAmountText] = useState('');
  const [touched, setTouched] = useState(false);
  const inFlight = useRef(false);
  const meta = market.marketMetadata;
  const locked: Side | null =
    prediction === null || prediction === undefined || prediction.side === 'invalid' ? null : prediction.side;
  const side = locked ?? picked;
  // Only a first prediction opens (and pays the rent of) the prediction account; while the prediction is
  // read, assume it does.
  const check = checkAmount(
    amountText,
    balance,
    prediction === null || prediction === undefined ? (rent ?? 0n) : 0n,
  );
  const adding = parseSolInput(amountText) ?? 0n;
  const staked = locked === null ? 0n : (prediction?.amount ?? 0n);
  const option = (s: Side) => (s === 'yes' ? meta.yesOption : meta.noOption);

  let blocker: string | null = null;
  if (wallet === null) blocker = 'Connect a wallet to predict';
  else if (prediction === undefined) blocker = 'Reading your prediction…';
  else if (prediction === null && rent === null) blocker = 'Reading the account deposit…';
  else if (side === null) blocker = 'Pick a side';
  else if (!check.ok) blocker = check.error;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    if (wallet === null) {
      onConnect();
      return;
    }
    if (side === null || !check.ok || blocker !== null) return;
    // `pending` shows only after a render: a double click must not send a second prediction.
    if (inFlight.current) return;
    inFlight.current = true;
    void onPredict({ side, amount: check.lamports })
      .then(
        () => {
          setAmountText('');
          setTouched(false);
        },
        () => undefined,
      )
      .finally(() => {
        inFlight.current = false;
      });
  };

  const estimate = side !== null && adding > 0n ? estimatePayout(market, side, staked, adding) : null;
  // What the wallet is charged: known once the amount is valid and, on a first prediction, the rent read.
  const deposit = prediction === null ? rent : prediction === undefined ? null : 0n;
  const charge =
    check.ok && deposit !== null && wallet !== null ? predictionCharge(check.lamports, deposit) : null;
  const showError = touched && !check.ok && wallet !== null;

  return (
    <section aria-labelledby={ids.title} className="card flex flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 id={ids.title} className="font-display text-[1rem] font-bold text-ink">
          {locked === null ? 'Make your prediction' : 'Add to your prediction'}
        </h2>
        <p className="text-right text-[11px] leading-tight text-ink-faint">
          Closes in
          <br />
          <Countdown
            untilSecs={market.cutOffTime}
            now={now}
            className="font-display text-sm font-bold text-ink"
          />
        </p>
      </div>
      <p className="-mt-2 text-xs leading-relaxed text-ink-dim">
        Pick a side and stake SOL. If it wins, you share the pot, less the {FEE} fee, in proportion to your
        stake. No withdrawals.
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div role="radiogroup" aria-label="Your side" className="grid grid-cols-2 gap-2">
          {(['yes', 'no'] as const).map((s) => {
            const on = side === s;
            const disabled = locked !== null && locked !== s;
            const multiplier =
              s === 'yes'
                ? payoutMultiplier(market.yesPool, market.noPool)
                : payoutMultiplier(market.noPool, market.yesPool);
            return (
              <button
                key={s}
                type="button"
                role="radio"
                aria-checked={on}
                aria-disabled={disabled || undefined}
                aria-describedby={disabled ? ids.lock : undefined}
                title={disabled ? `You backed ${option(locked)}: you can only add to it` : undefined}
                tabIndex={on || (side === null && s === 'yes') ? 0 : -1}
                onClick={() => {
                  if (!disabled) setPicked(s);
                }}
                onKeyDown={(event) => {
                  // The radio-group keys: arrows move between the two sides (when not locked to one).
                  if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
                  event.preventDefault();
                  if (locked !== null) return;
                  const next = s === 'yes' ? 'no' : 'yes';
                  setPicked(next);
                  const group = event.currentTarget.parentElement;
                  group?.querySelector<HTMLElement>(`[data-side="${next}"]`)?.focus();
                }}
                data-side={s}
                className={`flex min-w-0 flex-col items-start gap-0.5 rounded-xl border-2 px-3 py-2.5 text-left transition ${on ? SIDE_STYLE[s].on : SIDE_STYLE[s].off} ${disabled ? 'cursor-not-allowed opacity-40 hover:border-edge hover:text-ink-dim' : ''}`}
              >
                <span className="w-full truncate text-sm font-bold">{option(s)}</span>
                <span className="font-display text-lg font-bold text-ink tabular">
                  {multiplierText(multiplier)}
                </span>
              </button>
            );
          })}
        </div>
        {locked !== null && prediction !== null && prediction !== undefined && (
          <p id={ids.lock} className="-mt-2 rounded-lg bg-white/5 px-3 py-2 text-xs text-ink-dim">
            You backed <strong className="text-ink">{option(locked)}</strong> with{' '}
            <strong className="text-ink tabular">{formatSol(prediction.amount)}</strong>. You can add to it,
            but not switch sides.
          </p>
        )}
        <div className="flex flex-col gap-2">
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={ids.amount} className="text-xs font-semibold text-ink-dim">
              Amount
            </label>
            {balance !== null && (
              <span className="text-[11px] text-ink-faint tabular">Balance {formatSol(balance)}</span>
            )}
          </div>
          <div
            className={`flex h-12 items-center rounded-xl border bg-void/60 pr-3 focus-within:border-accent/60 ${showError ? 'border-loss/70' : 'border-edge'}`}
          >
            <input
              id={ids.amount}
              inputMode="decimal"
              autoComplete="off"
              placeholder={formatSolDecimal(MIN_BET_LAMPORTS * 10n)}
              value={amountText}
              aria-invalid={showError || undefined}
              aria-describedby={showError ? ids.error : ids.hint}
              onChange={(event) => {
                setAmountText(event.target.value);
              }}
              onBlur={() => {
                if (amountText !== '') setTouched(true);
              }}
              className="h-full min-w-0 flex-1 bg-transparent px-3 font-display text-lg font-bold tabular placeholder:font-sans placeholder:text-sm placeholder:font-normal placeholder:text-ink-faint focus:outline-none"
            />
            <span className="text-sm font-semibold text-ink-dim">SOL</span>
          </div>
          <div className="flex flex-wrap gap-1.5" role="group" aria-label="Quick amounts">
            {QUICK_AMOUNTS.map((amount) => (
              <button
                key={amount.toString()}
                type="button"
                onClick={() => {
                  setAmountText(formatSolDecimal(amount));
                  setTouched(true);
                }}
                className="h-7 rounded-lg border border-edge bg-white/5 px-2.5 text-xs font-semibold text-ink-dim tabular hover:border-accent/40 hover:text-ink"
              >
                {formatSolDecimal(amount)}
              </button>
            ))}
          </div>
          {showError ? (
            <p id={ids.error} role="alert" className="text-xs text-loss">
              {check.error}
            </p>
          ) : (
            <p id={ids.hint} className="text-xs text-ink-faint">
              Minimum {formatSol(MIN_BET_LAMPORTS)}.
            </p>
          )}
        </div>
        {estimate !== null && side !== null && (
          <div className="rounded-xl border border-edge bg-void/50 px-3 py-2.5 text-xs" aria-live="polite">
            <div className="flex items-baseline justify-between gap-2">
              <span className="text-ink-dim">If {option(side)} wins you get</span>
              <span className="font-display text-[1rem] font-bold text-win tabular">
                {formatSol(estimate)}
              </span>
            </div>
            <p className="mt-1 text-[11px] text-ink-faint">
              {(side === 'yes' ? market.noPool : market.yesPool) === 0n
                ? `Nobody backs ${option(side === 'yes' ? 'no' : 'yes')} yet: until someone does, a win only returns your stake less the ${FEE} fee.`
                : `On ${formatSol(staked + adding)} staked, at today's pools. Later predictions move it.`}
            </p>
          </div>
        )}
        {charge !== null && side !== null && (
          <dl
            aria-label="What you pay"
            className="grid gap-1 rounded-xl border border-edge bg-void/50 px-3 py-2.5 text-xs"
          >
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-ink-dim">Stake</dt>
              <dd className="text-ink-dim tabular">{formatExactSol(charge.stake)}</dd>
            </div>
            {charge.deposit > 0n && (
              <div className="flex items-baseline justify-between gap-3">
                <dt className="text-ink-dim">Prediction account (first prediction only)</dt>
                <dd className="text-ink-dim tabular">{formatExactSol(charge.deposit)}</dd>
              </div>
            )}
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-ink-dim">Network fee</dt>
              <dd className="text-ink-dim tabular">{formatExactSol(charge.networkFee)}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-3 border-t border-edge/60 pt-1">
              <dt className="font-semibold text-ink">Total</dt>
              <dd className="font-display font-bold text-ink tabular">{formatExactSol(charge.total)}</dd>
            </div>
          </dl>
        )}
        {wallet === null ? (
          <Button type="submit" size="lg">
            Connect wallet to predict
          </Button>
        ) : (
          <Button
            type="submit"
            size="lg"
            variant={side === null ? 'primary' : SIDE_STYLE[side].button}
            pending={pending}
            disabled={blocker !== null}
            aria-describedby={blocker !== null && !showError ? ids.blocker : undefined}
          >
            {/* Black on the red No button: white text there is under 4.5:1. */}
            <span className={side === 'no' ? 'text-black' : undefined}>
              {pending
                ? 'Confirming…'
                : side === null
                  ? 'Pick a side'
                  : `${locked !== null ? `Add to ${option(side)}` : `Predict ${option(side)}`}${
                      charge === null ? '' : ` · ${formatExactSol(charge.total)}`
                    }`}
            </span>
          </Button>
        )}
        {wallet !== null && blocker !== null && !showError && side !== null && (
          <p id={ids.blocker} className="-mt-2 text-center text-xs text-ink-faint">
            {blocker}
          </p>
        )}
      </form>
    </section>
  );
}
