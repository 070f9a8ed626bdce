/**
 * A chain for the wager-bet tests: accounts by address, balances and account notifications, in the
 * shapes @solana/kit's RPC clients return. Tests `vi.mock` the app's `rpc.ts` with {@link mockRpcModule}.
 *
 * @module
 */

import {
  BetResult,
  BetState,
  BetType,
  encodeBet,
  encodeHouse,
  type BetAccountArgs,
} from '@arcade/sdk/wager/accounts';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { address } from '@solana/kit';

import type { RuntimeConfig } from '../../../config/runtime-config.ts';

export const USER = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin');
export const REFERRER = address('7c312Q2TPGbTyR8tBFHArfVmwzQagU6QMneCdLxD8ZV');
export const WAGER = address('CsvPf6BGTAfi41qVFSgtwo4L1ep5GGuJ5TbAypyRbWeG');
export const SYSTEM = address('11111111111111111111111111111111');
/** What every rent-exempt minimum is on this chain. */
export const RENT = 1_000_000n;

export const TEST_CONFIG: RuntimeConfig = {
  cluster: 'localnet',
  rpcUrl: '/rpc',
  rpcFallbackUrl: null,
  rpcWsUrl: '/rpc',
  programs: { wager: WAGER, foresight: SYSTEM },
  mints: { juice: SYSTEM, usdc: SYSTEM, usdt: SYSTEM },
  priceAccount: SYSTEM,
  admins: [],
  communityChatUrl: 'https://discord.gg/arcade',
  socialUrl: 'https://x.com/arcade',
  announcement: null,
};

interface Account {
  data: Uint8Array;
  lamports: bigint;
}

/** The chain's state; reset it in `beforeEach`. */
export class MockChain {
  accounts = new Map<string, Account>();
  balances = new Map<string, bigint>();
  listeners = new Map<string, Set<(value: unknown) => void>>();
  reads = 0;

  reset(): void {
    this.accounts.clear();
    this.balances.clear();
    this.listeners.clear();
    this.reads = 0;
  }

  /** Writes an account, and notifies its subscribers like the PubSub websocket would. */
  set(key: string, data: Uint8Array, lamports = RENT, notify = false): void {
    this.accounts.set(key, { data, lamports });
    if (notify) {
      const value = { data: [Buffer.from(data).toString('base64'), 'base64'], lamports };
      for (const listener of this.listeners.get(key) ?? []) listener({ value });
    }
  }

  rpc() {
    return {
      getAccountInfo: (key: string) => ({
        send: () => {
          this.reads++;
          const account = this.accounts.get(key);
          return Promise.resolve({
            context: { slot: 1n },
            value:
              account === undefined
                ? null
                : {
                    data: [Buffer.from(account.data).toString('base64'), 'base64'],
                    executable: false,
                    lamports: account.lamports,
                    owner: WAGER,
                    space: BigInt(account.data.length),
                    rentEpoch: 0n,
                  },
          });
        },
      }),
      getBalance: (key: string) => ({
        send: () => Promise.resolve({ context: { slot: 1n }, value: this.balances.get(key) ?? 0n }),
      }),
      getMinimumBalanceForRentExemption: () => ({ send: () => Promise.resolve(RENT) }),
    };
  }

  subscriptions() {
    return {
      accountNotifications: (key: string) => ({
        subscribe: ({ abortSignal }: { abortSignal: AbortSignal }) => {
          const queue: unknown[] = [];
          let wake: (() => void) | null = null;
          const listener = (value: unknown) => {
            queue.push(value);
            wake?.();
          };
          let set = this.listeners.get(key);
          if (set === undefined) this.listeners.set(key, (set = new Set()));
          set.add(listener);
          const listeners = set;
          abortSignal.addEventListener('abort', () => {
            listeners.delete(listener);
            wake?.();
          });
          return Promise.resolve({
            async *[Symbol.asyncIterator]() {
              const stopped = () => abortSignal.aborted;
              while (!stopped()) {
                if (queue.length === 0) {
                  await new Promise<void>((resolve) => {
                    wake = resolve;
                  });
                  wake = null;
                }
                while (queue.length > 0 && !stopped()) yield queue.shift();
              }
            },
          });
        },
      }),
    };
  }
}

/** A House with `free` lamports free beyond its rent and `outstanding`. */
export function houseData(outstanding = 0n, paused = false): Uint8Array {
  return encodeHouse({ authority: SYSTEM, settler: SYSTEM, treasury: SYSTEM, outstanding, paused });
}

/** A bet record of `USER`. */
export function betData(fields: Partial<BetAccountArgs> = {}): Uint8Array {
  return encodeBet({
    user: USER,
    mint: NATIVE_MINT_ADDRESS,
    switchboardRequest: SYSTEM,
    odds: 50,
    betAmount: 500_000_000n,
    listingPrice: 1_000_000_000n,
    timestamp: 1_790_000_000n,
    state: BetState.Settled,
    result: BetResult.Loss,
    betType: BetType.Sol,
    referral: null,
    offChain: true,
    ...fields,
  });
}
