/**
 * Serves the web app's build (`npm run build:web`, `WEB_DIST_DIR`) at `/`, so one origin carries the app,
 * the API, the sockets and the RPC proxy.
 *
 * Hashed files under `/assets/` are cached for a year; everything else (above all `index.html`) is
 * revalidated on every load, so a deploy reaches browsers at once. The build writes `.br` and `.gz` beside
 * each file and the one matching `Accept-Encoding` is sent. A navigation to one of the app's routes
 * (`/prophecy/…`, the web app's `route-paths.ts`) gets `index.html` with a 200, any other path the same
 * `index.html` (the app renders its not-found page) with a 404, while the server's own prefixes keep their
 * JSON 404. A route's HTML carries a `Link` header preloading what it paints first (the home hero), so no
 * other page preloads an image it does not use. Static files are exempt from the
 * rate limit: they are cheap, and one page load fetches many of them. Source maps (`*.map`) are always a
 * 404: they would hand out the original source. Every response, API and errors included, carries
 * `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY` and CSP `frame-ancestors 'none'`; when
 * `PUBLIC_URL` is HTTPS also `Strict-Transport-Security`.
 *
 * @module
 */

import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { matchAppRoute, type AppRoute } from '../../../web/src/app/route-paths.ts';
import { FRAME_ANCESTORS_NONE, SECURITY_HEADERS } from '../http/errors.ts';

/** `apps/web/dist` of this checkout: where `npm run build:web` writes. */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** The 503's message while there is no build to serve. */
export const WEB_APP_NOT_BUILT = API_ERROR_MESSAGES[ApiErrorCode.WEB_APP_NOT_BUILT];

/** Prefixes the server answers itself: never the web app, whatever the request accepts. */
const SERVER_PREFIXES = ['/api', '/rpc', '/activity', '/chat'] as const;

/** Hashed build output: immutable, and a missing one is a 404 (a stale client), never `index.html`. */
const ASSETS_DIR = 'assets';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A source map, also as its pre-compressed twin. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

/**
 * The Mobile Wallet Adapter's local association on Android: the page talks to the wallet app over a
 * websocket on a random localhost port.
 */
const MWA_LOCAL_ORIGIN = 'ws://localhost:*';

/** The origin of `url` when it is absolute (`https://rpc.example/?key=…` → `https://rpc.example`), else null. */
function absoluteOrigin(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** `https://a.example` → `wss://a.example`: the websocket origin of a page's own origin. */
function websocketOrigin(origin: string): string | null {
  if (origin.startsWith('https://')) return `wss://${origin.slice('https://'.length)}`;
  if (origin.startsWith('http://')) return `ws://${origin.slice('http://'.length)}`;
  return null;
}

/**
 * The app's Content-Security-Policy. Scripts only from this origin (the build has no inline script).
 * Styles from this origin plus inline: the Mobile Wallet Adapter's modal injects a `<style>` into its shadow
 * root, and a style cannot run code. Images from anywhere over HTTPS (NFT art). Connections only to this
 * origin (API, sockets, `/rpc`; its websocket origin spelled out, as older Safari does not count ws: as
 * 'self'), the public RPC when it is elsewhere, and `ws://localhost:*` for the Mobile Wallet Adapter: an
 * injected script cannot send what it reads anywhere else.
 *
 * @param publicUrl `PUBLIC_URL`, the origin browsers load the app from.
 */
export function contentSecurityPolicy(publicUrl: string, publicRpcUrls: readonly string[]): string {
  const connect = new Set<string>(["'self'"]);
  const own = absoluteOrigin(publicUrl);
  const ownWebsocket = own === null ? null : websocketOrigin(own);
  if (ownWebsocket !== null) connect.add(ownWebsocket);
  for (const url of publicRpcUrls) {
    const origin = absoluteOrigin(url);
    if (origin !== null) connect.add(origin);
  }
  connect.add(MWA_LOCAL_ORIGIN);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    // Vite inlines the smallest font subsets as data: URLs.
    "font-src 'self' data:",
    `connect-src ${[...connect].join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The path of `url` without its query, or null when it does not decode. */
function decodedPath(url: string): string | null {
  const path = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * The `Link` header preloading what `route` paints first, or null: `</images/home-hero.svg>; rel=preload;
 * as=image; fetchpriority=high`. It starts with the HTML, before any script.
 */
export function preloadLink(route: AppRoute): string | null {
  if (route.preload === undefined || route.preload.length === 0) return null;
  return route.preload
    .map((item) => `<${item.href}>; rel=preload; as=${item.as}; fetchpriority=high`)
    .join(', ');
}

function isServerPath(path: string): boolean {
  return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** A browser navigation (or anything that asks for HTML by name; `*\/*` alone is a script or a fetch). */
function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes('text/html');
}

export default fp(
  async (app: FastifyInstance) => {
    const root = resolve(app.env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR);
    const indexPath = resolve(root, 'index.html');
    const { env } = app;
    const securityHeaders = {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'content-security-policy': contentSecurityPolicy(env.PUBLIC_URL, [
        env.PUBLIC_RPC_URL,
        env.PUBLIC_RPC_WS_URL,
      ]),
    };

    // On every answer (API, images, docs, errors, 404s): no MIME sniffing, never inside a frame. The HTML's
    // own full CSP already says frame-ancestors; any other CSP gets it appended, no CSP gets it alone.
    app.addHook('onSend', async (_request, reply, payload) => {
      void reply.headers(SECURITY_HEADERS);
      const csp = reply.getHeader('content-security-policy');
      if (csp === undefined) void reply.header('content-security-policy', FRAME_ANCESTORS_NONE);
      else if (!String(csp).includes('frame-ancestors')) {
        void reply.header('content-security-policy', `${String(csp)}; ${FRAME_ANCESTORS_NONE}`);
      }
      return payload;
    });

    if (new URL(env.PUBLIC_URL).protocol === 'https:') {
      // On every answer (API included): whichever one a browser sees first pins HTTPS for the year.
      app.addHook('onRequest', async (_request, reply) => {
        void reply.header('strict-transport-security', `max-age=${YEAR_SECONDS}`);
      });
    }

    await app.register(fastifyStatic, {
      root,
      serve: false,
      preCompressed: true,
      // A missing build is reported below, once, with what to do about it.
      suppressWarning: true,
      // The cache headers depend on the file: set in setHeaders.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const file = relative(root, filePath).replace(/\.(br|gz)$/, '');
        if (file.startsWith(`${ASSETS_DIR}${sep}`)) {
          reply.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`);
        } else {
          // Not hashed: always revalidated (the ETag makes that a 304), so a deploy is seen on the next load.
          reply.header('cache-control', 'no-cache');
        }
        if (file.endsWith('.html')) reply.headers(securityHeaders);
      },
    });

    // Checked per request until the build appears, so building while the server runs needs no restart;
    // once it is there it stays (a rebuild replaces files in place).
    let warned = false;
    let found = false;
    async function built(): Promise<boolean> {
      if (found) return true;
      try {
        found = (await stat(indexPath)).isFile();
        if (found) return true;
      } catch {
        // Reported below.
      }
      if (!warned) {
        warned = true;
        app.log.warn({ webDistDir: root }, 'the web app is not built: run `npm run build:web`');
      }
      return false;
    }

    /** Whether `path` (decoded, from the URL) names a file inside the build. */
    async function isFile(path: string): Promise<boolean> {
      const candidate = resolve(root, `.${path}`);
      if (!candidate.startsWith(`${root}${sep}`)) return false;
      try {
        return (await stat(candidate)).isFile();
      } catch {
        return false;
      }
    }

    /**
     * `index.html` for `path`: 200 with the route's preloads, or 404 when no route of the app matches (the app
     * shows its not-found page).
     */
    function sendIndex(request: FastifyRequest, reply: FastifyReply, path: string): FastifyReply {
      const route = matchAppRoute(path);
      if (route === null) {
        // Never a 304 for a 404: the status must reach the browser with the page.
        delete request.headers['if-none-match'];
        delete request.headers['if-modified-since'];
        void reply.code(404);
      } else {
        const link = preloadLink(route);
        if (link !== null) void reply.header('link', link);
      }
      return reply.sendFile('/index.html');
    }

    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      schema: { hide: true },
      config: { rateLimit: false },
      handler: async (request, reply) => {
        const path = decodedPath(request.url);
        // Source maps are never served, whatever NODE_ENV: they hand out the original source (Vite's dev
        // server has them for debugging).
        if (path === null || isServerPath(path) || SOURCE_MAP.test(path)) {
          reply.callNotFound();
          return reply;
        }
        if (!(await built())) {
          return reply.code(503).header('cache-control', 'no-store').send({
            success: false,
            error: WEB_APP_NOT_BUILT,
            code: ApiErrorCode.WEB_APP_NOT_BUILT,
          });
        }
        if (path === '/' || path === '/index.html') return sendIndex(request, reply, '/');
        // @fastify/static refuses traversal and non-canonical paths itself (403).
        if (await isFile(path)) return reply.sendFile(path);
        if (wantsHtml(request) && !path.startsWith(`/${ASSETS_DIR}/`)) return sendIndex(request, reply, path);
        reply.callNotFound();
        return reply;
      },
    });
  },
  { name: 'web-app' },
);
