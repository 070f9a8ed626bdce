import type { UserProfile } from '@arcade/sdk/api/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SessionState } from '../../../lib/session/session.tsx';
import { getUiState, ui } from '../../../lib/store.ts';
import { toast, useToasts } from '../../../lib/toast.ts';
import { OAUTH_PENDING_KEY } from '../api/start-oauth-link.ts';
import { useForceProfileForNewUsers } from '../hooks/use-force-profile-for-new-users.ts';
import { ProfileModal } from './profile-modal.tsx';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const TOKEN = 'session-token';

const session = vi.hoisted(() => ({
  current: null as null | Pick<SessionState, 'session' | 'status' | 'blocked'>,
  signIn: vi.fn(() => Promise.resolve()),
}));

vi.mock('../../../lib/session/session.tsx', () => ({
  useSession: () => ({
    ...(session.current ?? { session: null, status: 'signed-out', blocked: false }),
    signIn: session.signIn,
    signOut: () => undefined,
  }),
}));

/** A profile as the test server keeps it; its answer adds `success`. */
type StoredProfile = Omit<UserProfile, 'success'>;

function profileOf(patch: Partial<StoredProfile> = {}): StoredProfile {
  return {
    address: ADDRESS,
    username: 'degen_42',
    pfp: null,
    pfpImage: null,
    discordId: null,
    discordUsername: null,
    twitterId: null,
    twitterUsername: null,
    referral: null,
    blocked: false,
    isAdmin: false,
    ...patch,
  };
}

interface Call {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly auth: string | null;
}

/** An answer; `gate` holds it back until resolved, to see loading states. */
type Handler = (call: Call) => { status?: number; body: unknown; gate?: Promise<void> } | undefined;

let calls: Call[] = [];
let handler: Handler = () => undefined;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function Toasts() {
  const toasts = useToasts();
  return (
    <ul aria-label="toasts">
      {toasts.map((t) => (
        <li key={t.id} data-kind={t.kind}>
          {t.message}
        </li>
      ))}
    </ul>
  );
}

function toastTexts(): string[] {
  return within(screen.getByRole('list', { name: 'toasts' }))
    .queryAllByRole('listitem')
    .map((li) => `${li.getAttribute('data-kind') ?? ''}: ${li.textContent}`);
}

function Forced() {
  useForceProfileForNewUsers();
  return null;
}

function renderModal(children: ReactNode = null) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProfileModal />
        {children}
        <Toasts />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function signedIn() {
  session.current = {
    session: { address: ADDRESS as never, token: TOKEN },
    status: 'signed-in',
    blocked: false,
  };
}

beforeEach(() => {
  calls = [];
  handler = () => undefined;
  session.current = null;
  session.signIn.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const call: Call = {
        method: init?.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        auth: headers['authorization'] ?? null,
      };
      calls.push(call);
      const answer = handler(call);
      if (answer === undefined)
        return Promise.resolve(json(404, { success: false, error: `No route ${call.path}` }));
      return (answer.gate ?? Promise.resolve()).then(() => json(answer.status ?? 200, answer.body));
    }),
  );
  act(() => {
    ui.reload();
    toast.clear();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    toast.clear();
  });
});

/** Serves a profile (changed by `profilePatch` after a successful update) and the given extra routes. */
function serve(initial: StoredProfile, extra: Handler = () => undefined) {
  let profile = initial;
  handler = (call) => {
    const answer = extra(call);
    if (answer !== undefined) {
      if ((answer.status ?? 200) === 200 && call.path === '/api/user/updateUsername') {
        profile = { ...profile, username: (call.body as { username: string }).username };
      }
      if ((answer.status ?? 200) === 200 && call.path === '/api/user/createReferral') {
        profile = { ...profile, referral: (answer.body as { referral: string }).referral };
      }
      return answer;
    }
    if (call.method === 'GET' && call.path === `/api/user/${ADDRESS}`)
      return { body: { success: true, ...profile } };
    return undefined;
  };
}

describe('ProfileModal', () => {
  it('stays hidden until the profile modal is opened', () => {
    renderModal();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks a signed-out user to sign in', async () => {
    renderModal();
    act(() => {
      ui.openModal('profile');
    });
    const dialog = screen.getByRole('dialog', { name: 'Profile' });
    expect(dialog.textContent).toContain('Sign in to edit your profile');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(session.signIn).toHaveBeenCalledTimes(1);
    // Not a new-user lock: it can be closed.
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(getUiState().modal).toBeNull();
  });

  describe('username', () => {
    beforeEach(() => {
      signedIn();
    });

    it('shows each validation message inline, in the spec order, without calling the server', async () => {
      serve(profileOf());
      renderModal();
      act(() => {
        ui.openModal('profile');
      });
      const input = await screen.findByLabelText('Username');
      const update = screen.getByRole('button', { name: 'Update' });

      await userEvent.clear(input);
      await userEvent.click(update);
      expect(screen.getByRole('alert').textContent).toBe('Username cannot be empty');
      expect(input.getAttribute('aria-invalid')).toBe('true');

      await userEvent.type(input, 'abcdefghijklmnop');
      await userEvent.click(update);
      expect(screen.getByRole('alert').textContent).toBe('Username cannot be longer than 15 characters');

      await userEvent.clear(input);
      await userEvent.type(input, 'moon🚀');
      await userEvent.click(update);
      expect(screen.getByRole('alert').textContent).toBe('Only letters, digits, _ and @ are allowed');

      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
      expect(toastTexts()).toEqual([]);
    });

    it('saves a valid username with the session token and shows the success toast', async () => {
      serve(profileOf(), (call) =>
        call.path === '/api/user/updateUsername'
          ? { body: { success: true, disallowed: false, username: 'new_name' } }
          : undefined,
      );
      renderModal();
      act(() => {
        ui.openModal('profile');
      });
      const input = await screen.findByLabelText('Username');
      await userEvent.clear(input);
      await userEvent.type(input, 'new_name');
      await userEvent.click(screen.getByRole('button', { name: 'Update' }));
      await waitFor(() => {
        expect(toastTexts()).toEqual(['success: Successfully updated username']);
      });
      expect(calls).toContainEqual({
        method: 'POST',
        path: '/api/user/updateUsername',
        body: { username: 'new_name' },
        auth: `Bearer ${TOKEN}`,
      });
      await waitFor(() => {
        expect(screen.getByText('new_name', { selector: 'p' })).toBeTruthy();
      });
    });

    it("shows the server's 'Username not allowed' inline and as the failure toasts", async () => {
      serve(profileOf(), (call) =>
        call.path === '/api/user/updateUsername'
          ? { status: 400, body: { success: false, error: 'Username not allowed', disallowed: true } }
          : undefined,
      );
      renderModal();
      act(() => {
        ui.openModal('profile');
      });
      const input = await screen.findByLabelText('Username');
      await userEvent.clear(input);
      await userEvent.type(input, 'admin');
      await userEvent.click(screen.getByRole('button', { name: 'Update' }));
      await waitFor(() => {
        expect(toastTexts()).toEqual(['error: Failed to update username', 'error: Username not allowed']);
      });
      expect(screen.getByRole('alert').textContent).toBe('Username not allowed');
    });
  });

  describe('new users', () => {
    beforeEach(() => {
      signedIn();
    });

    it('opens by itself, greets the user and cannot be closed until a username is set', async () => {
      serve(profileOf({ username: null }), (call) =>
        call.path === '/api/user/updateUsername'
          ? { body: { success: true, disallowed: false, username: 'fresh' } }
          : undefined,
      );
      renderModal(<Forced />);
      const dialog = await screen.findByRole('dialog', { name: 'Profile' });
      expect(await within(dialog).findByText('Looks like you are new here!')).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();

      await userEvent.keyboard('{Escape}');
      await userEvent.click(screen.getByTestId('modal-backdrop'));
      expect(getUiState().modal).toBe('profile');
      // Opening another modal does not get around it.
      act(() => {
        ui.openModal('faq');
      });
      await waitFor(() => {
        expect(getUiState().modal).toBe('profile');
      });

      await userEvent.type(screen.getByLabelText('Username'), 'fresh');
      await userEvent.click(screen.getByRole('button', { name: 'Update' }));
      await waitFor(() => {
        expect(screen.queryByText('Looks like you are new here!')).toBeNull();
      });
      await userEvent.click(screen.getByRole('button', { name: 'Close' }));
      expect(getUiState().modal).toBeNull();
    });

    it('takes the saved username from the answer, even when the next profile read is stale', async () => {
      // Behind a load balancer, the read after the write may reach an instance that still serves the old
      // profile: here every profile read does.
      handler = (call) => {
        if (call.path === '/api/user/updateUsername')
          return { body: { success: true, disallowed: false, username: 'fresh' } };
        if (call.method === 'GET' && call.path === `/api/user/${ADDRESS}`)
          return { body: { success: true, ...profileOf({ username: null }) } };
        return undefined;
      };
      renderModal(<Forced />);
      const dialog = await screen.findByRole('dialog', { name: 'Profile' });
      expect(await within(dialog).findByText('Looks like you are new here!')).toBeTruthy();
      await userEvent.type(screen.getByLabelText('Username'), 'fresh');
      await userEvent.click(screen.getByRole('button', { name: 'Update' }));
      await waitFor(() => {
        expect(screen.queryByText('Looks like you are new here!')).toBeNull();
      });
      expect(within(dialog).getByText('fresh')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Close' }));
      expect(getUiState().modal).toBeNull();
    });

    it('does not force the modal on users who have a username', async () => {
      serve(profileOf());
      renderModal(<Forced />);
      await waitFor(() => {
        expect(calls.some((c) => c.path === `/api/user/${ADDRESS}`)).toBe(true);
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(getUiState().modal).toBeNull();
    });
  });

  describe('NFT picker', () => {
    const nft = (id: string, name: string) => ({
      id,
      content: { links: { image: `https://arcade.test/${id}.png` }, metadata: { name } },
      collection: null,
    });

    beforeEach(() => {
      signedIn();
    });

    it('selects on the first click and saves on Confirm', async () => {
      serve(profileOf(), (call) => {
        if (call.path === `/api/nfts/inventoryV2?address=${ADDRESS}`) {
          return { body: { success: true, inventory: [nft('mintA', 'Tail #1'), nft('mintB', 'Tail #2')] } };
        }
        if (call.path === '/api/user/updatePfp') {
          return { body: { success: true, pfp: 'mintB', pfpImage: 'https://arcade.test/mintB.png' } };
        }
        return undefined;
      });
      renderModal();
      act(() => {
        ui.openModal('profile');
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Change profile picture' }));
      const second = await screen.findByRole('button', { name: 'Tail #2' });
      const confirm = screen.getByRole('button', { name: 'Confirm' });
      expect(confirm.hasAttribute('disabled')).toBe(true);

      await userEvent.click(second);
      expect(second.getAttribute('aria-pressed')).toBe('true');
      expect(screen.getByRole('button', { name: 'Tail #1' }).getAttribute('aria-pressed')).toBe('false');
      // The first click only selects.
      expect(calls.some((c) => c.path === '/api/user/updatePfp')).toBe(false);

      await userEvent.click(confirm);
      await waitFor(() => {
        expect(toastTexts()).toEqual(['success: Successfully updated pfp']);
      });
      expect(calls).toContainEqual({
        method: 'POST',
        path: '/api/user/updatePfp',
        body: { pfp: 'mintB' },
        auth: `Bearer ${TOKEN}`,
      });
      expect(screen.queryByRole('button', { name: 'Tail #2' })).toBeNull();
    });

    it('shows the failure toasts when saving fails', async () => {
      serve(profileOf(), (call) => {
        if (call.path.startsWith('/api/nfts/inventoryV2')) {
          return { body: { success: true, inventory: [nft('mintA', 'Tail #1')] } };
        }
        if (call.path === '/api/user/updatePfp') {
          return { status: 400, body: { success: false, error: 'You do not hold this NFT' } };
        }
        return undefined;
      });
      renderModal();
      act(() => {
        ui.openModal('profile');
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Change profile picture' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Tail #1' }));
      await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
      await waitFor(() => {
        expect(toastTexts()).toEqual(['error: Failed to update pfp', 'error: You do not hold this NFT']);
      });
      // Still open, so the user can retry.
      expect(screen.getByRole('button', { name: 'Tail #1' })).toBeTruthy();
    });

    it("shows skeletons while loading, then 'No NFTs found' for an empty inventory", async () => {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      serve(profileOf(), (call) =>
        call.path.startsWith('/api/nfts/inventoryV2')
          ? { body: { success: true, inventory: [] }, gate }
          : undefined,
      );
      renderModal();
      act(() => {
        ui.openModal('profile');
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Change profile picture' }));
      expect(screen.getAllByTestId('nft-skeleton').length).toBeGreaterThan(0);
      expect(screen.queryByText('No NFTs found')).toBeNull();
      release();
      expect(await screen.findByText('No NFTs found')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(true);
      // A new player learns where NFTs come from, and the link leaves the modal for ReTail.
      expect(screen.getByText(/NFTs come from ReTail/)).toBeTruthy();
      const retail = screen.getByRole('link', { name: 'Win an NFT on ReTail' });
      expect(retail.getAttribute('href')).toBe('/retail');
      await userEvent.click(retail);
      expect(getUiState().modal).toBeNull();
    });
  });

  describe('socials', () => {
    beforeEach(() => {
      signedIn();
    });

    it("unlinks Discord with 'Successfully unlinked Discord'", async () => {
      serve(profileOf({ discordId: '42', discordUsername: 'degen#42' }), (call) =>
        call.path === '/api/oauth/unlinkDiscord' ? { body: { success: true } } : undefined,
      );
      renderModal();
      act(() => {
        ui.openModal('profile');
      });
      expect(await screen.findByText('Linked as degen#42')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Unlink Discord' }));
      await waitFor(() => {
        expect(toastTexts()).toEqual(['success: Successfully unlinked Discord']);
      });
      expect(calls.find((c) => c.path === '/api/oauth/unlinkDiscord')?.auth).toBe(`Bearer ${TOKEN}`);
    });

    it("shows 'Failed to update socials' when unlinking fails", async () => {
      serve(profileOf({ twitterId: '7', twitterUsername: 'degen' }), (call) =>
        call.path === '/api/oauth/unlinkTwitter'
          ? { status: 500, body: { success: false, error: 'Database down' } }
          : undefined,
      );
      renderModal();
      act(() => {
        ui.openModal('profile');
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Unlink X' }));
      await waitFor(() => {
        expect(toastTexts()).toEqual(['error: Failed to update socials', 'error: Database down']);
      });
    });

    it('starts a link with a bearer POST and sends the browser to the one-time URL, never the token', async () => {
      const assign = vi.fn();
      vi.stubGlobal('location', { assign, href: window.location.href, origin: window.location.origin });
      serve(profileOf(), (call) =>
        call.method === 'POST' && call.path === '/api/oauth/discord/start'
          ? { body: { success: true, url: '/api/oauth/discord?code=one-time-code' } }
          : undefined,
      );
      renderModal();
      act(() => {
        ui.openModal('profile');
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Link Discord' }));
      await waitFor(() => {
        expect(assign).toHaveBeenCalledWith('/api/oauth/discord?code=one-time-code');
      });
      expect(calls.find((c) => c.path === '/api/oauth/discord/start')?.auth).toBe(`Bearer ${TOKEN}`);
      expect(assign.mock.calls.flat().join(' ')).not.toContain(TOKEN);
      // This tab now expects the return.
      expect(JSON.parse(sessionStorage.getItem(OAUTH_PENDING_KEY) ?? 'null')).toMatchObject({
        provider: 'discord',
      });
      sessionStorage.clear();
    });

    it("stays on the page with 'Failed to update socials' when the link cannot start", async () => {
      const assign = vi.fn();
      vi.stubGlobal('location', { assign, href: window.location.href, origin: window.location.origin });
      serve(profileOf(), (call) =>
        call.path === '/api/oauth/twitter/start'
          ? { status: 503, body: { success: false, error: 'X linking is not configured' } }
          : undefined,
      );
      renderModal();
      act(() => {
        ui.openModal('profile');
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Link X' }));
      await waitFor(() => {
        expect(toastTexts()).toEqual([
          'error: Failed to update socials',
          'error: X linking is not configured',
        ]);
      });
      expect(assign).not.toHaveBeenCalled();
      expect(sessionStorage.getItem(OAUTH_PENDING_KEY)).toBeNull();
    });

    it('refuses a start URL that leads off the site', async () => {
      const assign = vi.fn();
      vi.stubGlobal('location', { assign, href: window.location.href, origin: window.location.origin });
      serve(profileOf(), (call) =>
        call.path === '/api/oauth/discord/start'
          ? { body: { success: true, url: 'https://evil.example/api/oauth/discord?code=x' } }
          : undefined,
      );
      renderModal();
      act(() => {
        ui.openModal('profile');
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Link Discord' }));
      await waitFor(() => {
        expect(toastTexts()).toEqual(['error: Failed to update socials', 'error: Invalid link URL']);
      });
      expect(assign).not.toHaveBeenCalled();
    });
  });

  describe('referral', () => {
    beforeEach(() => {
      signedIn();
    });

    it('creates the referral link and then shows it', async () => {
      serve(profileOf(), (call) => {
        if (call.path === '/api/user/createReferral')
          return { body: { success: true, referral: 'ABCD2345' } };
        if (call.path === `/api/user/referralStats/${ADDRESS}`) {
          return { body: { success: true, fees: '0', referredUserCount: 0 } };
        }
        return undefined;
      });
      renderModal();
      act(() => {
        ui.openModal('profile');
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Create referral link' }));
      await waitFor(() => {
        expect(toastTexts()).toEqual(['success: Successfully created referral!']);
      });
      const link = await screen.findByLabelText('Your referral link');
      expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/?ref=ABCD2345`);
    });

    it("shows 'Referral already exists' as the server sends it", async () => {
      serve(profileOf(), (call) =>
        call.path === '/api/user/createReferral'
          ? { status: 400, body: { success: false, error: 'Referral already exists' } }
          : undefined,
      );
      renderModal();
      act(() => {
        ui.openModal('profile');
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Create referral link' }));
      await waitFor(() => {
        expect(toastTexts()).toEqual(['error: Failed to create referral', 'error: Referral already exists']);
      });
    });

    it('copies the link, says Copied!, and shows the stats and the fee share', async () => {
      const user = userEvent.setup();
      const writeText = vi.spyOn(navigator.clipboard, 'writeText');
      serve(profileOf({ referral: 'ABCD2345' }), (call) =>
        call.path === `/api/user/referralStats/${ADDRESS}`
          ? { body: { success: true, fees: '1500000000', referredUserCount: 3 } }
          : undefined,
      );
      renderModal();
      act(() => {
        ui.openModal('profile');
      });
      await user.click(await screen.findByRole('button', { name: 'Copy' }));
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/?ref=ABCD2345`);
      expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/?ref=ABCD2345`);
      expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();

      const stats = await screen.findByText('Referred players');
      await waitFor(() => {
        expect(stats.parentElement?.textContent).toBe('Referred players3');
      });
      expect(screen.getByText('Fees earned').parentElement?.textContent).toBe('Fees earned1.5 SOL');
      expect(screen.getByRole('tooltip', { hidden: true }).textContent).toContain('10% of the fees');
    });
  });
});
