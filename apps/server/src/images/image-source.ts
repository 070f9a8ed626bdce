/**
 * Where the image route may read originals from: this server's own NFT art (read from disk), and https
 * URLs on the hosts `IMAGE_REMOTE_HOSTS` lists. Anything else is refused before any I/O.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { readFile } from 'node:fs/promises';

import { badGateway, badRequest, HttpError } from '../http/errors.ts';
import { LOCAL_NFT_ASSET_PATH } from '../adapters/nft/local-collection.ts';

/**
 * A source the route may read, with its cache key: one canonical spelling per original, so two `src`s that
 * read the same bytes share one cached copy.
 */
export type ImageSource =
  | { readonly kind: 'local'; readonly path: string; readonly key: string }
  | { readonly kind: 'remote'; readonly url: URL; readonly key: string };

/** What {@link resolveImageSource} checks against. */
export interface ImageSourcePolicy {
  /** This server's public origin: absolute URLs to its own assets are read from disk too. */
  readonly publicUrl: string;
  /** Lower-case host names remote originals may come from. */
  readonly remoteHosts: readonly string[];
  /** The absolute path of an allow-listed local asset file name, or null (see `LocalCollection.filePath`). */
  readonly localFile: ((name: string) => string | null) | null;
}

function localAsset(pathname: string, policy: ImageSourcePolicy): ImageSource {
  const name = pathname.slice(LOCAL_NFT_ASSET_PATH.length);
  // The allow-list holds bare `<mint>.svg|.json` names, so '..', '/', '%2e' and the like never match.
  const path = policy.localFile?.(name) ?? null;
  if (path === null) throw badRequest(ApiErrorCode.IMAGE_SOURCE_NOT_ALLOWED);
  // By path or by public URL, with or without a fragment: one file, one key.
  return { kind: 'local', path, key: `local:${name}` };
}

/** Characters RFC 3986 leaves unreserved: `%41` and `A` name the same resource. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** `%7e` → `~`, `%2f` → `%2F`: the RFC 3986 §6.2.2 spelling of a path or query's percent-escapes. */
function canonicalEscapes(text: string): string {
  return text.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
    const character = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
    return UNRESERVED.test(character) ? character : escape.toUpperCase();
  });
}

/**
 * The canonical form of a remote original's URL, which it is fetched by and cached under. The WHATWG
 * parser already lower-cases the scheme and host, drops a default port and resolves dot segments; on top,
 * the fragment (never sent to the host) and an empty query go, and percent-escapes take one spelling.
 */
function canonicalRemoteUrl(url: URL): URL {
  const canonical = new URL(url.href);
  canonical.hash = '';
  canonical.pathname = canonicalEscapes(canonical.pathname);
  canonical.search = canonical.search === '?' ? '' : canonicalEscapes(canonical.search);
  return canonical;
}

/**
 * Decides where `src` is read from, and the key its resized copies are cached under.
 *
 * @throws HttpError 400 'Image source not allowed' for anything but an allow-listed local asset
 *   (`/api/nfts/assets/<mint>.svg`, or the same path on `publicUrl`) or an https URL on a listed host.
 */
export function resolveImageSource(src: string, policy: ImageSourcePolicy): ImageSource {
  if (src.startsWith('/') && !src.startsWith('//')) {
    if (!src.startsWith(LOCAL_NFT_ASSET_PATH)) throw badRequest(ApiErrorCode.IMAGE_SOURCE_NOT_ALLOWED);
    return localAsset(src, policy);
  }
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    throw badRequest(ApiErrorCode.IMAGE_SOURCE_NOT_ALLOWED);
  }
  if (url.username !== '' || url.password !== '') throw badRequest(ApiErrorCode.IMAGE_SOURCE_NOT_ALLOWED);
  const own = new URL(policy.publicUrl);
  if (url.origin === own.origin && url.pathname.startsWith(LOCAL_NFT_ASSET_PATH) && url.search === '') {
    return localAsset(url.pathname, policy);
  }
  if (url.protocol !== 'https:' || !policy.remoteHosts.includes(url.hostname.toLowerCase())) {
    throw badRequest(ApiErrorCode.IMAGE_SOURCE_NOT_ALLOWED);
  }
  const canonical = canonicalRemoteUrl(url);
  return { kind: 'remote', url: canonical, key: canonical.href };
}

/** Limits of {@link loadImageSource}. */
export interface LoadImageOptions {
  readonly fetch: (url: string, init?: RequestInit) => Promise<Response>;
  readonly timeoutMs: number;
  readonly maxBytes: number;
}

/** Whether `error` is the refusal of an original over the size limit (passed on as it is). */
function isTooLarge(error: unknown): boolean {
  return error instanceof HttpError && error.code === ApiErrorCode.IMAGE_SOURCE_TOO_LARGE;
}

/**
 * The original's bytes.
 *
 * @throws HttpError 400 when the original is larger than `maxBytes` or a local file is gone; 502 when a
 *   remote one cannot be fetched (status, timeout, redirect, network).
 */
export async function loadImageSource(source: ImageSource, options: LoadImageOptions): Promise<Buffer> {
  if (source.kind === 'local') {
    try {
      const data = await readFile(source.path);
      if (data.length > options.maxBytes) throw badRequest(ApiErrorCode.IMAGE_SOURCE_TOO_LARGE);
      return data;
    } catch (error) {
      if (isTooLarge(error)) throw error;
      throw badRequest(ApiErrorCode.IMAGE_SOURCE_NOT_FOUND);
    }
  }
  let response: Response;
  try {
    // Redirects are refused: one could lead off the allowed hosts.
    response = await options.fetch(source.url.href, {
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch {
    throw badGateway(ApiErrorCode.IMAGE_SOURCE_UNREACHABLE);
  }
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    throw badGateway(ApiErrorCode.IMAGE_SOURCE_UNREACHABLE);
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > options.maxBytes) {
    await response.body.cancel();
    throw badRequest(ApiErrorCode.IMAGE_SOURCE_TOO_LARGE);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      total += chunk.length;
      if (total > options.maxBytes) throw badRequest(ApiErrorCode.IMAGE_SOURCE_TOO_LARGE);
      chunks.push(chunk);
    }
  } catch (error) {
    if (isTooLarge(error)) throw error;
    throw badGateway(ApiErrorCode.IMAGE_SOURCE_UNREACHABLE);
  }
  return Buffer.concat(chunks);
}
