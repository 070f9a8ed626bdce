import { PROPHECY_CATEGORIES } from '@arcade/sdk/constants';
import { Link, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { Button } from '../../components/ui/button.tsx';
import { GameHelpButton } from '../../features/help/components/game-help.tsx';
import { ensureMarkets, useMarkets } from '../../features/prophecy/api/get-markets.ts';
import { isAdminWallet } from '../../config/runtime-config.ts';
import { MarketCard } from '../../features/prophecy/components/market-card.tsx';
import { MarketFilters } from '../../features/prophecy/components/market-filters.tsx';
import {
  DEFAULT_MARKET_LIST_PARAMS,
  isFiltered,
  marketListParamsFromUrl,
  marketListSearch,
  type MarketListParams,
} from '../../features/prophecy/utils/list-params.ts';
import { useWallet } from '../../lib/wallet/wallet-context.tsx';
import { ARTWORK } from './data/preload-image.ts';
import { gameFacts } from './game-facts.ts';
import { EmptyState, GameHero, SectionTitle } from './game-hero.tsx';

/**
 * The market list loads markets with the page URL's sortBy (default TimeAsc), categories (default `{}`),
 * name, and showPastEvents (default true).
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await ensureMarkets(marketListParamsFromUrl(new URL(request.url).searchParams));
  return null;
}

/** Prophecy: the rules, the filters (kept in the URL, so the loader reads them) and the markets. */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const params = marketListParamsFromUrl(search);
  const markets = useMarkets(params);
  const list = markets.data.pages.flatMap((page) => page.markets);
  const total = markets.data.pages[0]?.total ?? 0;
  // The loader fetches the next query's first page before the URL changes: dim the old list meanwhile.
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/prophecy';
  // Only the admin wallets can create a market; everyone else is offered a request.
  const { wallet } = useWallet();
  const isAdmin = isAdminWallet(wallet?.address ?? null);

  const setParams = (next: MarketListParams) => {
    setSearch(marketListSearch(next), { preventScrollReset: true });
  };

  return (
    <div className="mx-auto max-w-[1400px] animate-fade-in">
      <GameHero
        help={<GameHelpButton game="prophecy" className="border border-edge bg-void/60 backdrop-blur" />}
        eyebrow="Prediction markets"
        title="Prophecy"
        pitch="Take a side on real-world events. When the market resolves, the winning side splits the pot."
        cover={ARTWORK.prophecy}
        tone="violet"
        stats={[
          { label: 'Markets', value: String(total) },
          { label: 'Pot fee', value: gameFacts().poolFee },
          { label: 'Min bet', value: gameFacts().minBet },
          { label: 'Categories', value: String(PROPHECY_CATEGORIES.length) },
        ]}
        rules={[
          <>Back Yes or No before a market's cutoff; you can add to your side, never withdraw.</>,
          <>
            Winners are paid their share of the pot after a {gameFacts().poolFee} fee; multipliers move as
            bets arrive.
          </>,
          <>An invalid result refunds everyone in full.</>,
        ]}
      />
      <SectionTitle
        aside={
          <div className="flex items-center gap-4">
            {isAdmin && (
              <Link to="/prophecy/create" className="text-xs font-semibold text-accent hover:underline">
                Create market →
              </Link>
            )}
            <Link to="/prophecy/request" className="text-xs font-semibold text-accent hover:underline">
              Request a market →
            </Link>
          </div>
        }
      >
        Markets
      </SectionTitle>
      <MarketFilters params={params} onChange={setParams} />
      <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
        {list.length === 0 ? (
          <EmptyState title={isFiltered(params) ? 'No markets match these filters' : 'No markets yet'}>
            {isFiltered(params) ? (
              <div className="flex flex-col items-center gap-3">
                <p>Try another category or search, or include past events.</p>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setParams({ ...DEFAULT_MARKET_LIST_PARAMS, sortBy: params.sortBy });
                  }}
                >
                  Clear filters
                </Button>
              </div>
            ) : (
              <p>
                New markets open regularly. Have an event in mind?{' '}
                <Link to="/prophecy/request" className="font-semibold text-accent hover:underline">
                  Request a market
                </Link>
                .
              </p>
            )}
          </EmptyState>
        ) : (
          <>
            <p className="mb-3 text-xs text-ink-faint" aria-live="polite">
              {list.length === total
                ? `${total} ${total === 1 ? 'market' : 'markets'}`
                : `Showing ${list.length} of ${total} markets`}
            </p>
            <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3 3xl:grid-cols-4">
              {list.map((market) => (
                <li key={market.key}>
                  <MarketCard market={market} />
                </li>
              ))}
            </ul>
            {markets.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <Button
                  variant="secondary"
                  pending={markets.isFetchingNextPage}
                  onClick={() => {
                    void markets.fetchNextPage();
                  }}
                >
                  Load more markets
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
