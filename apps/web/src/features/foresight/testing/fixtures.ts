/**
 * Test fixtures: rounds and bets in the SDK's view shapes.
 *
 * @module
 */

import { Prediction } from '@arcade/sdk/foresight/accounts';
import { isEventInvalid, type UpDownEvent } from '@arcade/sdk/foresight/views';
import type { Address } from '@solana/kit';

import type { PlayerBet } from '../api/get-user-bets.ts';

/** A round; `invalid` follows the SDK's rule unless given. */
export function makeRound(overrides: Partial<UpDownEvent> & { readonly id: number }): UpDownEvent {
  const base = {
    pubkey: `Round${overrides.id}1111111111111111111111111111` as Address,
    startTime: 1_700_000_000n,
    lockTime: 1_700_000_060n,
    settleTime: 1_700_000_120n,
    lockPrice: null,
    finalPrice: null,
    upCount: 0,
    downCount: 0,
    upPool: 0n,
    downPool: 0n,
    isSettled: false,
    result: Prediction.None,
    ...overrides,
  };
  return { ...base, invalid: overrides.invalid ?? isEventInvalid(base) };
}

/** A bet of the player in `round`. */
export function makeBet(round: UpDownEvent, overrides: Partial<PlayerBet> = {}): PlayerBet {
  return {
    amount: 100_000_000n,
    prediction: Prediction.Up,
    isSettled: false,
    address: `Bet${round.id}11111111111111111111111111111111` as Address,
    round: round.pubkey,
    deposit: 1_461_600n,
    closed: false,
    ...overrides,
  };
}
