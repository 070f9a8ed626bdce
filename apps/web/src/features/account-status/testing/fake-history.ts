/**
 * Test support for the banner: the server's history answers, behind the app's `fetch`. The chain is the
 * shared one of `src/testing/mock-chain.ts`.
 *
 * @module
 */

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
