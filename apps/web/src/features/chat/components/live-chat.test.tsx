import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { QueryClientProvider, notifyManager } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { formatDateTime } from '../../../lib/format.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { getUiState, ui } from '../../../lib/store.ts';
import { profileKey } from '../../../lib/user-profile.ts';
import type { ChatMessage } from '../utils/chat-text.ts';
import { LiveChat } from './live-chat.tsx';

const mocks = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  class FakeSocket {
    readonly listeners = new Map<string, Set<Listener>>();
    readonly emitted: unknown[][] = [];
    connectCalls = 0;
    readonly options: { path: string; auth: Record<string, unknown> };
    constructor(options: { path: string; auth: Record<string, unknown> }) {
      this.options = options;
    }
    on(event: string, listener: Listener) {
      if (!this.listeners.has(event)) this.listeners.set(event, new Set());
      this.listeners.get(event)!.add(listener);
    }
    off(event: string, listener: Listener) {
      this.listeners.get(event)?.delete(listener);
    }
    emit(...args: unknown[]) {
      this.emitted.push(args);
    }
    connect() {
      this.connectCalls += 1;
    }
    disconnect() {}
    fire(event: string, ...args: unknown[]) {
      for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
    }
  }
  const state = {
    sockets: [] as FakeSocket[],
    wallet: null as { address: string } | null,
    session: null as { address: string; token: string } | null,
    signIn: (() => Promise.resolve()) as () => Promise<void>,
    username: 'degen_1' as string | null,
  };
  return { FakeSocket, state };
});

vi.mock('socket.io-client', () => ({
  io: (_url: string, options: { path: string; auth: Record<string, unknown> }) => {
    const socket = new mocks.FakeSocket(options);
    mocks.state.sockets.push(socket);
    return socket;
  },
}));
vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ wallet: mocks.state.wallet, connecting: false, disconnect: () => Promise.resolve() }),
}));
vi.mock('../../../lib/session/session.tsx', () => ({
  useSession: () => ({
    session: mocks.state.session,
    status: mocks.state.session === null ? 'signed-out' : 'signed-in',
    blocked: false,
    signIn: mocks.state.signIn,
    signOut: () => undefined,
  }),
}));

notifyManager.setScheduler((callback) => {
  callback();
});

const ME = 'Me11111111111111111111111111111111111111111';
const message = (id: string, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  user: `anon${id}`,
  userId: `Other${id}1111111111111111111111111111111111`,
  message: `hello ${id}`,
  timestamp: Date.UTC(2026, 10, 22, 12, Number(id)),
  ...patch,
});

function socket() {
  const last = mocks.state.sockets.at(-1);
  if (last === undefined) throw new Error('no socket opened');
  return last;
}

function renderChat(client = createQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <LiveChat />
    </QueryClientProvider>,
  );
}

function signedIn() {
  mocks.state.wallet = { address: ME };
  mocks.state.session = { address: ME, token: 'session-token' };
}

function input() {
  return screen.getByLabelText<HTMLInputElement>('Chat message');
}

/** Connects and loads the history. */
function connect(history: ChatMessage[] = []) {
  act(() => {
    socket().fire('connect');
    socket().fire('messages', history);
  });
}

/** Answers the last `message` the client sent. */
function ack(reply: unknown) {
  const sent = socket()
    .emitted.filter((args) => args[0] === 'message')
    .at(-1);
  const callback = sent?.at(-1) as ((reply: unknown) => void) | undefined;
  if (callback === undefined) throw new Error('nothing sent');
  act(() => {
    callback(reply);
  });
}

beforeEach(() => {
  mocks.state.sockets = [];
  mocks.state.wallet = null;
  mocks.state.session = null;
  mocks.state.username = 'degen_1';
  mocks.state.signIn = vi.fn(() => Promise.resolve());
  ui.closeModal();
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, username: mocks.state.username, blocked: false }), {
          status: 200,
        }),
      ),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LiveChat: who may post', () => {
  it('without a wallet: read-only, "Connect a wallet to chat", Connect opens the wallet dialog', async () => {
    const user = userEvent.setup();
    renderChat();
    connect([message('1')]);
    expect(screen.getByText('hello 1')).toBeTruthy();
    expect(screen.getByText('Connect a wallet to chat')).toBeTruthy();
    expect(input().disabled).toBe(true);
    // Readers connect without a token.
    expect(socket().options.auth).toEqual({});
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(getUiState().modal).toBe('connect');
  });

  it('connected but not signed in: "Sign in to chat" and the button signs in', async () => {
    const user = userEvent.setup();
    mocks.state.wallet = { address: ME };
    renderChat();
    connect();
    expect(screen.getByText('Sign in to chat')).toBeTruthy();
    expect(input().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(mocks.state.signIn).toHaveBeenCalledTimes(1);
  });

  it('a session of another wallet does not count as signed in', () => {
    mocks.state.wallet = { address: ME };
    mocks.state.session = { address: 'Someone1111111111111111111111111111111111', token: 't' };
    renderChat();
    connect();
    expect(screen.getByText('Sign in to chat')).toBeTruthy();
  });

  it('signed in without a username: "Set a username to chat" opens the profile modal', async () => {
    const user = userEvent.setup();
    signedIn();
    mocks.state.username = null;
    const client = createQueryClient();
    renderChat(client);
    connect();
    await screen.findByText('Set a username to chat');
    expect(input().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Set username' }));
    expect(getUiState().modal).toBe('profile');
    // Saving it there invalidates the shared profile query: the chat enables while the modal is still open.
    mocks.state.username = 'newname';
    await act(async () => {
      await client.invalidateQueries({ queryKey: profileKey(ME) });
    });
    await waitFor(() => {
      expect(input().disabled).toBe(false);
    });
    expect(getUiState().modal).toBe('profile');
  });

  it('connection lost: says so, with Retry', async () => {
    vi.useFakeTimers();
    signedIn();
    renderChat();
    connect();
    act(() => {
      socket().fire('disconnect', 'transport close');
    });
    for (let i = 0; i < 5; i += 1) {
      act(() => {
        vi.advanceTimersByTime(1_000);
        socket().fire('connect_error', new Error('down'));
      });
    }
    vi.useRealTimers();
    expect(await screen.findByText('Connection lost')).toBeTruthy();
    expect(input().disabled).toBe(true);
    const before = socket().connectCalls;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(socket().connectCalls).toBe(before + 1);
  });
});

describe('LiveChat: posting', () => {
  it('opens the socket with the session token and sends on Enter, trimmed', async () => {
    const user = userEvent.setup();
    signedIn();
    renderChat();
    connect();
    expect(socket().options).toEqual({
      path: '/chat',
      auth: { token: 'session-token' },
      autoConnect: false,
      reconnection: false,
    });
    await waitFor(() => {
      expect(input().disabled).toBe(false);
    });
    await user.type(input(), '  gm frens ');
    expect(screen.getByText('11/100')).toBeTruthy();
    await user.keyboard('{Enter}');
    const sent = socket().emitted.filter((args) => args[0] === 'message');
    expect(sent).toHaveLength(1);
    expect(sent[0]![1]).toBe('gm frens');
    ack({ success: true, message: message('7', { userId: ME, user: 'degen_1', message: 'gm frens' }) });
    await waitFor(() => {
      expect(input().value).toBe('');
    });
    expect(screen.getByText('gm frens')).toBeTruthy();
  });

  it('Shift+Enter sends too (one line), and blank text is never sent', async () => {
    const user = userEvent.setup();
    signedIn();
    renderChat();
    connect();
    await waitFor(() => {
      expect(input().disabled).toBe(false);
    });
    await user.type(input(), '   {Enter}');
    expect(socket().emitted.filter((args) => args[0] === 'message')).toHaveLength(0);
    await user.clear(input());
    await user.type(input(), 'wagmi{Shift>}{Enter}{/Shift}');
    expect(
      socket()
        .emitted.filter((args) => args[0] === 'message')
        .map((args) => args[1]),
    ).toEqual(['wagmi']);
  });

  it('flags a 101-character paste instead of cutting it, sends nothing until it fits, then sends it whole', async () => {
    const user = userEvent.setup();
    signedIn();
    renderChat();
    connect();
    await waitFor(() => {
      expect(input().disabled).toBe(false);
    });
    await user.click(input());
    const pasted = `${'x'.repeat(99)}yz`;
    await user.paste(pasted);
    // Kept as pasted, with the counter over the limit and a notice saying by how much.
    expect(input().value).toBe(pasted);
    expect(screen.getByLabelText('101 of 100 characters').textContent).toBe('101/100');
    expect(screen.getByRole('alert').textContent).toBe('Message is 1 character too long (100 max)');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', true);
    await user.keyboard('{Enter}');
    expect(socket().emitted.filter((args) => args[0] === 'message')).toHaveLength(0);
    // The writer chooses what to drop: one character less and it goes, exactly as written.
    await user.keyboard('{Backspace}');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.keyboard('{Enter}');
    const sent = socket().emitted.filter((args) => args[0] === 'message');
    expect(sent.map((args) => args[1])).toEqual([`${'x'.repeat(99)}y`]);
  });

  it('flags a 10,000-character paste clearly and never sends it', async () => {
    const user = userEvent.setup();
    signedIn();
    renderChat();
    connect();
    await waitFor(() => {
      expect(input().disabled).toBe(false);
    });
    await user.click(input());
    await user.paste('x'.repeat(10_000));
    expect(input().value).toHaveLength(10_000);
    expect(screen.getByText('10000/100')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Message is 9,900 characters too long (100 max)');
    await user.keyboard('{Enter}');
    expect(socket().emitted.filter((args) => args[0] === 'message')).toHaveLength(0);
  });

  it('shows the server’s refusal inline and keeps the text', async () => {
    const user = userEvent.setup();
    signedIn();
    renderChat();
    connect();
    await waitFor(() => {
      expect(input().disabled).toBe(false);
    });
    await user.type(input(), 'spam{Enter}');
    ack({ success: false, error: 'Slow down: one message per second' });
    expect((await screen.findByRole('alert')).textContent).toBe('Slow down: one message per second');
    // The unsent text stays, to send again a moment later.
    expect(input().value).toBe('spam');
  });
});

describe('LiveChat: a refusal told apart by its code', () => {
  it('reads the profile again when the server says the wallet has no username (CHAT_USERNAME_REQUIRED)', async () => {
    const user = userEvent.setup();
    signedIn();
    renderChat();
    connect();
    await waitFor(() => {
      expect(input().disabled).toBe(false);
    });
    await user.type(input(), 'gm{Enter}');
    // The username went meanwhile (another tab): the refusal's code, not its words, sends the chat to the profile.
    mocks.state.username = null;
    ack({ success: false, error: 'any wording', code: ApiErrorCode.CHAT_USERNAME_REQUIRED });
    await screen.findByText('Set a username to chat');
    await waitFor(() => {
      expect(input().disabled).toBe(true);
    });
  });
});

describe('LiveChat: messages', () => {
  it('renders text as text, with author and time, and highlights the user’s own', () => {
    signedIn();
    renderChat();
    const evil = '<img src=x onerror="alert(1)"><b>bold</b>';
    connect([
      message('1', { message: evil }),
      message('2', { userId: ME, user: 'degen_1', message: 'mine' }),
    ]);
    const log = screen.getByRole('log');
    expect(log.querySelector('img')).toBeNull();
    expect(log.querySelector('b')).toBeNull();
    expect(within(log).getByText(evil)).toBeTruthy();
    const [first, own] = within(log).getAllByRole('listitem');
    expect(first!.textContent).toContain('anon1');
    expect(first!.textContent).toContain(formatDateTime(message('1').timestamp));
    expect(own!.textContent).toContain('(you)');
    expect(own!.className).toContain('border-accent/30');
    expect(first!.className).not.toContain('border-accent/30');
  });

  it('adds live messages, and offers a "new messages" pill when scrolled up', async () => {
    const user = userEvent.setup();
    renderChat();
    connect([message('1')]);
    const log = screen.getByRole('log');
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 1_000 });
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 200 });
    log.scrollTop = 0;
    act(() => {
      log.dispatchEvent(new Event('scroll'));
    });
    act(() => {
      socket().fire('new_message', message('2'));
      socket().fire('new_message', message('3'));
    });
    expect(screen.getByText('hello 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /2 new messages/ }));
    expect(log.scrollTop).toBe(1_000);
    expect(screen.queryByRole('button', { name: /new message/ })).toBeNull();
  });

  it('makes the scrolling messages keyboard-focusable, named, as a list (axe: scrollable-region-focusable)', () => {
    renderChat();
    connect([message('1'), message('2')]);
    const log = screen.getByRole('log', { name: 'Chat messages' });
    expect(log.tabIndex).toBe(0);
    expect(log.className).toContain('overflow-y-auto');
    expect(within(within(log).getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says so when there are no messages yet', () => {
    renderChat();
    connect([]);
    expect(screen.getByText('No messages yet. Say gm!')).toBeTruthy();
  });
});
