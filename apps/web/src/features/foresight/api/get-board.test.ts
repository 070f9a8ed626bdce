import { describe, expect, it } from 'vitest';

import { makeRound } from '../testing/fixtures.ts';
import { isBoardOutdated } from './get-board.ts';

const LOCK = 1_700_000_000n;
const lockMs = Number(LOCK) * 1000;
const board = { live: makeRound({ id: 15, lockTime: LOCK }) };

describe('isBoardOutdated', () => {
  it('refuses a board read before the page opened once its live round has locked', () => {
    // Read a minute before the player came back; #15 locked since.
    expect(isBoardOutdated(board, lockMs - 60_000, lockMs + 5_000, lockMs + 5_000)).toBe(true);
  });

  it('keeps a board read before the page opened while its live round is still open', () => {
    expect(isBoardOutdated(board, lockMs - 60_000, lockMs - 10_000, lockMs - 5_000)).toBe(false);
  });

  it('keeps a board read since: its round past the lock time really is closing, waiting for the tick', () => {
    expect(isBoardOutdated(board, lockMs + 1_000, lockMs - 10_000, lockMs + 5_000)).toBe(false);
  });

  it('has nothing to refuse without a board or a live round', () => {
    expect(isBoardOutdated(undefined, 0, 1, 2)).toBe(false);
    expect(isBoardOutdated({ live: null }, 0, 1, 2)).toBe(false);
  });
});
