import { useId } from 'react';
import { Link } from 'react-router';

import { Button, Spinner } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { errorText } from '../../../lib/error-text.ts';
import type { MarketRequest } from '../api/request-market.ts';
import type { MarketRequestStatus } from '@arcade/sdk/api/prophecy';

const STATUS: Readonly<Record<MarketRequestStatus, { label: string; tone: string }>> = {
  pending: { label: 'Pending review', tone: 'border-juice/40 bg-juice/10 text-juice' },
  approving: { label: 'Being created', tone: 'border-info/40 bg-info/10 text-info' },
  approved: { label: 'Approved', tone: 'border-win/40 bg-win/10 text-win' },
  rejected: { label: 'Rejected', tone: 'border-loss/40 bg-loss/10 text-loss' },
};

/** The signed-in player's market requests with their review status, the reason of a rejection and a link to an approved one's market. */
export function MyRequests({
  requests,
  isPending,
  error,
  onRetry,
}: {
  readonly requests: readonly MarketRequest[] | undefined;
  readonly isPending: boolean;
  readonly error: unknown;
  readonly onRetry: () => void;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="font-display text-lg font-bold tracking-tight text-ink">
        Your requests
      </h2>
      {isPending ? (
        <div role="status" className="card flex items-center justify-center gap-2 py-8 text-sm text-ink-dim">
          <Spinner className="size-4 text-accent" /> Loading your requests…
        </div>
      ) : error !== null && requests === undefined ? (
        <div
          role="alert"
          className="card flex items-center justify-between gap-3 px-5 py-4 text-sm text-loss"
        >
          <span>{errorText(error)}</span>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Retry
          </Button>
        </div>
      ) : requests === undefined || requests.length === 0 ? (
        <p className="card px-5 py-8 text-center text-sm text-ink-dim">
          You have not requested a market yet. Your requests and their review status show here.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {requests.map((request) => {
            const status = STATUS[request.status];
            const meta = request.marketMetadata;
            return (
              <li key={request.id} className="card flex flex-col gap-2 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span
                    className={`rounded-full border px-2 py-0.5 text-[11px] font-semibold uppercase ${status.tone}`}
                  >
                    {status.label}
                  </span>
                  <span className="rounded-md bg-white/5 px-1.5 py-0.5 text-[10px] font-bold tracking-wider text-ink-dim uppercase">
                    {meta.category}
                  </span>
                  <span className="ml-auto text-[11px] text-ink-faint">
                    Sent {formatDateTime(request.createdAt)}
                  </span>
                </div>
                <p className="font-semibold break-words text-ink">{meta.name}</p>
                <p className="text-xs text-ink-dim">
                  {meta.yesOption} / {meta.noOption} · betting closes{' '}
                  {formatDateTime(request.cutoffTime * 1000)}
                </p>
                {request.status === 'rejected' && request.reason !== null && (
                  <p className="rounded-lg border border-loss/30 bg-loss/5 px-3 py-2 text-xs text-ink">
                    <span className="font-semibold text-loss">Reason: </span>
                    {request.reason}
                  </p>
                )}
                {request.status === 'approved' && request.market !== null && (
                  <Link
                    to={`/prophecy/${request.market}`}
                    className="self-start text-xs font-semibold text-accent hover:underline"
                  >
                    Open the market →
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
