/**
 * Test support for the banner: an in-memory chain (accounts by address, served to kit's `getAccountInfo`
 * and `getMultipleAccounts`) and the server's history answers, behind the app's RPC and `fetch`.
 *
 * @module
 */

import { getAddressDecoder, type Address } from '@solana/kit';

/** An account the fake chain holds. */
export interface FakeAccount {
  readonly owner: Address;
  readonly data: Uint8Array;
}

/** A deterministic address: 32 bytes of `byte`. */
export function fakeAddress(byte: number): Address {
  return getAddressDecoder().decode(new Uint8Array(32).fill(byte));
}

function base64(data: Uint8Array): string {
  let text = '';
  for (const byte of data) text += String.fromCharCode(byte);
  return btoa(text);
}

function rpcAccount(account: FakeAccount | undefined) {
  if (account === undefined) return null;
  return {
    data: [base64(account.data), 'base64'],
    executable: false,
    lamports: 1_000_000n,
    owner: account.owner,
    space: BigInt(account.data.length),
    rentEpoch: 0n,
  };
}

/** The chain's accounts and the calls made; tests set `accounts` and read the counters. */
export class FakeChain {
  readonly accounts = new Map<string, FakeAccount>();
  getAccountInfoCalls = 0;
  getMultipleAccountsCalls = 0;

  /** The part of kit's RPC the banner uses. */
  rpc() {
    return {
      getAccountInfo: (address: string) => ({
        send: () => {
          this.getAccountInfoCalls += 1;
          return Promise.resolve({ context: { slot: 1n }, value: rpcAccount(this.accounts.get(address)) });
        },
      }),
      getMultipleAccounts: (addresses: readonly string[]) => ({
        send: () => {
          this.getMultipleAccountsCalls += 1;
          return Promise.resolve({
            context: { slot: 1n },
            value: addresses.map((address) => rpcAccount(this.accounts.get(address))),
          });
        },
      }),
    };
  }
}

/** A history page as the server answers it. */
export interface HistoryPage {
  readonly items: readonly unknown[];
  readonly nextCursor: number | null;
}

/** What the fake server answers for `/api/user/predictions` and `/api/user/marketBets`, by cursor. */
export class FakeHistory {
  /** Pages by path, then by cursor (`null` for the first). */
  readonly pages = new Map<string, Map<number | null, HistoryPage>>();
  /** Every request: path and body. */
  readonly requests: { readonly path: string; readonly body: Record<string, unknown> }[] = [];
  /** When set, the answer to every history request. */
  failure: { readonly status: number; readonly error: string } | null = null;

  set(path: string, cursor: number | null, page: HistoryPage): void {
    const byCursor = this.pages.get(path) ?? new Map<number | null, HistoryPage>();
    byCursor.set(cursor, page);
    this.pages.set(path, byCursor);
  }

  /** A `fetch` that answers the history paths and fails the test on anything else. */
  readonly fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://app.test');
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
    this.requests.push({ path: url.pathname, body });
    if (this.failure !== null) {
      return Promise.resolve(
        new Response(JSON.stringify({ success: false, error: this.failure.error }), {
          status: this.failure.status,
        }),
      );
    }
    const byCursor = this.pages.get(url.pathname);
    if (byCursor === undefined && !url.pathname.startsWith('/api/user/')) {
      return Promise.reject(new Error(`unexpected request ${url.pathname}`));
    }
    const page = byCursor?.get((body['id'] as number | null | undefined) ?? null) ?? {
      items: [],
      nextCursor: null,
    };
    return Promise.resolve(new Response(JSON.stringify({ success: true, ...page }), { status: 200 }));
  };
}
