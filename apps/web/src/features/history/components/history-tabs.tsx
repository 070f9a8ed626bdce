import { FORESIGHT_SYMBOLS } from '@arcade/sdk/constants';
import type { Address } from '@solana/kit';
import { useId, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';

import { errorText } from '../../../lib/error-text.ts';
import {
  useHistory,
  type BetRow,
  type MarketBetRow,
  type PredictionRow,
  type TailSpinType,
} from '../../../lib/history/get-history.ts';
import { PNL_GAMES, type PnlGame } from '@arcade/sdk/api/history';
import { LoadMoreButton, RetryButton } from '../../../components/history-list-controls.tsx';
import { BetRows, MarketBetRows, PredictionRows } from './history-rows.tsx';
import { GAME_LABELS } from './pnl-summary.tsx';

const PLAY_LINKS: Readonly<Record<PnlGame, string>> = {
  tailspin: '/tailspin',
  retail: '/retail',
  foresight: `/foresight/${FORESIGHT_SYMBOLS[0]}`,
  prophecy: '/prophecy',
};

const TAILSPIN_TYPES: readonly { readonly value: TailSpinType; readonly label: string }[] = [
  { value: null, label: 'All prizes' },
  { value: 'sol', label: 'SOL' },
  { value: 'token', label: 'Tokens' },
];

/** Props of {@link HistoryTabs}. */
export interface HistoryTabsProps {
  readonly address: string;
  readonly game: PnlGame;
  readonly onGameChange: (game: PnlGame) => void;
  readonly betType: TailSpinType;
  readonly onBetTypeChange: (betType: TailSpinType) => void;
  /** Whether the wallet is the viewer's own (the empty state then invites to play). */
  readonly own: boolean;
}

/** One tab per game (arrow keys move between them), each listing that game's rows 20 at a time. */
export function HistoryTabs({
  address,
  game,
  onGameChange,
  betType,
  onBetTypeChange,
  own,
}: HistoryTabsProps) {
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = PNL_GAMES.indexOf(game);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % PNL_GAMES.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + PNL_GAMES.length) % PNL_GAMES.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? PNL_GAMES.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = PNL_GAMES[next] ?? 'tailspin';
    onGameChange(target);
    tabs.current[next]?.focus();
  };

  return (
    <section aria-label="History by game" className="card flex flex-col gap-3 p-3 sm:p-5">
      <div
        role="tablist"
        aria-label="Games"
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto rounded-xl border border-edge bg-panel-2/60 p-1"
      >
        {PNL_GAMES.map((tab, index) => {
          const selected = tab === game;
          return (
            <button
              key={tab}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => {
                onGameChange(tab);
              }}
              className={`h-9 flex-1 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition ${
                selected
                  ? 'bg-accent text-black shadow-[0_0_20px_-6px_var(--color-accent)]'
                  : 'text-ink-dim hover:bg-white/5 hover:text-ink'
              }`}
            >
              {GAME_LABELS[tab]}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${game}`}
        className="flex flex-col gap-3"
      >
        {game === 'tailspin' && (
          <div role="radiogroup" aria-label="Prize" className="flex flex-wrap gap-1.5">
            {TAILSPIN_TYPES.map((option) => (
              <button
                key={option.label}
                type="button"
                role="radio"
                aria-checked={betType === option.value}
                onClick={() => {
                  onBetTypeChange(option.value);
                }}
                className={`h-7 rounded-full border px-3 text-xs font-semibold transition ${
                  betType === option.value
                    ? 'border-accent/60 bg-accent/15 text-accent'
                    : 'border-edge text-ink-dim hover:text-ink'
                }`}
              >
                {option.label}
              </button>
            ))}
          </div>
        )}
        <GameRows
          key={`${game}:${betType ?? ''}`}
          game={game}
          address={address}
          betType={game === 'tailspin' ? betType : null}
          own={own}
        />
      </div>
    </section>
  );
}

function GameRows({
  game,
  address,
  betType,
  own,
}: {
  readonly game: PnlGame;
  readonly address: string;
  readonly betType: TailSpinType;
  readonly own: boolean;
}) {
  const history = useHistory(game, address, betType);
  if (history.isPending) {
    return (
      <ul aria-busy="true" aria-label="Loading the history" className="flex flex-col gap-2">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="h-14 animate-pulse rounded-xl bg-white/5" />
        ))}
      </ul>
    );
  }
  if (history.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 rounded-xl border border-loss/40 p-4">
        <p className="text-sm text-loss">The history could not be loaded: {errorText(history.error)}</p>
        <RetryButton query={history} />
      </div>
    );
  }
  const rows = history.data.pages.flatMap((page) => page.items);
  if (rows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-edge px-4 py-10 text-center">
        <p className="font-semibold">
          No {GAME_LABELS[game]} bets {betType === null ? '' : 'of this kind '}yet
        </p>
        {own ? (
          <Link
            to={PLAY_LINKS[game]}
            className="rounded-xl bg-accent px-4 py-2 text-sm font-semibold text-black"
          >
            Play {GAME_LABELS[game]}
          </Link>
        ) : (
          <p className="text-sm text-ink-dim">This wallet has not played {GAME_LABELS[game]}.</p>
        )}
      </div>
    );
  }
  return (
    <>
      {game === 'tailspin' || game === 'retail' ? (
        <BetRows
          rows={rows as BetRow[]}
          label={`${GAME_LABELS[game]} bets`}
          owner={own ? (address as Address) : null}
        />
      ) : game === 'foresight' ? (
        <PredictionRows rows={rows as PredictionRow[]} />
      ) : (
        <MarketBetRows rows={rows as MarketBetRow[]} />
      )}
      {history.hasNextPage ? (
        <LoadMoreButton query={history} className="self-center" />
      ) : (
        <p className="text-center text-xs text-ink-faint">
          {rows.length} {rows.length === 1 ? 'bet' : 'bets'} · that is all
        </p>
      )}
    </>
  );
}
