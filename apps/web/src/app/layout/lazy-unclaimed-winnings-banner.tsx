/**
 * The unclaimed-winnings banner, downloaded once a wallet is connected: it only concerns a wallet, and it
 * brings the wager program's codecs and instructions with it.
 *
 * @module
 */

import { lazy } from 'react';

import { useWallet } from '../../lib/wallet/wallet-context.tsx';
import { LazyBoundary } from './lazy-boundary.tsx';

const UnclaimedWinningsBanner = lazy(() =>
  import('../../features/account-status/components/unclaimed-winnings-banner.tsx').then((m) => ({
    default: m.UnclaimedWinningsBanner,
  })),
);

/** {@link UnclaimedWinningsBanner} while a wallet is connected. */
export function LazyUnclaimedWinningsBanner() {
  const { wallet } = useWallet();
  if (wallet === null) return null;
  // A banner that cannot load is not worth an error on every page: the wins stay claimable in the games.
  return (
    <LazyBoundary fallback={null} failed={() => null}>
      <UnclaimedWinningsBanner />
    </LazyBoundary>
  );
}
