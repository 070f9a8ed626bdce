import type { Rpc, SolanaRpcApi } from '@solana/kit';
import { getWallets } from '@wallet-standard/app';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { LOCAL_WALLET_FEATURE } from '../standard.ts';

const MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dK2GTS';
const LOCAL = '8iUZGi4eXm58hWZ4oyao5okTixTTDHdSLduAuYQDQ6mw';

/** An RPC whose getGenesisHash answers `answer()`. */
function rpcAnswering(answer: () => Promise<string>): Rpc<SolanaRpcApi> {
  return { getGenesisHash: () => ({ send: answer }) } as unknown as Rpc<SolanaRpcApi>;
}

const localWallets = () =>
  getWallets()
    .get()
    .filter((w) => LOCAL_WALLET_FEATURE in w.features);

afterEach(() => {
  vi.restoreAllMocks();
  // Each test gets a fresh module (its once-per-page state); the registry keeps what was registered.
  vi.resetModules();
});

describe('registerLocalWallet', () => {
  it("refuses a chain with a public cluster's genesis hash", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { isLocalChain, registerLocalWallet } = await import('./register-local-wallet.ts');
    expect(await isLocalChain(rpcAnswering(() => Promise.resolve(MAINNET)))).toBe(false);
    expect(await isLocalChain(rpcAnswering(() => Promise.resolve(LOCAL)))).toBe(true);
    const before = localWallets().length;
    await expect(registerLocalWallet(rpcAnswering(() => Promise.resolve(MAINNET)))).resolves.toBe(false);
    expect(localWallets().length).toBe(before);
  });

  it('registers on a local chain, once, and retries after the chain did not answer', async () => {
    const { registerLocalWallet } = await import('./register-local-wallet.ts');
    const before = localWallets().length;
    await expect(registerLocalWallet(rpcAnswering(() => Promise.reject(new Error('down'))))).rejects.toThrow(
      'down',
    );
    expect(localWallets().length).toBe(before);
    const rpc = rpcAnswering(() => Promise.resolve(LOCAL));
    await expect(registerLocalWallet(rpc)).resolves.toBe(true);
    await expect(registerLocalWallet(rpc)).resolves.toBe(true);
    expect(localWallets().length).toBe(before + 1);
  });
});
