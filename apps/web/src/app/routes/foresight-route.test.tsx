import { VALIDATION_MESSAGES } from '@arcade/sdk/messages';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';

import { loader } from './foresight.tsx';

function args(url: string, symbol: string): LoaderFunctionArgs {
  return {
    request: new Request(url),
    params: { symbol },
    context: undefined,
  } as unknown as LoaderFunctionArgs;
}

/** What the loader threw. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('foresight loader: the symbol in the address', () => {
  it('sends /foresight/sol on to /foresight/SOL, keeping the query, instead of the error page', () => {
    const response = thrown(() => loader(args('http://app/foresight/sol?ref=abc', 'sol')));
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get('Location')).toBe('/foresight/SOL?ref=abc');
  });

  it("still says 'Invalid symbol' for a symbol Foresight has no feed for, in any case", () => {
    expect(() => loader(args('http://app/foresight/btc', 'btc'))).toThrow(VALIDATION_MESSAGES.invalidSymbol);
    expect(() => loader(args('http://app/foresight/BTC', 'BTC'))).toThrow(VALIDATION_MESSAGES.invalidSymbol);
  });
});
