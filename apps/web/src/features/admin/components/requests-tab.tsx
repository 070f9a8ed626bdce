import type { MarketRequestView } from '@arcade/sdk/api/prophecy';
import { useState, type SyntheticEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime, shortAddress } from '../../../lib/format.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useAccountKind } from '../api/get-account-kind.ts';
import { useApproveRequest } from '../api/approve-request.ts';
import { useMarketRequests, type RequestFilter } from '../api/get-market-requests.ts';
import { REJECT_REASON_MAX_LENGTH, useRejectRequest } from '../api/reject-request.ts';
import { REFERRER_WARNING_TEXT, referrerWarnings } from '../utils/referrer-check.ts';
import { fromDateTimeLocal, timeErrors, toDateTimeLocal } from '../../../lib/prophecy/market-proposal.ts';
import {
  CopyAddress,
  Empty,
  Field,
  Loading,
  MarketTimeFields,
  Panel,
  Pill,
  QueryError,
} from '../../../components/ui/admin-ui.tsx';

const FILTERS: readonly RequestFilter[] = ['pending', 'approved', 'rejected', 'all'];

const STATUS_TONE = { pending: 'juice', approving: 'info', approved: 'win', rejected: 'loss' } as const;

/** Players' market requests: approve (creates the market on chain) or reject with a reason. */
export function RequestsTab() {
  const [filter, setFilter] = useState<RequestFilter>('pending');
  const requests = useMarketRequests(filter);
  return (
    <Panel
      title="Market requests"
      actions={
        <div role="tablist" aria-label="Request status" className="flex flex-wrap gap-1">
          {FILTERS.map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={filter === id}
              onClick={() => {
                setFilter(id);
              }}
              className={`rounded-lg px-2.5 py-1 text-xs font-semibold capitalize transition ${
                filter === id ? 'bg-accent/15 text-accent' : 'text-ink-dim hover:bg-white/5 hover:text-ink'
              }`}
            >
              {id}
            </button>
          ))}
        </div>
      }
    >
      {requests.isPending ? (
        <Loading label="Loading requests…" />
      ) : requests.isError ? (
        <QueryError error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.data.length === 0 ? (
        <Empty>{filter === 'pending' ? 'No request is waiting for review.' : 'No requests.'}</Empty>
      ) : (
        <ul className="flex flex-col gap-3">
          {requests.data.map((request) => (
            <li key={request.id}>
              <RequestCard request={request} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function RequestCard({ request }: { readonly request: MarketRequestView }) {
  const [mode, setMode] = useState<'idle' | 'approve' | 'reject'>('idle');
  const m = request.marketMetadata;
  return (
    <article className="rounded-xl border border-edge bg-base/50 p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="mb-1 flex flex-wrap items-center gap-2">
            <Pill tone={STATUS_TONE[request.status]}>{request.status}</Pill>
            <Pill tone="dim">{m.category}</Pill>
            <span className="text-[11px] text-ink-faint">
              #{request.id} · {formatDateTime(request.createdAt)}
            </span>
          </div>
          <h4 className="font-display text-sm font-semibold text-ink">{m.shortName}</h4>
          <p className="text-xs text-ink-dim">{m.name}</p>
        </div>
        <div className="text-xs text-ink-dim sm:text-right">
          <div>{request.requesterUsername ?? 'Requested by'}</div>
          <CopyAddress address={request.requester} label="requester address" />
        </div>
      </div>
      <p className="mt-2 line-clamp-3 text-xs whitespace-pre-line text-ink-dim">{m.rules}</p>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">
        <div className="flex gap-1">
          <dt className="text-ink-faint">Options</dt>
          <dd className="text-ink">
            {m.yesOption} / {m.noOption} / {m.invalidOption}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-ink-faint">Cutoff</dt>
          <dd className="text-ink tabular">{formatDateTime(request.cutoffTime * 1000)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-ink-faint">End</dt>
          <dd className="text-ink tabular">{formatDateTime(request.endTime * 1000)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-ink-faint">Referrer</dt>
          <dd className="text-ink">
            {request.referrer === null ? (
              'none'
            ) : (
              <code className="font-mono tabular" title={request.referrer}>
                {shortAddress(request.referrer)}
              </code>
            )}
          </dd>
        </div>
      </dl>
      {request.status === 'rejected' && request.reason !== null && (
        <p className="mt-2 text-xs text-loss">Rejected: {request.reason}</p>
      )}
      {request.status === 'approved' && request.market !== null && (
        <p className="mt-2 flex items-center gap-2 text-xs text-win">
          Market <CopyAddress address={request.market} label="market address" />
        </p>
      )}
      {request.status === 'pending' && (
        <div className="mt-3">
          {mode === 'idle' && (
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="up"
                onClick={() => {
                  setMode('approve');
                }}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  setMode('reject');
                }}
              >
                Reject
              </Button>
            </div>
          )}
          {mode === 'approve' && (
            <ApproveForm
              request={request}
              onDone={() => {
                setMode('idle');
              }}
            />
          )}
          {mode === 'reject' && (
            <RejectForm
              request={request}
              onDone={() => {
                setMode('idle');
              }}
            />
          )}
        </div>
      )}
    </article>
  );
}

/** Approving creates the market on chain, with the requested times or the admin's. */
function ApproveForm({
  request,
  onDone,
}: {
  readonly request: MarketRequestView;
  readonly onDone: () => void;
}) {
  const [cutoff, setCutoff] = useState(() => toDateTimeLocal(request.cutoffTime));
  const [end, setEnd] = useState(() => toDateTimeLocal(request.endTime));
  const [errors, setErrors] = useState<{ endTime?: string; cutoffTime?: string }>({});
  const approve = useApproveRequest();

  function submit(event: SyntheticEvent): void {
    event.preventDefault();
    const found = timeErrors(cutoff, end, Date.now());
    setErrors(found);
    if (found.endTime !== undefined || found.cutoffTime !== undefined) return;
    const endTime = fromDateTimeLocal(end) ?? request.endTime;
    const cutoffTime = fromDateTimeLocal(cutoff) ?? request.cutoffTime;
    // Only changed times are sent: the inputs drop seconds, so an untouched time keeps the request's own.
    const changedEnd = endTime !== Math.floor(request.endTime / 60) * 60;
    const changedCutoff = cutoffTime !== Math.floor(request.cutoffTime / 60) * 60;
    approve.mutate(
      {
        id: request.id,
        ...(changedEnd ? { endTime } : {}),
        ...(changedCutoff ? { cutoffTime } : {}),
      },
      { onSuccess: onDone },
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Approve request ${request.id}`}
      className="grid gap-3 rounded-xl border border-win/30 bg-win/5 p-3 animate-fade-in sm:grid-cols-[1fr_1fr_auto] sm:items-start"
    >
      <ReferrerCheck request={request} />
      <MarketTimeFields
        cutoff={cutoff}
        end={end}
        errors={errors}
        onCutoffChange={setCutoff}
        onEndChange={setEnd}
      />
      <div className="flex gap-2 sm:mt-6">
        <Button variant="ghost" size="sm" onClick={onDone} disabled={approve.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="up" size="sm" pending={approve.isPending}>
          Create market
        </Button>
      </div>
      {approve.isError && (
        <p role="alert" className="text-xs text-loss sm:col-span-3">
          {errorText(approve.error)}
        </p>
      )}
    </form>
  );
}

/**
 * The requested referrer, before approval: who would earn a tenth of the market's fee, with a warning badge
 * when it is the requester, a program (read from the chain), a sysvar, a reserved key or a key nobody holds.
 */
function ReferrerCheck({ request }: { readonly request: MarketRequestView }) {
  const kind = useAccountKind(request.referrer);
  if (request.referrer === null) {
    return (
      <p className="text-xs text-ink-dim sm:col-span-3">
        Referrer: <span className="text-ink">none</span> (no share of the fee goes to a referrer).
      </p>
    );
  }
  const warnings = referrerWarnings(request.referrer, request.requester, kind.data?.executable);
  return (
    <div className="grid gap-1 text-xs sm:col-span-3" data-testid="referrer-check">
      <p className="flex flex-wrap items-center gap-2 text-ink-dim">
        Referrer
        <CopyAddress address={request.referrer} label="referrer address" />
        {warnings.map((warning) => (
          <Pill key={warning} tone="loss">
            <span aria-hidden="true">⚠</span> {REFERRER_WARNING_TEXT[warning].badge}
          </Pill>
        ))}
        {warnings.length === 0 && kind.isSuccess && <Pill tone="dim">Wallet</Pill>}
      </p>
      {warnings.map((warning) => (
        <p key={warning} className="text-loss">
          {REFERRER_WARNING_TEXT[warning].detail}
        </p>
      ))}
      {warnings.length === 0 && (
        <p className="text-ink-faint">
          {kind.isError
            ? 'Could not read its account: check it is not a program before approving.'
            : 'Earns a tenth of this market’s fee, credited to its referral vault when the market resolves.'}
        </p>
      )}
    </div>
  );
}

function RejectForm({
  request,
  onDone,
}: {
  readonly request: MarketRequestView;
  readonly onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const reject = useRejectRequest();

  function submit(event: SyntheticEvent): void {
    event.preventDefault();
    const text = reason.trim();
    if (text === '') {
      setError('Reason cannot be empty');
      return;
    }
    if (Array.from(text).length > REJECT_REASON_MAX_LENGTH) {
      setError(`Reason cannot be longer than ${REJECT_REASON_MAX_LENGTH} characters`);
      return;
    }
    setError(undefined);
    reject.mutate({ id: request.id, reason: text }, { onSuccess: onDone });
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Reject request ${request.id}`}
      className="grid gap-3 rounded-xl border border-loss/30 bg-loss/5 p-3 animate-fade-in sm:grid-cols-[1fr_auto] sm:items-start"
    >
      <Field
        label="Reason (the requester sees it)"
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setError(undefined);
        }}
        error={error ?? (reject.isError ? errorText(reject.error) : undefined)}
      />
      <div className="flex gap-2 sm:mt-6">
        <Button variant="ghost" size="sm" onClick={onDone} disabled={reject.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" size="sm" pending={reject.isPending}>
          Reject
        </Button>
      </div>
    </form>
  );
}
