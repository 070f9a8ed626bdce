import { PROPHECY_FEE_BPS } from '@arcade/sdk/constants';
import { MarketResult } from '@arcade/sdk/wager/accounts';
import { marketFee, predictionPayout, resolvedMarketResult } from '@arcade/sdk/wager/bet-math';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { formatPercent } from '../../../lib/format.ts';
import { MarketRules } from './market-rules.tsx';

const SOL = 1_000_000_000n;
const FEE = formatPercent(Number(PROPHECY_FEE_BPS) / 100);

function rules(mode: 'create' | 'request'): string[] {
  render(<MarketRules mode={mode} />);
  const list = within(screen.getByRole('complementary', { name: 'How markets work' })).getByRole('list');
  // Each item is its number, then its text.
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.lastElementChild?.textContent ?? '');
}

describe('the market rules beside the create and request forms', () => {
  it('says an empty winning side voids the market, as resolve_market does', () => {
    // The program records a Yes with nobody on Yes as Invalid: no fee, everyone refunded.
    expect(resolvedMarketResult({ yesPool: 0n, noPool: SOL }, MarketResult.Yes)).toBe(MarketResult.Invalid);
    expect(rules('request')).toContain(
      'If the outcome cannot be determined, or nobody backed the winning side, the market resolves invalid and everyone is refunded in full.',
    );
  });

  it('says an empty losing side still takes the fee from the winners, as settle_prediction does', () => {
    // A Yes with nobody on No stands: the winners share their own pool less the fee.
    const market = { yesPool: SOL, noPool: 0n, result: MarketResult.Yes };
    expect(resolvedMarketResult(market, MarketResult.Yes)).toBe(MarketResult.Yes);
    expect(predictionPayout(market, SOL, MarketResult.Yes)).toBe(SOL - marketFee(market));
    expect(marketFee(market)).toBeGreaterThan(0n);

    const texts = rules('create');
    expect(texts).toContain(
      `If nobody backed the losing side, the winners only get their stake back, less the ${FEE} fee.`,
    );
    // The old rule refunded everyone whenever either side was empty.
    expect(texts.some((text) => text.includes('a side has no predictions'))).toBe(false);
  });
});
