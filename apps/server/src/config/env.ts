/**
 * The server's configuration: one zod schema over the environment, parsed once at start-up.
 *
 * Nothing set means the embedded default: the local chain in-process, PGlite under `DATA_DIR`, in-memory
 * socket fan-out and rate limits, the local stand-ins for mainnet services. Setting `SOLANA_RPC_URL` points
 * the server at a real cluster, which then requires the keys and secrets a real deployment needs; with
 * `SOLANA_CLUSTER=localnet` as well it attaches to a local chain run as its own process (`npm run localnet`),
 * keeping the stand-ins and the chain's own keys: the staging shape (docs/deployment.md).
 *
 * @module
 */

import { isAddress } from '@solana/kit';
import { z } from 'zod';

/** A configuration that does not parse; the message names every variable that is wrong. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  /** `VARIABLE: reason`, one per problem. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid environment:\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

const emptyToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const port = z.coerce.number().int().min(0).max(65_535);
const wholeNumber = z.coerce.number().int().min(0);
const address = z.string().trim().refine(isAddress, 'expected a base58 Solana address');
/** The standard workers' names (`WORKERS`, `WORKERS_DRY_RUN`). */
export const WORKER_NAMES = ['indexer', 'bet-settler', 'foresight-crank', 'market-settler'] as const;

/** `a, b,c` → `['a', 'b', 'c']`; `lower` folds case (deny lists, host names). */
const commaList = (lower: boolean) => (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => (lower ? item.trim().toLowerCase() : item.trim()))
        .filter((item) => item !== '')
    : value;
const addressList = z.preprocess(commaList(false), z.array(address));
const wordList = z.preprocess(commaList(true), z.array(z.string()));
const flag = z.preprocess(
  (value) => (typeof value === 'string' ? ['1', 'true', 'yes', 'on'].includes(value.toLowerCase()) : value),
  z.boolean(),
);

/** Whether `value` is an absolute http(s) URL. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Host names a wildcard listener (`HOST=0.0.0.0`, `::`) is reached at from this machine. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);
/** Names of this machine: a `PUBLIC_URL` on one of them reaches the server directly, on its own port. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0', '[::]']);

/** `HOST` as it appears in a URL: brackets around an IPv6 address. */
function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * `PUBLIC_URL` when it is not set: where a browser on this machine reaches `HOST:PORT`. A wildcard `HOST`
 * listens on every interface, and 127.0.0.1 is the one that always exists.
 *
 * @example derivedPublicUrl('0.0.0.0', 8180) === 'http://127.0.0.1:8180'
 */
export function derivedPublicUrl(host: string, port: number): string {
  const name = WILDCARD_HOSTS.has(host.trim()) ? '127.0.0.1' : urlHost(host.trim().toLowerCase());
  return `http://${name}:${String(port)}`;
}

/**
 * Why `publicUrl` cannot reach a server listening on `HOST:PORT`, or null when it can (or may).
 *
 * A `PUBLIC_URL` naming this machine (localhost, a loopback address or `HOST` itself) is where browsers
 * connect directly, so its port must be `PORT`: otherwise sign-in messages name the wrong domain and OAuth
 * redirects land on another port. A public address may differ: a reverse proxy or load balancer in front
 * (`https://play.example.com` → `127.0.0.1:8080`), and so may this machine's address when `trustProxy`
 * (`TRUST_PROXY`) says a proxy on this machine stands in front (the staging stack's load balancer).
 * `PORT=0` (any free port) cannot be checked.
 */
export function publicUrlProblem(
  publicUrl: string,
  host: string,
  port: number,
  trustProxy = false,
): string | null {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return null; // zod reports it
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'expected an http(s) URL';
  if (port === 0 || trustProxy) return null;
  const hostname = url.hostname.toLowerCase();
  const own = urlHost(host.trim().toLowerCase());
  if (!LOOPBACK_HOSTS.has(hostname) && hostname !== own) return null;
  const urlPort = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (urlPort === port) return null;
  return (
    `${publicUrl} is this machine on port ${String(urlPort)}, but the server listens on PORT=${String(port)}: ` +
    `sign-in and account linking would point browsers at the wrong port. Unset PUBLIC_URL (it follows HOST ` +
    `and PORT: ${derivedPublicUrl(host, port)}) or set it to the address of the proxy in front of the server (with TRUST_PROXY=true for a proxy on ` +
    `this machine)`
  );
}

/** Most demo bots one instance runs (`DEMO_BOTS`, `--bots=N`). */
export const MAX_DEMO_BOTS = 16;

/** Why `DEMO_SEED` and `DEMO_BOTS` are refused with `SOLANA_RPC_URL`. */
export const DEMO_LOCAL_ONLY = 'runs on the embedded local chain only; unset it when SOLANA_RPC_URL is set';

/** Why `FAIRNESS_SECRET_HEX` is refused with `SOLANA_RPC_URL`. */
export const FAIRNESS_SECRET_LOCAL_ONLY =
  'makes every settler seed known in advance: tests on the embedded local chain only; unset it when SOLANA_RPC_URL is set';

/** Usernames refused out of the box ('Username not allowed'); `USERNAME_DENYLIST` replaces the list. */
export const DEFAULT_USERNAME_DENYLIST: readonly string[] = Object.freeze([
  'admin',
  'administrator',
  'mod',
  'moderator',
  'support',
  'staff',
  'team',
  'official',
  'system',
  'root',
  'tailspin',
  'retail',
  'foresight',
  'prophecy',
  'juice',
]);

/** The keys and addresses a real cluster must take from the environment. */
const REQUIRED_CLUSTER_KEYS = [
  'AUTHORITY_KEYPAIR',
  'SETTLER_KEYPAIR',
  'EVENT_SIGNER_KEYPAIR',
  'JUICE_AUTHORITY_KEYPAIR',
  'JUICE_MINT',
  'TREASURY',
] as const;

/** Every key and address a real cluster takes from the environment; the local chain has its own. */
const CLUSTER_KEY_VARIABLES = [
  ...REQUIRED_CLUSTER_KEYS,
  'USDC_MINT',
  'USDT_MINT',
  'PYTH_SOL_USD_ACCOUNT',
] as const;

/** Why a key variable is refused with `SOLANA_CLUSTER=localnet`. */
export const LOCAL_KEYS_FROM_DATA_DIR =
  "comes from the local chain's data directory (LOCALNET_DATA_DIR) with SOLANA_CLUSTER=localnet; unset it";

/**
 * A server attached to a local chain run as its own process: the stand-ins and the chain's own keys, so no
 * key may come from the environment (it would sign with another key than the chain's seed expects), and the
 * demo stays with the embedded default (several instances would each seed and run bots).
 */
function attachedLocalIssues(
  env: { readonly DEMO_SEED?: boolean | undefined; readonly DEMO_BOTS: number } & {
    readonly [K in (typeof CLUSTER_KEY_VARIABLES)[number]]?: string | undefined;
  },
  issue: (path: string, message: string) => void,
): void {
  if (env.DEMO_SEED === true) issue('DEMO_SEED', DEMO_LOCAL_ONLY);
  if (env.DEMO_BOTS > 0) issue('DEMO_BOTS', DEMO_LOCAL_ONLY);
  for (const name of CLUSTER_KEY_VARIABLES) {
    if (env[name] !== undefined) issue(name, LOCAL_KEYS_FROM_DATA_DIR);
  }
}

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: port.default(8080),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * `pretty` (one coloured line per entry, via pino-pretty) or `json` (one JSON object per line). Default
     * `pretty` on a terminal outside production, `json` otherwise (production, pipes, tests): see
     * `logFormat`.
     */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    /** Where the embedded default keeps everything (PGlite, the local chain, keys, image cache). */
    DATA_DIR: z.string().default('./.data'),
    /**
     * The address browsers use; the sign-in message's domain, the OAuth redirects, the local OAuth provider's
     * issuer and the socket and RPC origin checks come from it. Default `http://HOST:PORT` (`127.0.0.1` for a
     * wildcard `HOST`): see `derivedPublicUrl`.
     */
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),

    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,

    SOLANA_RPC_URL: optionalUrl,
    SOLANA_RPC_FALLBACK_URL: optionalUrl,
    SOLANA_WS_URL: optionalUrl,
    SOLANA_CLUSTER: z.enum(['localnet', 'devnet', 'mainnet-beta']).optional(),
    LOCALNET_RPC_PORT: port.default(8899),
    LOCALNET_PUBSUB_PORT: port.optional(),
    LOCALNET_FORESIGHT_TIMELOCK: z.coerce.number().int().min(1).default(300),
    LOCALNET_SLOT_MS: z.coerce.number().int().min(1).default(400),
    /** Most transactions the embedded chain's history keeps (its `--limit-ledger-size`); default the chain's. */
    LOCALNET_LIMIT_LEDGER_SIZE: wholeNumber.optional(),
    /**
     * With `SOLANA_CLUSTER=localnet` and `SOLANA_RPC_URL`: the data directory of the local chain running as its
     * own process (`npm run localnet -- --data-dir`), whose keys, mints and NFT files this instance reads.
     * Default `./.data/localnet`, the chain's own default.
     */
    LOCALNET_DATA_DIR: z.string().default('./.data/localnet'),

    JWT_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    JWT_TTL_SECS: z.coerce
      .number()
      .int()
      .min(60)
      .default(7 * 86_400),
    NONCE_TTL_SECS: z.coerce.number().int().min(30).default(300),

    ADMIN_WALLETS: addressList.optional(),
    USERNAME_DENYLIST: wordList.optional(),

    AUTHORITY_KEYPAIR: optionalString,
    SETTLER_KEYPAIR: optionalString,
    EVENT_SIGNER_KEYPAIR: optionalString,
    JUICE_AUTHORITY_KEYPAIR: optionalString,
    JUICE_MINT: address.optional(),
    USDC_MINT: address.optional(),
    USDT_MINT: address.optional(),
    TREASURY: address.optional(),
    PYTH_SOL_USD_ACCOUNT: address.optional(),

    TENSOR_API_KEY: optionalString,
    HELIUS_API_KEY: optionalString,
    JUPITER_API_URL: optionalUrl,
    JUPITER_API_KEY: optionalString,
    /**
     * Hermes, where the Foresight crank finds the Pyth update for each tick's planned time (a real cluster
     * only; the local chain serves `getPythPriceUpdate` itself). Default Pyth's public Hermes.
     */
    HERMES_URL: optionalString,
    /** Hermes' API key, sent as a bearer token; required with `SOLANA_RPC_URL`. */
    HERMES_API_KEY: optionalString,
    DISCORD_CLIENT_ID: optionalString,
    DISCORD_CLIENT_SECRET: optionalString,
    X_CLIENT_ID: optionalString,
    X_CLIENT_SECRET: optionalString,

    /** Hosts the image route may fetch originals from (besides this server's own NFT art). */
    IMAGE_REMOTE_HOSTS: z.preprocess(commaList(true), z.array(z.string()).default([])),
    /** Most bytes the resized images under `DATA_DIR/cache/images` take; the least recently used go first. */
    IMAGE_CACHE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(512 * 1024 * 1024),
    /** Most files in that cache. */
    IMAGE_CACHE_MAX_FILES: z.coerce.number().int().min(1).default(50_000),
    /** Image cache misses (resizes) one IP may cause per minute, across instances with Redis; hits are free. */
    IMAGE_MISSES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    /** Resizes one instance runs at once, and how many more may wait for a slot (past that: 503). */
    IMAGE_RESIZE_CONCURRENCY: z.coerce.number().int().min(1).default(2),
    IMAGE_RESIZE_QUEUE: wholeNumber.default(32),

    /**
     * Which background workers this instance may lead: `all` (the default), `none` or a comma list of
     * {@link WORKER_NAMES}. A name not known is refused: a typo must not leave a worker unled.
     */
    WORKERS: z.preprocess(
      (value) => {
        if (value === undefined || value === 'all') return 'all';
        if (value === 'none') return [];
        return commaList(true)(value);
      },
      z.union([z.literal('all'), z.array(z.enum(WORKER_NAMES))]),
    ),

    /**
     * Which workers run in dry-run (they plan and log, never send a transaction or write, and take no leader
     * lock, so they can run beside the production ones): `all`, `none` (the default) or a comma list of
     * {@link WORKER_NAMES}. A name not known is refused: a typo must not leave a worker acting for real.
     */
    WORKERS_DRY_RUN: z.preprocess(
      (value) => {
        if (value === 'all') return 'all';
        if (value === undefined || value === 'none') return [];
        return commaList(true)(value);
      },
      z.union([z.literal('all'), z.array(z.enum(WORKER_NAMES))]),
    ),

    /** The web app's build (`npm run build:web`) served at `/`; default `apps/web/dist` in this checkout. */
    WEB_DIST_DIR: optionalString,
    /** JSON-RPC URL browsers use; default `/rpc`, this server's proxy to `SOLANA_RPC_URL` or the local chain. */
    PUBLIC_RPC_URL: z.string().min(1).default('/rpc'),
    /** PubSub websocket URL browsers use; default `/rpc` on this server (the same proxy). */
    PUBLIC_RPC_WS_URL: z.string().min(1).default('/rpc'),
    /** The community chat invite the web app links to. */
    COMMUNITY_CHAT_URL: z.url().default('https://discord.com'),
    /** The social network profile the web app links to. */
    SOCIAL_URL: z.url().default('https://x.com'),
    /** The marquee's announcement; a new `ANNOUNCEMENT_VERSION` shows again to users who dismissed the last. */
    ANNOUNCEMENT_TEXT: optionalString,
    ANNOUNCEMENT_VERSION: z.coerce.number().int().min(0).default(1),

    RATE_LIMIT_PER_MINUTE: wholeNumber.default(600),
    /**
     * `/rpc`'s own per-IP budget of calls a minute, over HTTP and the websocket alike (a batch costs each of
     * its calls, a heavy method a few units): sending one transaction polls statuses and resends for a minute.
     */
    RPC_RATE_LIMIT_PER_MINUTE: wholeNumber.default(3000),
    /** The most calls in one `/rpc` JSON-RPC batch (the web app and wallets send single calls). */
    RPC_MAX_BATCH: z.coerce.number().int().min(1).default(20),
    /** Open `/activity` and `/chat` sockets one client address may hold, both together, on all instances. */
    SOCKET_MAX_PER_CLIENT: z.coerce.number().int().min(1).default(32),
    /** Open `/rpc` websocket tunnels the whole instance holds (each is two sockets). */
    RPC_MAX_SOCKETS: z.coerce.number().int().min(1).default(2000),
    /** The chat's per-user limits (messages per second and per minute). */
    CHAT_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).default(1),
    CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_USER_PER_MINUTE: wholeNumber.default(300),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(64 * 1024),
    TRUST_PROXY: flag.default(false),
    /**
     * `/metrics` needs `Authorization: Bearer <METRICS_TOKEN>` when set; unset, it answers loopback clients
     * only (no `X-Forwarded-For`), others 404. See docs/operations.md.
     */
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    /** Serves `/metrics` on its own listener on this port (and not on `PORT`) when set. */
    METRICS_PORT: z.preprocess(emptyToUndefined, port.optional()),
    /** The address of the `METRICS_PORT` listener; default 127.0.0.1. */
    METRICS_HOST: z.string().default('127.0.0.1'),

    /**
     * Seeds the living demo (Prophecy markets open, closed and resolved, with predictions) after the server
     * listens. Default on with the embedded local chain, off otherwise; refused with a real cluster.
     */
    DEMO_SEED: flag.optional(),
    /** Bot players on the embedded local chain (`npm start -- --bots` sets 4); 0, the default, runs none. */
    DEMO_BOTS: z.coerce.number().int().min(0).max(MAX_DEMO_BOTS).default(0),
    /**
     * Tests only: a 32-byte master secret (64 hex digits) from which the settler derives every hash chain,
     * so a test knows each seed in advance (not the rolls: they also take the hash of the bet's slot, known
     * to nobody before the bet lands). Refused with `SOLANA_RPC_URL`.
     */
    FAIRNESS_SECRET_HEX: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes)')
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.PUBLIC_URL !== undefined) {
      const problem = publicUrlProblem(env.PUBLIC_URL, env.HOST, env.PORT, env.TRUST_PROXY);
      if (problem !== null) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: problem });
    }
    if (env.SOLANA_RPC_URL === undefined) return;
    if (env.SOLANA_CLUSTER === 'localnet') {
      attachedLocalIssues(env, (path, message) => {
        ctx.addIssue({ code: 'custom', path: [path], message });
      });
      return;
    }
    // The demo airdrops, creates markets and plays with bots: never on a real cluster.
    if (env.DEMO_SEED === true) {
      ctx.addIssue({ code: 'custom', path: ['DEMO_SEED'], message: DEMO_LOCAL_ONLY });
    }
    if (env.DEMO_BOTS > 0) {
      ctx.addIssue({ code: 'custom', path: ['DEMO_BOTS'], message: DEMO_LOCAL_ONLY });
    }
    // Known seeds: the settler's secret on a real cluster.
    if (env.FAIRNESS_SECRET_HEX !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['FAIRNESS_SECRET_HEX'], message: FAIRNESS_SECRET_LOCAL_ONLY });
    }
    // The crank needs Hermes to tick with a real Pyth update; the local chain has its own stand-in.
    if (env.HERMES_URL !== undefined && !isHttpUrl(env.HERMES_URL)) {
      ctx.addIssue({ code: 'custom', path: ['HERMES_URL'], message: 'expected an http(s) URL' });
    }
    // A real cluster: nothing may be generated on the fly.
    for (const name of ['JWT_SECRET', ...REQUIRED_CLUSTER_KEYS, 'ADMIN_WALLETS', 'HERMES_API_KEY'] as const) {
      if (env[name] === undefined) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required when SOLANA_RPC_URL is set' });
      }
    }
  })
  // DEMO_SEED's default follows the chain: on for the embedded one, off for a cluster. PUBLIC_URL's follows
  // HOST and PORT.
  .transform((env) => ({
    ...env,
    DEMO_SEED: env.DEMO_SEED ?? env.SOLANA_RPC_URL === undefined,
    PUBLIC_URL: env.PUBLIC_URL ?? derivedPublicUrl(env.HOST, env.PORT),
  }));

/** The parsed environment. */
export type Env = z.output<typeof schema>;

/**
 * Parses `source` (default `process.env`).
 *
 * @throws ConfigError naming each variable that is wrong.
 * @example loadEnv({ PORT: '8081' }).PORT === 8081
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
  );
}
