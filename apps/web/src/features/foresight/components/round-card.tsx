import { FORESIGHT_SETTLE_BUFFER_SECS } from '@arcade/sdk/constants';
import { Prediction } from '@arcade/sdk/foresight/accounts';
import type { UpDownEvent } from '@arcade/sdk/foresight/views';
import type { ReactNode } from 'react';

import { formatCountdown, formatDateTime, formatSol } from '../../../lib/format.ts';
import {
  bettingRemainingMs,
  DRAW_MARGIN_MS,
  formatMultiplier,
  formatPrice,
  formatShare,
  invalidReason,
  poolFields,
  priceChange,
  roundRemainingMs,
  type Direction,
  type RoundStage,
} from '../utils/round-view.ts';

const DIRECTION_TONE: Record<Direction, string> = {
  up: 'text-win',
  down: 'text-loss',
  flat: 'text-ink-dim',
};

const STAGE_BADGE: Record<RoundStage, { label: string; className: string }> = {
  live: { label: 'Live', className: 'bg-accent text-black' },
  closing: { label: 'Closing', className: 'bg-juice/20 text-juice' },
  locked: { label: 'Locked', className: 'bg-info/20 text-info' },
  next: { label: 'Next', className: 'bg-white/10 text-ink-dim' },
  settled: { label: 'Settled', className: 'bg-white/10 text-ink-dim' },
  invalid: { label: 'Invalid', className: 'bg-loss/15 text-loss' },
  expired: { label: 'Expired', className: 'bg-loss/15 text-loss' },
};

/** What an expired round's card says (it was not settled in time). */
export const EXPIRED_NOTE = `Not settled within ${FORESIGHT_SETTLE_BUFFER_SECS / 60} minutes of its draw: this round is Invalid and every bet is refunded.`;

/** One labelled value (the spec's field names, verbatim); `stacked` puts the label above the value. */
function Field({
  label,
  children,
  tone,
  stacked = false,
}: {
  readonly label: string;
  readonly children: ReactNode;
  readonly tone?: string | undefined;
  readonly stacked?: boolean;
}) {
  return (
    <div className={stacked ? 'grid min-w-0' : 'flex items-baseline justify-between gap-3'}>
      <dt className={`text-ink-faint ${stacked ? 'text-[10px]' : 'text-xs'}`}>{label}</dt>
      <dd data-field={label} className={`font-semibold whitespace-nowrap tabular ${tone ?? 'text-ink'}`}>
        {children}
      </dd>
    </div>
  );
}

/** The countdown line of a card. */
function Countdown({
  label,
  ms,
  note,
}: {
  readonly label: string;
  readonly ms: number;
  readonly note?: string;
}) {
  const text = formatCountdown(ms);
  return (
    <p className="text-right text-[11px] leading-tight text-ink-faint">
      {label}
      <span role="timer" aria-live="off" className="block font-display text-sm font-bold text-ink tabular">
        {text}
      </span>
      {note !== undefined && <span className="block text-[10px]">{note}</span>}
    </p>
  );
}

/** The locked card's note: why its draw countdown runs a little past the live card's "Betting closes in". */
export const DRAW_MARGIN_NOTE = `${DRAW_MARGIN_MS / 1000} s after betting closes`;

/** Props of {@link RoundCard}. */
export interface RoundCardProps {
  readonly round: UpDownEvent;
  readonly stage: RoundStage;
  /** The config's round length, seconds. */
  readonly timelock: number;
  readonly nowMs: number;
  /** The oracle's latest price: the Change of a locked round. */
  readonly currentPrice: bigint | null;
  /** When the next round opens (the live round's lock time), for the next card. */
  readonly opensAt?: bigint | null;
  /** The bet form (live round). */
  readonly action?: ReactNode;
  /** The player's bet. */
  readonly position?: ReactNode;
  /** The oracle receipt. */
  readonly receipt?: ReactNode;
  /** The live round is drawn larger. */
  readonly featured?: boolean;
}

/**
 * A Foresight round (docs/reference/routes.md#foresight-round-cards): open and locked rounds show Change,
 * Lock Price, Players, Prize Pool, the Up and Down payouts and percentages; settled rounds show Final Price,
 * Lock Price, Prize Pool, Players and the two payouts, with the result. Each card counts down to its next
 * moment.
 */
export function RoundCard({
  round,
  stage,
  timelock,
  nowMs,
  currentPrice,
  opensAt = null,
  action,
  position,
  receipt,
  featured = false,
}: RoundCardProps) {
  const fields = poolFields(round);
  const badge = STAGE_BADGE[stage];
  const settled = stage === 'settled' || stage === 'invalid';
  const change =
    stage === 'locked'
      ? priceChange(currentPrice, round.lockPrice)
      : settled
        ? priceChange(round.finalPrice, round.lockPrice)
        : null;
  const winner = stage === 'settled' ? round.result : null;

  let countdown: ReactNode;
  switch (stage) {
    case 'live':
    case 'closing':
      countdown = <Countdown label="Betting closes in" ms={bettingRemainingMs(round.lockTime, nowMs)} />;
      break;
    case 'locked':
      countdown = (
        <Countdown
          label="Draw in"
          ms={roundRemainingMs(round.lockTime, timelock, nowMs)}
          note={DRAW_MARGIN_NOTE}
        />
      );
      break;
    case 'next':
      countdown = (
        <Countdown label="Opens in" ms={opensAt === null ? 0 : bettingRemainingMs(opensAt, nowMs)} />
      );
      break;
    default:
      countdown = null;
  }

  const sideRow = (side: 'up' | 'down') => {
    const up = side === 'up';
    const won = winner === (up ? Prediction.Up : Prediction.Down);
    const payoutLabel = up ? 'Up Payout' : 'Down Payout';
    if (settled) {
      // Settled cards are a record, not a decision: one line per side keeps eight of them scannable.
      return (
        <div
          className={`flex items-center justify-between gap-3 rounded-lg border px-3 py-1.5 ${
            up ? 'border-win/25 bg-win/5' : 'border-loss/25 bg-loss/5'
          } ${won ? (up ? 'ring-2 ring-win' : 'ring-2 ring-loss') : ''}`}
        >
          <p
            className={`flex items-center gap-2 text-xs font-black tracking-wider uppercase ${up ? 'text-win' : 'text-loss'}`}
          >
            <span>
              <span aria-hidden="true">{up ? '▲' : '▼'}</span> {up ? 'Up' : 'Down'}
            </span>
            {won && <span className="rounded-full bg-current/15 px-2 py-0.5 text-[10px]">Won</span>}
          </p>
          <dl className="flex items-baseline gap-2">
            <dt className="text-[10px] text-ink-faint">{payoutLabel}</dt>
            <dd data-field={payoutLabel} className="font-display text-sm font-bold text-ink tabular">
              {formatMultiplier(up ? fields.upPayout : fields.downPayout)}
            </dd>
          </dl>
        </div>
      );
    }
    return (
      <div
        className={`grid grid-cols-2 gap-x-3 rounded-xl border px-3 py-2 ${
          up ? 'border-win/25 bg-win/5' : 'border-loss/25 bg-loss/5'
        } ${won ? (up ? 'ring-2 ring-win' : 'ring-2 ring-loss') : ''}`}
      >
        <p
          className={`col-span-2 flex items-center justify-between text-xs font-black tracking-wider uppercase ${up ? 'text-win' : 'text-loss'}`}
        >
          <span>
            <span aria-hidden="true">{up ? '▲' : '▼'}</span> {up ? 'Up' : 'Down'}
          </span>
          {won && <span className="rounded-full bg-current/15 px-2 py-0.5 text-[10px]">Won</span>}
        </p>
        <dl className="contents">
          <div className="grid">
            <dt className="text-[10px] text-ink-faint">{payoutLabel}</dt>
            <dd data-field={payoutLabel} className="font-display font-bold text-ink tabular">
              {formatMultiplier(up ? fields.upPayout : fields.downPayout)}
            </dd>
          </div>
          <div className="grid text-right">
            <dt className="text-[10px] text-ink-faint">{up ? 'Up Percentage' : 'Down Percentage'}</dt>
            <dd
              data-field={up ? 'Up Percentage' : 'Down Percentage'}
              className="font-display font-bold text-ink tabular"
            >
              {formatShare(up ? fields.upPercentage : fields.downPercentage)}
            </dd>
          </div>
        </dl>
      </div>
    );
  };

  return (
    <article
      aria-label={`Round #${round.id}, ${badge.label}`}
      data-stage={stage}
      className={`card flex flex-col ${settled ? 'gap-2 p-3' : 'gap-3 p-4'} ${featured ? 'border-accent/60 shadow-[0_0_40px_-18px_var(--color-accent)]' : ''} ${
        settled ? 'opacity-95' : ''
      }`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex items-center gap-2">
          <span
            className={`rounded-full px-2 py-0.5 text-[10px] font-black tracking-widest uppercase ${badge.className}`}
          >
            {badge.label}
          </span>
          <h3 className="font-display text-sm font-bold text-ink-dim">#{round.id}</h3>
        </div>
        {countdown}
        {settled && (
          <p className="basis-full text-[11px] text-ink-faint">
            Drawn{' '}
            <time
              dateTime={new Date(Number(round.settleTime) * 1000).toISOString()}
              className="font-semibold whitespace-nowrap text-ink-dim tabular"
            >
              {formatDateTime(Number(round.settleTime) * 1000)}
            </time>
          </p>
        )}
      </header>

      {stage === 'next' && (
        <p className="rounded-xl border border-dashed border-edge px-3 py-2 text-center text-xs text-ink-dim">
          Opens for bets when round #{round.id - 1} locks.
        </p>
      )}
      {stage === 'settled' && change !== null && (
        <p
          className={`rounded-xl bg-void/50 px-3 py-2 text-center text-sm font-bold ${DIRECTION_TONE[change.direction]}`}
        >
          {round.result === Prediction.Up ? 'Up' : 'Down'} won · {change.text}
        </p>
      )}
      {stage === 'invalid' && (
        <p className="rounded-xl bg-loss/10 px-3 py-2 text-center text-xs font-semibold text-loss">
          {invalidReason(round)}
        </p>
      )}
      {stage === 'expired' && (
        <p className="rounded-xl bg-loss/10 px-3 py-2 text-center text-xs font-semibold text-loss">
          {EXPIRED_NOTE}
        </p>
      )}
      {sideRow('up')}
      <dl
        className={`grid rounded-xl bg-void/40 px-3 text-sm ${settled ? 'grid-cols-2 gap-x-4 gap-y-1 py-2' : 'gap-1.5 py-2.5'}`}
      >
        {settled ? (
          <Field label="Final Price" stacked>
            {formatPrice(round.finalPrice)}
          </Field>
        ) : (
          <Field label="Change" tone={change === null ? 'text-ink-faint' : DIRECTION_TONE[change.direction]}>
            {change === null ? '—' : change.text}
          </Field>
        )}
        <Field
          label="Lock Price"
          stacked={settled}
          tone={round.lockPrice === null ? 'text-ink-faint' : undefined}
        >
          {round.lockPrice === null
            ? stage === 'live' || stage === 'closing' || stage === 'next'
              ? 'At lock'
              : '—'
            : formatPrice(round.lockPrice)}
        </Field>
        <Field label="Prize Pool" stacked={settled}>
          {formatSol(fields.prizePool)}
        </Field>
        <Field label="Players" stacked={settled}>
          {fields.players}
        </Field>
      </dl>
      {sideRow('down')}
      {action}
      {position}
      {receipt}
    </article>
  );
}
