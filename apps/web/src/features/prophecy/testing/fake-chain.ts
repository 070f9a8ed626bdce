/**
 * A chain double for the Prophecy tests: the RPC calls the feature makes (`getAccountInfo` through kit's
 * `fetchEncodedAccount`, `getBalance`) answered from an in-memory account map, and account subscriptions
 * the test pushes changes through. Accounts are real encodings (the SDK's `encodeMarket` and
 * `encodePrediction`), so the feature's decoding is exercised too. Tests only.
 *
 * @module
 */

import { encodeMarket, encodePrediction, MarketResult } from '@arcade/sdk/wager/accounts';
import { findMarketAuthorityAddress, findPredictionAddress } from '@arcade/sdk/wager/pda';
import type { Address } from '@solana/kit';

/** Addresses the tests use: valid base58 public keys. */
export const TEST_ADDRESSES = {
  wager: 'CsvPf6BGTAfi41qVFSgtwo4L1ep5GGuJ5TbAypyRbWeG' as Address,
  market: '8HQRMwo4Uvx3bZrTg1HzaGcUMBtzwmTPDBT9j65EuWjT' as Address,
  player: 'DtDN5Xdri1jSYzRtZS2egNcHdsu76mmU4GkidKM9Spiy' as Address,
  admin: '8z9r9jJf9u2wEsuEci9YczEubqznRCMp4jpjzz8RDBmS' as Address,
} as const;

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

interface Listener {
  readonly push: (notification: unknown) => void;
}

/** The chain double. */
export class FakeChain {
  readonly accounts = new Map<string, Uint8Array>();
  readonly balances = new Map<string, bigint>();
  readonly #listeners = new Map<string, Set<Listener>>();
  /** Every address subscribed to, in order. */
  readonly subscribed: string[] = [];

  /** Stores a market account. */
  async setMarket(
    market: Address,
    fields: {
      readonly cutoffTime: number;
      readonly endTime?: number;
      readonly yesPool?: bigint;
      readonly noPool?: bigint;
      readonly yesCount?: number;
      readonly noCount?: number;
      readonly result?: 'yes' | 'no' | 'invalid' | null;
      readonly settledCount?: number;
    },
  ): Promise<void> {
    const [authority] = await findMarketAuthorityAddress(market, { programAddress: TEST_ADDRESSES.wager });
    const result =
      fields.result === undefined || fields.result === null
        ? null
        : { yes: MarketResult.Yes, no: MarketResult.No, invalid: MarketResult.Invalid }[fields.result];
    this.accounts.set(
      market,
      encodeMarket({
        startTime: 1,
        endTime: fields.endTime ?? fields.cutoffTime + 60,
        cutoffTime: fields.cutoffTime,
        yesCount: fields.yesCount ?? 0,
        noCount: fields.noCount ?? 0,
        yesPool: fields.yesPool ?? 0n,
        noPool: fields.noPool ?? 0n,
        isSettled: result !== null,
        settledCount: fields.settledCount ?? 0,
        result,
        referrer: null,
        marketAuthority: authority,
      }),
    );
    this.#notify(market);
  }

  /** Stores `user`'s prediction in `market`; returns its address. */
  async setPrediction(
    market: Address,
    user: Address,
    fields: { readonly side: 'yes' | 'no'; readonly amount: bigint; readonly isClaimed?: boolean },
  ): Promise<Address> {
    const [address] = await findPredictionAddress(market, user, { programAddress: TEST_ADDRESSES.wager });
    this.accounts.set(
      address,
      encodePrediction({
        user,
        market,
        amount: fields.amount,
        result: fields.side === 'yes' ? MarketResult.Yes : MarketResult.No,
        isClaimed: fields.isClaimed ?? false,
      }),
    );
    this.#notify(address);
    return address;
  }

  #notify(address: string): void {
    const data = this.accounts.get(address);
    for (const listener of this.#listeners.get(address) ?? []) {
      listener.push({
        context: { slot: 1n },
        value: {
          data: [base64(data ?? new Uint8Array()), 'base64'],
          executable: false,
          lamports: data === undefined ? 0n : 1_000_000n,
          owner: TEST_ADDRESSES.wager,
          space: BigInt(data?.length ?? 0),
        },
      });
    }
  }

  /** What `getRpc()` returns. */
  rpc() {
    return {
      getAccountInfo: (address: string) => ({
        send: () => {
          const data = this.accounts.get(address);
          return Promise.resolve({
            context: { slot: 1n },
            value:
              data === undefined
                ? null
                : {
                    data: [base64(data), 'base64'],
                    executable: false,
                    lamports: 1_000_000n,
                    owner: TEST_ADDRESSES.wager,
                    space: BigInt(data.length),
                  },
          });
        },
      }),
      getBalance: (address: string) => ({
        send: () => Promise.resolve({ context: { slot: 1n }, value: this.balances.get(address) ?? 0n }),
      }),
    };
  }

  /** What `getRpcSubscriptions()` returns: notifications are pushed by `setMarket` / `setPrediction`. */
  subscriptions() {
    return {
      accountNotifications: (address: string) => ({
        subscribe: ({ abortSignal }: { abortSignal: AbortSignal }) => {
          this.subscribed.push(address);
          const queue: unknown[] = [];
          let wake: (() => void) | null = null;
          const listener: Listener = {
            push: (notification) => {
              queue.push(notification);
              wake?.();
            },
          };
          const set = this.#listeners.get(address) ?? new Set<Listener>();
          set.add(listener);
          this.#listeners.set(address, set);
          abortSignal.addEventListener('abort', () => {
            set.delete(listener);
            wake?.();
          });
          const iterable = {
            async *[Symbol.asyncIterator]() {
              for (;;) {
                if (abortSignal.aborted) return;
                if (queue.length > 0) {
                  yield queue.shift();
                  continue;
                }
                await new Promise<void>((resolve) => {
                  wake = resolve;
                });
              }
            },
          };
          return Promise.resolve(iterable);
        },
      }),
    };
  }
}
