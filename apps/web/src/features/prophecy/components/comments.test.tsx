import { COMMENT_MESSAGES, type CommentView } from '@arcade/sdk/api/prophecy';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast, useToasts } from '../../../lib/toast.ts';
import { COMMENT_FAILED } from '../api/add-comment.ts';
import { commentsKey } from '../api/get-comments.ts';
import { Comments, type CommentViewer } from './comments.tsx';

const MARKET = '8HQRMwo4Uvx3bZrTg1HzaGcUMBtzwmTPDBT9j65EuWjT';
const USER = 'DtDN5Xdri1jSYzRtZS2egNcHdsu76mmU4GkidKM9Spiy';
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

const existing: CommentView = {
  id: 7,
  market: MARKET,
  user: '8z9r9jJf9u2wEsuEci9YczEubqznRCMp4jpjzz8RDBmS',
  username: 'oracle',
  comment: 'Yes is free money',
  timestamp: NOW - 120_000,
};

let answer: { status: number; body: unknown } | null;
let resolveAnswer: (() => void) | null;
let posted: { body: unknown; auth: string | null }[];

function Toasts() {
  const toasts = useToasts();
  return (
    <ul aria-label="toasts">
      {toasts.map((t) => (
        <li key={t.id}>{`${t.kind}: ${t.message}`}</li>
      ))}
    </ul>
  );
}

function show(viewer: CommentViewer, older = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(commentsKey(MARKET), {
    pages: [{ comments: [existing], nextCursor: older ? 7 : null }],
    pageParams: [null],
  });
  render(
    <QueryClientProvider client={client}>
      <Comments market={MARKET} viewer={viewer} />
      <Toasts />
    </QueryClientProvider>,
  );
}

const signedIn: CommentViewer = {
  kind: 'signed-in',
  commenter: { token: 'tok', address: USER, username: 'degen_42' },
};

const commentTexts = () =>
  within(screen.getByRole('list', { name: 'Comments' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  answer = null;
  resolveAnswer = null;
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/prophecy/addComment') {
        posted.push({
          body: JSON.parse(init?.body as string),
          auth: new Headers(init?.headers).get('authorization'),
        });
        // Held until the test lets it through, so the optimistic copy can be seen.
        await new Promise<void>((resolve) => {
          resolveAnswer = resolve;
        });
      }
      const reply = input.includes('/comments?cursor=7')
        ? {
            status: 200,
            body: {
              success: true,
              comments: [{ ...existing, id: 3, comment: 'An older take' }],
              nextCursor: null,
            },
          }
        : (answer ?? { status: 404, body: { success: false, error: 'Not found' } });
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  toast.clear();
});

describe('market comments', () => {
  it('lists comments for everyone and asks a signed-out visitor to sign in', async () => {
    const onSignIn = vi.fn();
    show({ kind: 'signed-out', onSignIn });
    expect(commentTexts()).toEqual(['Yes is free money']);
    expect(screen.getByText('oracle')).toBeTruthy();
    expect(screen.getByText('2m ago')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to comment' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });

  it('shows the sign-in as pending while it runs', () => {
    show({ kind: 'signing-in' });
    expect(screen.getByRole('button', { name: 'Sign in to comment' })).toHaveProperty('disabled', true);
  });

  it('posts as the signed-in user: shown at once, then replaced by the stored comment', async () => {
    show(signedIn);
    answer = {
      status: 200,
      body: {
        success: true,
        comment: {
          id: 8,
          market: MARKET,
          user: USER,
          username: 'degen_42',
          comment: 'Taking No',
          timestamp: NOW,
        },
      },
    };
    await userEvent.type(screen.getByLabelText('Your comment'), '  Taking No  ');
    // Counted as the server does: trimmed.
    expect(screen.getByText('9/280')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(commentTexts()).toEqual(['Taking No', 'Yes is free money']);
    expect(screen.getByText('Posting…')).toBeTruthy();
    expect(posted).toEqual([{ body: { market: MARKET, comment: '  Taking No  ' }, auth: 'Bearer tok' }]);
    resolveAnswer?.();
    await waitFor(() => {
      expect(screen.queryByText('Posting…')).toBeNull();
    });
    expect(commentTexts()).toEqual(['Taking No', 'Yes is free money']);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your comment').value).toBe('');
  });

  it('takes a refused comment back out, with the server’s reason', async () => {
    show(signedIn);
    answer = {
      status: 429,
      body: { success: false, error: 'You are commenting too fast: wait 5 seconds between comments' },
    };
    await userEvent.type(screen.getByLabelText('Your comment'), 'Again');
    await userEvent.keyboard('{Enter}');
    expect(commentTexts()).toEqual(['Again', 'Yes is free money']);
    resolveAnswer?.();
    await waitFor(() => {
      expect(commentTexts()).toEqual(['Yes is free money']);
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'You are commenting too fast: wait 5 seconds between comments',
    );
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your comment').value).toBe('Again');
    const toasts = within(screen.getByRole('list', { name: 'toasts' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(toasts).toEqual([
      `error: ${COMMENT_FAILED}`,
      'error: You are commenting too fast: wait 5 seconds between comments',
    ]);
  });

  it('checks a comment before sending it', async () => {
    show(signedIn);
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(screen.getByRole('alert').textContent).toBe(COMMENT_MESSAGES.empty);
    await userEvent.click(screen.getByLabelText('Your comment'));
    await userEvent.paste('x'.repeat(281));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(screen.getByRole('alert').textContent).toBe(COMMENT_MESSAGES.tooLong);
    expect(posted).toEqual([]);
  });

  it('loads older comments on request', async () => {
    show({ kind: 'signed-out', onSignIn: () => undefined }, true);
    await userEvent.click(screen.getByRole('button', { name: 'Load older comments' }));
    await waitFor(() => {
      expect(commentTexts()).toEqual(['Yes is free money', 'An older take']);
    });
    expect(screen.queryByRole('button', { name: 'Load older comments' })).toBeNull();
  });
});
