/**
 * The chat's messages in the query cache, oldest first. Only the `/chat` socket fills it (history on
 * every connect, then each new message); there is no HTTP read.
 *
 * @module
 */

import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';

import type { ChatMessage } from '../utils/chat-text.ts';

/** The one key the chat lives under. */
export const chatMessagesQueryKey = ['chat', 'messages'] as const;

/** How many messages the chat keeps on screen. */
export const CHAT_MAX_MESSAGES = 200;

/** The chat's query: socket-fed, never stale, kept across sidebar tab switches. */
export function chatMessagesQueryOptions() {
  return queryOptions<readonly ChatMessage[]>({
    queryKey: chatMessagesQueryKey,
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Messages by id, oldest first, at most {@link CHAT_MAX_MESSAGES}: history and live messages overlap. */
export function mergeChatMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()]
    .sort(
      (a, b) =>
        a.timestamp - b.timestamp || a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .slice(-CHAT_MAX_MESSAGES);
}

/** The chat's messages; undefined until the history arrives. */
export function useChatMessages(): readonly ChatMessage[] | undefined {
  return useQuery(chatMessagesQueryOptions()).data;
}
