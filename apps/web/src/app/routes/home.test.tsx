import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { Component as Home } from './home.tsx';

const mocks = vi.hoisted((): { timelock: number | null } => ({ timelock: 60 }));

// The Foresight config on chain, as the operator set it (LOCALNET_FORESIGHT_TIMELOCK=60).
vi.mock('../../features/foresight/api/get-config-timelock.ts', () => ({
  fetchConfigTimelock: () => Promise.resolve(mocks.timelock),
}));

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Home />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The value next to `label` in the hero's facts. */
function heroFact(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('home: the Foresight round length', () => {
  it('says the configured round length, not the spec default', async () => {
    mocks.timelock = 60;
    renderHome();
    await waitFor(() => {
      expect(heroFact('Foresight round')).toBe('1 min');
    });
    const card = screen.getByRole('link', { name: /Foresight/ });
    expect(within(card).getByText('Rounds').nextElementSibling?.textContent).toBe('1 min');
    expect(screen.queryByText('5 min')).toBeNull();
  });

  it('says seconds for a round that is not whole minutes', async () => {
    mocks.timelock = 90;
    renderHome();
    await waitFor(() => {
      expect(heroFact('Foresight round')).toBe('90 s');
    });
  });
});
