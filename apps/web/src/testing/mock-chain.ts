/**
 * A chain for the web tests: accounts by address, balances, landed transactions and account notifications,
 * in the shapes @solana/kit's RPC clients return. Tests `vi.mock` the app's `rpc.ts` so that `getRpc()`
 * answers with {@link MockChain.rpc} and `getRpcSubscriptions()` with {@link MockChain.subscriptions}.
 *
 * @module
 */

import { address, getAddressDecoder, getBase64Decoder, type Address } from '@solana/kit';

import type { RuntimeConfig } from '../config/runtime-config.ts';

/** The wager program of the tests: the owner of the chain's accounts unless a test says otherwise. */
export const WAGER = address('CsvPf6BGTAfi41qVFSgtwo4L1ep5GGuJ5TbAypyRbWeG');
export const SYSTEM = address('11111111111111111111111111111111');
/** What every rent-exempt minimum is on this chain, and what an account holds unless told otherwise. */
export const RENT = 1_000_000n;

/** A deterministic address: 32 bytes of `byte`. */
export function fakeAddress(byte: number): Address {
  return getAddressDecoder().decode(new Uint8Array(32).fill(byte));
}

/** A runtime config on localnet with the RPC at `/rpc`, the System Program wherever a test does not care. */
export function testConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
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
    ...overrides,
  };
}

/** An account the chain holds. */
export interface ChainAccount {
  readonly data: Uint8Array;
  readonly lamports: bigint;
  readonly owner: Address;
}

const base64 = (data: Uint8Array) => getBase64Decoder().decode(data);

/** The chain's state: a test makes a new one (or calls `reset`) in `beforeEach`. */
export class MockChain {
  /** The program owning the accounts `set` writes without naming one. */
  readonly owner: Address;
  accounts = new Map<string, ChainAccount>();
  balances = new Map<string, bigint>();
  /** Landed transactions by signature, as `getTransaction` answers them. */
  transactions = new Map<string, unknown>();
  /** Accounts the RPC reports as executable (programs). */
  executables = new Set<string>();
  /** What `getSignaturesForAddress` lists for an address, newest first. */
  signatures = new Map<
    string,
    { signature: string; err: unknown; slot?: bigint; blockTime?: bigint | null }[]
  >();
  listeners = new Map<string, Set<(value: unknown) => void>>();
  /** How many `getAccountInfo`, `getMultipleAccounts` and `getTransaction` calls were sent. */
  reads = 0;
  multipleReads = 0;
  transactionReads = 0;

  constructor(owner: Address = WAGER) {
    this.owner = owner;
  }

  reset(): void {
    this.accounts.clear();
    this.balances.clear();
    this.transactions.clear();
    this.signatures.clear();
    this.executables.clear();
    this.listeners.clear();
    this.reads = 0;
    this.multipleReads = 0;
    this.transactionReads = 0;
  }

  /** Writes an account, and with `notify` tells its subscribers like the PubSub websocket would. */
  set(key: string, data: Uint8Array, lamports = RENT, notify = false, owner = this.owner): void {
    this.accounts.set(key, { data, lamports, owner });
    if (notify) {
      const value = { data: [base64(data), 'base64'], lamports };
      for (const listener of this.listeners.get(key) ?? []) listener({ context: { slot: 1n }, value });
    }
  }

  /** How many subscriptions to `key` are open. */
  subscribers(key: string): number {
    return this.listeners.get(key)?.size ?? 0;
  }

  #accountInfo(key: string) {
    const account = this.accounts.get(key);
    return account === undefined
      ? null
      : {
          data: [base64(account.data), 'base64'],
          executable: this.executables.has(key),
          lamports: account.lamports,
          owner: account.owner,
          space: BigInt(account.data.length),
          rentEpoch: 0n,
        };
  }

  /**
   * What `getRpc()` returns. `getSignaturesForAddress` lists what a test put in {@link signatures} (none by
   * default), newest first, up to its `limit`.
   */
  rpc() {
    const reply = <T>(value: T) => ({ send: () => Promise.resolve(value) });
    return {
      getAccountInfo: (key: string) => ({
        send: () => {
          this.reads++;
          return Promise.resolve({ context: { slot: 1n }, value: this.#accountInfo(key) });
        },
      }),
      getMultipleAccounts: (keys: readonly string[]) => ({
        send: () => {
          this.multipleReads++;
          return Promise.resolve({ context: { slot: 1n }, value: keys.map((key) => this.#accountInfo(key)) });
        },
      }),
      getBalance: (key: string) => reply({ context: { slot: 1n }, value: this.balances.get(key) ?? 0n }),
      getMinimumBalanceForRentExemption: () => reply(RENT),
      getSignaturesForAddress: (key: string, options?: { limit?: number }) =>
        reply((this.signatures.get(key) ?? []).slice(0, options?.limit ?? 1_000)),
      getTransaction: (signature: string) => ({
        send: () => {
          this.transactionReads++;
          return Promise.resolve(this.transactions.get(signature) ?? null);
        },
      }),
    };
  }

  /** What `getRpcSubscriptions()` returns: notifications are what `set` sends with `notify`. */
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
