import type { TokenJson } from '@arcade/sdk/api/nfts';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { formatDateTime, formatLamports } from '../../../lib/format.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import type { BetRow } from '../../../lib/history/get-history.ts';
import { LoadMoreButton, RetryButton } from '../../../components/history-list-controls.tsx';
import { betRecordQueryOptions } from '../../../lib/wager-bet/api/get-bet-record.ts';
import { SkillBadge } from '../../../lib/wager-bet/components/odds-picker.tsx';
import {
  indexedRefundStatus,
  mayAwaitRoll,
  pendingRefundRow,
  refundStatusTitle,
} from '../../../lib/wager-bet/utils/refund.ts';
import { useTailSpinHistory } from '../api/get-tailspin-history.ts';

/**
 * How a bet ended, as the history shows it. A refund says what it came to (its roll revealed later won or
 * lost, is still to come when `pending`, or never will).
 */
export function historyResult(
  item: Pick<
    BetRow,
    | 'state'
    | 'result'
    | 'odds'
    | 'amount'
    | 'listingPrice'
    | 'refundSignature'
    | 'randomValue'
    | 'afterRefund'
  >,
  pending = false,
): {
  readonly text: string;
  readonly tone: 'win' | 'loss' | 'open' | 'muted';
} {
  const refund = indexedRefundStatus(item, pending);
  if (refund !== null) {
    const tone =
      refund.kind === 'won' || refund.kind === 'owed' ? 'win' : refund.kind === 'pending' ? 'open' : 'muted';
    return { text: refundStatusTitle(refund), tone };
  }
  if (item.result === 'Win')
    return { text: item.state === 'Claimed' ? 'Won · claimed' : 'Won · to claim', tone: 'win' };
  if (item.result === 'Loss') return { text: 'Lost', tone: 'loss' };
  return { text: 'Spinning', tone: 'open' };
}

const TONES = {
  win: 'bg-win/15 text-win',
  loss: 'bg-loss/15 text-loss',
  open: 'bg-info/15 text-info',
  muted: 'bg-white/8 text-ink-dim',
} as const;

function tokenSymbol(item: BetRow, tokens: readonly TokenJson[]): string {
  if (item.type === 'sol' || item.mint === NATIVE_MINT_ADDRESS) return 'SOL';
  return tokens.find((token) => token.id === item.mint)?.symbol ?? 'Token';
}

function ResultPill({ item, pending }: { readonly item: BetRow; readonly pending: boolean }) {
  const { text, tone } = historyResult(item, pending);
  return (
    <span className={`inline-block rounded-xl px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>
      {text}
      {item.randomValue !== null && (
        <span className="ml-1 whitespace-nowrap opacity-70">· {item.randomValue}</span>
      )}
    </span>
  );
}

function VerifyLink({ item }: { readonly item: BetRow }) {
  return (
    <Link
      to={`/fairness?bet=${encodeURIComponent(item.signature)}`}
      className="text-xs font-semibold text-info underline-offset-4 hover:underline"
      aria-label={`Verify the bet of ${formatDateTime(item.timestamp * 1000)}`}
    >
      Verify
    </Link>
  );
}

function SkeletonRows() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-2">
      {[0, 1, 2].map((i) => (
        <li key={i} className="h-12 animate-pulse rounded-xl bg-white/5" />
      ))}
    </ul>
  );
}

/** The player's TailSpin bets, newest first: time, token, odds, stake, prize, result and a fairness link. */
export function BetHistory({ tokens }: { readonly tokens: readonly TokenJson[] }) {
  const { wallet } = useWallet();
  const user = wallet?.address ?? null;
  const history = useTailSpinHistory(user);
  // A refund at the top not rolled yet: the live record says whether its roll is still to come.
  const record = useQuery(betRecordQueryOptions(mayAwaitRoll(history.items) ? user : null));
  const pending = pendingRefundRow(history.items, record.data?.bet ?? null);

  let body;
  if (user === null) {
    body = <p className="py-8 text-center text-sm text-ink-dim">Connect your wallet to see your bets.</p>;
  } else if (history.isPending) {
    body = <SkeletonRows />;
  } else if (history.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="text-sm text-loss">Your bets could not be loaded: {history.error.message}</p>
        <RetryButton query={history} />
      </div>
    );
  } else if (history.items.length === 0) {
    body = (
      <p className="py-8 text-center text-sm text-ink-dim">
        No spins yet. Your bets show up here once placed.
      </p>
    );
  } else {
    body = (
      <>
        {/* Phones: one card per bet. */}
        <ul className="flex flex-col gap-2 md:hidden">
          {history.items.map((item) => (
            <li key={item.id} className="rounded-xl border border-edge bg-panel-2/50 px-3 py-2.5">
              <div className="flex items-center justify-between gap-2">
                <span className="tabular shrink-0 text-xs text-ink-faint">
                  {formatDateTime(item.timestamp * 1000)}
                </span>
                <ResultPill item={item} pending={item.id === pending} />
              </div>
              <div className="mt-1.5 flex items-center justify-between gap-2 text-sm">
                <span className="tabular text-ink">
                  {formatLamports(item.amount)} → <strong>{formatLamports(item.listingPrice)} SOL</strong>{' '}
                  <span className="text-ink-dim">in {tokenSymbol(item, tokens)}</span>
                </span>
                <span className="tabular text-xs text-ink-dim">{item.odds}%</span>
              </div>
              <div className="mt-1 text-right">
                <VerifyLink item={item} />
              </div>
            </li>
          ))}
        </ul>
        {/* Wider screens: a table. */}
        <div className="hidden overflow-x-auto md:block">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your TailSpin bets, newest first</caption>
            <thead>
              <tr className="border-b border-edge text-[11px] tracking-widest text-ink-faint uppercase">
                <th scope="col" className="py-2 pr-3 font-bold">
                  Time
                </th>
                <th scope="col" className="py-2 pr-3 font-bold">
                  Token
                </th>
                <th scope="col" className="py-2 pr-3 font-bold">
                  Odds
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-bold">
                  Stake
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-bold">
                  Prize
                </th>
                <th scope="col" className="py-2 pr-3 font-bold">
                  Result
                </th>
                <th scope="col" className="py-2 font-bold">
                  <span className="sr-only">Fairness</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.items.map((item) => (
                <tr key={item.id} className="border-b border-edge/50 last:border-0">
                  <td className="tabular py-2.5 pr-3 whitespace-nowrap text-ink-dim">
                    {formatDateTime(item.timestamp * 1000)}
                  </td>
                  <td className="py-2.5 pr-3 font-semibold">{tokenSymbol(item, tokens)}</td>
                  <td className="py-2.5 pr-3 whitespace-nowrap">
                    <span className="tabular mr-2">{item.odds}%</span>
                    <SkillBadge odds={item.odds} />
                  </td>
                  <td className="tabular py-2.5 pr-3 text-right whitespace-nowrap">
                    {formatLamports(item.amount)} SOL
                  </td>
                  <td className="tabular py-2.5 pr-3 text-right font-semibold whitespace-nowrap">
                    {formatLamports(item.listingPrice)} SOL
                  </td>
                  <td className="py-2.5 pr-3">
                    <ResultPill item={item} pending={item.id === pending} />
                  </td>
                  <td className="py-2.5 text-right">
                    <VerifyLink item={item} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {history.hasNextPage && (
          <div className="mt-3 text-center">
            <LoadMoreButton query={history} size="sm" />
          </div>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="tailspin-history" className="card p-4 sm:p-5">
      <h2 id="tailspin-history" className="mb-3 font-display text-lg font-bold tracking-tight text-ink">
        Your bets
      </h2>
      {body}
    </section>
  );
}
