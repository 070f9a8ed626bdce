import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SessionState } from '../../../lib/session/session.tsx';
import { getUiState, ui } from '../../../lib/store.ts';
import { useForceProfileForNewUsers } from './use-force-profile-for-new-users.ts';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

const session = vi.hoisted(() => {
  const holder: { current: Pick<SessionState, 'session' | 'status' | 'blocked'> } = {
    current: { session: null, status: 'signed-out', blocked: false },
  };
  return holder;
});

vi.mock('../../../lib/session/session.tsx', () => ({
  useSession: () => ({ ...session.current, signIn: () => Promise.resolve(), signOut: () => undefined }),
}));

function Forced() {
  useForceProfileForNewUsers();
  return null;
}

let profileRequests = 0;

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Forced />
    </QueryClientProvider>,
  );
}

function signIn(rerender: ReturnType<typeof show>['rerender']) {
  session.current = {
    session: { address: ADDRESS as never, token: 't' },
    status: 'signed-in',
    blocked: false,
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  rerender(
    <QueryClientProvider client={client}>
      <Forced />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  profileRequests = 0;
  session.current = { session: null, status: 'signed-out', blocked: false };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path !== `/api/user/${ADDRESS}`) return Promise.resolve(new Response('{}', { status: 404 }));
      profileRequests += 1;
      const body = { success: true, address: ADDRESS, username: null, pfp: null, pfpImage: null };
      return Promise.resolve(
        new Response(JSON.stringify({ ...body, discordId: null, discordUsername: null, twitterId: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  act(() => {
    ui.reload();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    ui.reload();
  });
});

describe('useForceProfileForNewUsers', () => {
  it('does nothing while signed out', async () => {
    show();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(profileRequests).toBe(0);
    expect(getUiState().modal).toBeNull();
  });

  it('waits for the connect dialog to close before asking a new user for a username', async () => {
    const { rerender } = show();
    // The user is in the connect dialog; sign-in completes while the local wallet is still being funded.
    act(() => {
      ui.openModal('connect');
    });
    signIn(rerender);
    await waitFor(() => {
      expect(profileRequests).toBe(1);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getUiState().modal).toBe('connect');

    // The dialog closes itself once funded: now the profile modal takes over.
    act(() => {
      ui.closeModal();
    });
    await waitFor(() => {
      expect(getUiState().modal).toBe('profile');
    });

    // Once shown, no other modal can replace it until a username is set.
    act(() => {
      ui.openModal('faq');
    });
    await waitFor(() => {
      expect(getUiState().modal).toBe('profile');
    });
  });

  it('opens at once when no other modal is open', async () => {
    const { rerender } = show();
    signIn(rerender);
    await waitFor(() => {
      expect(getUiState().modal).toBe('profile');
    });
  });
});
