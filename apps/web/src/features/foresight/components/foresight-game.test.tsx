/**
 * The whole page against the shared fake chain: the RPC answers with accounts encoded by the SDK, and the
 * test pushes account updates through the PubSub subscriptions.
 */

import { FORESIGHT_SETTLE_BUFFER_SECS } from '@arcade/sdk/constants';
import {
  encodeBet,
  encodeConfig,
  encodeEvent,
  Prediction,
  type EventAccountArgs,
} from '@arcade/sdk/foresight/accounts';
import { findBetAddress, findConfigAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import { feedIdToAddress, SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import { foresightPayout } from '@arcade/sdk/payout';
import { encodePriceUpdateV2 } from '@arcade/sdk/pyth/price-update-v2';
import type { Address, Instruction } from '@solana/kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { formatExactSol, formatSol } from '../../../lib/format.ts';
import { MockChain, RENT, testConfig } from '../../../testing/mock-chain.ts';
import { boardKey, fetchBoard } from '../api/get-board.ts';
import { solAsset } from '../api/foresight-program.ts';
import { FakeForesightProgram } from '../../../testing/fake-foresight-program.ts';
import { ForesightGame } from './foresight-game.tsx';
import { EXPIRED_NOTE } from './round-card.tsx';
import { depositsText } from './reclaim-deposits.tsx';

const PROGRAM = '2zbSipoCc7d7gcPUrfD8XTWT1CsbB4rFn7oiMWorZ29X' as Address;
const PRICE = '7UVimffxr9ow1uXYxsr4LHAcV58mLzhmwaeKvJ1pjLiE' as Address;
const USER = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' as Address;
const OTHER = 'EvbpSsAx7gv2HNN5K5rE2NpXsAgTZjaSqLkztCW1jpJx' as Address;
const SOL = 1_000_000_000n;

const mocks = vi.hoisted(() => ({
  chain: null as unknown as MockChain,
  send: null as null | ((input: { instructions: readonly Instruction[] }) => Promise<string>),
}));

vi.mock('./price-chart.tsx', () => ({ default: () => <div data-testid="chart" /> }));

vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({
    wallet: { address: USER, walletName: 'Local', icon: '', isLocal: true },
    connecting: false,
    disconnect: () => Promise.resolve(),
  }),
}));

vi.mock('../../../lib/wallet/use-send-transaction.ts', () => ({ useSendTransaction: () => mocks.send }));

vi.mock('../../../lib/wallet/rpc.ts', () => ({
  getRpc: () => mocks.chain.rpc(),
  getRpcSubscriptions: () => mocks.chain.subscriptions(),
  getFallbackRpc: () => null,
}));

let chain: MockChain;
let config: Address;
const rounds = new Map<number, Address>();
let nowSecs: bigint;

function configData(liveEvent: number, lockedEvent: number): Uint8Array {
  return encodeConfig({
    pythFeed: feedIdToAddress(SOL_USD_FEED_ID),
    lockedEvent,
    liveEvent,
    timelock: 60,
    disabled: false,
    authority: OTHER,
    eventSigner: OTHER,
    treasury: OTHER,
    pendingAuthority: null,
  });
}

function roundData(id: number, fields: Partial<EventAccountArgs>): Uint8Array {
  return encodeEvent({
    id,
    startTime: nowSecs - 30n,
    lockTime: nowSecs + 30n,
    settleTime: nowSecs + 90n,
    upCount: 0,
    downCount: 0,
    upPool: 0n,
    downPool: 0n,
    isSettled: false,
    result: Prediction.None,
    lockPrice: null,
    finalPrice: null,
    settledCount: 0,
    config,
    ...fields,
  });
}

const settledUp = {
  upCount: 2,
  downCount: 1,
  upPool: 3n * SOL,
  downPool: SOL,
  isSettled: true,
  result: Prediction.Up,
  lockPrice: 15_000_000_000n,
  finalPrice: 15_100_000_000n,
};

beforeAll(async () => {
  [config] = await findConfigAddress(SOL_USD_FEED_ID, { programAddress: PROGRAM });
  for (let id = 1; id <= 12; id++)
    rounds.set(id, (await findEventAddress(config, id, { programAddress: PROGRAM }))[0]);
});

beforeEach(async () => {
  mocks.send = vi.fn(() => Promise.resolve('signature'));
  setRuntimeConfig(testConfig({ programs: { wager: PROGRAM, foresight: PROGRAM }, priceAccount: PRICE }));
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, items: [], nextCursor: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
  nowSecs = BigInt(Math.floor(Date.now() / 1000));
  chain = new MockChain(PROGRAM);
  mocks.chain = chain;
  chain.balances.set(USER, 5n * SOL);
  chain.set(
    PRICE,
    encodePriceUpdateV2({
      writeAuthority: OTHER,
      verificationLevel: { __kind: 'Full' },
      priceMessage: {
        feedId: SOL_USD_FEED_ID,
        price: 15_012_000_000n,
        conf: 7_000_000n,
        exponent: -8,
        publishTime: nowSecs,
        prevPublishTime: nowSecs,
        emaPrice: 15_012_000_000n,
        emaConf: 7_000_000n,
      },
      postedSlot: 1n,
    }),
  );
  chain.set(config, configData(10, 9));
  chain.set(rounds.get(11)!, roundData(11, { startTime: 0n, lockTime: 0n, settleTime: 0n }));
  chain.set(rounds.get(10)!, roundData(10, { upCount: 1, upPool: SOL }));
  chain.set(
    rounds.get(9)!,
    roundData(9, {
      lockTime: nowSecs - 30n,
      upCount: 1,
      downCount: 1,
      upPool: SOL,
      downPool: SOL,
      lockPrice: 15_000_000_000n,
    }),
  );
  chain.set(
    rounds.get(8)!,
    roundData(8, { lockTime: nowSecs - 90n, settleTime: nowSecs - 30n, ...settledUp }),
  );
  chain.set(
    rounds.get(7)!,
    roundData(7, {
      lockTime: nowSecs - 150n,
      upCount: 1,
      upPool: SOL,
      isSettled: true,
      result: Prediction.Invalid,
    }),
  );
  // The player won round 8 (unpaid) and bet alone in round 7 (invalid).
  const bet = async (round: number, prediction: Prediction, amount: bigint) => {
    const [address] = await findBetAddress(rounds.get(round)!, USER, { programAddress: PROGRAM });
    chain.set(
      address,
      encodeBet({ event: rounds.get(round)!, amount, prediction, isSettled: false, user: USER }),
    );
  };
  await bet(8, Prediction.Up, SOL);
  await bet(7, Prediction.Up, SOL);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderGame(
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } }),
) {
  render(
    <QueryClientProvider client={queryClient}>
      <ForesightGame symbol="SOL" header={<h1>Foresight</h1>} />
    </QueryClientProvider>,
  );
}

const card = (name: string) => screen.findByRole('article', { name }, { timeout: 5_000 });
const fieldIn = (element: HTMLElement, label: string) =>
  element.querySelector(`[data-field="${label}"]`)?.textContent;

describe('ForesightGame', () => {
  it('shows the oracle price and the live, locked, next and settled rounds from the chain', async () => {
    renderGame();
    expect((await screen.findByTestId('oracle-price')).textContent).toBe('$150.12');
    const live = await card('Round #10, Live');
    expect(fieldIn(live, 'Prize Pool')).toBe('1.0 SOL');
    expect(within(live).getByRole('form', { name: 'Bet on round #10' })).toBeTruthy();
    const locked = await card('Round #9, Locked');
    expect(fieldIn(locked, 'Change')).toBe('+$0.12');
    expect(await card('Round #11, Next')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Settled rounds' })).toBeTruthy();
    const settled = await card('Round #8, Settled');
    expect(fieldIn(settled, 'Final Price')).toBe('$151.00');
    expect(await card('Round #7, Invalid')).toBeTruthy();
  });

  it('never shows a round that locked while the player was away as open or closing from the cache', async () => {
    // The board the player saw before leaving: round #10 live, its lock time since passed.
    chain.set(rounds.get(10)!, roundData(10, { upCount: 1, upPool: SOL, lockTime: nowSecs - 5n }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });
    queryClient.setQueryData(boardKey('SOL'), await fetchBoard(solAsset()));
    // Meanwhile the tick moved on: #10 locked, #11 is live.
    chain.set(rounds.get(11)!, roundData(11, { lockTime: nowSecs + 55n }));
    chain.set(rounds.get(12)!, roundData(12, { startTime: 0n, lockTime: 0n, settleTime: 0n }));
    chain.set(
      rounds.get(10)!,
      roundData(10, { upCount: 1, upPool: SOL, lockTime: nowSecs - 5n, lockPrice: 15_000_000_000n }),
    );
    chain.set(config, configData(11, 10));
    renderGame(queryClient);
    // The cached board is not drawn: the rounds wait for the fresh read.
    expect(screen.queryByRole('article', { name: /^Round #10, (Live|Closing)/ })).toBeNull();
    expect(screen.getByLabelText('Loading the rounds')).toBeTruthy();
    expect(await card('Round #11, Live')).toBeTruthy();
    expect(await card('Round #10, Locked')).toBeTruthy();
    expect(screen.queryByRole('article', { name: /^Round #10, (Live|Closing)/ })).toBeNull();
  });

  it("offers Settle on the player's won round and Withdraw on their invalid one", async () => {
    renderGame();
    const settled = await card('Round #8, Settled');
    const payout = formatSol(foresightPayout(SOL, 3n * SOL, SOL, 'up'));
    expect(
      await within(settled).findByRole('button', { name: `Collect ${payout}` }, { timeout: 5_000 }),
    ).toBeTruthy();
    const invalid = await card('Round #7, Invalid');
    expect(
      await within(invalid).findByRole('button', { name: 'Withdraw 1.0 SOL' }, { timeout: 5_000 }),
    ).toBeTruthy();
  });

  it('marks a round still unsettled FORESIGHT_SETTLE_BUFFER_SECS after its draw Expired, and offers Withdraw', async () => {
    chain.set(
      rounds.get(9)!,
      roundData(9, {
        lockTime: nowSecs - 60n - BigInt(FORESIGHT_SETTLE_BUFFER_SECS),
        settleTime: nowSecs - 1n - BigInt(FORESIGHT_SETTLE_BUFFER_SECS),
        upCount: 1,
        downCount: 1,
        upPool: SOL,
        downPool: SOL,
        lockPrice: 15_000_000_000n,
      }),
    );
    const [address] = await findBetAddress(rounds.get(9)!, USER, { programAddress: PROGRAM });
    chain.set(
      address,
      encodeBet({
        event: rounds.get(9)!,
        amount: SOL,
        prediction: Prediction.Down,
        isSettled: false,
        user: USER,
      }),
    );
    renderGame();
    const expired = await card('Round #9, Expired');
    expect(expired.textContent).toContain(EXPIRED_NOTE);
    expect(
      await within(expired).findByRole('button', { name: 'Withdraw 1.0 SOL' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(within(expired).getByText('Round not settled in time: withdraw 1.0 SOL, no fee')).toBeTruthy();
  });

  it('updates a round from its account subscription, and re-reads the board when the config moves', async () => {
    renderGame();
    const live = await card('Round #10, Live');
    await waitFor(() => {
      expect(chain.subscribers(rounds.get(10)!)).toBe(1);
    });
    act(() => {
      chain.set(
        rounds.get(10)!,
        roundData(10, { upCount: 1, downCount: 2, upPool: SOL, downPool: 2n * SOL }),
        RENT,
        true,
      );
    });
    await waitFor(() => {
      expect(fieldIn(live, 'Prize Pool')).toBe('3.0 SOL');
    });
    expect(fieldIn(live, 'Players')).toBe('3');

    // The typed amount outlives the round (the live card is a new one after the tick).
    fireEvent.change(within(live).getByLabelText('Amount (SOL)'), { target: { value: '0.3' } });

    // A tick: round 10 locks, 11 goes live, 12 is created.
    chain.set(
      rounds.get(10)!,
      roundData(10, {
        lockTime: nowSecs,
        lockPrice: 15_010_000_000n,
        upCount: 1,
        downCount: 1,
        upPool: SOL,
        downPool: SOL,
      }),
    );
    chain.set(rounds.get(11)!, roundData(11, {}));
    chain.set(rounds.get(12)!, roundData(12, { startTime: 0n, lockTime: 0n, settleTime: 0n }));
    chain.set(rounds.get(9)!, roundData(9, { ...settledUp, lockTime: nowSecs - 30n }));
    act(() => {
      chain.set(config, configData(11, 10), RENT, true);
    });
    const next = await card('Round #11, Live');
    expect(within(next).getByLabelText('Amount (SOL)')).toHaveProperty('value', '0.3');
    expect(await card('Round #10, Locked')).toBeTruthy();
    expect(await card('Round #12, Next')).toBeTruthy();
    expect(await card('Round #9, Settled')).toBeTruthy();
  });
});

describe('ForesightGame: bet deposits', () => {
  let program: FakeForesightProgram;
  const betOf = new Map<number, Address>();

  /** The user's bet in round `id`, holding the chain's rent deposit. */
  async function userBet(id: number, prediction: 'Up' | 'Down', isSettled = false): Promise<void> {
    const [address] = await findBetAddress(rounds.get(id)!, USER, { programAddress: PROGRAM });
    betOf.set(id, address);
    chain.set(address, encodeBet({ event: rounds.get(id)!, amount: SOL, prediction, isSettled, user: USER }));
  }

  /** The server's history row of the user's 1 SOL bet in round `id`. */
  function historyRow(
    id: number,
    prediction: 'Up' | 'Down',
    fields: { won: boolean | null; isSettled: boolean },
  ) {
    return {
      id,
      address: betOf.get(id)!,
      config,
      event: rounds.get(id)!,
      prediction,
      amount: String(SOL),
      winAmount: '0',
      isSettled: fields.isSettled,
      won: fields.won,
      signature: `sig${id}`,
      lastSignature: `sig${id}`,
      timestamp: Number(nowSecs) - 600 + id,
      round: null,
    };
  }

  beforeEach(async () => {
    program = new FakeForesightProgram(chain, PROGRAM);
    mocks.send = program.sender(USER);
    // Round 8 holds the pot it owes the winners.
    chain.set(
      rounds.get(8)!,
      roundData(8, { lockTime: nowSecs - 90n, settleTime: nowSecs - 30n, ...settledUp }),
      RENT + 4n * SOL,
    );
    // Round 6: the user bet Down and lost. Round 5: the user won and a keeper paid them; the account stayed.
    for (const id of [6, 5]) {
      chain.set(
        rounds.get(id)!,
        roundData(id, { lockTime: nowSecs - 400n + BigInt(id), settleTime: nowSecs - 300n, ...settledUp }),
      );
    }
    await userBet(9, 'Up'); // the locked round: not drawn yet
    await userBet(8, 'Up'); // won, unpaid
    await userBet(7, 'Up'); // invalid round, not withdrawn
    await userBet(6, 'Down', false);
    await userBet(5, 'Up', true);
    const items = [
      historyRow(9, 'Up', { won: null, isSettled: false }),
      historyRow(8, 'Up', { won: true, isSettled: false }),
      historyRow(7, 'Up', { won: null, isSettled: false }),
      historyRow(6, 'Down', { won: false, isSettled: false }),
      historyRow(5, 'Up', { won: true, isSettled: true }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ success: true, items, nextCursor: null }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
  });

  const positionIn = (element: HTMLElement) => element.querySelector<HTMLElement>('[data-outcome]');
  const payout = formatSol(foresightPayout(SOL, 3n * SOL, SOL, 'up'));

  it('reclaims the deposits of the finished bets only, and the cards keep their outcomes', async () => {
    renderGame();
    const history = await screen.findByRole('region', { name: 'Your predictions' });
    const deposits = await within(history).findByRole(
      'group',
      { name: 'Account deposits' },
      { timeout: 5_000 },
    );
    await waitFor(() => {
      expect(deposits.textContent).toContain(depositsText(2n * RENT, 2));
    });
    const lost = await card('Round #6, Settled');
    const paid = await card('Round #5, Settled');
    await waitFor(() => {
      expect(positionIn(lost)?.textContent).toContain('Lost 1.0 SOL');
      expect(positionIn(paid)?.textContent).toContain(`Paid ${payout}`);
    });

    fireEvent.click(within(deposits).getByRole('button', { name: /^Get back / }));
    await waitFor(() => {
      expect(within(deposits).getByRole('status').textContent).toBe(
        `Got back ${formatExactSol(2n * RENT)} of account deposits from 2 rounds.`,
      );
    });
    // One transaction, closing exactly the lost bet and the paid one: not the unpaid winner (BetUnsettled),
    // not the invalid round's bet (still to withdraw), not the bet of the round in play (EventUnsettled).
    expect(program.sent.map((tx) => tx.names)).toEqual([['close_bet', 'close_bet']]);
    expect(program.sent[0]!.instructions.map((ix) => ix.accounts!.at(-1)!.address).sort()).toEqual(
      [betOf.get(6)!, betOf.get(5)!].sort(),
    );
    expect(chain.balances.get(USER)).toBe(5n * SOL + 2n * RENT);
    for (const id of [6, 5]) expect(chain.accounts.has(betOf.get(id)!)).toBe(false);
    for (const id of [9, 8, 7]) expect(chain.accounts.has(betOf.get(id)!)).toBe(true);

    // The accounts are gone; the cards still show the bets and how they ended, from the history.
    await waitFor(() => {
      expect(positionIn(lost)?.hasAttribute('data-closed')).toBe(true);
      expect(positionIn(paid)?.hasAttribute('data-closed')).toBe(true);
    });
    expect(positionIn(lost)?.textContent).toContain('Lost 1.0 SOL');
    expect(positionIn(paid)?.textContent).toContain(`Paid ${payout}`);
    expect(positionIn(lost)?.textContent).toContain('▼ Down');
    // Nothing is left to reclaim: the action is gone, its result stays.
    await waitFor(() => {
      expect(within(deposits).queryByRole('button', { name: /^Get back / })).toBeNull();
    });
  });

  it('collects from "Your predictions": Withdraw on an Invalid round, then it reads Withdrawn; Collect on a win', async () => {
    /** The history's round of `id`, as the server indexes it. */
    const indexed = (id: number, result: string) => ({
      id,
      lockTime: Number(nowSecs) - 150,
      settleTime: Number(nowSecs) - 90,
      lockPrice: null,
      finalPrice: null,
      upCount: 1,
      downCount: result === 'Invalid' ? 0 : 1,
      upPool: String(result === 'Invalid' ? SOL : 3n * SOL),
      downPool: String(result === 'Invalid' ? 0n : SOL),
      isSettled: true,
      result,
    });
    // The server has not indexed the refund yet, and will not during this test: the row must still update.
    const items = [
      { ...historyRow(8, 'Up', { won: true, isSettled: false }), round: indexed(8, 'Up') },
      { ...historyRow(7, 'Up', { won: null, isSettled: false }), round: indexed(7, 'Invalid') },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ success: true, items, nextCursor: null }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    renderGame();
    const history = await screen.findByRole('region', { name: 'Your predictions' });
    const row = (id: number) =>
      within(history)
        .getAllByRole('row')
        .find((tr) => tr.textContent.startsWith(`#${id}`))!;
    const withdraw = await within(history).findByRole(
      'button',
      { name: 'Withdraw 1.0 SOL' },
      { timeout: 5_000 },
    );
    expect(row(7).textContent).toContain('Invalid round: refund');
    expect(within(row(8)).getByRole('button', { name: `Collect ${payout}` })).toBeTruthy();

    fireEvent.click(withdraw);
    await waitFor(() => {
      expect(row(7).textContent).toContain('Withdrawn 1.0 SOL');
    });
    expect(within(row(7)).queryByRole('button')).toBeNull();
    expect(program.sent.map((tx) => tx.names)).toEqual([['withdraw_bet', 'close_bet']]);
    expect(chain.balances.get(USER)).toBe(5n * SOL + SOL + RENT);
    expect(chain.accounts.has(betOf.get(7)!)).toBe(false);
  });

  it('settles a win with close_bet: the wallet gets payout and deposit, and the card then reads Paid', async () => {
    renderGame();
    const won = await card('Round #8, Settled');
    const settle = await within(won).findByRole('button', { name: `Collect ${payout}` }, { timeout: 5_000 });
    expect(
      within(won).getByText(`Your ${formatExactSol(RENT)} bet deposit comes back with it.`),
    ).toBeTruthy();
    fireEvent.click(settle);
    await waitFor(() => {
      expect(program.sent.map((tx) => tx.names)).toEqual([['settle_bet', 'close_bet']]);
    });
    expect(chain.balances.get(USER)).toBe(5n * SOL + foresightPayout(SOL, 3n * SOL, SOL, 'up') + RENT);
    expect(chain.accounts.has(betOf.get(8)!)).toBe(false);
    await waitFor(() => {
      expect(positionIn(won)?.hasAttribute('data-closed')).toBe(true);
    });
    expect(positionIn(won)?.getAttribute('data-outcome')).toBe('paid');
    expect(positionIn(won)?.textContent).toContain(`Paid ${payout}`);
  });

  it('shows the bets closed before the page opened, from the history: Lost and Paid', async () => {
    chain.accounts.delete(betOf.get(6)!);
    chain.accounts.delete(betOf.get(5)!);
    renderGame();
    const lost = await card('Round #6, Settled');
    const paid = await card('Round #5, Settled');
    await waitFor(() => {
      expect(positionIn(lost)?.textContent).toContain('Lost 1.0 SOL');
    });
    expect(positionIn(lost)?.hasAttribute('data-closed')).toBe(true);
    expect(positionIn(paid)?.textContent).toContain(`Paid ${payout}`);
    expect(positionIn(paid)?.getAttribute('data-outcome')).toBe('paid');
  });

  it('keeps the position of a bet it saw closed, even while the history cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ success: false, error: 'Service unavailable' }), { status: 503 }),
        ),
      ),
    );
    renderGame();
    const won = await card('Round #8, Settled');
    fireEvent.click(
      await within(won).findByRole('button', { name: `Collect ${payout}` }, { timeout: 5_000 }),
    );
    await waitFor(() => {
      expect(positionIn(won)?.hasAttribute('data-closed')).toBe(true);
    });
    expect(chain.accounts.has(betOf.get(8)!)).toBe(false);
    expect(positionIn(won)?.textContent).toContain(`Paid ${payout}`);
    expect(positionIn(won)?.textContent).toContain('▲ Up');
  });
});
