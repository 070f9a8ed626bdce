import { FORESIGHT_SETTLE_BUFFER_SECS } from '@arcade/sdk/constants';
import { Prediction } from '@arcade/sdk/foresight/accounts';
import { foresightPayout } from '@arcade/sdk/payout';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { formatSol } from '../../../lib/format.ts';
import { invalidRound, makeBet, makeRound, settledUpRound } from '../testing/fixtures.ts';
import { BetPosition } from './bet-position.tsx';

const SOL = 1_000_000_000n;

function renderPosition(...args: Parameters<typeof makeBet>) {
  const onClaim = vi.fn();
  render(<BetPosition round={args[0]} bet={makeBet(...args)} pending={false} canSend onClaim={onClaim} />);
  return onClaim;
}

/** The page's clock `secs` after `round`'s settle time. */
function after(round: { settleTime: bigint }, secs: number): number {
  return (Number(round.settleTime) + secs) * 1000;
}

describe('BetPosition', () => {
  it('shows an open bet with what it pays if its side wins', () => {
    const round = makeRound({ id: 3, upPool: 3n * SOL, downPool: SOL, upCount: 2, downCount: 1 });
    renderPosition(round, { amount: SOL });
    expect(
      screen.getByText(`Pays ≈ ${formatSol(foresightPayout(SOL, 3n * SOL, SOL, 'up'))} if Up wins`),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says an open bet is refunded while nobody took the other side', () => {
    const round = makeRound({ id: 3, upPool: SOL, upCount: 1 });
    renderPosition(round, { amount: SOL });
    expect(screen.getByText('Refunded if nobody takes Down')).toBeTruthy();
  });

  it('offers Settle for an unpaid win, with the amount settle_bet pays', async () => {
    const round = settledUpRound(4);
    const onClaim = renderPosition(round, { amount: SOL });
    const payout = formatSol(foresightPayout(SOL, 3n * SOL, SOL, 'up'));
    expect(screen.getByText(`You won ${payout}`)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: `Collect ${payout}` }));
    expect(onClaim).toHaveBeenCalledWith('settle');
    expect(screen.queryByRole('button', { name: /Withdraw/ })).toBeNull();
  });

  it('offers Withdraw (no fee) for a bet in an invalid round', async () => {
    const round = invalidRound(5);
    const onClaim = renderPosition(round, { amount: SOL });
    expect(screen.getByText('Round invalid: withdraw 1.0 SOL, no fee')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Withdraw 1.0 SOL' }));
    expect(onClaim).toHaveBeenCalledWith('withdraw');
    expect(screen.queryByRole('button', { name: /Settle/ })).toBeNull();
  });

  it('offers Withdraw once a round is FORESIGHT_SETTLE_BUFFER_SECS past its settle time, unsettled', async () => {
    const round = makeRound({ id: 6, upPool: SOL, downPool: SOL, upCount: 1, downCount: 1, lockPrice: 5n });
    const bet = makeBet(round, { amount: SOL });
    const onClaim = vi.fn();
    const { rerender } = render(
      <BetPosition
        round={round}
        bet={bet}
        pending={false}
        canSend
        onClaim={onClaim}
        nowMs={after(round, FORESIGHT_SETTLE_BUFFER_SECS) - 1}
      />,
    );
    // Still in its buffer: the tick may settle it.
    expect(screen.queryByRole('button', { name: /Withdraw/ })).toBeNull();
    expect(screen.getByText(/Pays ≈/)).toBeTruthy();
    rerender(
      <BetPosition
        round={round}
        bet={bet}
        pending={false}
        canSend
        onClaim={onClaim}
        nowMs={after(round, FORESIGHT_SETTLE_BUFFER_SECS)}
      />,
    );
    expect(screen.getByText('Round not settled in time: withdraw 1.0 SOL, no fee')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Withdraw 1.0 SOL' }));
    expect(onClaim).toHaveBeenCalledWith('withdraw');
    expect(screen.getByText('Your 0.0014616 SOL bet deposit comes back with it.')).toBeTruthy();
  });

  it('never expires a round that did not go live, nor a bet already refunded', () => {
    const pending = makeRound({ id: 7, startTime: 0n });
    render(
      <BetPosition
        round={pending}
        bet={makeBet(pending)}
        pending={false}
        canSend
        onClaim={vi.fn()}
        nowMs={after(pending, 10 * FORESIGHT_SETTLE_BUFFER_SECS)}
      />,
    );
    expect(screen.queryByRole('button', { name: /Withdraw/ })).toBeNull();
  });

  it('shows paid, refunded and lost bets without an action', () => {
    const won = settledUpRound(4);
    renderPosition(won, { amount: SOL, isSettled: true });
    expect(screen.getByText(`Paid ${formatSol(foresightPayout(SOL, 3n * SOL, SOL, 'up'))}`)).toBeTruthy();
    renderPosition(won, { amount: SOL, prediction: Prediction.Down });
    expect(screen.getByText('Lost 1.0 SOL')).toBeTruthy();
    const invalid = invalidRound(5);
    renderPosition(invalid, { amount: SOL, isSettled: true });
    expect(screen.getByText('Refunded 1.0 SOL')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says Settle and Withdraw also return the bet deposit, and nothing of it once the bet is closed', () => {
    const won = settledUpRound(4);
    renderPosition(won, { amount: SOL, deposit: 1_461_600n });
    expect(screen.getByText('Your 0.0014616 SOL bet deposit comes back with it.')).toBeTruthy();
    cleanup();
    const invalid = invalidRound(5);
    renderPosition(invalid, { amount: SOL, deposit: 1_461_600n });
    expect(screen.getByText('Your 0.0014616 SOL bet deposit comes back with it.')).toBeTruthy();
    cleanup();
    // A closed bet (its position from the history) reads as before, without an action or a deposit.
    renderPosition(won, { amount: SOL, isSettled: true, deposit: 0n, closed: true });
    expect(screen.getByText(`Paid ${formatSol(foresightPayout(SOL, 3n * SOL, SOL, 'up'))}`)).toBeTruthy();
    expect(screen.queryByText(/deposit/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
