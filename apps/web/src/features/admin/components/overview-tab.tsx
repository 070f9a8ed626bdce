import { useHouse } from '../api/get-house.ts';
import { formatLamports } from '../../../lib/format.ts';
import { CopyAddress, Loading, Panel, Pill, QueryError, Stat } from '../../../components/ui/admin-ui.tsx';

/** The House's money, the games' paused flags and the on-chain keys, refreshed every 10 seconds. */
export function OverviewTab() {
  const house = useHouse();
  if (house.isPending) return <Loading label="Reading the House from the chain…" />;
  if (house.isError) return <QueryError error={house.error} onRetry={() => void house.refetch()} />;
  const { house: h, foresight: f } = house.data;
  return (
    <div className="flex flex-col gap-4">
      <Panel
        title="House vault"
        actions={
          <span className="flex items-center gap-2 text-[11px] text-ink-faint">
            {house.isFetching && (
              <span className="size-1.5 animate-pulse rounded-full bg-accent" aria-hidden="true" />
            )}
            Refreshes every 10 s
          </span>
        }
      >
        <dl className="grid grid-cols-2 gap-2 md:grid-cols-4">
          <Stat label="Balance" value={formatLamports(BigInt(h.balance))} unit="SOL" tone="accent" />
          <Stat label="Rent" value={formatLamports(BigInt(h.rent))} unit="SOL" />
          <Stat label="Outstanding" value={formatLamports(BigInt(h.outstanding))} unit="SOL" tone="juice" />
          <Stat label="Free balance" value={formatLamports(BigInt(h.freeBalance))} unit="SOL" tone="win" />
        </dl>
      </Panel>
      <div className="grid gap-4 md:grid-cols-2">
        <Panel
          title="House program"
          actions={h.paused ? <Pill tone="loss">Paused</Pill> : <Pill tone="win">Live</Pill>}
        >
          <p className="mb-3 text-xs text-ink-faint">TailSpin, ReTail and Prophecy bets.</p>
          <KeyList
            keys={[
              ['House', h.address],
              ['Authority', h.authority],
              ['Settler', h.settler],
              ['Treasury', h.treasury],
            ]}
          />
        </Panel>
        <Panel
          title="Foresight"
          actions={f.disabled ? <Pill tone="loss">Disabled</Pill> : <Pill tone="win">Live</Pill>}
        >
          <dl className="mb-3 grid grid-cols-3 gap-2">
            <Stat label="Live event" value={f.liveEvent} />
            <Stat label="Locked event" value={f.lockedEvent} />
            <Stat label="Timelock" value={f.timelock} unit="s" />
          </dl>
          <KeyList
            keys={[
              ['Config', f.config],
              ['Authority', f.authority],
              ['Event signer', f.eventSigner],
              ['Treasury', f.treasury],
            ]}
          />
        </Panel>
      </div>
    </div>
  );
}

function KeyList({ keys }: { readonly keys: readonly (readonly [string, string])[] }) {
  return (
    <dl className="flex flex-col divide-y divide-edge/60 text-sm">
      {keys.map(([label, address]) => (
        <div key={label} className="flex items-center justify-between gap-3 py-1.5">
          <dt className="text-ink-dim">{label}</dt>
          <dd>
            <CopyAddress address={address} label={`${label} address`} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
