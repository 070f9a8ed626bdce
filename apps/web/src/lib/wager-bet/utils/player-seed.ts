/**
 * The player's seed of a TailSpin or ReTail bet (`create_bet`'s `player_seed`, `docs/trust.md`): 32 bytes
 * that go into the roll with the settler's committed seed and the hash of the slot the bet lands in. The
 * app draws one with the SDK's `randomPlayerSeed()`, shows it, and lets the player type their own, as
 * Stake's client seed works: a drawn seed is replaced by a new one after each bet, a seed the player set
 * stays until they change it. It lives in the UI store (`lib/store.ts`), as 64 lowercase hex digits.
 *
 * @module
 */

import { bytesToHex, FAIRNESS_BYTES, hexToBytes, randomPlayerSeed } from '@arcade/sdk/wager/fairness';

import { getUiState, ui } from '../../store.ts';

/** Hex digits of a player seed (32 bytes). */
export const PLAYER_SEED_HEX_LENGTH = FAIRNESS_BYTES * 2;

const HEX = /^[0-9a-fA-F]*$/;

/**
 * What is wrong with a typed seed, as one sentence; null when it is 64 hex digits (either case, spaces
 * around it ignored).
 *
 * @example playerSeedError('abc') === 'Your seed is 64 hex digits (0–9, a–f); this one has 3.'
 */
export function playerSeedError(text: string): string | null {
  const hex = text.trim();
  if (hex === '') return `Type ${PLAYER_SEED_HEX_LENGTH} hex digits (0–9, a–f), or draw a new seed.`;
  if (!HEX.test(hex)) return 'Use only hex digits: 0–9 and a–f.';
  if (hex.length !== PLAYER_SEED_HEX_LENGTH) {
    return `Your seed is ${PLAYER_SEED_HEX_LENGTH} hex digits (0–9, a–f); this one has ${hex.length}.`;
  }
  return null;
}

/** A fresh seed, as hex. */
function drawSeed(): string {
  return bytesToHex(randomPlayerSeed());
}

/** The seed the next bet takes, drawing one first if there is none yet. */
export function currentPlayerSeed(): string {
  const { playerSeed } = getUiState();
  if (playerSeed !== null) return playerSeed;
  const drawn = drawSeed();
  ui.setPlayerSeed(drawn, false);
  return drawn;
}

/** The current seed's 32 bytes. */
export function playerSeedBytes(hex: string = currentPlayerSeed()): Uint8Array {
  return hexToBytes(hex);
}

/** Draws a new seed, which is replaced again after the next bet ("New seed"). */
export function newPlayerSeed(): void {
  ui.setPlayerSeed(drawSeed(), false);
}

/**
 * Sets the player's own seed, kept for every bet until changed.
 *
 * @throws RangeError when it is not 64 hex digits ({@link playerSeedError} says why).
 */
export function setOwnPlayerSeed(text: string): void {
  const error = playerSeedError(text);
  if (error !== null) throw new RangeError(error);
  ui.setPlayerSeed(text.trim().toLowerCase(), true);
}

/** After a bet: a drawn seed is replaced by a new one; a seed the player set stays. */
export function rotatePlayerSeed(): void {
  if (!getUiState().playerSeedFixed) newPlayerSeed();
}

/** `a1b2c3d4…e5f6a7b8`: the first and last 8 hex digits. */
export function shortSeed(hex: string): string {
  return hex.length <= 17 ? hex : `${hex.slice(0, 8)}…${hex.slice(-8)}`;
}
