/**
 * What the web app learns from the server at start-up (`GET /api/config`): the cluster, where its RPC is,
 * the program ids and mints, the admins and the announcement. Read once, before the first render, and
 * validated here so a wrong server fails fast with the field's name.
 *
 * @module
 */

import { api } from '../lib/api-client.ts';

/** The cluster the server runs against; `localnet` is the embedded chain of `npm start`. */
export type Cluster = 'localnet' | 'devnet' | 'mainnet-beta';

/** The announcement shown in the marquee; a new `version` shows again to users who dismissed an older one. */
export interface Announcement {
  readonly version: number;
  readonly text: string;
}

/** The server's answer to `GET /api/config`. */
export interface RuntimeConfig {
  readonly cluster: Cluster;
  /** JSON-RPC over HTTP: an absolute URL, or a path on this origin such as `/rpc`. */
  readonly rpcUrl: string;
  /** A second JSON-RPC endpoint used when the first fails, or null. */
  readonly rpcFallbackUrl: string | null;
  /** PubSub websocket: an absolute `ws(s)://` URL, or a path on this origin such as `/rpc`. */
  readonly rpcWsUrl: string;
  readonly programs: { readonly wager: string; readonly foresight: string };
  readonly mints: { readonly juice: string; readonly usdc: string; readonly usdt: string };
  /** The Pyth SOL/USD price account Foresight settles from. */
  readonly priceAccount: string;
  /** Wallets that see the operator console. The server checks again on every admin call. */
  readonly admins: readonly string[];
  /** The community chat (Discord) invite. */
  readonly communityChatUrl: string;
  /** The social network profile (X). */
  readonly socialUrl: string;
  readonly announcement: Announcement | null;
}

/** A field of `/api/config` that is missing or of the wrong type. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

function field<T>(value: unknown, name: string, check: (v: unknown) => v is T): T {
  if (!check(value)) throw new RuntimeConfigError(`Server config: ${name} is missing or invalid`);
  return value;
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Checks the shape of `/api/config` and returns it typed. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const body = field(raw, 'body', isRecord);
  const programs = field(body['programs'], 'programs', isRecord);
  const mints = field(body['mints'], 'mints', isRecord);
  const cluster = field(body['cluster'], 'cluster', (v): v is Cluster =>
    ['localnet', 'devnet', 'mainnet-beta'].includes(v as string),
  );
  const announcementRaw = body['announcement'];
  let announcement: Announcement | null = null;
  if (announcementRaw !== null && announcementRaw !== undefined) {
    const a = field(announcementRaw, 'announcement', isRecord);
    announcement = {
      version: field(a['version'], 'announcement.version', (v): v is number => Number.isInteger(v)),
      text: field(a['text'], 'announcement.text', isString),
    };
  }
  const fallback = body['rpcFallbackUrl'];
  return {
    cluster,
    rpcUrl: field(body['rpcUrl'], 'rpcUrl', isString),
    rpcFallbackUrl:
      fallback === null || fallback === undefined ? null : field(fallback, 'rpcFallbackUrl', isString),
    rpcWsUrl: field(body['rpcWsUrl'], 'rpcWsUrl', isString),
    programs: {
      wager: field(programs['wager'], 'programs.wager', isString),
      foresight: field(programs['foresight'], 'programs.foresight', isString),
    },
    mints: {
      juice: field(mints['juice'], 'mints.juice', isString),
      usdc: field(mints['usdc'], 'mints.usdc', isString),
      usdt: field(mints['usdt'], 'mints.usdt', isString),
    },
    priceAccount: field(body['priceAccount'], 'priceAccount', isString),
    admins: field(body['admins'], 'admins', (v): v is string[] => Array.isArray(v) && v.every(isString)),
    communityChatUrl: field(body['communityChatUrl'], 'communityChatUrl', isString),
    socialUrl: field(body['socialUrl'], 'socialUrl', isString),
    announcement,
  };
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
