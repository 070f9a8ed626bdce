/**
 * Market requests: a signed-in player proposes a market (`POST /api/prophecy/requestMarket`) for the
 * operators to review, and follows their own (`GET /api/prophecy/requests/mine`).
 *
 * @module
 */

import type {
  MarketProposal,
  MarketRequestListResponse,
  MarketRequestResponse,
  MarketRequestView,
} from '@arcade/sdk/api/prophecy';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';

/** A market request as its requester sees it (without who sent and who reviewed it). */
export type MarketRequest = Omit<MarketRequestView, 'requester' | 'requesterUsername' | 'reviewedBy'>;

/** The caller message of a refused request (docs/reference/strings.md#toasts: then the server's own text). */
export const REQUEST_FAILED = 'Failed to request market';

/** `POST /api/prophecy/requestMarket`. */
export async function requestMarket(token: string, proposal: MarketProposal): Promise<MarketRequest> {
  const body = await api<MarketRequestResponse>('/api/prophecy/requestMarket', {
    method: 'POST',
    token,
    body: proposal,
  });
  return body.request;
}

/** `GET /api/prophecy/requests/mine`: newest first. */
export async function getMyRequests(token: string, signal?: AbortSignal): Promise<readonly MarketRequest[]> {
  const body = await api<MarketRequestListResponse>('/api/prophecy/requests/mine', {
    token,
    ...(signal ? { signal } : {}),
  });
  return body.requests;
}

/** The query key of the signed-in wallet's requests. */
export function myRequestsKey(address: string | null) {
  return ['prophecy', 'requests', 'mine', address] as const;
}

/** The signed-in wallet's requests; disabled when signed out. */
export function myRequestsQueryOptions(session: { readonly address: string; readonly token: string } | null) {
  return queryOptions({
    queryKey: myRequestsKey(session?.address ?? null),
    queryFn: ({ signal }) => (session === null ? Promise.resolve([]) : getMyRequests(session.token, signal)),
    enabled: session !== null,
  });
}

/** The signed-in wallet's requests. */
export function useMyRequests(session: { readonly address: string; readonly token: string } | null) {
  return useQuery(myRequestsQueryOptions(session));
}

/** Sends a request as the signed-in wallet, with toasts; the list of requests refreshes after. */
export function useRequestMarket(session: { readonly address: string; readonly token: string } | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proposal: MarketProposal) => {
      if (session === null) return Promise.reject(new Error('Sign in to request a market'));
      return requestMarket(session.token, proposal);
    },
    onMutate: () => ({ toastId: toast.info('Sending your request…') }),
    onSuccess: (request, _proposal, context) => {
      toast.update(context.toastId, 'success', `Request sent: ${request.marketMetadata.shortName}`);
    },
    onError: (error, _proposal, context) => {
      if (context === undefined) toast.error(REQUEST_FAILED);
      else toast.update(context.toastId, 'error', REQUEST_FAILED);
      toast.error(errorText(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myRequestsKey(session?.address ?? null) }),
  });
}
