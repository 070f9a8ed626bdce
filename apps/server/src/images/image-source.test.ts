/**
 * Image sources: only allow-listed local art and https URLs on listed hosts pass; remote originals are
 * fetched with a size cap, and failures are 400/502 without internals.
 */

import { describe, expect, it } from 'vitest';

import { HttpError } from '../http/errors.ts';
import { loadImageSource, resolveImageSource, type ImageSourcePolicy } from './image-source.ts';

const MINT = 'ee8aytd9Pz4xE4B4Mh1ZXb52FbgfuRmQcB1FkgL8pM1';
const policy: ImageSourcePolicy = {
  publicUrl: 'https://play.example.org',
  remoteHosts: ['arweave.net', 'cdn.example.org'],
  localFile: (name) => (name === `${MINT}.svg` ? `/data/nfts/${name}` : null),
};

function refused(src: string, message = 'Image source not allowed'): void {
  let caught: unknown = null;
  try {
    resolveImageSource(src, policy);
  } catch (error) {
    caught = error;
  }
  expect(caught, src).toBeInstanceOf(HttpError);
  expect(caught, src).toMatchObject({ statusCode: 400, message });
}

describe('resolveImageSource', () => {
  it('reads this server’s own art from disk, by path or by its public URL', () => {
    const local = { kind: 'local', path: `/data/nfts/${MINT}.svg`, key: `local:${MINT}.svg` };
    for (const src of [
      `/api/nfts/assets/${MINT}.svg`,
      `https://play.example.org/api/nfts/assets/${MINT}.svg`,
      `HTTPS://Play.Example.ORG/api/nfts/assets/${MINT}.svg#x`,
      `https://play.example.org:443/api/nfts/assets/${MINT}.svg?`,
    ]) {
      expect(resolveImageSource(src, policy), src).toEqual(local);
    }
  });

  it('keys a remote URL by its canonical form, which it is also fetched by', () => {
    const canonical = 'https://arweave.net/a/b~c.png?x=%2F&y=1';
    for (const src of [
      canonical,
      'HTTPS://ARWEAVE.NET/a/b~c.png?x=%2F&y=1',
      'https://arweave.net:443/a/b~c.png?x=%2F&y=1#fragment',
      'https://arweave.net/a/./x/../b%7Ec.png?x=%2f&y=1',
      'https://arweave.net/%61/b%7ec.png?x=%2F&y=%31',
      '  https://arweave.net/a/b~c.png?x=%2F&y=1#',
    ]) {
      const source = resolveImageSource(src.trim(), policy);
      expect(source, src).toMatchObject({ kind: 'remote', key: canonical });
      expect(source.kind === 'remote' ? source.url.href : null, src).toBe(canonical);
    }
    for (const other of [
      'https://arweave.net/a/b~c.png?x=%2F&y=2',
      'https://arweave.net/A/b~c.png?x=%2F&y=1',
      'https://arweave.net/a/b~c.png?y=1&x=%2F',
      'https://cdn.example.org/a/b~c.png?x=%2F&y=1',
    ]) {
      expect(resolveImageSource(other, policy).key, other).not.toBe(canonical);
    }
  });

  it('fetches https URLs on listed hosts only', () => {
    expect(resolveImageSource('https://arweave.net/abc.png', policy)).toMatchObject({ kind: 'remote' });
    expect(resolveImageSource('https://CDN.example.org/x.png', policy)).toMatchObject({ kind: 'remote' });
    refused('http://arweave.net/abc.png');
    refused('https://evil.example.com/abc.png');
    refused('https://arweave.net.evil.com/abc.png');
    refused('https://user:pass@arweave.net/abc.png');
    refused('//arweave.net/abc.png');
    refused('file:///etc/passwd');
    refused('data:image/png;base64,AAAA');
    refused('not a url');
  });

  it('refuses traversal and every path outside the allow-list', () => {
    refused(`/api/nfts/assets/../../keys/marketplace.json`);
    refused(`/api/nfts/assets/..%2F..%2Fkeys%2Fmarketplace.json`);
    refused(`/api/nfts/assets/${MINT}.json`);
    refused('/api/nfts/assets/collection.json');
    refused(`/api/nfts/assets/sub/${MINT}.svg`);
    refused('/etc/passwd');
    refused(`/api/images?src=/api/nfts/assets/${MINT}.svg`);
    refused(`https://play.example.org/api/nfts/assets/..%2F${MINT}.svg`);
    refused(`https://play.example.org/api/nfts/assets/${MINT}.svg?x=1`);
    refused(`/api/nfts/assets/${MINT}.svg`.replace('/api', '/API'));
    expect(() => resolveImageSource(`/api/nfts/assets/${MINT}.svg`, { ...policy, localFile: null })).toThrow(
      'Image source not allowed',
    );
  });
});

describe('loadImageSource', () => {
  const remote = {
    kind: 'remote',
    url: new URL('https://arweave.net/a.png'),
    key: 'https://arweave.net/a.png',
  } as const;
  const limits = (fetch: (url: string, init?: RequestInit) => Promise<Response>) => ({
    fetch,
    timeoutMs: 1_000,
    maxBytes: 1_000,
  });

  it('returns the body and refuses redirects', async () => {
    let init: RequestInit | undefined;
    const data = await loadImageSource(
      remote,
      limits(async (_url, given) => {
        init = given;
        return new Response(new Uint8Array([1, 2, 3]));
      }),
    );
    expect([...data]).toEqual([1, 2, 3]);
    expect(init?.redirect).toBe('error');
  });

  it('refuses originals above the cap, declared or streamed', async () => {
    await expect(
      loadImageSource(
        remote,
        limits(async () => new Response(new Uint8Array(1_001))),
      ),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Image source is too large' });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i += 1) controller.enqueue(new Uint8Array(300));
        controller.close();
      },
    });
    await expect(
      loadImageSource(
        remote,
        limits(async () => new Response(stream)),
      ),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'Image source is too large',
    });
  });

  it('answers 502 for an upstream failure and 400 for a missing local file', async () => {
    await expect(
      loadImageSource(
        remote,
        limits(async () => new Response('secret internals', { status: 500 })),
      ),
    ).rejects.toMatchObject({ statusCode: 502, message: 'Image source could not be fetched' });
    await expect(
      loadImageSource(
        remote,
        limits(async () => {
          throw new TypeError('getaddrinfo ENOTFOUND');
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 502, message: 'Image source could not be fetched' });
    await expect(
      loadImageSource(
        { kind: 'local', path: '/nonexistent/file.svg', key: 'local:file.svg' },
        limits(async () => new Response()),
      ),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Image source not found' });
  });
});
