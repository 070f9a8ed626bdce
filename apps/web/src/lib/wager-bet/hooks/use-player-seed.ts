/**
 * The player's seed as the bet screens show it (`utils/player-seed.ts`), drawn on first use.
 *
 * @module
 */

import { useEffect } from 'react';

import { useUiState } from '../../store.ts';
import { currentPlayerSeed } from '../utils/player-seed.ts';

/** The seed the next bet takes (null for the first render, before one is drawn) and whether the player set it. */
export function usePlayerSeed(): { readonly seed: string | null; readonly fixed: boolean } {
  const seed = useUiState((s) => s.playerSeed);
  const fixed = useUiState((s) => s.playerSeedFixed);
  useEffect(() => {
    if (seed === null) currentPlayerSeed();
  }, [seed]);
  return { seed, fixed };
}
