/**
 * Whether the signed-in wallet may post: `GET /api/user/{address}` for its username (the chat needs
 * one) and whether it is blocked.
 *
 * @module
 */

import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** The fields of the profile answer the chat uses. */
export interface ChatProfile {
  readonly username: string | null;
  readonly blocked: boolean;
}

/** Reads the wallet's profile. */
export async function getChatProfile(address: string, signal?: AbortSignal): Promise<ChatProfile> {
  const body = await api<ChatProfile>(`/api/user/${encodeURIComponent(address)}`, signal ? { signal } : {});
  return { username: body.username, blocked: body.blocked };
}

/** The chat's profile query. */
export function chatProfileQueryOptions(address: string) {
  return queryOptions({
    queryKey: ['chat', 'profile', address] as const,
    queryFn: ({ signal }) => getChatProfile(address, signal),
    staleTime: 30_000,
  });
}

/** The profile of `address` (none while signed out). */
export function useChatProfile(address: string | null) {
  return useQuery({ ...chatProfileQueryOptions(address ?? ''), enabled: address !== null });
}
