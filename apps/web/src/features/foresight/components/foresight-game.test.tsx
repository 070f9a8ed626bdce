/**
 * The whole page against the shared fake chain: the RPC answers with accounts encoded by the SDK, and the
 * test pushes account updates through the PubSub subscriptions.
 */

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
import type { Address } from '@solana/kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { formatSol } from '../../../lib/format.ts';
import { MockChain, RENT, testConfig } from '../../../testing/mock-chain.ts';
import { ForesightGame } from './foresight-game.tsx';

const PROGRAM = '2zbSipoCc7d7gcPUrfD8XTWT1CsbB4rFn7oiMWorZ29X' as Address;
const PRICE = '7UVimffxr9ow1uXYxsr4LHAcV58mLzhmwaeKvJ1pjLiE' as Address;
const USER = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' as Address;
const OTHER = 'EvbpSsAx7gv2HNN5K5rE2NpXsAgTZjaSqLkztCW1jpJx' as Address;
const SOL = 1_000_000_000n;

const mocks = vi.hoisted(() => ({ chain: null as unknown as MockChain }));

vi.mock('./price-chart.tsx', () => ({ default: () => <div data-testid="chart" /> }));

vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({
    wallet: { address: USER, walletName: 'Local', icon: '', isLocal: true },
    connecting: false,
    disconnect: () => Promise.resolve(),
  }),
}));

vi.mock('../../../lib/wallet/use-send-transaction.ts', () => ({ useSendTransaction: () => vi.fn() }));

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

function renderGame() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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

  it("offers Settle on the player's won round and Withdraw on their invalid one", async () => {
    renderGame();
    const settled = await card('Round #8, Settled');
    const payout = formatSol(foresightPayout(SOL, 3n * SOL, SOL, 'up'));
    expect(
      await within(settled).findByRole('button', { name: `Settle ${payout}` }, { timeout: 5_000 }),
    ).toBeTruthy();
    const invalid = await card('Round #7, Invalid');
    expect(
      await within(invalid).findByRole('button', { name: 'Withdraw 1.0 SOL' }, { timeout: 5_000 }),
    ).toBeTruthy();
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
