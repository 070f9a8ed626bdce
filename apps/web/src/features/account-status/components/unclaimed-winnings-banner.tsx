import type { Address } from '@solana/kit';
import { useId, useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { formatExactSol, formatSol, pluralize } from '../../../lib/format.ts';
import { useResultAnnouncementsHeld } from '../../../lib/result-hold.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { useBetRecordUpdates } from '../hooks/use-bet-record-updates.ts';
import { useClaimAll, type ClaimAllOutcome, type ClaimProgress } from '../hooks/use-claim-all.ts';
import { useUnclaimedWinnings } from '../hooks/use-unclaimed-winnings.ts';
import {
  claimItemGame,
  claimItemKey,
  claimItemLabel,
  claimTotal,
  depositTotal,
  isRefund,
  type ClaimItem,
} from '../utils/claim-items.ts';

/** Session-storage key of the dismissed wins, so a dismissal lasts for this tab's session only. */
const DISMISSED_KEY = 'unclaimedWinningsDismissed';

function itemsKey(items: readonly ClaimItem[]): string {
  return items.map(claimItemKey).join(',');
}

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

function writeDismissed(key: string): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, key);
  } catch {
    // Storage disabled: the dismissal still holds until the banner remounts.
  }
}

/**
 * "You have 1 unclaimed win (1.0 SOL)"; refunds are not called wins: "You have 1 refund to collect
 * (0.05 SOL)", "You have 2 unclaimed wins and 1 refund to collect (2.1 SOL)".
 */
export function unclaimedWinsText(wins: number, lamports: bigint, refunds = 0): string {
  const what =
    refunds === 0
      ? pluralize(wins, 'unclaimed win')
      : wins === 0
        ? `${pluralize(refunds, 'refund')} to collect`
        : `${pluralize(wins, 'unclaimed win')} and ${pluralize(refunds, 'refund')} to collect`;
  return `You have ${what} (${formatSol(lamports)})`;
}

/** "TailSpin · Foresight": the games the items come from, in order, once each. */
export function gamesText(items: readonly ClaimItem[]): string {
  return [...new Set(items.map(claimItemGame))].join(' · ');
}

/**
 * What Collect all does, under the headline: "Collect all pays them in SOL to your wallet.", and when
 * Foresight bets are among them, the account deposits that come back with them (not part of the headline's
 * total).
 */
export function claimNoteText(items: readonly ClaimItem[]): string {
  const deposits = depositTotal(items);
  return deposits === 0n
    ? 'Collect all pays them in SOL to your wallet.'
    : `Collect all pays them in SOL to your wallet, with ${formatExactSol(deposits)} of Foresight account deposits.`;
}

/** The status line after a Collect all that did not pay everything. */
export function outcomeText(outcome: ClaimAllOutcome): string {
  const reason = errorText(outcome.error);
  if (outcome.claimed.length === 0) return `Nothing was collected: ${reason}`;
  return `Collected ${formatSol(claimTotal(outcome.claimed))}; ${outcome.failed.length} left to collect: ${reason}`;
}

function claimButtonText(progress: ClaimProgress | null): string {
  if (progress === null) return 'Collect all';
  if (progress.total <= 1) return 'Collecting…';
  return `Collecting ${progress.current} of ${progress.total}…`;
}

const GAME_TONES: Readonly<Record<ReturnType<typeof claimItemGame>, string>> = {
  TailSpin: 'bg-accent/15 text-accent',
  ReTail: 'bg-accent-2/15 text-accent-2',
  Foresight: 'bg-win/15 text-win',
  Prophecy: 'bg-info/15 text-info',
};

function ItemList({ items, id }: { readonly items: readonly ClaimItem[]; readonly id: string }) {
  return (
    <div id={id} className="mt-3 border-t border-win/20 pt-3">
      <ul aria-label="What you are owed" className="flex flex-col gap-1.5">
        {items.map((item) => {
          const game = claimItemGame(item);
          return (
            <li key={claimItemKey(item)} className="flex items-center gap-2 text-sm">
              <span
                className={`w-20 shrink-0 rounded-md px-1.5 py-0.5 text-center text-[11px] font-bold ${GAME_TONES[game]}`}
              >
                {game}
              </span>
              <span className="min-w-0 flex-1 truncate text-ink-dim">{claimItemLabel(item)}</span>
              <span className="tabular shrink-0 font-semibold text-ink">{formatSol(item.amount)}</span>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 flex items-center justify-between border-t border-edge/60 pt-2 text-sm font-semibold">
        <span className="text-ink-dim">Total</span>
        <span className="tabular text-win">{formatSol(claimTotal(items))}</span>
      </p>
    </div>
  );
}

/**
 * Warns the connected wallet of everything it is owed (docs/reference/states.md#tailspin-and-retail-bet: "A
 * win whose state is neither Claimed nor Open triggers the unclaimed-winnings banner"): its TailSpin/ReTail
 * win, Foresight rounds won or refunded and Prophecy payouts, each confirmed on chain, and claims them all in
 * as few transactions as fit with one "Collect all". Dismissing it hides these items for the rest of the
 * tab's session; a new one shows again.
 */
export function UnclaimedWinningsBanner() {
  const { wallet } = useWallet();
  const user: Address | null = wallet?.address ?? null;
  const { items } = useUnclaimedWinnings(user);
  useBetRecordUpdates(user);
  const claim = useClaimAll(user);
  const [dismissed, setDismissed] = useState(readDismissed);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const resultHeld = useResultAnnouncementsHeld();

  if (user === null || items.length === 0 || resultHeld) return null;
  const key = itemsKey(items);
  if (dismissed === key) return null;
  const total = claimTotal(items);
  const refunds = items.filter(isRefund).length;

  return (
    // The shell mounts the banner edge to edge under the header; the padding lines it up with the page.
    <div className="px-3 pt-3 sm:px-6 xl:px-8">
      <div
        role="region"
        aria-label="Unclaimed winnings"
        className="relative overflow-hidden rounded-2xl border border-win/40 bg-gradient-to-r from-win/15 via-panel to-panel px-4 py-3 shadow-[0_0_40px_-16px_var(--color-win)] animate-fade-in"
      >
        <div className="flex flex-wrap items-center gap-3 sm:flex-nowrap">
          <span
            className="grid size-9 shrink-0 place-items-center rounded-xl bg-win/20 text-win animate-glow"
            aria-hidden="true"
          >
            <svg viewBox="0 0 20 20" className="size-5">
              <path
                d="M5 3h10v3a5 5 0 0 1-10 0V3zM3 4h2M15 4h2M10 11v3M7 17h6M8 14h4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
          </span>
          <p className="min-w-0 flex-1 text-sm font-semibold text-ink">
            <span className="tabular">{unclaimedWinsText(items.length - refunds, total, refunds)}</span>
            <span className="block text-xs font-normal text-ink-dim">
              {gamesText(items)}. {claimNoteText(items)}
            </span>
          </p>
          <div className="flex w-full items-center gap-2 sm:w-auto">
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={open}
              aria-controls={open ? listId : undefined}
              onClick={() => {
                setOpen((o) => !o);
              }}
            >
              {open ? 'Hide details' : 'Details'}
            </Button>
            <Button
              variant="up"
              size="sm"
              className="flex-1 sm:flex-none"
              pending={claim.pending}
              disabled={claim.claimAll === null}
              title={claim.claimAll === null ? 'Your wallet cannot sign transactions' : undefined}
              onClick={() => {
                void claim.claimAll?.();
              }}
            >
              {claimButtonText(claim.progress)}
            </Button>
            <button
              type="button"
              aria-label="Dismiss"
              onClick={() => {
                writeDismissed(key);
                setDismissed(key);
              }}
              className="grid size-8 shrink-0 place-items-center rounded-lg text-ink-faint transition hover:bg-white/5 hover:text-ink"
            >
              <svg viewBox="0 0 20 20" className="size-3.5" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
        </div>
        {open && <ItemList items={items} id={listId} />}
        {claim.outcome !== null && claim.outcome.error !== null && (
          <p role="status" className="mt-2 text-xs text-loss">
            {outcomeText(claim.outcome)}
          </p>
        )}
      </div>
    </div>
  );
}
