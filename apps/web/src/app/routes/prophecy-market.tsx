import { useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';

import { GameHelpButton } from '../../features/help/components/game-help.tsx';
import { ensureMarket, useMarket } from '../../features/prophecy/api/get-market.ts';
import { MarketView } from '../../features/prophecy/components/market-view.tsx';
import { isMissingResource, MissingResource } from './missing-resource.tsx';

/** The market page loads its market; an unknown or malformed address is not a crash. */
export async function loader({ params }: LoaderFunctionArgs): Promise<{ readonly missing: boolean }> {
  try {
    await ensureMarket(params['market'] ?? '');
    return { missing: false };
  } catch (error) {
    if (isMissingResource(error)) return { missing: true };
    throw error;
  }
}

/** One Prophecy market, or a "Market not found" state for a link to none. */
export function Component() {
  const key = useParams()['market'] ?? '';
  const { missing } = useLoaderData<typeof loader>();
  if (missing) {
    return (
      <MissingResource
        title="Market not found"
        description="There is no Prophecy market at this address. The link may be mistyped or incomplete."
        id={key}
        back={{ to: '/prophecy', label: 'All markets' }}
      />
    );
  }
  return <MarketPage marketKey={key} />;
}

function MarketPage({ marketKey }: { readonly marketKey: string }) {
  const { data } = useMarket(marketKey);
  // Keyed by the market, so moving to another market starts its form and clocks afresh.
  return <MarketView key={marketKey} market={data.market} help={<GameHelpButton game="prophecy" />} />;
}
