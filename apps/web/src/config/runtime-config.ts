/**
 * What the web app learns from the server at start-up (`GET /api/config`): the cluster, where its RPC is,
 * the program ids and mints, the admins and the announcement. Read once, before the first render, and
 * validated with the SDK's schema (the one the server declares its answer with), so a wrong server fails
 * fast with the field's name.
 *
 * @module
 */

import {
  runtimeConfigSchema,
  type Announcement as ConfigAnnouncement,
  type Cluster as ConfigCluster,
  type RuntimeConfig as ConfigBody,
} from '@arcade/sdk/api/config';

import { api } from '../lib/api-client.ts';

/** The cluster the server runs against; `localnet` is the embedded chain of `npm start`. */
export type Cluster = ConfigCluster;

/** The announcement shown in the marquee; a new `version` shows again to users who dismissed an older one. */
export type Announcement = Readonly<ConfigAnnouncement>;

/** The server's answer to `GET /api/config` (the SDK's schema, `@arcade/sdk/api/config`). */
export type RuntimeConfig = Readonly<ConfigBody>;

/** A field of `/api/config` that is missing or of the wrong type. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

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
  loaded ??= parseRuntimeConfig(await api<unknown>('/api/config'));
  return loaded;
}

/** The config loaded before the first render. Throws if called before {@link loadRuntimeConfig} finished. */
export function runtimeConfig(): RuntimeConfig {
  if (loaded === null) throw new RuntimeConfigError('Server config not loaded yet');
  return loaded;
}

/**
 * Whether `address` is one of the admin wallets of the server config (spec §2: two whitelisted wallets), who
 * create and resolve markets. Only what the app offers: the server checks again on every admin call.
 */
export function isAdminWallet(address: string | null): boolean {
  return address !== null && runtimeConfig().admins.includes(address);
}

/** Sets the config directly (tests and stories). */
export function setRuntimeConfig(config: RuntimeConfig): void {
  loaded = config;
}
