import { COMMENT_MAX_LENGTH } from '@arcade/sdk/api/prophecy';
import { useId, useState, type SyntheticEvent } from 'react';

import { Button, Spinner } from '../../../components/ui/button.tsx';
import { formatRelativeTime, shortAddress } from '../../../lib/format.ts';
import { errorText } from '../../../lib/error-text.ts';
import { isPendingComment, useAddComment, type Commenter } from '../api/add-comment.ts';
import { useComments } from '../api/get-comments.ts';
import { commentError } from '../utils/comment.ts';
import { codePoints } from '../../../lib/prophecy/market-proposal.ts';

/** Who is looking at the comments: signed in (may post), or not. */
export type CommentViewer =
  | { readonly kind: 'signed-in'; readonly commenter: Commenter }
  | { readonly kind: 'signing-in' }
  | { readonly kind: 'signed-out'; readonly onSignIn: () => void };

/**
 * A market's comments, newest first, with "Load older comments"; signed-in users get the form (checked as
 * the server will; a posted comment shows at once and is taken back with the server's reason if refused),
 * everyone else a "Sign in to comment" button.
 */
export function Comments({ market, viewer }: { readonly market: string; readonly viewer: CommentViewer }) {
  const titleId = useId();
  const comments = useComments(market);
  const list = comments.data?.pages.flatMap((page) => page.comments) ?? [];

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="mt-4 flex items-end justify-between gap-4">
        <h2 id={titleId} className="font-display text-lg font-bold tracking-tight text-ink">
          Comments
        </h2>
        {list.length > 0 && (
          <span className="text-xs text-ink-faint">
            {list.length}
            {comments.hasNextPage ? '+' : ''} {list.length === 1 ? 'comment' : 'comments'}
          </span>
        )}
      </div>
      {viewer.kind === 'signed-in' ? (
        <CommentForm market={market} commenter={viewer.commenter} />
      ) : (
        <div className="card flex flex-col items-start gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink-dim">Sign in with your wallet to join the discussion.</p>
          <Button
            variant="secondary"
            className="shrink-0"
            pending={viewer.kind === 'signing-in'}
            onClick={viewer.kind === 'signed-out' ? viewer.onSignIn : undefined}
          >
            Sign in to comment
          </Button>
        </div>
      )}
      {comments.isPending ? (
        <div role="status" className="card flex items-center justify-center gap-2 py-8 text-sm text-ink-dim">
          <Spinner className="size-4 text-accent" /> Loading comments…
        </div>
      ) : comments.isError && list.length === 0 ? (
        <div
          role="alert"
          className="card flex items-center justify-between gap-3 px-5 py-4 text-sm text-loss"
        >
          <span>{errorText(comments.error)}</span>
          <Button variant="secondary" size="sm" onClick={() => void comments.refetch()}>
            Retry
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="card px-5 py-8 text-center text-sm text-ink-dim">No comments yet. Be the first.</p>
      ) : (
        <ul className="card divide-y divide-edge/70" aria-label="Comments">
          {list.map((comment) => {
            const pending = isPendingComment(comment);
            return (
              <li
                key={comment.id}
                className={`flex flex-col gap-1 px-5 py-3 ${pending ? 'opacity-60' : ''}`}
                aria-busy={pending || undefined}
              >
                <div className="flex items-baseline justify-between gap-3 text-xs">
                  <span className="truncate font-semibold text-accent" title={comment.user}>
                    {comment.username ?? shortAddress(comment.user)}
                  </span>
                  <span className="shrink-0 text-ink-faint">
                    {pending ? (
                      'Posting…'
                    ) : (
                      <time dateTime={new Date(comment.timestamp).toISOString()}>
                        {formatRelativeTime(comment.timestamp)}
                      </time>
                    )}
                  </span>
                </div>
                <p className="text-sm break-words whitespace-pre-line text-ink">{comment.comment}</p>
              </li>
            );
          })}
        </ul>
      )}
      {comments.hasNextPage && (
        <Button
          variant="ghost"
          className="self-center"
          pending={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          Load older comments
        </Button>
      )}
    </section>
  );
}

function CommentForm({ market, commenter }: { readonly market: string; readonly commenter: Commenter }) {
  const ids = { input: useId(), error: useId(), count: useId() };
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useAddComment(market, commenter);
  const length = codePoints(text.trim());

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = commentError(text);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setError(null);
    const sent = text;
    setText('');
    mutation.mutate(sent, {
      onError: (failure) => {
        // Put the text back so nothing typed is lost, with the server's reason under it.
        setText((current) => (current === '' ? sent : current));
        setError(errorText(failure));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="card flex flex-col gap-2 p-4" aria-label="Add a comment">
      <label htmlFor={ids.input} className="sr-only">
        Your comment
      </label>
      <textarea
        id={ids.input}
        rows={2}
        value={text}
        placeholder="Share your take on this market…"
        aria-invalid={error !== null || undefined}
        aria-describedby={`${ids.count}${error !== null ? ` ${ids.error}` : ''}`}
        onChange={(event) => {
          setText(event.target.value);
          if (error !== null) setError(null);
        }}
        onKeyDown={(event) => {
          // Enter posts, Shift+Enter adds a line.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
        className={`min-h-16 w-full resize-y rounded-xl border bg-void/60 px-3 py-2 text-sm placeholder:text-ink-faint focus:outline-none ${error !== null ? 'border-loss/70' : 'border-edge focus:border-accent/60'}`}
      />
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0 text-xs">
          {error !== null ? (
            <p id={ids.error} role="alert" className="text-loss">
              {error}
            </p>
          ) : (
            <p className="text-ink-faint">Enter to post, Shift+Enter for a new line.</p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-3">
          <span
            id={ids.count}
            className={`text-xs tabular ${length > COMMENT_MAX_LENGTH ? 'text-loss' : 'text-ink-faint'}`}
          >
            {length}/{COMMENT_MAX_LENGTH}
          </span>
          <Button type="submit" size="sm" pending={mutation.isPending}>
            Post
          </Button>
        </div>
      </div>
    </form>
  );
}
