/**
 * `GET /api/config`: what the web app learns from the server before its first render (the cluster, where
 * its RPC is, the program ids and mints, the admins, links and the announcement). The server declares its
 * answer with this schema and the web app validates what it receives with it.
 *
 * @module
 */

// zod/mini: the web app fetches this schema (and zod with it) as a chunk beside the config request, before
// its first render; mini is a fraction of classic zod's size there. The server's zod type provider takes both.
import { z } from 'zod/mini';

/** The clusters the server runs against; `localnet` is the embedded chain of `npm start`. */
export const CLUSTERS = ['localnet', 'devnet', 'mainnet-beta'] as const;

/** The cluster the server runs against. */
export type Cluster = (typeof CLUSTERS)[number];

/** The announcement shown in the marquee; a new `version` shows again to users who dismissed an older one. */
export const announcementSchema = z.object({ version: z.number(), text: z.string() });

/** The marquee's announcement. */
export type Announcement = z.output<typeof announcementSchema>;

/** The answer to `GET /api/config`. */
export const runtimeConfigSchema = z.object({
  cluster: z.enum(CLUSTERS),
  /** JSON-RPC over HTTP: an absolute URL, or a path on this origin such as `/rpc`. */
  rpcUrl: z.string(),
  /** A second JSON-RPC endpoint used when the first fails, or null. */
  rpcFallbackUrl: z.nullable(z.string()),
  /** PubSub websocket: an absolute `ws(s)://` URL, or a path on this origin such as `/rpc`. */
  rpcWsUrl: z.string(),
  programs: z.object({ wager: z.string(), foresight: z.string() }),
  mints: z.object({ juice: z.string(), usdc: z.string(), usdt: z.string() }),
  /** The Pyth SOL/USD price account Foresight settles from. */
  priceAccount: z.string(),
  /** Wallets that see the operator console. The server checks again on every admin call. */
  admins: z.array(z.string()),
  /** The community chat (Discord) invite. */
  communityChatUrl: z.string(),
  /** The social network profile (X). */
  socialUrl: z.string(),
  announcement: z.nullable(announcementSchema),
});

/** The server's answer to `GET /api/config`. */
export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;
