import { payoutMultiplier, poolPercentages } from '@arcade/sdk/payout';
import { cleanup, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { formatPercent, formatSol } from '../../../lib/format.ts';
import type { Market } from '../api/get-markets.ts';
import { MarketCard, MarketSides, multiplierText } from './market-card.tsx';

const SOL = 1_000_000_000n;

function market(yesPool: bigint, noPool: bigint, overrides: Partial<Market> = {}): Market {
  return {
    key: '8HQRMwo4Uvx3bZrTg1HzaGcUMBtzwmTPDBT9j65EuWjT',
    startTime: 0,
    endTime: 4_000_000_000,
    cutOffTime: 4_000_000_000,
    yesCount: yesPool > 0n ? 1 : 0,
    noCount: noPool > 0n ? 2 : 0,
    totalCount: (yesPool > 0n ? 1 : 0) + (noPool > 0n ? 2 : 0),
    yesPool,
    noPool,
    totalPool: yesPool + noPool,
    isSettled: false,
    settledCount: 0,
    result: null,
    referrer: null,
    marketMetadata: {
      name: 'Will it rain?',
      shortName: 'Rain',
      yesOption: 'Rain',
      noOption: 'Dry',
      invalidOption: 'Void',
      category: 'Sports',
      image: null,
    },
    ...overrides,
  };
}

describe('the sides of a market', () => {
  it('show the SDK percentages and multipliers for any pools', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 1_000_000n * SOL }),
        fc.bigInt({ min: 0n, max: 1_000_000n * SOL }),
        (yes, no) => {
          cleanup();
          render(<MarketSides market={market(yes, no)} />);
          const [yesPct, noPct] = poolPercentages(yes, no);
          const yesTile = screen.getByTestId('side-yes').textContent;
          const noTile = screen.getByTestId('side-no').textContent;
          expect(yesTile).toContain(formatPercent(yesPct, 0));
          expect(noTile).toContain(formatPercent(noPct, 0));
          expect(yesTile).toContain(multiplierText(payoutMultiplier(yes, no)));
          expect(noTile).toContain(multiplierText(payoutMultiplier(no, yes)));
          expect(yesTile).toContain(formatSol(yes));
          expect(noTile).toContain(formatSol(no));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('follow the spec edge cases: 50% each and nothing to win on an empty pot', () => {
    render(<MarketSides market={market(0n, 0n)} />);
    expect(screen.getByTestId('side-yes').textContent).toContain('50%');
    expect(screen.getByTestId('side-yes').textContent).toContain('—');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Rain 50%, Dry 50%');
  });

  it('multiply 3 SOL against 1.5 SOL as ×1.50 and ×3.00', () => {
    render(<MarketSides market={market(3n * SOL, 1_500_000_000n)} />);
    expect(screen.getByTestId('side-yes').textContent).toContain('×1.50');
    expect(screen.getByTestId('side-no').textContent).toContain('×3.00');
  });

  it('mark the winning side and the player’s side', () => {
    render(<MarketSides market={market(SOL, SOL)} winner="no" mine="yes" />);
    expect(screen.getByTestId('side-no').textContent).toContain('(winning side)');
    expect(screen.getByTestId('side-yes').textContent).toContain('You');
  });
});

describe('a market card', () => {
  it('links to the market with its status, pot and cutoff', () => {
    render(
      <MemoryRouter>
        <MarketCard market={market(2n * SOL, SOL)} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/prophecy/8HQRMwo4Uvx3bZrTg1HzaGcUMBtzwmTPDBT9j65EuWjT');
    expect(link.textContent).toContain('Open');
    expect(link.textContent).toContain(`Pot ${formatSol(3n * SOL)}`);
    expect(link.textContent).toContain('Closes in');
  });

  it('shows a resolved market’s result in its own words', () => {
    render(
      <MemoryRouter>
        <MarketCard market={market(2n * SOL, SOL, { cutOffTime: 1, result: 'yes' })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link').textContent).toContain('Resolved: Rain');
    expect(screen.getByRole('link').textContent).toContain('Closed');
  });
});
