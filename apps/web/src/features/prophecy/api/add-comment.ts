/**
 * Posting a comment (`POST /api/prophecy/addComment`, signed in): it shows at once at the top of the list,
 * is replaced by the server's copy when accepted, and is taken back out, with the server's reason, when
 * refused.
 *
 * @module
 */

import type { CommentResponse, CommentView } from '@arcade/sdk/api/prophecy';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { commentsKey, type CommentPages } from './get-comments.ts';

/** The caller message of a refused comment (docs/reference/strings.md#toasts: then the server's own text). */
export const COMMENT_FAILED = 'Failed to post comment';

/** `POST /api/prophecy/addComment`: the stored comment. */
export async function addComment(token: string, market: string, comment: string): Promise<CommentView> {
  const body = await api<CommentResponse>('/api/prophecy/addComment', {
    method: 'POST',
    token,
    body: { market, comment },
  });
  return body.comment;
}

/** Who is commenting, for the optimistic copy. */
export interface Commenter {
  readonly token: string;
  readonly address: string;
  readonly username: string | null;
}

let nextOptimisticId = -1;

/** Puts `comment` first in the newest page. */
function prepend(data: CommentPages | undefined, comment: CommentView): CommentPages {
  if (data === undefined) return { pages: [{ comments: [comment], nextCursor: null }], pageParams: [null] };
  const [first, ...rest] = data.pages;
  return {
    ...data,
    pages: [
      { comments: [comment, ...(first?.comments ?? [])], nextCursor: first?.nextCursor ?? null },
      ...rest,
    ],
  };
}

/** Replaces (or, with null, removes) the comment with id `id`. */
function replace(
  data: CommentPages | undefined,
  id: number,
  next: CommentView | null,
): CommentPages | undefined {
  if (data === undefined) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      comments: page.comments.flatMap((c) => (c.id !== id ? [c] : next === null ? [] : [next])),
    })),
  };
}

/** Posts comments on `market` as `commenter`; the error is the server's (shown by the form too). */
export function useAddComment(market: string, commenter: Commenter | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => {
      if (commenter === null) return Promise.reject(new Error('Sign in to comment'));
      return addComment(commenter.token, market, comment);
    },
    onMutate: async (comment: string) => {
      await queryClient.cancelQueries({ queryKey: commentsKey(market) });
      const id = nextOptimisticId--;
      queryClient.setQueryData<CommentPages>(commentsKey(market), (data) =>
        prepend(data, {
          id,
          market,
          user: commenter?.address ?? '',
          username: commenter?.username ?? null,
          comment: comment.trim(),
          timestamp: Date.now(),
        }),
      );
      return { id };
    },
    onSuccess: (stored, _comment, context) => {
      queryClient.setQueryData<CommentPages>(commentsKey(market), (data) =>
        replace(data, context.id, stored),
      );
    },
    onError: (error, _comment, context) => {
      if (context !== undefined) {
        queryClient.setQueryData<CommentPages>(commentsKey(market), (data) =>
          replace(data, context.id, null),
        );
      }
      toast.failure(COMMENT_FAILED, error);
    },
  });
}

/** Whether a comment is the optimistic copy of one still being posted. */
export function isPendingComment(comment: CommentView): boolean {
  return comment.id < 0;
}
