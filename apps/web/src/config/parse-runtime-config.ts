/**
 * The check of `GET /api/config` against the SDK's schema, apart from `runtime-config.ts` so that the schema
 * and zod load as their own chunk, in parallel with the config request, rather than in the entry chunk.
 *
 * @module
 */

import { runtimeConfigSchema } from '@arcade/sdk/api/config';

import { RuntimeConfigError, type RuntimeConfig } from './runtime-config.ts';

/**
 * Checks `/api/config` against the SDK's schema and returns it typed (unknown fields dropped). The error
 * names the first field that is missing or invalid (`programs.wager`; the whole list for an item of one).
 */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const path = result.error.issues[0]?.path.filter((key) => typeof key === 'string') ?? [];
  const name = path.length === 0 ? 'body' : path.join('.');
  throw new RuntimeConfigError(`Server config: ${name} is missing or invalid`);
}
