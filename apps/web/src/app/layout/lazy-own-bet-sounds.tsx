/**
 * The connected wallet's own bet sounds, mounted once for the whole app and downloaded only once a wallet
 * is connected with sound on: they hold an `/activity` connection and bring the sound code, which most
 * visits (no wallet, or muted) never need.
 *
 * @module
 */

import { lazy } from 'react';
import { useLocation } from 'react-router';

import { useUiState } from '../../lib/store.ts';
import { useWallet } from '../../lib/wallet/wallet-context.tsx';
import { LazyBoundary } from './lazy-boundary.tsx';

const OwnBetSounds = lazy(() =>
  import('../../features/feed/components/own-bet-sounds.tsx').then((m) => ({ default: m.OwnBetSounds })),
);

/**
 * The game pages that play the player's own bet and result sounds themselves, in time with their animation:
 * there the feed's sounds would play each one twice, and give a result away before the animation shows it.
 */
const PAGES_WITH_OWN_SOUNDS = /^\/(tailspin|retail|foresight)(\/|$)/;

/** {@link OwnBetSounds} while a wallet is connected and sound is on, except on the game pages above. */
export function LazyOwnBetSounds() {
  const { wallet } = useWallet();
  const soundOff = useUiState((s) => s.soundOff);
  const { pathname } = useLocation();
  if (wallet === null || soundOff || PAGES_WITH_OWN_SOUNDS.test(pathname)) return null;
  // Sounds that cannot load are not worth an error: the bets and their results still show.
  return (
    <LazyBoundary fallback={null} failed={() => null}>
      <OwnBetSounds />
    </LazyBoundary>
  );
}
