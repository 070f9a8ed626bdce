/**
 * The connected wallet's own bet sounds, mounted once for the whole app and downloaded only once a wallet
 * is connected with sound on: they hold an `/activity` connection and bring the sound code, which most
 * visits (no wallet, or muted) never need.
 *
 * @module
 */

import { lazy } from 'react';

import { useUiState } from '../../lib/store.ts';
import { useWallet } from '../../lib/wallet/wallet-context.tsx';
import { LazyBoundary } from './lazy-boundary.tsx';

const OwnBetSounds = lazy(() =>
  import('../../features/feed/components/own-bet-sounds.tsx').then((m) => ({ default: m.OwnBetSounds })),
);

/** {@link OwnBetSounds} while a wallet is connected and sound is on. */
export function LazyOwnBetSounds() {
  const { wallet } = useWallet();
  const soundOff = useUiState((s) => s.soundOff);
  if (wallet === null || soundOff) return null;
  // Sounds that cannot load are not worth an error: the bets and their results still show.
  return (
    <LazyBoundary fallback={null} failed={() => null}>
      <OwnBetSounds />
    </LazyBoundary>
  );
}
