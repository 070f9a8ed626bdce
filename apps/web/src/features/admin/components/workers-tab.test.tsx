import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithQuery } from '../testing/admin-test-utils.tsx';
import { WorkersTab } from './workers-tab.tsx';

function worker(name: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    status,
    lastRunAt: Date.now() - 2_000,
    lastSuccessAt: Date.now() - 2_000,
    lastError: null,
    runs: 10,
    failures: 0,
    lagMs: 12,
    details: {},
    ...extra,
  };
}

describe('WorkersTab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders each worker’s status, lag, failures and last error, even from a 503 report', async () => {
    mockFetch({
      'GET /api/health': {
        status: 503,
        body: {
          success: false,
          cluster: 'localnet',
          database: { ok: true, latencyMs: 3 },
          chain: { ok: false, latencyMs: 5000, error: 'TimeoutError' },
          workers: [
            worker('indexer', 'leader'),
            worker('bet-settler', 'standby', { lagMs: null }),
            worker('market-settler', 'failing', {
              failures: 4,
              lastError: 'RPC timed out',
              lagMs: 2500,
              lastSuccessAt: null,
            }),
          ],
        },
      },
    });
    renderWithQuery(<WorkersTab />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'indexer',
      'bet-settler',
      'market-settler',
    ]);
    const [indexer, settler, failing] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(indexer).getByText('leader')).toBeTruthy();
    expect(within(indexer).getByText('12 ms')).toBeTruthy();
    expect(within(settler).getByText('standby')).toBeTruthy();
    expect(within(failing).getByText('failing')).toBeTruthy();
    expect(within(failing).getByText('RPC timed out')).toBeTruthy();
    expect(within(failing).getByText('2.5 s')).toBeTruthy();
    expect(within(failing).getByText('4')).toBeTruthy();
    expect(within(failing).getByText('never')).toBeTruthy();
    expect(screen.getByText('3 ms')).toBeTruthy();
    expect(screen.getByText('TimeoutError · 5000 ms')).toBeTruthy();
  });

  it('shows the error and a retry when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithQuery(<WorkersTab />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Network error: the server cannot be reached',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
