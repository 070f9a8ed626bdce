/**
 * Query keys of the operator console. Market keys sit under `prophecy` so that a created or resolved
 * market also refreshes the Prophecy pages' own lists.
 *
 * @module
 */

/** The console's query keys. */
export const adminKeys = {
  all: ['admin'] as const,
  house: () => ['admin', 'house'] as const,
  blocked: () => ['admin', 'blocked'] as const,
  health: () => ['admin', 'health'] as const,
  requests: (status: string) => ['admin', 'requests', status] as const,
  requestsAll: () => ['admin', 'requests'] as const,
  account: (address: string) => ['admin', 'account', address] as const,
  prophecy: ['prophecy'] as const,
  markets: () => ['prophecy', 'markets', 'admin'] as const,
};
