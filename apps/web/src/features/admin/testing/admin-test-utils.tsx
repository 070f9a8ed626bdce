/**
 * Test helpers of the operator console: a runtime config with known admins, a fetch double that answers
 * by route and records each call, and rendering inside a fresh query client. Tests only.
 *
 * @module
 */

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { useToasts } from '../../../lib/toast.ts';

/** The two admin wallets of the test config. */
export const ADMIN = '8z9r9jJf9u2wEsuEci9YczEubqznRCMp4jpjzz8RDBmS';
export const ADMIN_2 = '27jJ51NfUCKSc98geKiSS3NuZS3FoUEUZCDTR58w6QN2';
/** A wallet that is not an admin. */
export const PLAYER = 'DtDN5Xdri1jSYzRtZS2egNcHdsu76mmU4GkidKM9Spiy';

/** Sets a runtime config whose admins are {@link ADMIN} and {@link ADMIN_2}. */
export function setTestConfig(): void {
  setRuntimeConfig({
    cluster: 'localnet',
    rpcUrl: '/rpc',
    rpcFallbackUrl: null,
    rpcWsUrl: '/rpc',
    programs: { wager: ADMIN, foresight: ADMIN },
    mints: { juice: PLAYER, usdc: PLAYER, usdt: PLAYER },
    priceAccount: PLAYER,
    admins: [ADMIN, ADMIN_2],
    communityChatUrl: 'https://discord.com',
    socialUrl: 'https://x.com',
    announcement: null,
  });
}

/** One recorded request. */
export interface RecordedCall {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
  readonly authorization: string | null;
}

/** A route's answer: status and JSON body. */
export interface FakeResponse {
  readonly status?: number;
  readonly body: unknown;
}

/**
 * Replaces `fetch` with a double: `routes` maps `'METHOD /path'` (query ignored) to an answer or a function
 * of the call. Unknown routes answer 404. Returns the recorded calls.
 */
export function mockFetch(
  routes: Record<string, FakeResponse | ((call: RecordedCall) => FakeResponse)>,
): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      const call: RecordedCall = {
        method: init?.method ?? 'GET',
        url: input,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        authorization: headers.get('authorization'),
      };
      calls.push(call);
      const route = routes[`${call.method} ${input.split('?')[0] ?? ''}`];
      const answer =
        route === undefined
          ? { status: 404, body: { success: false, error: 'Not found' } }
          : typeof route === 'function'
            ? route(call)
            : route;
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status ?? 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

/** Renders inside a fresh query client with retries off. */
export function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** A market as `GET /api/prophecy/markets` lists it. */
export function fakeMarket(overrides: Record<string, unknown> = {}) {
  return {
    key: 'Mkt1111111111111111111111111111111111111111',
    startTime: 1_700_000_000,
    endTime: 1_700_100_000,
    cutOffTime: 1_700_050_000,
    yesCount: 3,
    noCount: 2,
    totalCount: 5,
    yesPool: '3000000000',
    noPool: '1500000000',
    totalPool: '4500000000',
    isSettled: false,
    settledCount: 0,
    result: null,
    referrer: null,
    marketMetadata: {
      name: 'Will SOL close above $300?',
      shortName: 'SOL > $300',
      yesOption: 'Above',
      noOption: 'Below',
      invalidOption: 'Void',
      category: 'Crypto',
      image: null,
    },
    yesMultiplier: 1.5,
    noMultiplier: 3,
    yesPercentage: 66,
    noPercentage: 34,
    ...overrides,
  };
}

/** The toasts on screen, as `kind: message` items (render it next to the component under test). */
export function ToastList() {
  const toasts = useToasts();
  return (
    <ul aria-label="Toasts">
      {toasts.map((t) => (
        <li key={t.id}>{`${t.kind}: ${t.message}`}</li>
      ))}
    </ul>
  );
}

/** The texts of {@link ToastList}. */
export function toastTexts(): string[] {
  return within(screen.getByRole('list', { name: 'Toasts' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
}
