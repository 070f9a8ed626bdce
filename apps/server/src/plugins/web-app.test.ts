/**
 * The web app's statuses: its routes answer 200, any other path the same HTML with a 404 (the app renders its
 * not-found page), the server's own prefixes a JSON 404; and only the home page preloads the home hero.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { APP_ROUTES, HOME_HERO_IMAGE } from '../../../web/src/app/route-paths.ts';
import { loadEnv } from '../config/env.ts';
import { installErrorHandlers } from '../http/errors.ts';
import webAppPlugin from './web-app.ts';

const INDEX =
  '<!doctype html><html><head><title>Arcade</title></head><body><div id="root"></div></body></html>';
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'arcade-web-status-'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  app.decorate('env', loadEnv({ WEB_DIST_DIR: dist, NODE_ENV: 'test' }));
  installErrorHandlers(app);
  await app.register(webAppPlugin);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the web app's routes", () => {
  it.each([
    '/',
    '/tailspin',
    '/TailSpin/',
    '/foresight/SOL',
    '/retail',
    '/retail/juice-critters',
    '/prophecy',
    '/prophecy/create',
    '/prophecy/request',
    '/prophecy/3nWq5dWaVvX6ExAmPLe',
    '/history',
    '/fairness?bet=abc',
  ])('%s answers 200 with the app', async (url) => {
    const response = await app.inject({ url, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
  });

  it.each(['/nope', '/tailspin/extra', '/foresight', '/prophecy/a/b', '/retail/x/y', '/index'])(
    '%s answers 404 with the app, which shows its not-found page',
    async (url) => {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX);
      expect(response.headers['link']).toBeUndefined();
    },
  );

  it('answers an unknown path 404 even when the browser revalidates its copy', async () => {
    const first = await app.inject({ url: '/', headers: html });
    const etag = String(first.headers['etag']);
    const response = await app.inject({ url: '/nope', headers: { ...html, 'if-none-match': etag } });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX);
  });

  it('answers an unknown /api path with the JSON error body', async () => {
    for (const headers of [html, { accept: 'application/json' }]) {
      const response = await app.inject({ url: '/api/nope?x=1', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        error: 'Route GET /api/nope not found',
        code: ApiErrorCode.ROUTE_NOT_FOUND,
      });
    }
  });

  it('preloads the home hero with the home page only', async () => {
    const home = await app.inject({ url: '/', headers: html });
    expect(home.headers['link']).toBe(`<${HOME_HERO_IMAGE}>; rel=preload; as=image; fetchpriority=high`);
    for (const route of Object.values(APP_ROUTES).filter((route) => route.path !== '/')) {
      const response = await app.inject({ url: route.path.replace(/:\w+/, 'x'), headers: html });
      expect(response.headers['link'], route.path).toBeUndefined();
    }
  });
});
