import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { KEY_FILES } from '@arcade/localnet/keys';
import { mintKeyPath } from '@arcade/localnet/nft-collection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ConfigError } from '../config/env.ts';
import { attachLocalChain, defaultLocalWsUrl } from './attached-local-chain.ts';
import { startEmbeddedChain, type EmbeddedChain } from './embedded-chain.ts';

describe('attachLocalChain', () => {
  let dataDir: string;
  let running: EmbeddedChain;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'attached-chain-'));
    // The chain as `npm run localnet` runs it: booted, serving, with its keys under the data directory.
    running = await startEmbeddedChain({ dataDir, rpcPort: 0, ephemeral: true });
  }, 120_000);

  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("signs with the chain's own keys and finds its mints, price account and NFT collection", async () => {
    const attached = await attachLocalChain({ rpcUrl: running.context.rpcUrl, dataDir });
    const own = running.context;
    expect(attached.cluster).toBe('localnet');
    expect(attached.addresses).toEqual(own.addresses);
    expect({
      authority: attached.signers.authority.address,
      settler: attached.signers.settler.address,
      eventSigner: attached.signers.eventSigner.address,
      juiceAuthority: attached.signers.juiceAuthority.address,
    }).toEqual({
      authority: own.signers.authority.address,
      settler: own.signers.settler.address,
      eventSigner: own.signers.eventSigner.address,
      juiceAuthority: own.signers.juiceAuthority.address,
    });
    expect(attached.local?.marketplace.address).toBe(own.local?.marketplace.address);
    expect(attached.local?.tokenAuthority.address).toBe(own.local?.tokenAuthority.address);
    expect(attached.local?.nftManifestPath).toBe(own.local?.nftManifestPath);
    const slot = await attached.rpc.getSlot().send();
    expect(slot).toBeGreaterThan(0n);
  });

  it('serves PubSub on the RPC port + 1 unless told otherwise, as npm run localnet does', async () => {
    expect(defaultLocalWsUrl('http://127.0.0.1:8899')).toBe('ws://127.0.0.1:8900');
    expect(defaultLocalWsUrl('https://chain.internal')).toBe('wss://chain.internal:444');
    const attached = await attachLocalChain({
      rpcUrl: running.context.rpcUrl,
      wsUrl: running.context.wsUrl,
      dataDir,
    });
    expect(attached.wsUrl).toBe(running.context.wsUrl);
  });

  it('refuses a data directory the chain has not booted, naming the missing file, and creates nothing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'attached-empty-'));
    try {
      const error = await attachLocalChain({ rpcUrl: running.context.rpcUrl, dataDir: empty }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems[0]).toContain(join(empty, 'keys'));
      expect((error as ConfigError).problems[0]).toContain('npm run localnet');
      await expect(import('node:fs').then((fs) => fs.readdirSync(empty))).resolves.toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('refuses a chain that was booted from another data directory', async () => {
    const other = mkdtempSync(join(tmpdir(), 'attached-other-'));
    const second = await startEmbeddedChain({ dataDir: other, rpcPort: 0, ephemeral: true });
    try {
      // `other`'s keys against the first chain: its Juice mint is not there.
      const error = await attachLocalChain({
        rpcUrl: running.context.rpcUrl,
        dataDir: other,
        waitMs: 0,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        `SOLANA_RPC_URL: the local chain at ${running.context.rpcUrl} is not ready (it has no Juice mint ${second.context.addresses.juiceMint}: it was booted from another data directory)`,
      ]);
    } finally {
      await second.stop();
      rmSync(other, { recursive: true, force: true });
    }
  }, 120_000);

  it('names a missing mint key', async () => {
    const partial = mkdtempSync(join(tmpdir(), 'attached-partial-'));
    const third = await startEmbeddedChain({ dataDir: partial, rpcPort: 0, ephemeral: true });
    await third.stop();
    try {
      unlinkSync(mintKeyPath(partial, 'usdt'));
      const error = await attachLocalChain({
        rpcUrl: running.context.rpcUrl,
        dataDir: partial,
        waitMs: 0,
      }).catch((caught: unknown) => caught);
      expect((error as ConfigError).problems).toEqual([
        `LOCALNET_DATA_DIR: ${mintKeyPath(partial, 'usdt')} does not exist: start the local chain first (\`npm run localnet -- --data-dir <dir>\`) with the same directory`,
      ]);
      unlinkSync(join(partial, 'keys', KEY_FILES.settler));
      const missingKey = await attachLocalChain({ rpcUrl: running.context.rpcUrl, dataDir: partial }).catch(
        (caught: unknown) => caught,
      );
      expect((missingKey as ConfigError).problems[0]).toContain(KEY_FILES.settler);
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
  }, 120_000);
});
