import { API_ERROR_MESSAGES, ApiErrorCode, type ApiErrorCodeWithMessage } from '@arcade/sdk/api/error-codes';
import { ERROR_MESSAGES } from '@arcade/sdk/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { cosignBuy, NftClaimError } from './buy-listing.ts';

/** The server answers `POST /api/nfts/cosignBuy` with `status` and `body`. */
function answer(status: number, body: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(body, { status }))),
  );
}

function refusal(code: ApiErrorCodeWithMessage): string {
  return JSON.stringify({ success: false, error: API_ERROR_MESSAGES[code], code });
}

async function failureOf(promise: Promise<unknown>): Promise<NftClaimError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(NftClaimError);
  return error as NftClaimError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cosignBuy', () => {
  it('returns the marketplace’s signed transaction', async () => {
    answer(200, JSON.stringify({ success: true, transaction: 'c2lnbmVk' }));
    await expect(cosignBuy('d2lyZQ==')).resolves.toBe('c2lnbmVk');
  });

  it('says why the marketplace refused, by the refusal’s code', async () => {
    answer(400, refusal(ApiErrorCode.PRICE_CHANGED));
    const changed = await failureOf(cosignBuy('d2lyZQ=='));
    expect(changed.message).toBe(ERROR_MESSAGES.invalidTransaction);
    expect(changed.reason).toBe('price-changed');
    expect(changed.detail).toBe('The listing now costs more than your prize.');

    for (const code of [ApiErrorCode.LISTING_UNAVAILABLE, ApiErrorCode.PURCHASE_LISTING_NOT_FOUND] as const) {
      answer(400, refusal(code));
      const sold = await failureOf(cosignBuy('d2lyZQ=='));
      expect(sold.reason).toBe('sold');
      expect(sold.detail).toBe('The NFT is no longer listed: someone bought it or the seller delisted it.');
    }
  });

  it('takes any other refusal, or an answer without a code, as a buy it could not compose', async () => {
    answer(400, refusal(ApiErrorCode.MARKETPLACE_ONE_LISTING));
    expect((await failureOf(cosignBuy('d2lyZQ=='))).reason).toBe('compose');
    // The text alone says nothing: only the code does.
    answer(400, JSON.stringify({ success: false, error: 'Price changed' }));
    const uncoded = await failureOf(cosignBuy('d2lyZQ=='));
    expect(uncoded.reason).toBe('compose');
    expect(uncoded.detail).toBe('The marketplace did not give a purchase we could add to your claim.');
    // A proxy's page in front of the server.
    answer(502, '<html>Bad Gateway</html>');
    expect((await failureOf(cosignBuy('d2lyZQ=='))).reason).toBe('compose');
  });
});
