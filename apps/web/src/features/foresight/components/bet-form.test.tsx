import { Prediction } from '@arcade/sdk/foresight/accounts';
import { foresightPayout } from '@arcade/sdk/payout';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { formatSol, formatSolDecimal } from '../../../lib/format.ts';
import { makeBet, makeRound } from '../testing/fixtures.ts';
import { AMOUNT_MESSAGES, betReserve } from '../utils/bet-amount.ts';
import { BetForm, type BetFormProps } from './bet-form.tsx';

const SOL = 1_000_000_000n;
const round = makeRound({ id: 10, upPool: SOL, downPool: SOL, upCount: 1, downCount: 1 });

function setup(props: Partial<BetFormProps> = {}) {
  const onBet = vi.fn();
  const onConnect = vi.fn();
  function Harness() {
    const [amount, setAmount] = useState('');
    return (
      <BetForm
        round={round}
        bet={null}
        closedReason={null}
        connected
        balance={5n * SOL}
        rent={1_461_600n}
        pendingSide={null}
        onBet={onBet}
        onConnect={onConnect}
        amount={amount}
        onAmountChange={setAmount}
        {...props}
      />
    );
  }
  render(<Harness />);
  const up = () => screen.getByRole('button', { name: /^Up/ });
  const down = () => screen.getByRole('button', { name: /^Down/ });
  return { onBet, onConnect, up, down, input: () => screen.getByLabelText('Amount (SOL)') };
}

describe('BetForm', () => {
  it('bets the typed SOL in lamports on the side clicked, quoting what it would win', async () => {
    const user = userEvent.setup();
    const { onBet, up, down, input } = setup();
    await user.type(input(), '0.5');
    expect(up().textContent).toContain(
      `Wins ≈ ${formatSol(foresightPayout(SOL / 2n, SOL + SOL / 2n, SOL, 'up'))}`,
    );
    await user.click(down());
    expect(onBet).toHaveBeenCalledWith('down', 500_000_000n);
  });

  it('shows on each pay button and in the summary the exact total the wallet is charged', async () => {
    const user = userEvent.setup();
    const { up, down, input } = setup();
    expect(screen.queryByRole('list', { name: 'What you pay' })).toBeNull();
    await user.type(input(), '0.1');
    // 0.1 SOL stake + 0.0014616 SOL bet account deposit + 0.000005 SOL signature fee; no fee on the bet.
    expect(up().textContent).toContain('Pay 0.1014666 SOL');
    expect(down().textContent).toContain('Pay 0.1014666 SOL');
    const summary = screen.getByLabelText('What you pay');
    expect(summary.textContent).toBe(
      'Bet0.1 SOLAccount deposit (comes back)0.0014616 SOLNetwork fee0.000005 SOLTotal0.1014666 SOL',
    );
  });

  it('fills the quick amounts (multiples of the minimum bet) and Max', async () => {
    const user = userEvent.setup();
    const { input } = setup();
    await user.click(screen.getByRole('button', { name: '0.50' }));
    expect(input()).toHaveProperty('value', '0.5');
    await user.click(screen.getByRole('button', { name: 'Max' }));
    // Balance minus the deposit, the base fee and the highest priority fee.
    expect(input()).toHaveProperty('value', formatSolDecimal(5n * SOL - betReserve(1_461_600n)));
    expect(input()).toHaveProperty('value', '4.9935334');
  });

  it('refuses a bet under the minimum with the BetTooLow message and disables both sides', async () => {
    const user = userEvent.setup();
    const { onBet, up, down, input } = setup();
    await user.type(input(), '0.001');
    expect(screen.getByRole('alert').textContent).toBe(AMOUNT_MESSAGES.tooLow);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(up()).toHaveProperty('disabled', true);
    expect(down()).toHaveProperty('disabled', true);
    expect(onBet).not.toHaveBeenCalled();
  });

  it('refuses more than the balance', async () => {
    const user = userEvent.setup();
    const { input } = setup({ balance: SOL });
    await user.type(input(), '2');
    expect(screen.getByRole('alert').textContent).toBe('Not enough SOL: your balance is 1.0 SOL');
  });

  it('asks for an amount when none was typed', async () => {
    const user = userEvent.setup();
    const { onBet, up } = setup();
    await user.click(up());
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount to bet');
    expect(onBet).not.toHaveBeenCalled();
  });

  it('allows adding to the side already taken and disables the other, saying why', async () => {
    const user = userEvent.setup();
    const { onBet, up, down, input } = setup({ bet: makeBet(round, { prediction: Prediction.Up }) });
    await user.type(input(), '0.1');
    expect(down()).toHaveProperty('disabled', true);
    expect(
      screen.getByText('You bet Up in this round: you can add to it, not bet the other side.'),
    ).toBeTruthy();
    // Adding opens no account: the wallet pays the stake and the signature fee, exactly.
    expect(up().textContent).toContain('Pay 0.100005 SOL');
    await user.click(up());
    expect(onBet).toHaveBeenCalledWith('up', 100_000_000n);
  });

  it('disables betting with the reason once the round closes', async () => {
    const user = userEvent.setup();
    const { up, down, input } = setup({
      closedReason: 'Betting on round #10 has closed: it locks at the next tick.',
    });
    await user.type(input(), '0.1');
    expect(up()).toHaveProperty('disabled', true);
    expect(down()).toHaveProperty('disabled', true);
    expect(screen.getByText('Betting on round #10 has closed: it locks at the next tick.')).toBeTruthy();
  });

  it('opens the wallet dialog instead of betting without a wallet', async () => {
    const user = userEvent.setup();
    const { onBet, onConnect, up } = setup({ connected: false, balance: null });
    expect(screen.getByText('Connect a wallet to bet.')).toBeTruthy();
    await user.click(up());
    expect(onConnect).toHaveBeenCalledOnce();
    expect(onBet).not.toHaveBeenCalled();
  });

  it('shows the side being sent as pending and holds the other', () => {
    const { up, down } = setup({ pendingSide: 'up' });
    expect(up().getAttribute('aria-busy')).toBe('true');
    expect(down()).toHaveProperty('disabled', true);
  });
});
