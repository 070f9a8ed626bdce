import { FORESIGHT_SYMBOLS, SOL_USD_PRICE_DECIMALS } from '@arcade/sdk/constants';
import type { Address } from '@solana/kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';

import { formatDateTime, formatExactSol, formatLamports, formatSol, formatUsd } from '../../../lib/format.ts';
import { betRecordQueryOptions } from '../../../lib/wager-bet/api/get-bet-record.ts';
import { mayAwaitRoll, pendingRefundRow } from '../../../lib/wager-bet/utils/refund.ts';
import type { BetRow, MarketBetRow, PredictionRow } from '../../../lib/history/get-history.ts';
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
    <span className={`inline-block rounded-md px-1.5 py-0.5 text-xs font-bold ${TONES[outcome.tone]}`}>
      {outcome.label}
    </span>
  );
}

function NetCell({ outcome }: { readonly outcome: RowOutcome }) {
  // An open position is neither won nor lost yet: what it has at stake, apart from the settled results.
  if (outcome.atStake !== undefined) {
    return (
      <span className="tabular font-semibold text-info">
        {formatLamports(outcome.atStake)}
        <span className="block text-xs font-normal text-ink-faint">at stake</span>
      </span>
    );
  }
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

/** One column of a game's table: its header (the cell's label on phones) and what a row shows in it. */
interface Column<Row> {
  /** The header and the phone label; empty for a cell without a label (the trailing link). */
  readonly label: string;
  /** The cell's own classes: its span on phones, its alignment. */
  readonly className?: string;
  readonly cell: (row: Row, outcome: RowOutcome) => ReactNode;
}

/** A game's table: its columns, their grid and what each row came to. */
interface TableSpec<Row> {
  readonly columns: readonly Column<Row>[];
  /** The table line's grid columns from 42rem. */
  readonly grid: string;
  readonly outcome: (row: Row) => RowOutcome;
  /** How many of the last columns are right-aligned in the header; default 1. */
  readonly right?: number;
}

/** A game's rows as a list of cards on phones and a table from 42rem, one cell per column. */
function HistoryTable<Row extends { readonly id: number }>({
  rows,
  label,
  table: { columns, grid, outcome, right = 1 },
}: {
  readonly rows: readonly Row[];
  /** The list's accessible name. */
  readonly label: string;
  readonly table: TableSpec<Row>;
}) {
  return (
    <div className="@container">
      <HeaderRow columns={columns.map((column) => column.label)} className={grid} right={right} />
      <ul aria-label={label} className="divide-y divide-edge/60 rounded-xl border border-edge bg-panel-2/40">
        {rows.map((row) => {
          const result = outcome(row);
          return (
            <li key={row.id} className={`${ROW} ${grid}`}>
              {columns.map((column) =>
                column.label === '' ? (
                  <div key={column.label} className={column.className}>
                    {column.cell(row, result)}
                  </div>
                ) : (
                  <Cell key={column.label} label={column.label} className={column.className ?? ''}>
                    {column.cell(row, result)}
                  </Cell>
                ),
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** When the bet was placed; `className` sets how far the cell spans on phones. */
const placed = (className: string): Column<{ readonly timestamp: number }> => ({
  label: 'Placed',
  className,
  cell: (row) => <span className="text-ink-dim">{when(row.timestamp)}</span>,
});

/** The stake alone (TailSpin's also shows its fee). */
const STAKE: Column<{ readonly amount: bigint }> = {
  label: 'Stake',
  cell: (row) => <span className="tabular">{formatSol(row.amount)}</span>,
};

/** The outcome's badge alone (TailSpin's also shows its roll). */
const RESULT: Column<unknown> = {
  label: 'Result',
  cell: (_row, outcome) => <Badge outcome={outcome} />,
};

/** What the row did to the wallet. */
const NET: Column<unknown> = {
  label: 'Net (SOL)',
  className: '@2xl:text-right',
  cell: (_row, outcome) => <NetCell outcome={outcome} />,
};

/** The side a bet took, green for up or yes. */
function Side({ up, children }: { readonly up: boolean; readonly children: ReactNode }) {
  return <span className={`font-semibold ${up ? 'text-win' : 'text-loss'}`}>{children}</span>;
}

const PRIZE_KINDS: Readonly<Record<BetRow['type'], string>> = {
  sol: 'SOL prize',
  token: 'token prize',
  nft: 'NFT prize',
};

/** The date across the card's first two columns on phones; the first table column from 42rem. */
const DATE_CELL = 'col-span-2 @2xl:col-span-1';
/** The trailing link sits beside the date on phones, last in the table line from 42rem. */
const LINK_CELL = 'col-start-3 row-start-1 text-right @2xl:col-start-auto @2xl:row-start-auto';

const BET_TABLE: TableSpec<BetRow> = {
  grid: '@2xl:grid-cols-[8.5rem_3.5rem_1fr_1fr_8.5rem_5rem_3.5rem]',
  outcome: betOutcome,
  right: 2,
  columns: [
    placed(DATE_CELL),
    { label: 'Odds', cell: (row) => <span className="tabular">{row.odds}%</span> },
    {
      label: 'Stake',
      cell: (row) => (
        <>
          <span className="tabular whitespace-nowrap">{formatSol(row.amount)}</span>
          <span
            className="block text-xs whitespace-nowrap text-ink-faint tabular"
            title={`Fee: ${formatExactSol(row.fee)}`}
          >
            +{formatLamports(row.fee)} fee
          </span>
        </>
      ),
    },
    {
      label: 'Prize',
      cell: (row) => (
        <>
          <span className="tabular whitespace-nowrap">{formatSol(row.listingPrice)}</span>
          <span className="block text-xs text-ink-faint">{PRIZE_KINDS[row.type]}</span>
        </>
      ),
    },
    {
      label: 'Result',
      cell: (row, outcome) => (
        <>
          <Badge outcome={outcome} />
          {row.randomValue !== null && (
            <span className="block text-xs text-ink-faint tabular">roll {row.randomValue}</span>
          )}
        </>
      ),
    },
    NET,
    {
      label: '',
      className: LINK_CELL,
      cell: (row) => (
        <Link
          to={`/fairness?bet=${encodeURIComponent(row.signature)}&record=${encodeURIComponent(row.betAddress)}`}
          className={LINK}
          aria-label={`Verify the roll of the bet placed ${when(row.timestamp)}`}
        >
          Verify
        </Link>
      ),
    },
  ],
};

/**
 * TailSpin or ReTail bets, newest first, each with a link to verify its roll. `owner` is the connected
 * wallet when these are its own bets: when the newest is a refund not rolled yet, its live bet record says
 * whether the roll is still to come (a refund that kept the result) or never will.
 */
export function BetRows({
  rows,
  label,
  owner = null,
}: {
  readonly rows: readonly BetRow[];
  readonly label: string;
  readonly owner?: Address | null;
}) {
  const record = useQuery(betRecordQueryOptions(mayAwaitRoll(rows) ? owner : null));
  const pending = pendingRefundRow(rows, record.data?.bet ?? null);
  const table = useMemo(
    () => ({ ...BET_TABLE, outcome: (row: BetRow) => betOutcome(row, row.id === pending) }),
    [pending],
  );
  return <HistoryTable rows={rows} label={label} table={table} />;
}

const price = (value: number | null): string =>
  value === null ? '—' : formatUsd(value / 10 ** SOL_USD_PRICE_DECIMALS);

const FORESIGHT_TABLE: TableSpec<PredictionRow> = {
  grid: '@2xl:grid-cols-[8.5rem_4rem_4rem_1fr_1.4fr_8.5rem_5rem]',
  outcome: predictionOutcome,
  columns: [
    placed('col-span-3 @2xl:col-span-1'),
    {
      label: 'Round',
      cell: (row) =>
        row.round === null ? (
          <span className="text-ink-faint">—</span>
        ) : (
          <Link to={`/foresight/${FORESIGHT_SYMBOLS[0]}`} className={LINK}>
            #{row.round.id}
          </Link>
        ),
    },
    {
      label: 'Side',
      cell: (row) => <Side up={row.prediction === 'Up'}>{row.prediction === 'Up' ? '▲ Up' : '▼ Down'}</Side>,
    },
    STAKE,
    {
      label: 'Lock → final',
      className: 'col-span-2 @2xl:col-span-1',
      cell: (row) => (
        <span className="tabular text-ink-dim">
          {price(row.round?.lockPrice ?? null)} → {price(row.round?.finalPrice ?? null)}
        </span>
      ),
    },
    RESULT,
    NET,
  ],
};

/** Foresight bets with their rounds. */
export function PredictionRows({ rows }: { readonly rows: readonly PredictionRow[] }) {
  return <HistoryTable rows={rows} label="Foresight bets" table={FORESIGHT_TABLE} />;
}

const PROPHECY_TABLE: TableSpec<MarketBetRow> = {
  grid: '@2xl:grid-cols-[8.5rem_minmax(0,2fr)_4rem_1fr_8.5rem_5rem]',
  outcome: marketBetOutcome,
  columns: [
    placed('col-span-3 @2xl:col-span-1'),
    {
      label: 'Market',
      className: 'col-span-3 @2xl:col-span-1',
      cell: (row) => (
        <Link to={`/prophecy/${row.market}`} className={`${LINK} block truncate`}>
          {row.marketName ?? row.shortName ?? 'Market'}
        </Link>
      ),
    },
    { label: 'Side', cell: (row) => <Side up={row.result === 'Yes'}>{row.result}</Side> },
    STAKE,
    RESULT,
    NET,
  ],
};

/** Prophecy bets (each prediction and top-up) with their markets. */
export function MarketBetRows({ rows }: { readonly rows: readonly MarketBetRow[] }) {
  return <HistoryTable rows={rows} label="Prophecy bets" table={PROPHECY_TABLE} />;
}
