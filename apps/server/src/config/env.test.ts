import { describe, expect, it } from 'vitest';

import {
  ConfigError,
  DEMO_LOCAL_ONLY,
  derivedPublicUrl,
  loadEnv,
  LOCAL_KEYS_FROM_DATA_DIR,
  WORKER_NAMES,
} from './env.ts';

const KEY = '11111111111111111111111111111111';

describe('loadEnv', () => {
  it('defaults to the embedded local setup', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8080,
      DATA_DIR: './.data',
      PUBLIC_URL: 'http://127.0.0.1:8080',
      LOCALNET_RPC_PORT: 8899,
      JWT_TTL_SECS: 604_800,
      NONCE_TTL_SECS: 300,
      IMAGE_REMOTE_HOSTS: [],
      CHAT_MESSAGES_PER_SECOND: 1,
      CHAT_MESSAGES_PER_MINUTE: 20,
      WORKERS: 'all',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SOLANA_RPC_URL).toBeUndefined();
  });

  it('parses numbers, lists and flags, treating empty strings as unset', () => {
    const env = loadEnv({
      PORT: '9000',
      DATABASE_URL: '',
      ADMIN_WALLETS: ` ${KEY} ,`,
      USERNAME_DENYLIST: 'Admin, Staff',
      TRUST_PROXY: 'true',
      IMAGE_REMOTE_HOSTS: 'Images.Example.com',
    });
    expect(env.PORT).toBe(9000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_WALLETS).toEqual([KEY]);
    expect(env.USERNAME_DENYLIST).toEqual(['admin', 'staff']);
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.IMAGE_REMOTE_HOSTS).toEqual(['images.example.com']);
  });

  it('names every variable that is wrong', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: '70000', DATABASE_URL: 'not a url', ADMIN_WALLETS: 'nope', JWT_SECRET: 'short' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'ADMIN_WALLETS.0', 'JWT_SECRET']),
    );
    expect((error as ConfigError).message).toMatch(/^Invalid environment:\n {2}/);
  });

  it('parses WORKERS: all by default, none, or a list of known worker names; an unknown name is refused', () => {
    expect(loadEnv({}).WORKERS).toBe('all');
    expect(loadEnv({ WORKERS: 'none' }).WORKERS).toEqual([]);
    expect(loadEnv({ WORKERS: 'Indexer, bet-settler' }).WORKERS).toEqual(['indexer', 'bet-settler']);
    let error: unknown;
    try {
      loadEnv({ WORKERS: 'indexer,market-setler' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual(['WORKERS']);
  });

  it('parses WORKERS_DRY_RUN: none by default, all, or a list of known worker names', () => {
    expect(loadEnv({}).WORKERS_DRY_RUN).toEqual([]);
    expect(loadEnv({ WORKERS_DRY_RUN: '' }).WORKERS_DRY_RUN).toEqual([]);
    expect(loadEnv({ WORKERS_DRY_RUN: 'none' }).WORKERS_DRY_RUN).toEqual([]);
    expect(loadEnv({ WORKERS_DRY_RUN: 'all' }).WORKERS_DRY_RUN).toBe('all');
    expect(loadEnv({ WORKERS_DRY_RUN: ' Indexer, market-settler ,' }).WORKERS_DRY_RUN).toEqual([
      'indexer',
      'market-settler',
    ]);
    expect(loadEnv({ WORKERS_DRY_RUN: [...WORKER_NAMES].join(',') }).WORKERS_DRY_RUN).toEqual([
      ...WORKER_NAMES,
    ]);
    let error: unknown;
    try {
      loadEnv({ WORKERS_DRY_RUN: 'indexer,bet-setler' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual([
      'WORKERS_DRY_RUN',
    ]);
  });

  it('requires the keys and secrets of a real deployment once SOLANA_RPC_URL is set', () => {
    expect(() => loadEnv({ SOLANA_RPC_URL: 'https://rpc.example.com' })).toThrow(ConfigError);
    try {
      loadEnv({ SOLANA_RPC_URL: 'https://rpc.example.com', JWT_SECRET: 'x'.repeat(40) });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'AUTHORITY_KEYPAIR: is required when SOLANA_RPC_URL is set',
        'SETTLER_KEYPAIR: is required when SOLANA_RPC_URL is set',
        'EVENT_SIGNER_KEYPAIR: is required when SOLANA_RPC_URL is set',
        'JUICE_AUTHORITY_KEYPAIR: is required when SOLANA_RPC_URL is set',
        'JUICE_MINT: is required when SOLANA_RPC_URL is set',
        'TREASURY: is required when SOLANA_RPC_URL is set',
        'ADMIN_WALLETS: is required when SOLANA_RPC_URL is set',
        'HERMES_API_KEY: is required when SOLANA_RPC_URL is set',
      ]);
    }
  });

  it('attaches to a local chain with SOLANA_CLUSTER=localnet: its keys come from LOCALNET_DATA_DIR, none from the environment', () => {
    const env = loadEnv({ SOLANA_CLUSTER: 'localnet', SOLANA_RPC_URL: 'http://127.0.0.1:8899' });
    expect(env.LOCALNET_DATA_DIR).toBe('./.data/localnet');
    expect(env.DEMO_SEED).toBe(false);
    expect(
      loadEnv({
        SOLANA_CLUSTER: 'localnet',
        SOLANA_RPC_URL: 'http://127.0.0.1:8899',
        LOCALNET_DATA_DIR: '/srv/chain',
      }).LOCALNET_DATA_DIR,
    ).toBe('/srv/chain');
    let problems: readonly string[] = [];
    try {
      loadEnv({
        SOLANA_CLUSTER: 'localnet',
        SOLANA_RPC_URL: 'http://127.0.0.1:8899',
        SETTLER_KEYPAIR: '/keys/settler.json',
        JUICE_MINT: KEY,
        DEMO_BOTS: '2',
      });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      `DEMO_BOTS: ${DEMO_LOCAL_ONLY}`,
      `SETTLER_KEYPAIR: ${LOCAL_KEYS_FROM_DATA_DIR}`,
      `JUICE_MINT: ${LOCAL_KEYS_FROM_DATA_DIR}`,
    ]);
  });

  it('checks HERMES_URL only with a real cluster, where the crank uses Hermes', () => {
    expect(loadEnv({ HERMES_URL: 'not a url' }).HERMES_URL).toBe('not a url');
    expect(() => loadEnv({ SOLANA_RPC_URL: 'https://rpc.example.com', HERMES_URL: 'not a url' })).toThrow(
      'HERMES_URL: expected an http(s) URL',
    );
  });

  describe('PUBLIC_URL', () => {
    it('follows PORT and HOST when unset, so sign-in and OAuth name the port the server listens on', () => {
      expect(loadEnv({ PORT: '8180' }).PUBLIC_URL).toBe('http://127.0.0.1:8180');
      expect(loadEnv({ PORT: '8180', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://127.0.0.1:8180');
      expect(loadEnv({ HOST: 'localhost', PORT: '9000' }).PUBLIC_URL).toBe('http://localhost:9000');
      // A wildcard listener is reached at 127.0.0.1 from this machine.
      expect(loadEnv({ HOST: '0.0.0.0', PORT: '8180' }).PUBLIC_URL).toBe('http://127.0.0.1:8180');
      expect(loadEnv({ HOST: '::', PORT: '8180' }).PUBLIC_URL).toBe('http://127.0.0.1:8180');
      expect(derivedPublicUrl('::1', 8180)).toBe('http://[::1]:8180');
      expect(derivedPublicUrl('192.168.1.20', 80)).toBe('http://192.168.1.20:80');
    });

    it('keeps a PUBLIC_URL on this machine whose port is PORT', () => {
      expect(loadEnv({ PORT: '8180', PUBLIC_URL: 'http://localhost:8180' }).PUBLIC_URL).toBe(
        'http://localhost:8180',
      );
      expect(loadEnv({ HOST: '0.0.0.0', PORT: '8180', PUBLIC_URL: 'http://127.0.0.1:8180' }).PUBLIC_URL).toBe(
        'http://127.0.0.1:8180',
      );
      expect(loadEnv({ PORT: '80', PUBLIC_URL: 'http://localhost' }).PUBLIC_URL).toBe('http://localhost');
    });

    it('refuses a PUBLIC_URL on this machine whose port is not PORT, saying what to do', () => {
      for (const [env, urlPort] of [
        [{ PORT: '8180', PUBLIC_URL: 'http://127.0.0.1:8080' }, '8080'],
        [{ PORT: '8180', PUBLIC_URL: 'http://localhost:8080/' }, '8080'],
        [{ HOST: '0.0.0.0', PORT: '8180', PUBLIC_URL: 'http://0.0.0.0:8080' }, '8080'],
        [{ HOST: '::1', PORT: '8180', PUBLIC_URL: 'http://[::1]:8080' }, '8080'],
        [{ HOST: '192.168.1.20', PORT: '8180', PUBLIC_URL: 'http://192.168.1.20:8080' }, '8080'],
        [{ PORT: '8180', PUBLIC_URL: 'http://localhost' }, '80'],
      ] as const) {
        let error: unknown;
        try {
          loadEnv(env);
        } catch (caught) {
          error = caught;
        }
        expect(error).toBeInstanceOf(ConfigError);
        const [problem] = (error as ConfigError).problems;
        expect(problem).toMatch(/^PUBLIC_URL: /);
        expect(problem).toContain(`is this machine on port ${urlPort}, but the server listens on PORT=8180`);
        expect(problem).toContain('Unset PUBLIC_URL');
      }
    });

    it('accepts this machine on another port with TRUST_PROXY: a load balancer on this machine in front', () => {
      const env = loadEnv({ PORT: '8181', PUBLIC_URL: 'http://127.0.0.1:8180', TRUST_PROXY: 'true' });
      expect(env.PUBLIC_URL).toBe('http://127.0.0.1:8180');
      expect(() => loadEnv({ PORT: '8181', PUBLIC_URL: 'http://127.0.0.1:8180' })).toThrow(ConfigError);
    });

    it('accepts a public address on another port: a reverse proxy in front of the server', () => {
      expect(loadEnv({ PORT: '8180', PUBLIC_URL: 'https://play.example.com' }).PUBLIC_URL).toBe(
        'https://play.example.com',
      );
      expect(loadEnv({ PORT: '8180', PUBLIC_URL: 'http://192.168.1.20:80' }).PUBLIC_URL).toBe(
        'http://192.168.1.20:80',
      );
      // Any free port: nothing to compare with.
      expect(loadEnv({ PORT: '0', PUBLIC_URL: 'http://127.0.0.1:8080' }).PUBLIC_URL).toBe(
        'http://127.0.0.1:8080',
      );
    });
  });
});
