import { useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { useAdminMarkets } from '../api/get-admin-markets.ts';
import type { MarketItem } from '../api/types.ts';
import { CreateMarketForm } from './create-market-form.tsx';
import { Empty, Loading, Panel, QueryError } from '../../../components/ui/admin-ui.tsx';
import { MarketCard, marketPhase, type MarketPhase } from './market-card.tsx';

const FILTERS: readonly { readonly id: MarketPhase | 'all'; readonly label: string }[] = [
  { id: 'to-resolve', label: 'To resolve' },
  { id: 'open', label: 'Open' },
  { id: 'resolved', label: 'Resolved' },
  { id: 'all', label: 'All' },
];

/** Creating markets, and the markets to update or resolve. */
export function MarketsTab() {
  const markets = useAdminMarkets();
  const [filter, setFilter] = useState<MarketPhase | 'all'>('to-resolve');
  const [now, setNow] = useState(() => Date.now());
  const [creating, setCreating] = useState(false);
  const counts = new Map<MarketPhase | 'all', number>();
  const list: MarketItem[] = [];
  for (const market of markets.data?.markets ?? []) {
    const phase = marketPhase(market, now);
    counts.set(phase, (counts.get(phase) ?? 0) + 1);
    if (filter === 'all' || filter === phase) list.push(market);
  }
  counts.set('all', markets.data?.markets.length ?? 0);

  return (
    <div className="flex flex-col gap-4">
      {creating ? (
        <CreateMarketForm
          onCreated={() => {
            setNow(Date.now());
            setFilter('open');
          }}
          onClose={() => {
            setCreating(false);
          }}
        />
      ) : (
        <div className="flex justify-end">
          <Button
            onClick={() => {
              setCreating(true);
            }}
          >
            New market
          </Button>
        </div>
      )}
      <Panel
        title="Markets"
        actions={
          <div role="tablist" aria-label="Market filter" className="flex flex-wrap gap-1">
            {FILTERS.map(({ id, label }) => (
              <button
                key={id}
                type="button"
                role="tab"
                aria-selected={filter === id}
                onClick={() => {
                  setNow(Date.now());
                  setFilter(id);
                }}
                className={`rounded-lg px-2.5 py-1 text-xs font-semibold transition ${
                  filter === id ? 'bg-accent/15 text-accent' : 'text-ink-dim hover:bg-white/5 hover:text-ink'
                }`}
              >
                {label}
                <span className="ml-1.5 text-ink-faint tabular">{counts.get(id) ?? 0}</span>
              </button>
            ))}
          </div>
        }
      >
        {markets.isPending ? (
          <Loading label="Loading markets…" />
        ) : markets.isError ? (
          <QueryError error={markets.error} onRetry={() => void markets.refetch()} />
        ) : list.length === 0 ? (
          <Empty>
            {filter === 'to-resolve'
              ? 'No market is waiting for a result.'
              : filter === 'open'
                ? 'No open market.'
                : 'No markets yet.'}
          </Empty>
        ) : (
          <ul className="flex flex-col gap-3">
            {list.map((market) => (
              <li key={market.key}>
                <MarketCard market={market} now={now} />
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
