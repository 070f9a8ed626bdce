import type { HealthCheck, WorkerHealthJson } from '@arcade/sdk/api/health';

import { formatDateTime, formatRelativeTime } from '../../../lib/format.ts';
import { useHealth } from '../api/get-health.ts';
import { Empty, Loading, Panel, Pill, QueryError } from '../../../components/ui/admin-ui.tsx';

const STATUS_TONE: Readonly<Record<WorkerHealthJson['status'], 'win' | 'info' | 'loss' | 'juice' | 'dim'>> = {
  leader: 'win',
  standby: 'info',
  starting: 'juice',
  failing: 'loss',
  stopped: 'dim',
  disabled: 'dim',
};

function formatMs(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function moment(ms: number | null, now: number) {
  if (ms === null) return <span className="text-ink-faint">never</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={formatDateTime(ms)}>
      {formatRelativeTime(ms, now)}
    </time>
  );
}

/** The server's background workers and its database and chain checks, from `/api/health`. */
export function WorkersTab() {
  const health = useHealth();
  if (health.isPending) return <Loading label="Checking the server…" />;
  if (health.isError) return <QueryError error={health.error} onRetry={() => void health.refetch()} />;
  const { database, chain, workers, cluster, success } = health.data;
  const now = health.dataUpdatedAt;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <CheckCard label="Overall" ok={success} detail={cluster} />
        <CheckCard label="Database" ok={database.ok} detail={checkDetail(database)} />
        <CheckCard label="Chain" ok={chain.ok} detail={checkDetail(chain)} />
      </div>
      <Panel title={`Workers · ${workers.length}`}>
        {workers.length === 0 ? (
          <Empty>This server runs no workers.</Empty>
        ) : (
          <div className="-mx-4 overflow-x-auto px-4">
            <table className="w-full min-w-[720px] text-left text-xs">
              <caption className="sr-only">Background workers</caption>
              <thead className="text-[11px] tracking-wide text-ink-faint uppercase">
                <tr className="border-b border-edge">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Worker
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Last run
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Last success
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Lag
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Runs
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Failures
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Last error
                  </th>
                </tr>
              </thead>
              <tbody>
                {workers.map((worker) => (
                  <tr key={worker.name} className="border-b border-edge/50 align-top last:border-0">
                    <th scope="row" className="py-2.5 pr-3 font-mono font-medium text-ink">
                      {worker.name}
                    </th>
                    <td className="py-2.5 pr-3">
                      <Pill tone={STATUS_TONE[worker.status]}>{worker.status}</Pill>
                    </td>
                    <td className="py-2.5 pr-3 text-ink-dim">{moment(worker.lastRunAt, now)}</td>
                    <td className="py-2.5 pr-3 text-ink-dim">{moment(worker.lastSuccessAt, now)}</td>
                    <td className="py-2.5 pr-3 text-right text-ink tabular">{formatMs(worker.lagMs)}</td>
                    <td className="py-2.5 pr-3 text-right text-ink-dim tabular">{worker.runs}</td>
                    <td
                      className={`py-2.5 pr-3 text-right tabular ${worker.failures > 0 ? 'text-loss' : 'text-ink-dim'}`}
                    >
                      {worker.failures}
                    </td>
                    <td className="max-w-64 py-2.5 break-words text-loss">
                      {worker.lastError ?? <span className="text-ink-faint">—</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </div>
  );
}

function checkDetail(check: HealthCheck): string {
  return check.ok ? `${check.latencyMs} ms` : `${check.error ?? 'Down'} · ${check.latencyMs} ms`;
}

function CheckCard({
  label,
  ok,
  detail,
}: {
  readonly label: string;
  readonly ok: boolean;
  readonly detail: string;
}) {
  return (
    <div
      className={`flex items-center justify-between gap-3 rounded-xl border px-4 py-3 ${
        ok ? 'border-win/30 bg-win/5' : 'border-loss/40 bg-loss/10'
      }`}
    >
      <div>
        <div className="text-[11px] font-medium tracking-wide text-ink-faint uppercase">{label}</div>
        <div className="mt-0.5 font-display text-sm font-bold text-ink tabular">{detail}</div>
      </div>
      <Pill tone={ok ? 'win' : 'loss'}>
        <span
          className={`size-1.5 rounded-full ${ok ? 'bg-win animate-pulse' : 'bg-loss'}`}
          aria-hidden="true"
        />
        {ok ? 'OK' : 'Down'}
      </Pill>
    </div>
  );
}
