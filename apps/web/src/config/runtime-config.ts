/**
 * What the web app learns from the server at start-up (`GET /api/config`): the cluster, where its RPC is,
 * the program ids and mints, the admins and the announcement. Read once, before the first render, and
 * validated with the SDK's schema (the one the server declares its answer with), so a wrong server fails
 * fast with the field's name. The schema (and zod with it) is its own chunk, fetched while the config is:
 * the entry chunk stays free of it (`parse-runtime-config.ts`).
 *
 * @module
 */

import type { Announcement as ConfigAnnouncement, RuntimeConfig as ConfigBody } from '@arcade/sdk/api/config';

import { api } from '../lib/api-client.ts';

/** The announcement shown in the marquee; a new `version` shows again to users who dismissed an older one. */
export type Announcement = Readonly<ConfigAnnouncement>;

/** The server's answer to `GET /api/config` (the SDK's schema, `@arcade/sdk/api/config`). */
export type RuntimeConfig = Readonly<ConfigBody>;

/** A field of `/api/config` that is missing or of the wrong type. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

/** Resolves a config URL that may be a path on this origin; `ws` turns http(s) into ws(s). */
export function absoluteUrl(url: string, ws = false): string {
  const resolved = new URL(url, window.location.origin);
  if (ws)
    resolved.protocol =
      resolved.protocol === 'https:' ? 'wss:' : resolved.protocol === 'http:' ? 'ws:' : resolved.protocol;
  return resolved.toString();
}

let loaded: RuntimeConfig | null = null;

/** Fetches and validates `/api/config` once; later calls return the same object. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  if (loaded === null) {
    const [body, { parseRuntimeConfig }] = await Promise.all([
      api<unknown>('/api/config'),
      import('./parse-runtime-config.ts'),
    ]);
    loaded ??= parseRuntimeConfig(body);
  }
  return loaded;
}

/** The config loaded before the first render. Throws if called before {@link loadRuntimeConfig} finished. */
export function runtimeConfig(): RuntimeConfig {
  if (loaded === null) throw new RuntimeConfigError('Server config not loaded yet');
  return loaded;
}

/**
 * Whether `address` is one of the admin wallets of the server config (docs/reference/roles.md#admins), who
 * create and resolve markets. Only what the app offers: the server checks again on every admin call.
 */
export function isAdminWallet(address: string | null): boolean {
  return address !== null && runtimeConfig().admins.includes(address);
}

/** Sets the config directly (tests and stories). */
export function setRuntimeConfig(config: RuntimeConfig): void {
  loaded = config;
}
