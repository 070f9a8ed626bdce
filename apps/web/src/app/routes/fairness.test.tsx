import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Component as FairnessPage } from './fairness.tsx';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The page at `url`, against an API that has no published chain and knows no bet. */
function renderFairness(url: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL) =>
      Promise.resolve(
        input.toString() === '/api/fairness'
          ? json({
              success: true,
              algorithm: { seedChain: 'a', roll: 'b', message: 'c', result: 'd', encoding: 'hex' },
              current: null,
              next: null,
              chains: [],
            })
          : json({ success: false, error: 'Bet not found' }, 404),
      ),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/fairness', Component: FairnessPage }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the fairness page with an emptied field', () => {
  it("submitting an empty field shows its hint alone: the previous bet's error goes", async () => {
    const router = renderFairness('/fairness?bet=5unknownSignature');
    expect((await screen.findByRole('alert')).textContent).toContain('Bet not found');

    await userEvent.clear(screen.getByLabelText('Bet transaction signature'));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(alerts()).toEqual(['Paste a transaction signature first']);
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Bet transaction signature').getAttribute('aria-invalid')).toBe('true');
  });

  it('emptying the field clears the previous result, without a history entry per keystroke', async () => {
    const router = renderFairness('/fairness?bet=5unknownSignature&record=abc');
    expect((await screen.findByRole('alert')).textContent).toContain('Bet not found');

    await userEvent.clear(screen.getByLabelText('Bet transaction signature'));

    expect(alerts()).toEqual([]);
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('verifies the next signature typed after the field was emptied', async () => {
    const router = renderFairness('/fairness?bet=5unknownSignature');
    await screen.findByRole('alert');
    const field = screen.getByLabelText('Bet transaction signature');
    await userEvent.clear(field);
    await userEvent.type(field, 'anotherSignature');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(router.state.location.search).toBe('?bet=anotherSignature');
    expect((await screen.findByRole('alert')).textContent).toContain('Bet not found');
    expect((field as HTMLInputElement).value).toBe('anotherSignature');
  });
});
