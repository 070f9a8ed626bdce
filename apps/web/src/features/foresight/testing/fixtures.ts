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

const SOL = 1_000_000_000n;

/** A round settled Up, 3:1: 3 SOL from two players on Up, 1 SOL on Down; the price went from 1 to 2. */
export function settledUpRound(id: number): UpDownEvent {
  return makeRound({
    id,
    isSettled: true,
    upPool: 3n * SOL,
    downPool: SOL,
    upCount: 2,
    downCount: 1,
    lockPrice: 1n,
    finalPrice: 2n,
    result: Prediction.Up,
  });
}

/** A round settled Invalid: 1 SOL on Up, nobody took Down. */
export function invalidRound(id: number): UpDownEvent {
  return makeRound({ id, isSettled: true, upPool: SOL, upCount: 1, result: Prediction.Invalid });
}
