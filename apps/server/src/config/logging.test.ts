import { Writable } from 'node:stream';

import Fastify from 'fastify';
import pino from 'pino';
import pinoPretty from 'pino-pretty';
import { describe, expect, it } from 'vitest';

import { AccessLogController } from '../http/access-log.ts';
import { loadEnv } from './env.ts';
import { logFormat, loggerOptions, prettyOptions } from './logging.ts';

/** A stream that keeps what is written to it. */
function sink(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('logFormat', () => {
  it('is pretty on a terminal outside production, JSON in production, in pipes and in tests', () => {
    expect(logFormat(loadEnv({}), true)).toBe('pretty');
    expect(logFormat(loadEnv({ NODE_ENV: 'test' }), true)).toBe('pretty');
    expect(logFormat(loadEnv({}), false)).toBe('json');
    expect(logFormat(loadEnv({ NODE_ENV: 'production' }), true)).toBe('json');
  });

  it('follows LOG_FORMAT when set', () => {
    expect(logFormat(loadEnv({ LOG_FORMAT: 'json' }), true)).toBe('json');
    expect(logFormat(loadEnv({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }), false)).toBe('pretty');
    expect(() => loadEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('passes LOG_LEVEL to pino and plugs pino-pretty in only for the pretty format', () => {
    const json = loggerOptions(loadEnv({ LOG_LEVEL: 'warn' }), false) as Record<string, unknown>;
    expect(json['level']).toBe('warn');
    expect(json['stream']).toBeUndefined();
    const pretty = loggerOptions(loadEnv({}), true) as Record<string, unknown>;
    expect(pretty['stream']).toBeDefined();
  });
});

/** A Fastify app logging at `level` into a sink, with the access log, a route, a health check and a file. */
async function appWithAccessLog(level: string, pretty: boolean) {
  const out = sink();
  const stream = pretty ? pinoPretty({ ...prettyOptions(false), destination: out.stream }) : out.stream;
  const app = Fastify({ loggerInstance: pino({ level }, stream), logController: new AccessLogController() });
  app.get('/api/config', async () => ({ success: true }));
  app.get('/api/health', async () => ({ ok: true }));
  app.get('/assets/index-abc.js', async () => 'x');
  app.get('/api/oauth/discord', async () => ({ success: true }));
  app.get('/api/images', async () => 'image');
  await app.ready();
  return { app, out };
}

describe('the access log', () => {
  it('writes one short JSON line per request, with no request or response object', async () => {
    const { app, out } = await appWithAccessLog('info', false);
    await app.inject({ url: '/api/config' });
    await app.inject({ url: '/api/nope' });
    await app.close();
    const lines = out
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line['msg'])).toEqual([
      expect.stringMatching(/^GET \/api\/config 200 \d+ms$/),
      expect.stringMatching(/^GET \/api\/nope 404 \d+ms$/),
    ]);
    expect(lines[0]).toMatchObject({ level: 30, http: { method: 'GET', url: '/api/config', status: 200 } });
    expect(typeof (lines[0]?.['http'] as { ms: unknown }).ms).toBe('number');
    expect(lines[0]).not.toHaveProperty('req');
    expect(lines[0]).not.toHaveProperty('res');
  });

  it('logs health checks and static files at debug only, and never a secret query parameter', async () => {
    const info = await appWithAccessLog('info', false);
    await info.app.inject({ url: '/api/health' });
    await info.app.inject({ url: '/assets/index-abc.js' });
    await info.app.inject({ url: '/api/images?src=%2Fapi%2Fnfts%2Fassets%2Fx.svg&width=320' });
    await info.app.close();
    expect(info.out.text()).toBe('');

    const debug = await appWithAccessLog('debug', false);
    await debug.app.inject({ url: '/api/health' });
    await debug.app.inject({ url: '/api/oauth/discord?token=eyJ.secret&x=1' });
    await debug.app.close();
    const text = debug.out.text();
    expect(text).toMatch(/"level":20,.*"msg":"GET \/api\/health 200 \d+ms"/);
    expect(text).toContain('GET /api/oauth/discord?token=***&x=1 200');
    expect(text).not.toContain('eyJ.secret');
  });

  it('is one readable line per request in the pretty format', async () => {
    const { app, out } = await appWithAccessLog('info', true);
    await app.inject({ url: '/api/config' });
    await app.close();
    const lines = out.text().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/config 200 \d+ms$/);
  });
});
