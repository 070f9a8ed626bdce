import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '../../../lib/toast.ts';
import {
  mockFetch,
  renderWithQuery,
  setTestConfig,
  type RecordedCall,
} from '../testing/admin-test-utils.tsx';
import { GamesTab } from './games-tab.tsx';

vi.mock('../../../lib/session/session.tsx', () => ({
  useSession: () => ({
    session: { address: '8z9r9jJf9u2wEsuEci9YczEubqznRCMp4jpjzz8RDBmS', token: 'admin-token' },
    status: 'signed-in',
    blocked: false,
    signIn: () => Promise.resolve(),
    signOut: () => undefined,
  }),
}));

const KEY = '27jJ51NfUCKSc98geKiSS3NuZS3FoUEUZCDTR58w6QN2';

function house(paused: boolean, disabled: boolean) {
  return {
    success: true,
    house: {
      address: KEY,
      balance: '5000000000',
      rent: '1000000',
      outstanding: '0',
      freeBalance: '4999000000',
      paused,
      authority: KEY,
      settler: KEY,
      treasury: KEY,
    },
    foresight: {
      config: KEY,
      disabled,
      authority: KEY,
      eventSigner: KEY,
      treasury: KEY,
      liveEvent: 3,
      lockedEvent: 2,
      timelock: 300,
    },
  };
}

const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

describe('GamesTab', () => {
  let paused = { wager: false, foresight: true };
  beforeEach(() => {
    setTestConfig();
    toast.clear();
    paused = { wager: false, foresight: true };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function serve(): RecordedCall[] {
    return mockFetch({
      'GET /api/admin/house': () => ({ body: house(paused.wager, paused.foresight) }),
      'POST /api/admin/pause': (call) => {
        const body = call.body as { game: 'wager' | 'foresight'; paused: boolean };
        paused = { ...paused, [body.game]: body.paused };
        return { body: { success: true, ...body, signature: SIGNATURE } };
      },
    });
  }

  it('pauses the House after confirming, with the admin token, and shows the signature', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithQuery(<GamesTab />);
    await user.click(await screen.findByRole('button', { name: 'Pause House' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const confirm = screen.getByRole('alertdialog', { name: 'Pause House' });
    await user.click(confirm.querySelector('button:last-child') as HTMLButtonElement);

    await waitFor(() => {
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    });
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/admin/pause',
      authorization: 'Bearer admin-token',
      body: { game: 'wager', paused: true },
    });
    expect(await screen.findByText('Paused on chain')).toBeTruthy();
    expect(screen.getByTitle(SIGNATURE)).toBeTruthy();
    // The House is re-read after the change, so the card now offers to resume.
    expect(await screen.findByRole('button', { name: 'Resume House' })).toBeTruthy();
  });

  it('resumes a disabled Foresight through its own route body', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithQuery(<GamesTab />);
    expect(await screen.findByText('Disabled')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resume Foresight' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Resume Foresight' });
    await user.click(confirm.querySelector('button:last-child') as HTMLButtonElement);
    await waitFor(() => {
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ game: 'foresight', paused: false });
    });
    expect(await screen.findByRole('button', { name: 'Pause Foresight' })).toBeTruthy();
  });

  it('shows the server text when the chain refuses', async () => {
    mockFetch({
      'GET /api/admin/house': { body: house(false, false) },
      'POST /api/admin/pause': {
        status: 502,
        body: { success: false, error: 'The chain refused the transaction' },
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<GamesTab />);
    await user.click(await screen.findByRole('button', { name: 'Pause House' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Pause House' });
    await user.click(confirm.querySelector('button:last-child') as HTMLButtonElement);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The chain refused the transaction',
    );
  });
});
