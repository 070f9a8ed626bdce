import { BPS_DENOMINATOR, JUICE_DECIMALS, POOL_FEE_BPS, TAILSPIN_FEE_BPS } from '@arcade/sdk/constants';
import type { ReactNode } from 'react';

import {
  formatLamports,
  formatPercent,
  formatSol,
  formatTokenAmount,
  pluralize,
} from '../../../lib/format.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useJuice } from '../../../lib/juice/get-juice.ts';
import { usePnl, type GamePnl } from '../api/get-pnl.ts';
import { PNL_GAMES, type PnlGame } from '@arcade/sdk/api/history';
import { signedLamports } from '../utils/row-outcome.ts';

/** Display names of the games. */
export const GAME_LABELS: Readonly<Record<PnlGame, string>> = {
  tailspin: 'TailSpin',
  retail: 'ReTail',
  foresight: 'Foresight',
  prophecy: 'Prophecy',
};

const bpsPercent = (bps: bigint): string => formatPercent((Number(bps) / Number(BPS_DENOMINATOR)) * 100);

/** How fees count, in one sentence, with the SDK's rates. */
export const FEES_NOTE = `Fees are what you paid on top of a stake (${bpsPercent(TAILSPIN_FEE_BPS)} on TailSpin and ReTail). Foresight and Prophecy take ${bpsPercent(POOL_FEE_BPS)} of the pot before paying winners, so theirs is already out of your winnings.`;

/** Net in SOL with its sign and colour. */
function Net({ lamports, className = '' }: { readonly lamports: bigint; readonly className?: string }) {
  const tone = lamports > 0n ? 'text-win' : lamports < 0n ? 'text-loss' : 'text-ink';
  return (
    <span className={`tabular ${tone} ${className}`}>{signedLamports(lamports, formatLamports)} SOL</span>
  );
}

function Stat({
  label,
  value,
  hint,
}: {
  readonly label: string;
  readonly value: ReactNode;
  readonly hint?: string;
}) {
  return (
    <div className="rounded-xl border border-edge bg-panel-2/60 px-3 py-2.5">
      <dt className="text-[11px] font-semibold tracking-wider text-ink-faint uppercase">{label}</dt>
      <dd className="mt-0.5 font-semibold text-ink">
        {value}
        {hint !== undefined && <span className="block text-xs font-normal text-ink-dim">{hint}</span>}
      </dd>
    </div>
  );
}

/** Open positions and what they cost (`1 · 0.20`), or a dash when there are none. */
function OpenCell({ pnl }: { readonly pnl: GamePnl }) {
  if (pnl.open === 0) return <span className="text-ink-faint">—</span>;
  return (
    <span className="tabular text-info">
      {pnl.open} · {formatLamports(pnl.atStake)}
    </span>
  );
}

function GameRow({ game, pnl }: { readonly game: string; readonly pnl: GamePnl }) {
  return (
    <tr className="border-t border-edge/60">
      <th scope="row" className="py-2 pr-3 text-left font-semibold whitespace-nowrap">
        {game}
      </th>
      <td className="tabular px-3 py-2 text-right">{pnl.bets}</td>
      <td className="tabular px-3 py-2 text-right whitespace-nowrap">
        <span className="text-win">{pnl.wins}</span>
        <span className="text-ink-faint"> / </span>
        <span className="text-loss">{pnl.losses}</span>
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap">
        <OpenCell pnl={pnl} />
      </td>
      <td className="tabular px-3 py-2 text-right">{formatLamports(pnl.wagered)}</td>
      <td className="tabular px-3 py-2 text-right">{formatLamports(pnl.fees)}</td>
      <td className="tabular px-3 py-2 text-right">{formatLamports(pnl.payouts)}</td>
      <td className="tabular px-3 py-2 text-right">{formatLamports(pnl.refunds)}</td>
      <td className="py-2 pl-3 text-right whitespace-nowrap">
        <Net lamports={pnl.net} />
      </td>
    </tr>
  );
}

/** Juice in the same three figures as the header's popover, from the same request (`GET /api/user/juice`). */
function JuiceStat({ address }: { readonly address: string }) {
  const juice = useJuice(address);
  const amount = (units: bigint) => formatTokenAmount(units, JUICE_DECIMALS);
  if (juice.data === undefined) {
    return (
      <Stat
        label="Juice claimable"
        value={<span className="text-ink-faint">—</span>}
        hint={juice.isError ? 'Juice could not be loaded' : 'Loading…'}
      />
    );
  }
  const { claimable, earned, claimed } = juice.data;
  return (
    <Stat
      label="Juice claimable"
      value={
        <span className="text-juice" data-testid="history-juice-claimable">
          {amount(claimable)}
        </span>
      }
      hint={`Earned ${amount(earned)} · claimed ${amount(claimed)}`}
    />
  );
}

/**
 * A wallet's profit and loss over its whole history (the server sums every bet): the realised net of its
 * settled bets, its open positions apart (how many, what they cost), wagered, fees, won, refunds and what is
 * still unclaimed, per game and in total, plus Juice and referral earnings.
 */
export function PnlSummary({ address }: { readonly address: string }) {
  const pnl = usePnl(address);
  if (pnl.isPending) {
    return (
      <section aria-label="Profit and loss" aria-busy="true" className="card grid gap-3 p-4 sm:p-5">
        <div className="h-16 animate-pulse rounded-xl bg-white/5" />
        <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-16 animate-pulse rounded-xl bg-white/5" />
          ))}
        </div>
      </section>
    );
  }
  if (pnl.isError) {
    return (
      <section aria-label="Profit and loss" className="card p-4 sm:p-5">
        <p role="alert" className="text-sm text-loss">
          The profit and loss could not be loaded: {errorText(pnl.error)}
        </p>
      </section>
    );
  }
  const { total, referrals, games } = pnl.data;
  return (
    <section aria-labelledby="pnl-title" className="card @container flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="pnl-title" className="text-xs font-bold tracking-[0.2em] text-ink-faint uppercase">
            Realised profit and loss
          </h2>
          <p className="font-display text-3xl font-bold sm:text-4xl" data-testid="pnl-net">
            <Net lamports={total.net} />
          </p>
        </div>
        <p className="text-sm text-ink-dim" data-testid="pnl-counts">
          <span className="tabular text-ink">{total.bets}</span> bets ·{' '}
          <span className="tabular text-win">{total.wins}</span> won ·{' '}
          <span className="tabular text-loss">{total.losses}</span> lost ·{' '}
          <span className="tabular text-info">{total.open}</span> open
        </p>
      </div>
      <p className="-mt-2 text-xs text-ink-faint">
        Settled bets only: open positions are apart until they settle.
      </p>
      <dl className="grid grid-cols-2 gap-2 @xl:grid-cols-4 @5xl:grid-cols-8">
        <Stat
          label="Open positions"
          value={
            <span className={total.open > 0 ? 'text-info' : ''} data-testid="pnl-at-stake">
              {formatSol(total.atStake)}
            </span>
          }
          hint={total.open === 0 ? 'None open' : `At stake in ${pluralize(total.open, 'open bet')}`}
        />
        <Stat label="Wagered" value={formatSol(total.wagered)} />
        <Stat label="Fees paid" value={formatSol(total.fees)} />
        <Stat label="Won" value={formatSol(total.payouts)} />
        <Stat label="Refunds" value={formatSol(total.refunds)} />
        <Stat
          label="Unclaimed"
          value={<span className={total.unclaimed > 0n ? 'text-win' : ''}>{formatSol(total.unclaimed)}</span>}
          {...(total.unclaimed > 0n ? { hint: 'Not in net until claimed' } : {})}
        />
        <Stat
          label="Referral earnings"
          value={formatSol(referrals.fees)}
          hint={`${referrals.referredUserCount} referred ${referrals.referredUserCount === 1 ? 'player' : 'players'}`}
        />
        <JuiceStat address={address} />
      </dl>
      {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
      <div
        className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
        role="region"
        aria-label="Profit and loss per game"
        tabIndex={0}
      >
        <table className="w-full min-w-[680px] text-sm">
          <caption className="sr-only">
            Profit and loss per game, in SOL: settled results, and open positions apart
          </caption>
          <thead>
            <tr className="text-xs text-ink-faint">
              <th scope="col" className="pb-1 pr-3 text-left font-semibold">
                Game
              </th>
              <th scope="col" className="px-3 pb-1 text-right font-semibold">
                Bets
              </th>
              <th scope="col" className="px-3 pb-1 text-right font-semibold">
                Won / lost
              </th>
              <th scope="col" className="px-3 pb-1 text-right font-semibold whitespace-nowrap">
                Open · at stake
              </th>
              <th scope="col" className="px-3 pb-1 text-right font-semibold">
                Wagered
              </th>
              <th scope="col" className="px-3 pb-1 text-right font-semibold">
                Fees
              </th>
              <th scope="col" className="px-3 pb-1 text-right font-semibold">
                Won
              </th>
              <th scope="col" className="px-3 pb-1 text-right font-semibold">
                Refunds
              </th>
              <th scope="col" className="pb-1 pl-3 text-right font-semibold">
                Net
              </th>
            </tr>
          </thead>
          <tbody>
            {PNL_GAMES.map((game) => (
              <GameRow key={game} game={GAME_LABELS[game]} pnl={games[game]} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-ink-faint">{FEES_NOTE}</p>
    </section>
  );
}
