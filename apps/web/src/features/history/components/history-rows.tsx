import { FORESIGHT_SYMBOLS, SOL_USD_PRICE_DECIMALS } from '@arcade/sdk/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import {
  formatDateTime,
  formatLamports,
  formatLamportsMin,
  formatSol,
  formatUsd,
} from '../../../lib/format.ts';
import type { BetRow, MarketBetRow, PredictionRow } from '../api/get-history.ts';
import {
  betOutcome,
  marketBetOutcome,
  predictionOutcome,
  signedLamports,
  type OutcomeTone,
  type RowOutcome,
} from '../utils/row-outcome.ts';

const TONES: Readonly<Record<OutcomeTone, string>> = {
  win: 'bg-win/15 text-win',
  loss: 'bg-loss/15 text-loss',
  pending: 'bg-info/15 text-info',
  neutral: 'bg-white/8 text-ink-dim',
};

const LINK =
  'font-semibold text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent';

/**
 * The rows' shared grid, sized by the list's own width (a container query, since the feed sidebar may take
 * half the screen): a small card of three columns below 42rem, a table line from there.
 */
const ROW = 'grid grid-cols-3 gap-x-3 gap-y-2 px-3 py-3 text-sm @2xl:items-center @2xl:gap-y-0';

function Badge({ outcome }: { readonly outcome: RowOutcome }) {
  return (
    <span
      className={`inline-block rounded-md px-1.5 py-0.5 text-xs font-bold whitespace-nowrap ${TONES[outcome.tone]}`}
    >
      {outcome.label}
    </span>
  );
}

function NetCell({ outcome }: { readonly outcome: RowOutcome }) {
  if (outcome.net === null) return <span className="text-ink-faint">—</span>;
  const tone = outcome.net > 0n ? 'text-win' : outcome.net < 0n ? 'text-loss' : 'text-ink-dim';
  return (
    <span className={`tabular font-semibold ${tone}`}>{signedLamports(outcome.net, formatLamports)}</span>
  );
}

/** A labelled value: the label shows on phones only, where there is no header row. */
function Cell({
  label,
  children,
  className = '',
}: {
  readonly label: string;
  readonly children: ReactNode;
  readonly className?: string;
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <span className="block text-[11px] text-ink-faint @2xl:hidden">{label}</span>
      {children}
    </div>
  );
}

function HeaderRow({
  columns,
  className,
  right = 1,
}: {
  readonly columns: readonly string[];
  readonly className: string;
  /** How many of the last columns are right-aligned. */
  readonly right?: number;
}) {
  return (
    <div
      aria-hidden="true"
      className={`hidden gap-x-3 px-3 pb-1 text-xs font-semibold text-ink-faint @2xl:grid ${className}`}
    >
      {columns.map((column, index) => (
        <span key={column} className={index >= columns.length - right ? 'text-right' : ''}>
          {column}
        </span>
      ))}
    </div>
  );
}

const when = (seconds: number): string => formatDateTime(seconds * 1000);

const BET_COLUMNS = '@2xl:grid-cols-[8.5rem_3.5rem_1fr_1fr_8.5rem_5rem_3.5rem]';

/** The date across the card's first two columns on phones; the first table column from 42rem. */
const DATE_CELL = 'col-span-2 @2xl:col-span-1';
/** The trailing link sits beside the date on phones, last in the table line from 42rem. */
const LINK_CELL = 'col-start-3 row-start-1 text-right @2xl:col-start-auto @2xl:row-start-auto';

/** TailSpin or ReTail bets, newest first, each with a link to verify its roll. */
export function BetRows({ rows, label }: { readonly rows: readonly BetRow[]; readonly label: string }) {
  return (
    <div className="@container">
      <HeaderRow
        columns={['Placed', 'Odds', 'Stake', 'Prize', 'Result', 'Net (SOL)', '']}
        className={BET_COLUMNS}
        right={2}
      />
      <ul aria-label={label} className="divide-y divide-edge/60 rounded-xl border border-edge bg-panel-2/40">
        {rows.map((row) => {
          const outcome = betOutcome(row);
          return (
            <li key={row.id} className={`${ROW} ${BET_COLUMNS}`}>
              <Cell label="Placed" className={DATE_CELL}>
                <span className="text-ink-dim">{when(row.timestamp)}</span>
              </Cell>
              <Cell label="Odds">
                <span className="tabular">{row.odds}%</span>
              </Cell>
              <Cell label="Stake">
                <span className="tabular whitespace-nowrap">{formatSol(row.amount)}</span>
                <span className="block text-xs whitespace-nowrap text-ink-faint tabular">
                  +{formatLamportsMin(row.fee)} fee
                </span>
              </Cell>
              <Cell label="Prize">
                <span className="tabular whitespace-nowrap">{formatSol(row.listingPrice)}</span>
                <span className="block text-xs text-ink-faint">{PRIZE_KINDS[row.type]}</span>
              </Cell>
              <Cell label="Result">
                <Badge outcome={outcome} />
                {row.randomValue !== null && (
                  <span className="block text-xs text-ink-faint tabular">roll {row.randomValue}</span>
                )}
              </Cell>
              <Cell label="Net (SOL)" className="@2xl:text-right">
                <NetCell outcome={outcome} />
              </Cell>
              <div className={LINK_CELL}>
                <Link
                  to={`/fairness?bet=${encodeURIComponent(row.signature)}&record=${encodeURIComponent(row.betAddress)}`}
                  className={LINK}
                  aria-label={`Verify the roll of the bet placed ${when(row.timestamp)}`}
                >
                  Verify
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const PRIZE_KINDS: Readonly<Record<BetRow['type'], string>> = {
  sol: 'SOL prize',
  token: 'token prize',
  nft: 'NFT prize',
};

const price = (value: number | null): string =>
  value === null ? '—' : formatUsd(value / 10 ** SOL_USD_PRICE_DECIMALS);

const FORESIGHT_COLUMNS = '@2xl:grid-cols-[8.5rem_4rem_4rem_1fr_1.4fr_8.5rem_5rem]';

/** Foresight bets with their rounds. */
export function PredictionRows({ rows }: { readonly rows: readonly PredictionRow[] }) {
  return (
    <div className="@container">
      <HeaderRow
        columns={['Placed', 'Round', 'Side', 'Stake', 'Lock → final', 'Result', 'Net (SOL)']}
        className={FORESIGHT_COLUMNS}
      />
      <ul
        aria-label="Foresight bets"
        className="divide-y divide-edge/60 rounded-xl border border-edge bg-panel-2/40"
      >
        {rows.map((row) => {
          const outcome = predictionOutcome(row);
          return (
            <li key={row.id} className={`${ROW} ${FORESIGHT_COLUMNS}`}>
              <Cell label="Placed" className="col-span-3 @2xl:col-span-1">
                <span className="text-ink-dim">{when(row.timestamp)}</span>
              </Cell>
              <Cell label="Round">
                {row.round === null ? (
                  <span className="text-ink-faint">—</span>
                ) : (
                  <Link to={`/foresight/${FORESIGHT_SYMBOLS[0]}`} className={LINK}>
                    #{row.round.id}
                  </Link>
                )}
              </Cell>
              <Cell label="Side">
                <span className={`font-semibold ${row.prediction === 'Up' ? 'text-win' : 'text-loss'}`}>
                  {row.prediction === 'Up' ? '▲ Up' : '▼ Down'}
                </span>
              </Cell>
              <Cell label="Stake">
                <span className="tabular">{formatSol(row.amount)}</span>
              </Cell>
              <Cell label="Lock → final" className="col-span-2 @2xl:col-span-1">
                <span className="tabular text-ink-dim">
                  {price(row.round?.lockPrice ?? null)} → {price(row.round?.finalPrice ?? null)}
                </span>
              </Cell>
              <Cell label="Result">
                <Badge outcome={outcome} />
              </Cell>
              <Cell label="Net (SOL)" className="@2xl:text-right">
                <NetCell outcome={outcome} />
              </Cell>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const PROPHECY_COLUMNS = '@2xl:grid-cols-[8.5rem_minmax(0,2fr)_4rem_1fr_8.5rem_5rem]';

/** Prophecy bets (each prediction and top-up) with their markets. */
export function MarketBetRows({ rows }: { readonly rows: readonly MarketBetRow[] }) {
  return (
    <div className="@container">
      <HeaderRow
        columns={['Placed', 'Market', 'Side', 'Stake', 'Result', 'Net (SOL)']}
        className={PROPHECY_COLUMNS}
      />
      <ul
        aria-label="Prophecy bets"
        className="divide-y divide-edge/60 rounded-xl border border-edge bg-panel-2/40"
      >
        {rows.map((row) => {
          const outcome = marketBetOutcome(row);
          return (
            <li key={row.id} className={`${ROW} ${PROPHECY_COLUMNS}`}>
              <Cell label="Placed" className="col-span-3 @2xl:col-span-1">
                <span className="text-ink-dim">{when(row.timestamp)}</span>
              </Cell>
              <Cell label="Market" className="col-span-3 @2xl:col-span-1">
                <Link to={`/prophecy/${row.market}`} className={`${LINK} block truncate`}>
                  {row.marketName ?? row.shortName ?? 'Market'}
                </Link>
              </Cell>
              <Cell label="Side">
                <span className={`font-semibold ${row.result === 'Yes' ? 'text-win' : 'text-loss'}`}>
                  {row.result}
                </span>
              </Cell>
              <Cell label="Stake">
                <span className="tabular">{formatSol(row.amount)}</span>
              </Cell>
              <Cell label="Result">
                <Badge outcome={outcome} />
              </Cell>
              <Cell label="Net (SOL)" className="@2xl:text-right">
                <NetCell outcome={outcome} />
              </Cell>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
