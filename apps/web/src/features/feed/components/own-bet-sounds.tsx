import { useUiState } from '../../../lib/store.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { useOwnBetSounds } from '../hooks/use-own-bet-sounds.ts';

/**
 * Plays the connected wallet's own bet sounds anywhere in the app, not only while the game feed is open.
 * Renders nothing; mount it once, always. It holds an `/activity` connection only while a wallet is
 * connected and sound is on.
 */
export function OwnBetSounds(): null {
  const { wallet } = useWallet();
  const soundOff = useUiState((s) => s.soundOff);
  useOwnBetSounds(soundOff ? null : (wallet?.address ?? null));
  return null;
}
