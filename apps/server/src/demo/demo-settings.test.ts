/**
 * The demo's switches: `DEMO_SEED` (on by default with the embedded chain only), `DEMO_BOTS`, and the
 * command line (`npm start -- --bots`), all refused with a real cluster.
 */

import { describe, expect, it } from 'vitest';

import { ConfigError, DEMO_LOCAL_ONLY, loadEnv, MAX_DEMO_BOTS } from '../config/env.ts';
import { DEFAULT_DEMO_BOTS, demoSettings } from './demo.ts';

const CLUSTER = {
  SOLANA_RPC_URL: 'https://rpc.example.com',
  JWT_SECRET: 'x'.repeat(40),
  AUTHORITY_KEYPAIR: '/keys/a.json',
  SETTLER_KEYPAIR: '/keys/s.json',
  EVENT_SIGNER_KEYPAIR: '/keys/e.json',
  JUICE_AUTHORITY_KEYPAIR: '/keys/j.json',
  JUICE_MINT: '11111111111111111111111111111111',
  TREASURY: '11111111111111111111111111111111',
  ADMIN_WALLETS: '11111111111111111111111111111111',
  HERMES_API_KEY: 'hermes-key',
};

function problemsOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('DEMO_SEED and DEMO_BOTS', () => {
  it('seed by default on the embedded chain, with no bots', () => {
    expect(loadEnv({})).toMatchObject({ DEMO_SEED: true, DEMO_BOTS: 0 });
    expect(loadEnv({ DEMO_SEED: 'false', DEMO_BOTS: '3' })).toMatchObject({ DEMO_SEED: false, DEMO_BOTS: 3 });
  });

  it('are off by default on a cluster, and refused there', () => {
    expect(loadEnv(CLUSTER)).toMatchObject({ DEMO_SEED: false, DEMO_BOTS: 0 });
    expect(problemsOf(() => loadEnv({ ...CLUSTER, DEMO_SEED: 'true', DEMO_BOTS: '2' }))).toEqual([
      `DEMO_SEED: ${DEMO_LOCAL_ONLY}`,
      `DEMO_BOTS: ${DEMO_LOCAL_ONLY}`,
    ]);
  });

  it(`takes 0 to ${MAX_DEMO_BOTS} bots`, () => {
    expect(problemsOf(() => loadEnv({ DEMO_BOTS: String(MAX_DEMO_BOTS + 1) }))[0]).toMatch(/^DEMO_BOTS:/);
    expect(problemsOf(() => loadEnv({ DEMO_BOTS: 'lots' }))[0]).toMatch(/^DEMO_BOTS:/);
  });
});

describe('demoSettings', () => {
  const local = { DEMO_SEED: true, DEMO_BOTS: 0, SOLANA_RPC_URL: undefined };

  it('follows the environment without arguments, and ignores arguments that are not its own', () => {
    expect(demoSettings(local, [])).toEqual({ seed: true, bots: 0 });
    expect(demoSettings({ ...local, DEMO_BOTS: 2 }, ['--inspect', 'x'])).toEqual({ seed: true, bots: 2 });
  });

  it('reads --bots, --bots=N, --no-bots, --seed and --no-seed; the command line wins', () => {
    expect(demoSettings(local, ['--bots'])).toEqual({ seed: true, bots: DEFAULT_DEMO_BOTS });
    expect(demoSettings(local, ['--bots=7'])).toEqual({ seed: true, bots: 7 });
    expect(demoSettings({ ...local, DEMO_BOTS: 5 }, ['--no-bots'])).toEqual({ seed: true, bots: 0 });
    expect(demoSettings(local, ['--no-seed'])).toEqual({ seed: false, bots: 0 });
    expect(demoSettings({ ...local, DEMO_SEED: false }, ['--seed'])).toEqual({ seed: true, bots: 0 });
  });

  it('refuses a malformed count', () => {
    for (const arg of ['--bots=', '--bots=-1', '--bots=2.5', `--bots=${MAX_DEMO_BOTS + 1}`, '--bots=four']) {
      expect(problemsOf(() => demoSettings(local, [arg]))).toEqual([
        `--bots: expected --bots or --bots=N with N from 0 to ${MAX_DEMO_BOTS}`,
      ]);
    }
  });

  it('refuses the demo on a real cluster', () => {
    const cluster = { DEMO_SEED: false, DEMO_BOTS: 0, SOLANA_RPC_URL: 'https://rpc.example.com' };
    expect(demoSettings(cluster, [])).toEqual({ seed: false, bots: 0 });
    expect(problemsOf(() => demoSettings(cluster, ['--bots', '--seed']))).toEqual([
      `--seed: ${DEMO_LOCAL_ONLY}`,
      `--bots: ${DEMO_LOCAL_ONLY}`,
    ]);
  });
});
