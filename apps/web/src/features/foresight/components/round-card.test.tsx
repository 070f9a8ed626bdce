import { Prediction } from '@arcade/sdk/foresight/accounts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeRound } from '../testing/fixtures.ts';
import { RoundCard } from './round-card.tsx';

const SOL = 1_000_000_000n;
const LOCK = 1_700_000_060n;
const LOCK_MS = Number(LOCK) * 1000;

function field(label: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-field="${label}"]`);
}

const pools = { upPool: 2n * SOL, downPool: SOL, upCount: 3, downCount: 1 };

describe('RoundCard', () => {
  it('shows a locked round: Change against the live price (signed, coloured), pools, payouts, percentages, draw countdown', () => {
    render(
      <RoundCard
        round={makeRound({ id: 9, lockTime: LOCK, lockPrice: 15_000_000_000n, ...pools })}
        stage="locked"
        timelock={60}
        nowMs={LOCK_MS + 12_000}
        currentPrice={15_042_000_000n}
      />,
    );
    expect(screen.getByRole('article', { name: 'Round #9, Locked' })).toBeTruthy();
    expect(field('Change')?.textContent).toBe('+$0.42');
    expect(field('Change')?.className).toContain('text-win');
    expect(field('Lock Price')?.textContent).toBe('$150.00');
    expect(field('Prize Pool')?.textContent).toBe('3.0 SOL');
    expect(field('Players')?.textContent).toBe('4');
    expect(field('Up Payout')?.textContent).toBe('1.50x');
    expect(field('Down Payout')?.textContent).toBe('3.00x');
    expect(field('Up Percentage')?.textContent).toBe('66.7%');
    expect(field('Down Percentage')?.textContent).toBe('33.3%');
    expect(screen.getByText('Draw in')).toBeTruthy();
    // The spec's 302,000 ms runs 2 s past the live card's "Betting closes in": the card says so.
    expect(screen.getByText('2 s after betting closes')).toBeTruthy();
    // 60 s round: 62 000 ms minus the 12 s age of the lock.
    expect(screen.getByRole('timer').textContent).toBe('0m 50s');
  });

  it('colours a falling Change as a loss for Up', () => {
    render(
      <RoundCard
        round={makeRound({ id: 9, lockTime: LOCK, lockPrice: 15_000_000_000n, ...pools })}
        stage="locked"
        timelock={300}
        nowMs={LOCK_MS}
        currentPrice={14_893_000_000n}
      />,
    );
    expect(field('Change')?.textContent).toBe('-$1.07');
    expect(field('Change')?.className).toContain('text-loss');
    expect(screen.getByRole('timer').textContent).toBe('5m 02s');
  });

  it('reads Pending... once the draw time is up', () => {
    render(
      <RoundCard
        round={makeRound({ id: 9, lockTime: LOCK, lockPrice: 1n })}
        stage="locked"
        timelock={12}
        nowMs={LOCK_MS + 14_000}
        currentPrice={1n}
      />,
    );
    expect(screen.getByRole('timer').textContent).toBe('Pending...');
  });

  it('shows the live round: no lock price yet, betting countdown, its bet form', () => {
    render(
      <RoundCard
        round={makeRound({ id: 10, lockTime: LOCK, ...pools })}
        stage="live"
        timelock={60}
        nowMs={LOCK_MS - 42_000}
        currentPrice={15_000_000_000n}
        action={<p>bet form</p>}
        featured
      />,
    );
    expect(screen.getByRole('article', { name: 'Round #10, Live' })).toBeTruthy();
    expect(field('Change')?.textContent).toBe('—');
    expect(field('Lock Price')?.textContent).toBe('At lock');
    expect(screen.getByText('Betting closes in')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('0m 42s');
    expect(screen.getByText('bet form')).toBeTruthy();
  });

  it('shows the next round with the time it opens', () => {
    render(
      <RoundCard
        round={makeRound({ id: 11 })}
        stage="next"
        timelock={60}
        nowMs={LOCK_MS - 5_000}
        currentPrice={null}
        opensAt={LOCK}
      />,
    );
    expect(screen.getByText('Opens in')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('0m 05s');
    expect(screen.getByText('Opens for bets when round #10 locks.')).toBeTruthy();
    // The spec's fields, empty until the round opens.
    expect(
      ['Change', 'Lock Price', 'Prize Pool', 'Players', 'Up Payout', 'Down Payout'].map(
        (label) => field(label)?.textContent,
      ),
    ).toEqual(['—', 'At lock', '0 SOL', '0', '0.00x', '0.00x']);
    expect(field('Up Percentage')).not.toBeNull();
    expect(field('Down Percentage')).not.toBeNull();
  });

  it('shows a settled round: Final Price, Lock Price, pool, players, payouts and the winning side', () => {
    render(
      <RoundCard
        round={makeRound({
          id: 8,
          ...pools,
          lockPrice: 15_000_000_000n,
          finalPrice: 15_042_000_000n,
          isSettled: true,
          result: Prediction.Up,
        })}
        stage="settled"
        timelock={60}
        nowMs={LOCK_MS}
        currentPrice={null}
      />,
    );
    expect(field('Final Price')?.textContent).toBe('$150.42');
    expect(field('Lock Price')?.textContent).toBe('$150.00');
    expect(field('Prize Pool')?.textContent).toBe('3.0 SOL');
    expect(field('Players')?.textContent).toBe('4');
    expect(field('Up Payout')?.textContent).toBe('1.50x');
    expect(field('Down Payout')?.textContent).toBe('3.00x');
    expect(field('Up Percentage')).toBeNull();
    expect(field('Change')).toBeNull();
    expect(screen.getByText('Up won · +$0.42')).toBeTruthy();
    expect(screen.getByText('Won')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('shows why an invalid round refunds', () => {
    render(
      <RoundCard
        round={makeRound({
          id: 7,
          upPool: SOL,
          upCount: 1,
          lockPrice: 1n,
          finalPrice: 2n,
          isSettled: true,
          result: Prediction.Invalid,
        })}
        stage="invalid"
        timelock={60}
        nowMs={LOCK_MS}
        currentPrice={null}
      />,
    );
    expect(screen.getByRole('article', { name: 'Round #7, Invalid' })).toBeTruthy();
    expect(screen.getByText('One side had no players: bets are refunded')).toBeTruthy();
    expect(screen.queryByText('Won')).toBeNull();
  });
});
