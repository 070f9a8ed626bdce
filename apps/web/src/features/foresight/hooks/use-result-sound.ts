/**
 * The win or loss sound when a round the player bet on is drawn while the page is open. The app mutes the
 * feed's own-bet sounds on this page (`app/layout/lazy-own-bet-sounds.tsx`), whose settled items (the
 * round's bets published again with `won`) arrive after the page knows the result, so the page plays its
 * results itself (and `use-bet-actions.ts` the bet's chip).
 *
 * @module
 */

import type { UpDownEvent } from '@arcade/sdk/foresight/views';
import type { Address } from '@solana/kit';
import { useEffect, useRef } from 'react';

import { usePlaySound } from '../../../lib/sound.ts';
import type { PlayerBets } from '../api/get-user-bets.ts';
import { betOutcome } from '../utils/round-view.ts';

/** Plays `win` or `loss` when a round with the player's bet turns settled (not for rounds settled before). */
export function useResultSound(rounds: readonly UpDownEvent[], bets: PlayerBets | undefined): void {
  const play = usePlaySound();
  const settled = useRef(new Map<Address, boolean>());
  useEffect(() => {
    for (const round of rounds) {
      const before = settled.current.get(round.pubkey);
      settled.current.set(round.pubkey, round.isSettled);
      if (before !== false || !round.isSettled) continue;
      const bet = bets?.get(round.pubkey);
      if (bet === undefined) continue;
      const outcome = betOutcome(round, bet);
      if (outcome === 'settle' || outcome === 'paid') play('win');
      else if (outcome === 'lost') play('loss');
    }
  }, [rounds, bets, play]);
}
