import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { BET_POLL_INTERVAL_MS, BET_POLL_TIMEOUT_MS } from '@arcade/sdk/constants';
import { ERROR_MESSAGES, FAILURE_TOASTS, FAQ_HINTS, SUCCESS_TOASTS } from '@arcade/sdk/messages';
import { BetResult, BetState, BetType } from '@arcade/sdk/wager/accounts';
import { hexToBytes } from '@arcade/sdk/wager/fairness';
import { betCost } from '@arcade/sdk/wager/bet-math';
import {
  getClaimBetInstructionDataCodec,
  getCreateBetInstructionDataCodec,
  identifyWagerInstruction,
} from '@arcade/sdk/wager/instructions';
import { findBetAddress, findHouseAddress } from '@arcade/sdk/wager/pda';
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type Instruction,
} from '@solana/kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import claw from '../../../../public/claw.json' with { type: 'json' };
import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { approxSol, costSol } from '../../../lib/wager-bet/utils/bet-costs.ts';
import { getUiState } from '../../../lib/store.ts';
import { toast, useToasts } from '../../../lib/toast.ts';
import {
  betData,
  houseData,
  putReveal,
  TEST_CONFIG,
  USER,
} from '../../../lib/wager-bet/testing/mock-chain.ts';
import { MockChain, RENT, WAGER } from '../../../testing/mock-chain.ts';
import type { Collection, Listing } from '../api/get-collection.ts';
import { ListingPlay } from './listing-play.tsx';

const MINT = address('9f9FJdVNjroRcddtxq3LDjT2fer3m9qQAoXeyREcSuZn');
const OTHER_MINT = address('3rHRksia7kx3tnQHBGsjP3YBuUa9eKLBAiQ2RutD2gN3');
const MARKET = address('3Uw1nWkUxLPm5PbXHzswuYxW9JajoN1d2hzRPLkHABGx');
const COMPUTE_BUDGET = address('ComputeBudget111111111111111111111111111111');
const SYSTEM = address('11111111111111111111111111111111');

const mocks = vi.hoisted(() => ({
  chain: null as unknown as MockChain,
  send: vi.fn<
    (input: {
      instructions: readonly Instruction[];
      cosign?: (wire: string) => Promise<string>;
    }) => Promise<string>
  >(),
  api: vi.fn<
    (path: string, options?: { query?: Record<string, string>; body?: unknown }) => Promise<unknown>
  >(),
  sounds: [] as string[],
}));

vi.mock('../../../lib/wallet/rpc.ts', () => ({
  getRpc: () => mocks.chain.rpc(),
  getRpcSubscriptions: () => mocks.chain.subscriptions(),
}));
vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ wallet: { address: USER }, connecting: false, disconnect: async () => {} }),
}));
vi.mock('../../../lib/wallet/use-send-transaction.ts', () => ({ useSendTransaction: () => mocks.send }));
vi.mock('../../../lib/referral/use-referral-capture.ts', () => ({
  useReferralCapture: () => ({ code: null, referrer: null, status: 'resolved' }),
}));
vi.mock('../../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api-client.ts')>()),
  api: mocks.api,
}));
vi.mock('../../../lib/sound.ts', () => ({
  usePlaySound: () => (name: string) => {
    mocks.sounds.push(name);
  },
}));

function listing(fields: Partial<Listing> = {}): Listing {
  return {
    mint: MINT,
    price: 800_000_000n,
    seller: MARKET,
    tokenStandard: 'NonFungible',
    tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    royaltyBps: 0,
    name: 'Juice Critter #16',
    image: '/api/nfts/assets/16.svg',
    attributes: [{ trait_type: 'Body', value: 'Lime' }],
    buyerPrice: 812_000_000n,
    marketplaceFee: 12_000_000n,
    royalty: 0n,
    ...fields,
  };
}

const COLLECTION: Collection = {
  collId: 'juice-critters',
  slug: 'juice-critters',
  name: 'Juice Critters',
  image: '',
  floorPrice: 800_000_000n,
  listedCount: 2,
  supply: 24,
  volume24h: 0n,
  description: '',
  listings: [listing(), listing({ mint: OTHER_MINT, name: 'Juice Critter #20' })],
};

/** The wire listing the server answers for `getListingV2`. */
function wire(l: Listing) {
  return {
    ...l,
    price: l.price.toString(),
    buyerPrice: l.buyerPrice.toString(),
    marketplaceFee: l.marketplaceFee.toString(),
    royalty: l.royalty.toString(),
  };
}

/** A buy like the local marketplace's: SOL from the buyer, an NFT transfer signed by the marketplace. */
function buyTransaction(): { wire: string; instructions: Instruction[] } {
  const pay: Instruction = {
    programAddress: SYSTEM,
    accounts: [
      { address: USER, role: AccountRole.WRITABLE_SIGNER },
      { address: MARKET, role: AccountRole.WRITABLE },
    ],
    data: new Uint8Array([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
  };
  const give: Instruction = {
    programAddress: address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
    accounts: [
      { address: MINT, role: AccountRole.READONLY },
      { address: MARKET, role: AccountRole.READONLY_SIGNER },
    ],
    data: new Uint8Array([12, 1, 0, 0, 0, 0, 0, 0, 0, 0]),
  };
  const budget: Instruction = { programAddress: COMPUTE_BUDGET, data: new Uint8Array([2, 64, 13, 3, 0]) };
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(USER, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: SYSTEM as unknown as Blockhash, lastValidBlockHeight: 100n },
        m,
      ),
    (m) => appendTransactionMessageInstructions([budget, pay, give], m),
  );
  return { wire: getBase64EncodedWireTransaction(compileTransaction(message)), instructions: [pay, give] };
}

let live: Listing | null;
/** When set, `getListingV2` fails with it (a 5xx, a 4xx other than 404, the network). */
let listingFailure: Error | null;
let buyAnswer: () => Promise<unknown>;
let inventory: { id: string }[];
let house: string;
let betAccount: string;

function route(path: string, options?: { query?: Record<string, string>; body?: unknown }): Promise<unknown> {
  switch (path) {
    case '/api/nfts/getListingV2':
      if (listingFailure !== null) return Promise.reject(listingFailure);
      return live === null
        ? Promise.reject(new ApiError('Listing not found', 404))
        : Promise.resolve({ listing: wire(live) });
    case '/api/nfts/buyListingTx':
      return buyAnswer();
    case '/api/nfts/cosignBuy':
      return Promise.resolve({
        transaction: `cosigned:${(options?.body as { transaction: string }).transaction}`,
      });
    case '/api/nfts/inventoryV2':
      return Promise.resolve({ inventory });
    case '/api/user/bets':
      return Promise.resolve({ items: [], nextCursor: null });
    default:
      return Promise.reject(new Error(`unexpected ${path}`));
  }
}

function Toasts() {
  const toasts = useToasts();
  return (
    <ul aria-label="toasts">
      {toasts.map((t) => (
        <li key={t.id}>{`${t.kind}: ${t.message}`}</li>
      ))}
    </ul>
  );
}

function toastTexts(): string[] {
  return within(screen.getByRole('list', { name: 'toasts' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);
}

function renderPlay(mint: string = MINT) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ListingPlay collection={COLLECTION} mint={mint} backTo="/retail/juice-critters" />
        <Toasts />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const names = (instructions: readonly Instruction[]) =>
  instructions.map((ix) =>
    ix.programAddress === WAGER ? identifyWagerInstruction(ix.data!) : ix.programAddress,
  );

const playButton = () => screen.getByRole('button', { name: /^Play for/ });

beforeEach(async () => {
  mocks.chain = new MockChain();
  mocks.send.mockReset();
  mocks.api.mockReset();
  mocks.api.mockImplementation(route);
  mocks.sounds = [];
  live = listing();
  listingFailure = null;
  inventory = [];
  buyAnswer = () => Promise.resolve({ transaction: buyTransaction().wire, lastValidBlockHeight: '100' });
  setRuntimeConfig(TEST_CONFIG);
  [house] = await findHouseAddress({ programAddress: WAGER });
  [betAccount] = await findBetAddress(USER, { programAddress: WAGER });
  mocks.chain.set(house, houseData(), 100_000_000_000n + RENT);
  mocks.chain.balances.set(USER, 5_000_000_000n);
  // Reduced motion: the claw jumps to the end of each phase, so results show at once.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url === '/claw.json'
          ? new Response(JSON.stringify(claw), { headers: { 'content-type': 'application/json' } })
          : new Response('not found', { status: 404 }),
      ),
    ),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  toast.clear();
});

describe('the pre-bet breakdown', () => {
  it('shows the listing price, the 1.5% fee, no royalty for a plain NFT, the buyer price and the cost', async () => {
    renderPlay();
    await screen.findByText('● Listed');
    await userEvent.click(screen.getByRole('button', { name: '90%' }));
    const value = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).parentElement!.querySelector('dd')!.textContent;
    expect(value('Listing price')).toBe('0.80 SOL');
    expect(value('Marketplace fee (1.5%)')).toBe('0.01 SOL');
    expect(value('Royalty')).toBe('NoneOnly programmable and core NFTs pay one');
    expect(value('Buyer price (your prize)')).toBe('0.81 SOL');
    // 90% of 0.812 = 0.7308 SOL, plus 4% (0.029232), plus the new bet record's rent: exact, not "0.76".
    const pay = betCost(812_000_000n, 90) + RENT;
    await waitFor(() => {
      expect(playButton().textContent).toBe(`Play for ${costSol(pay)} SOL`);
    });
    expect(value('Fee (4%)')).toBe('0.029232 SOL');
    expect(value('Bet record')).toBe(`${costSol(RENT)} SOLfirst bet only: your record’s rent`);
    expect(value('Network fee')).toBe('≈0.000006 SOLSolana’s, at most 0.005005');
    expect(value('You pay')).toBe(
      `${costSol(pay)} SOL+ ≈0.000006 network fee: ≈${approxSol(pay + 5_550n)} in all`,
    );
    expect(screen.getByText(/^Stake 0\.7308 · Fee 4% 0\.029232 · Bet record/).textContent).toBe(
      `Stake 0.7308 · Fee 4% 0.029232 · Bet record, first bet only ${costSol(RENT)} · Network ≈0.000006 SOL`,
    );
    await waitFor(() => {
      expect(playButton()).toHaveProperty('disabled', false);
    });
  });

  it('adds the royalty of a programmable NFT and follows a changed price', async () => {
    live = listing({ price: 1_000_000_000n, royaltyBps: 500, tokenStandard: 'ProgrammableNonFungible' });
    renderPlay();
    await screen.findByText(/The seller changed the price to 1.0 SOL/);
    const value = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).parentElement!.querySelector('dd')!.textContent;
    expect(value('Royalty')).toBe('0.05 SOL');
    expect(value('Buyer price (your prize)')).toBe('1.1 SOL');
    expect(screen.getByTitle('1.065 SOL')).toBeTruthy();
  });
});

describe('the live-listing check', () => {
  it('shows a listing won by this player as theirs (the marketplace answers 404), with the way back, and asks no more', async () => {
    const won = 'WonMint1111111111111111111111111111111111111';
    live = null;
    inventory = [{ id: won }];
    renderPlay(won);
    expect(await screen.findByText('You won this NFT')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Juice Critters' }).getAttribute('href')).toBe(
      '/retail/juice-critters',
    );
    const asked = () => mocks.api.mock.calls.filter(([path]) => path === '/api/nfts/getListingV2').length;
    expect(asked()).toBe(1);
  });

  it('says a listing sold to someone else is no longer listed, with the way back', async () => {
    live = null;
    renderPlay('SoldMint111111111111111111111111111111111111');
    expect(await screen.findByText('This NFT is no longer listed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Juice Critters' })).toBeTruthy();
  });

  it('disables the bet, with the reason, once the listing is sold', async () => {
    live = null;
    renderPlay();
    await screen.findByText('● No longer listed');
    expect(playButton()).toHaveProperty('disabled', true);
    expect(screen.getByText(/This NFT is no longer listed/).id).toBe('retail-play-blocker');
    expect(playButton().getAttribute('aria-describedby')?.split(' ')).toContain('retail-play-blocker');
    expect(mocks.api).toHaveBeenCalledWith(
      '/api/nfts/getListingV2',
      expect.objectContaining({ query: { collId: 'juice-critters', mint: MINT } }),
    );
  });

  it.each([
    ['a server error', new ApiError('Internal Server Error', 500)],
    ['a refusal other than 404', new ApiError('Too many requests', 429)],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('disables Play with the reason and a way to retry when the check fails (%s)', async (_, failure) => {
    listingFailure = failure;
    renderPlay();
    const reason = await screen.findByText(
      'We could not check that this NFT is still listed, so you cannot play it yet. Check again, or wait for the next check.',
    );
    expect(reason.id).toBe('retail-play-blocker');
    expect(playButton()).toHaveProperty('disabled', true);
    expect(playButton().getAttribute('aria-describedby')?.split(' ')).toContain('retail-play-blocker');
    // The header does not pretend a check is still running.
    expect(screen.getByText('● Could not check the listing')).toBeTruthy();
    expect(screen.queryByText('Checking the listing…')).toBeNull();

    listingFailure = null;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByText('● Listed');
    await waitFor(() => {
      expect(playButton()).toHaveProperty('disabled', false);
    });
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it('refuses a first bet the balance pays without the record’s rent and the network fee', async () => {
    // Stake + fee is covered; the bet record's rent is not.
    mocks.chain.balances.set(USER, betCost(812_000_000n, 50) + RENT - 1n);
    renderPlay();
    expect(
      await screen.findByText(
        'Not enough SOL: this bet needs 0.43 SOL with the fee, your bet record and the network fee, and you have 0.42 SOL.',
      ),
    ).toBeTruthy();
    expect(playButton()).toHaveProperty('disabled', true);
  });

  it('refuses a prize above the house’s limit before the wallet is asked', async () => {
    // 5% of 10 SOL free = 0.5 SOL, less than the 0.812 SOL prize.
    mocks.chain.set(house, houseData(), 10_000_000_000n + RENT);
    renderPlay();
    await screen.findByText(/This prize is more than the house covers right now \(up to 0.50 SOL\)/);
    expect(playButton()).toHaveProperty('disabled', true);
  });
});

describe('the bet', () => {
  it('bets the buyer price on the NFT, then reveals a win with the claw and its sound', async () => {
    mocks.send.mockImplementation(({ instructions }) => {
      // The house settles at once: a win.
      mocks.chain.set(
        betAccount,
        betData({
          state: BetState.Settled,
          result: BetResult.Win,
          betType: BetType.Nft,
          mint: MINT,
          odds: 50,
          listingPrice: 812_000_000n,
          timestamp: 1_790_000_005n,
        }),
      );
      putReveal(mocks.chain, betAccount, 7);
      expect(names(instructions)).toEqual(['init_bet_offchain', 'create_bet']);
      return Promise.resolve('sig-bet');
    });
    renderPlay();
    await waitFor(() => {
      expect(playButton()).toHaveProperty('disabled', false);
    });
    expect(playButton().textContent).toBe(`Play for ${costSol(betCost(812_000_000n, 50) + RENT)} SOL`);
    // The bet carries the seed the Fairness disclosure shows.
    const shown = getUiState().playerSeed!;
    await userEvent.click(playButton());
    await screen.findByText('You won Juice Critter #16!');
    const create = mocks.send.mock.calls[0]![0].instructions[1]!;
    expect(getCreateBetInstructionDataCodec().decode(create.data!)).toEqual({
      odds: 50,
      listingPrice: 812_000_000n,
      betType: BetType.Nft,
      playerSeed: hexToBytes(shown),
    });
    // A drawn seed gives way to a new one after the bet.
    expect(getUiState().playerSeed).not.toBe(shown);
    // Under the result, the on-chain check of the roll.
    expect(screen.getByRole('link', { name: /Roll 7, computed on chain/ }).getAttribute('href')).toBe(
      '/fairness?bet=sig-bet',
    );
    expect(create.accounts!.some((account) => account.address === MINT)).toBe(true);
    expect(betCost(812_000_000n, 50)).toBe(422_240_000n);
    // The sound plays in an effect after the result renders.
    await waitFor(() => {
      expect(mocks.sounds).toEqual(['bet', 'win']);
    });
    expect(
      screen.getByRole('img', { name: /grabs Juice Critter #16 and drops it down the prize chute/ }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Claim NFT' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Claim as SOL (0.81 SOL)' })).toBeTruthy();
  });

  it('checks the listing again at Play: one sold since the last check gets no wallet prompt', async () => {
    renderPlay();
    await waitFor(() => {
      expect(playButton()).toHaveProperty('disabled', false);
    });
    const checks = mocks.api.mock.calls.filter(([path]) => path === '/api/nfts/getListingV2').length;
    live = null;
    await userEvent.click(playButton());
    const reason = await screen.findByText(
      'This NFT is no longer listed: someone bought it or the seller delisted it.',
    );
    expect(reason.id).toBe('retail-play-blocker');
    expect(playButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('● No longer listed')).toBeTruthy();
    expect(mocks.api.mock.calls.filter(([path]) => path === '/api/nfts/getListingV2').length).toBe(
      checks + 1,
    );
    expect(mocks.send).not.toHaveBeenCalled();
    expect(toastTexts()).toContain('error: Failed to place bet');
  });

  it('checks the listing again at Play: no bet when that check fails', async () => {
    renderPlay();
    await waitFor(() => {
      expect(playButton()).toHaveProperty('disabled', false);
    });
    listingFailure = new ApiError('Bad Gateway', 502);
    await userEvent.click(playButton());
    expect(
      await screen.findByText(
        'We could not check that this NFT is still listed, so you cannot play it yet. Check again, or wait for the next check.',
      ),
    ).toBeTruthy();
    expect(playButton()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
    expect(mocks.send).not.toHaveBeenCalled();
  });

  it('checks the listing again at Play: a new price is shown and not bet on until Play is pressed again', async () => {
    renderPlay();
    await waitFor(() => {
      expect(playButton()).toHaveProperty('disabled', false);
    });
    expect(playButton().textContent).toBe(`Play for ${costSol(betCost(812_000_000n, 50) + RENT)} SOL`);
    // The seller raises the price between two checks: 0.90 SOL, buyer price 0.9135 SOL.
    live = listing({ price: 900_000_000n, buyerPrice: 913_500_000n, marketplaceFee: 13_500_000n });
    await userEvent.click(playButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The seller changed the price to 0.90 SOL. The breakdown below shows the new price: press Play again to bet on it.',
    );
    expect(mocks.send).not.toHaveBeenCalled();
    const value = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).parentElement!.querySelector('dd')!.textContent;
    expect(value('Listing price')).toBe('0.90 SOL');
    expect(playButton().textContent).toBe(`Play for ${costSol(betCost(913_500_000n, 50) + RENT)} SOL`);
    expect(playButton()).toHaveProperty('disabled', false);

    // Pressed again, it bets the new buyer price.
    mocks.send.mockResolvedValue('sig-bet');
    await userEvent.click(playButton());
    await waitFor(() => {
      expect(mocks.send).toHaveBeenCalledTimes(1);
    });
    const create = mocks.send.mock.calls[0]![0].instructions.at(-1)!;
    expect(getCreateBetInstructionDataCodec().decode(create.data!)).toMatchObject({
      odds: 50,
      listingPrice: 913_500_000n,
      betType: BetType.Nft,
    });
  });

  it('says nothing under the button while the bet lands (its record opens before the confirmation)', async () => {
    let confirm!: () => void;
    mocks.send.mockImplementation(
      () =>
        new Promise((resolve) => {
          // The bet lands: the record opens (pushed by the subscription), the confirmation comes later.
          mocks.chain.set(
            betAccount,
            betData({ state: BetState.Open, result: BetResult.None, betType: BetType.Nft, mint: MINT }),
            RENT,
            true,
          );
          confirm = () => {
            resolve('sig-bet');
          };
        }),
    );
    renderPlay();
    await waitFor(() => {
      expect(playButton()).toHaveProperty('disabled', false);
    });
    await userEvent.click(playButton());
    await screen.findByRole('button', { name: 'Confirm in your wallet…' });
    await waitFor(() => {
      expect(mocks.send).toHaveBeenCalledTimes(1);
    });
    // Let the record's notification render.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(/still being revealed/)).toBeNull();
    expect(screen.queryByText(/Not enough SOL/)).toBeNull();
    act(() => {
      confirm();
    });
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Confirm in your wallet…' })).toBeNull();
    });
  });

  it('offers another go after a loss', async () => {
    mocks.chain.set(betAccount, betData({ state: BetState.Claimed, result: BetResult.Win, timestamp: 1n }));
    mocks.send.mockImplementation(() => {
      mocks.chain.set(
        betAccount,
        betData({ state: BetState.Settled, result: BetResult.Loss, betType: BetType.Nft, timestamp: 2n }),
      );
      return Promise.resolve('sig-bet');
    });
    renderPlay();
    await waitFor(() => {
      expect(playButton()).toHaveProperty('disabled', false);
    });
    await userEvent.click(playButton());
    await screen.findByText('The claw slipped!');
    expect(names(mocks.send.mock.calls[0]![0].instructions)).toEqual(['create_bet']);
    // The sound plays in an effect after the result renders.
    await waitFor(() => {
      expect(mocks.sounds).toEqual(['bet', 'loss']);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Have another go' }));
    expect(playButton()).toBeTruthy();
  });

  it("waits for the draw and gives up with 'Bet timed out!' after BET_POLL_TIMEOUT_MS", async () => {
    mocks.send.mockImplementation(() => {
      mocks.chain.set(
        betAccount,
        betData({ state: BetState.Open, result: BetResult.None, betType: BetType.Nft, timestamp: 3n }),
      );
      return Promise.resolve('sig-bet');
    });
    renderPlay();
    await waitFor(() => {
      expect(playButton()).toHaveProperty('disabled', false);
    });
    // The draw's clock is faked from the bet on (the chain's answers still come in real time).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(playButton());
    // TanStack Query flushes its updates on a 0 ms timeout: step the fake clock until the bet is in.
    for (let i = 0; i < 200 && screen.queryByText('The claw is lining up…') === null; i++) {
      await act(() => vi.advanceTimersByTimeAsync(5));
    }
    expect(screen.getByRole('img', { name: /The claw is lining up over Juice Critter #16/ })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(BET_POLL_TIMEOUT_MS - BET_POLL_INTERVAL_MS));
    expect(screen.queryByText(ERROR_MESSAGES.betTimedOut)).toBeNull();
    expect(screen.getByText('The claw is lining up…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(BET_POLL_INTERVAL_MS));
    expect(screen.getByRole('alert').textContent).toContain(ERROR_MESSAGES.betTimedOut);
    // The record is still open: the next bet waits for its result.
    fireEvent.click(screen.getByRole('button', { name: 'Back to the machine' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('Your last bet is still being revealed.')).toBeTruthy();
    expect(playButton()).toHaveProperty('disabled', true);
  });
});

describe('claiming a win', () => {
  beforeEach(() => {
    mocks.chain.set(
      betAccount,
      betData({
        state: BetState.Settled,
        result: BetResult.Win,
        betType: BetType.Nft,
        mint: MINT,
        listingPrice: 812_000_000n,
      }),
    );
  });

  it('claims the NFT: claim_bet(sol = false) then the marketplace buy, co-signed, in one transaction', async () => {
    inventory = [{ id: MINT }];
    mocks.send.mockResolvedValue('sig-claim');
    renderPlay();
    await userEvent.click(await screen.findByRole('button', { name: 'Claim NFT' }));
    await screen.findByText('Juice Critter #16 is yours!');
    await screen.findByText('It is in your wallet.');
    expect(screen.getByText('● Yours')).toBeTruthy();

    const [{ instructions, cosign }] = mocks.send.mock.calls[0]!;
    // The compute budget of the marketplace's transaction is dropped: the sender sets its own.
    expect(names(instructions)).toEqual(['claim_bet', SYSTEM, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA']);
    expect(getClaimBetInstructionDataCodec().decode(instructions[0]!.data!)).toEqual({ sol: false });
    // The message merges each account's roles, so compare who is in each instruction.
    const accountsOf = (list: readonly Instruction[]) =>
      list.map((ix) => (ix.accounts ?? []).map((account) => account.address));
    expect(accountsOf(instructions.slice(1))).toEqual(accountsOf(buyTransaction().instructions));
    expect(mocks.api).toHaveBeenCalledWith(
      '/api/nfts/buyListingTx',
      expect.objectContaining({
        query: { mint: MINT, maxPrice: '812000000', buyer: USER, owner: MARKET },
      }),
    );
    // The marketplace signs what the wallet signed.
    expect(await cosign!('d2lyZQ==')).toBe('cosigned:d2lyZQ==');
    expect(mocks.api).toHaveBeenCalledWith('/api/nfts/cosignBuy', {
      method: 'POST',
      body: { transaction: 'd2lyZQ==' },
    });
    expect(toastTexts()).toContain(`success: ${SUCCESS_TOASTS.claimed}`);
  });

  it("shows 'Invalid Transaction' and the FAQ hint when the price moved, then claims as SOL", async () => {
    buyAnswer = () => Promise.reject(new ApiError('Price changed', 400, ApiErrorCode.PRICE_CHANGED));
    mocks.send.mockResolvedValue('sig-claim');
    renderPlay();
    await userEvent.click(await screen.findByRole('button', { name: 'Claim NFT' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ERROR_MESSAGES.invalidTransaction);
    expect(alert.textContent).toContain(FAQ_HINTS[1].hint);
    expect(alert.textContent).toContain('The listing now costs more than your prize.');
    expect(toastTexts()).toEqual([
      `error: ${FAILURE_TOASTS.claim}`,
      `error: ${ERROR_MESSAGES.invalidTransaction}`,
    ]);
    expect(mocks.send).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Claim as SOL (0.81 SOL)' }));
    await screen.findByText('Claimed 0.81 SOL');
    const [{ instructions, cosign }] = mocks.send.mock.calls[0]!;
    expect(names(instructions)).toEqual(['claim_bet']);
    expect(getClaimBetInstructionDataCodec().decode(instructions[0]!.data!)).toEqual({ sol: true });
    expect(cosign).toBeUndefined();
  });

  it("shows 'Invalid Transaction' and the sold reason when the marketplace will not co-sign: it sold meanwhile", async () => {
    const answer = route;
    mocks.api.mockImplementation(
      (path: string, options?: { query?: Record<string, string>; body?: unknown }) =>
        path === '/api/nfts/cosignBuy'
          ? Promise.reject(
              new ApiError('Listing is no longer available', 400, ApiErrorCode.LISTING_UNAVAILABLE),
            )
          : answer(path, options),
    );
    // The wallet signs, then the sender asks the marketplace for its signature, which it refuses.
    mocks.send.mockImplementationOnce(async (input) => {
      await input.cosign!('d2lyZQ==');
      return 'never';
    });
    renderPlay();
    await userEvent.click(await screen.findByRole('button', { name: 'Claim NFT' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ERROR_MESSAGES.invalidTransaction);
    expect(alert.textContent).toContain(FAQ_HINTS[1].hint);
    expect(alert.textContent).toContain('The NFT is no longer listed');
    expect(screen.getByRole('button', { name: 'Claim as SOL (0.81 SOL)' })).toBeTruthy();
  });

  it('does not blame the price when a claim fails for another reason', async () => {
    renderPlay();
    // The wallet declines the claim as NFT: the buy was composed, the price did not move.
    mocks.send.mockRejectedValueOnce(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Claim NFT' }));
    let alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('User Rejected Transaction');
    expect(alert.textContent).not.toContain(FAQ_HINTS[1].hint);

    // A SOL claim the network drops.
    mocks.send.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: 'Claim as SOL (0.81 SOL)' }));
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe('Failed to fetch');
    });
    alert = screen.getByRole('alert');
    expect(alert.textContent).not.toContain(FAQ_HINTS[1].hint);
    expect(alert.textContent).not.toContain(ERROR_MESSAGES.invalidTransaction);
  });

  it("does not compose a buy for a listing that sold ('Invalid Transaction')", async () => {
    renderPlay();
    await screen.findByText('● Listed');
    live = null;
    await userEvent.click(await screen.findByRole('button', { name: 'Claim NFT' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ERROR_MESSAGES.invalidTransaction);
    expect(alert.textContent).toContain('The NFT is no longer listed');
    expect(mocks.api).not.toHaveBeenCalledWith('/api/nfts/buyListingTx', expect.anything());
  });

  it('offers an earlier win of another collection as SOL only, before any new bet', async () => {
    mocks.chain.set(
      betAccount,
      betData({
        state: BetState.Settled,
        result: BetResult.Win,
        betType: BetType.Sol,
        listingPrice: 2_000_000_000n,
      }),
    );
    renderPlay(OTHER_MINT);
    await screen.findByText('You have a win to claim');
    expect(screen.queryByRole('button', { name: 'Claim NFT' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Claim 2.0 SOL' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Play for/ })).toBeNull();
  });
});

describe('a bet refunded before its roll was revealed', () => {
  /** The slot hash a refund in time captures. */
  const CAPTURED = new Uint8Array(32).fill(0xa5);
  const nowSecs = () => BigInt(Math.floor(Date.now() / 1000));

  /** The record as the program leaves it, for this collection's NFT (a 1 SOL prize at 50%). */
  function putRecord(
    state: BetState,
    result: BetResult,
    fields: { slotHash?: Uint8Array; timestamp?: bigint } = {},
  ) {
    act(() => {
      mocks.chain.set(
        betAccount,
        betData({ state, result, betType: BetType.Nft, mint: MINT, slotHash: CAPTURED, ...fields }),
        RENT,
        true,
      );
    });
  }

  it('refunds an overdue bet here, keeps its result, and shows what its late roll came to', async () => {
    // Left open by an earlier visit, 130 s ago: the refund is due.
    putRecord(BetState.Open, BetResult.None, { slotHash: new Uint8Array(32), timestamp: nowSecs() - 130n });
    mocks.chain.set(house, houseData(0n, false, 7n), 100_000_000_000n + RENT);
    mocks.send.mockImplementation(({ instructions }) => {
      expect(names(instructions)).toEqual(['refund_bet']);
      putRecord(BetState.Refunded, BetResult.Invalid, { timestamp: nowSecs() - 130n });
      return Promise.resolve('sig-refund');
    });
    renderPlay();
    const region = await screen.findByRole('region', { name: 'Refund your bet' });
    expect(region.textContent).toContain('Your result is kept: if the roll wins when it is revealed');
    expect(region.textContent).toContain('If the roll wins, paid then+0.48 SOL');
    await userEvent.click(within(region).getByRole('button', { name: 'Refund 0.52 SOL' }));
    const note = await screen.findByRole('status', { name: 'Your last bet' });
    await waitFor(() => {
      expect(note.textContent).toContain('Your last bet: Refunded: waiting for the roll');
    });
    expect(note.textContent).toContain('the rest of your prize (0.48 SOL) is paid to you then.');
    // The refunded bet keeps its place in the chain: no new bet until its seed is revealed.
    expect(
      screen.getByText('Your refunded bet’s roll has not been revealed yet: you can bet again once it is.'),
    ).toBeTruthy();
    expect(playButton()).toHaveProperty('disabled', true);

    // The late reveal: a loss; the refund stands and the record takes a new bet.
    act(() => {
      putReveal(mocks.chain, betAccount, 93, { afterRefund: true });
      mocks.chain.set(house, houseData(0n, false, 8n), 100_000_000_000n + RENT, true);
    });
    putRecord(BetState.Refunded, BetResult.Loss);
    await waitFor(() => {
      expect(screen.getByRole('status', { name: 'Your last bet' }).textContent).toContain(
        'Your last bet: Refunded (the roll lost)',
      );
    });
    await waitFor(() => {
      expect(playButton()).toHaveProperty('disabled', false);
    });
  });

  it('says a win rolled after the refund was paid at the reveal', async () => {
    putRecord(BetState.Claimed, BetResult.Win);
    putReveal(mocks.chain, betAccount, 12, { afterRefund: true });
    renderPlay();
    const note = await screen.findByRole('status', { name: 'Your last bet' });
    expect(note.textContent).toContain('Your last bet: Refunded, then won: +0.48 SOL paid');
    // Its roll, read from the reveal's log line on chain.
    expect(await within(note).findByText('Roll 12, computed on chain')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Claim/ })).toBeNull();
  });

  it('claims a win rolled after the refund that the wallet could not take then: in SOL, never the NFT', async () => {
    putRecord(BetState.Settled, BetResult.Win);
    mocks.send.mockImplementation(() => {
      putRecord(BetState.Claimed, BetResult.Win);
      return Promise.resolve('sig-claim');
    });
    renderPlay();
    await screen.findByText('Refunded, then won: 0.48 SOL to claim');
    expect(screen.getByText(/your wallet could not take the payment then/)).toBeTruthy();
    // claim_bet pays the rest of the prize in SOL whatever `sol` says: no marketplace buy after it.
    expect(screen.queryByRole('button', { name: 'Claim NFT' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Claim 0.48 SOL' }));
    await screen.findByText('Claimed 0.48 SOL');
    expect(
      screen.getByText(
        'The rest of your prize is in your wallet, on top of the stake and fee your refund returned.',
      ),
    ).toBeTruthy();
    const [{ instructions }] = mocks.send.mock.calls[0]!;
    expect(names(instructions)).toEqual(['claim_bet']);
    expect(getClaimBetInstructionDataCodec().decode(instructions[0]!.data!)).toEqual({ sol: true });
    expect(mocks.api).not.toHaveBeenCalledWith('/api/nfts/buyListingTx', expect.anything());
  });

  it('says a refund too late to keep the result is a plain one', async () => {
    putRecord(BetState.Refunded, BetResult.Invalid, { slotHash: new Uint8Array(32) });
    renderPlay();
    const note = await screen.findByRole('status', { name: 'Your last bet' });
    expect(note.textContent).toContain('Your last bet: Refunded: the roll could not be revealed in time');
  });
});
