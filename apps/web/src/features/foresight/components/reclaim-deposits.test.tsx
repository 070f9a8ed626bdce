import type { Address, Instruction } from '@solana/kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '../../../components/toaster.tsx';
import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { toast } from '../../../lib/toast.ts';
import { fakeAddress, MockChain, RENT, testConfig } from '../../../testing/mock-chain.ts';
import { FakeForesightProgram } from '../../../testing/fake-foresight-program.ts';
import { ReclaimDeposits } from './reclaim-deposits.tsx';
import { formatExactSol } from '../../../lib/format.ts';

const PROGRAM = fakeAddress(3);
const USER = fakeAddress(1);
const CONFIG = fakeAddress(4);
const SOL = 1_000_000_000n;

type Send = (input: { instructions: readonly Instruction[] }) => Promise<string>;

const mocks = vi.hoisted(() => ({ chain: null as unknown as MockChain, send: null as null | Send }));

vi.mock('../../../lib/wallet/rpc.ts', () => ({
  getRpc: () => mocks.chain.rpc(),
  getRpcSubscriptions: () => mocks.chain.subscriptions(),
}));

vi.mock('../../../lib/wallet/use-send-transaction.ts', () => ({ useSendTransaction: () => mocks.send }));

let chain: MockChain;
let program: FakeForesightProgram;

/** `count` settled Up rounds where the user lost 1 SOL on Down; returns the rounds and the bets. */
async function lostRounds(count: number): Promise<{ rounds: Address[]; bets: Address[] }> {
  const rounds: Address[] = [];
  const bets: Address[] = [];
  for (let id = 1; id <= count; id++) {
    const { event, bet } = await program.seedRound({ id, user: USER, config: CONFIG, side: 'Down' });
    rounds.push(event);
    bets.push(bet);
  }
  return { rounds, bets };
}

function renderReclaim(rounds: readonly Address[], olderUnread = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReclaimDeposits user={USER} rounds={rounds} olderUnread={olderUnread} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const group = () => screen.findByRole('group', { name: 'Account deposits' }, { timeout: 5_000 });
const toastTexts = () =>
  within(screen.getByRole('region', { name: 'Notifications' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => {
  setRuntimeConfig(testConfig({ programs: { wager: fakeAddress(9), foresight: PROGRAM } }));
  chain = new MockChain(PROGRAM);
  mocks.chain = chain;
  chain.balances.set(USER, SOL);
  program = new FakeForesightProgram(chain, PROGRAM);
  mocks.send = program.sender(USER);
});

afterEach(() => {
  act(() => {
    toast.clear();
  });
});

describe('ReclaimDeposits', () => {
  it('says what it returns, asks the wallet, and reports success', async () => {
    const { rounds, bets } = await lostRounds(3);
    let approve!: () => void;
    const run = program.sender(USER);
    mocks.send = (input) =>
      new Promise((resolve, reject) => {
        approve = () => {
          run(input).then(resolve, reject);
        };
      });
    renderReclaim(rounds, true);
    const box = await group();
    await waitFor(() => {
      expect(box.textContent).toContain('Get back 0.003 SOL of account deposits from 3 finished rounds');
    });
    expect(box.textContent).toContain('Load older bets below to find theirs too.');

    await userEvent.click(within(box).getByRole('button', { name: /^Get back / }));
    // Pending: one transaction waits for the wallet.
    const pending = await within(box).findByRole('button', { name: 'Getting it back…' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    await waitFor(() => {
      expect(toastTexts()).toEqual(['Approve getting your deposits back in your wallet…']);
    });
    act(() => {
      approve();
    });
    await waitFor(() => {
      expect(toastTexts()).toEqual([
        `SuccessGot back ${formatExactSol(3n * RENT)} of account deposits from 3 rounds`,
      ]);
    });
    expect(within(box).getByRole('status').textContent).toBe(
      `Got back ${formatExactSol(3n * RENT)} of account deposits from 3 rounds.`,
    );
    expect(program.sent.map((tx) => tx.names)).toEqual([['close_bet', 'close_bet', 'close_bet']]);
    for (const bet of bets) expect(chain.accounts.has(bet)).toBe(false);
    expect(chain.balances.get(USER)).toBe(SOL + 3n * RENT);
    await waitFor(() => {
      expect(within(box).queryByRole('button', { name: /^Get back / })).toBeNull();
    });
  });

  it('packs many closes into as few transactions as fit in 1232 bytes, in order', async () => {
    const { rounds, bets } = await lostRounds(20);
    renderReclaim(rounds);
    const box = await group();
    await waitFor(() => {
      expect(box.textContent).toContain(
        `Get back ${formatExactSol(20n * RENT)} of account deposits from 20 finished rounds`,
      );
    });
    await userEvent.click(within(box).getByRole('button', { name: /^Get back / }));
    await waitFor(() => {
      expect(within(box).getByRole('status').textContent).toBe(
        `Got back ${formatExactSol(20n * RENT)} of account deposits from 20 rounds.`,
      );
    });
    // The fake refuses a transaction over 1232 bytes, as the sender does; 20 closes need two.
    expect(program.sent.map((tx) => tx.names.length)).toEqual([12, 8]);
    expect(program.sent.flatMap((tx) => tx.instructions.map((ix) => ix.accounts!.at(-1)!.address))).toEqual(
      bets,
    );
    expect(chain.balances.get(USER)).toBe(SOL + 20n * RENT);
  });

  it('reports a refusal with the two failure toasts, and keeps the action', async () => {
    const { rounds, bets } = await lostRounds(2);
    mocks.send = () => Promise.reject(new Error('User Rejected Transaction'));
    renderReclaim(rounds);
    const box = await group();
    await userEvent.click(await within(box).findByRole('button', { name: /^Get back / }));
    await waitFor(() => {
      expect(toastTexts()).toEqual([
        'ErrorFailed to get your deposits back',
        'ErrorUser Rejected Transaction',
      ]);
    });
    expect(within(box).getByRole('status').textContent).toBe('Nothing came back: User Rejected Transaction');
    for (const bet of bets) expect(chain.accounts.has(bet)).toBe(true);
    await waitFor(() => {
      expect(
        within(box)
          .getByRole('button', { name: /^Get back / })
          .hasAttribute('disabled'),
      ).toBe(false);
    });
  });

  it('stops after a failed transaction and says what was reclaimed and what is left', async () => {
    const { rounds } = await lostRounds(20);
    const run = program.sender(USER);
    let calls = 0;
    mocks.send = (input) => {
      calls += 1;
      return calls === 1 ? run(input) : Promise.reject(new Error('User Rejected Transaction'));
    };
    renderReclaim(rounds);
    const box = await group();
    await userEvent.click(await within(box).findByRole('button', { name: /^Get back / }));
    await waitFor(() => {
      expect(within(box).getByRole('status').textContent).toBe(
        `Got back ${formatExactSol(12n * RENT)} of account deposits from 12 rounds; 8 rounds left: User Rejected Transaction`,
      );
    });
    // What is left is offered again.
    await waitFor(() => {
      expect(box.textContent).toContain(
        `Get back ${formatExactSol(8n * RENT)} of account deposits from 8 finished rounds`,
      );
    });
  });

  it('re-reads the chain before sending: deposits reclaimed meanwhile are not sent again', async () => {
    const { rounds, bets } = await lostRounds(2);
    renderReclaim(rounds);
    const box = await group();
    await waitFor(() => {
      expect(box.textContent).toContain('from 2 finished rounds');
    });
    // Another tab closed them after the last read.
    for (const bet of bets) chain.accounts.delete(bet);
    await userEvent.click(within(box).getByRole('button', { name: /^Get back / }));
    await waitFor(() => {
      expect(toastTexts()).toEqual(['Nothing to get back: the deposits are back already.']);
    });
    expect(program.sent).toEqual([]);
  });

  it('disables the action while the wallet cannot sign', async () => {
    const { rounds } = await lostRounds(1);
    mocks.send = null;
    renderReclaim(rounds);
    const button = await within(await group()).findByRole('button', { name: /^Get back / });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('title')).toBe('Your wallet cannot sign transactions');
  });
});
