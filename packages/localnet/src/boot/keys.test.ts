import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createKeyPairSignerFromBytes } from '@solana/kit';
import { afterEach, describe, expect, it } from 'vitest';

import { loadOrCreateKeypair, readKeypair, writeNewKey } from './keys.ts';

let dir: string;
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('key files', () => {
  it('creates a key once, mode 0600, and reads the same key back', async () => {
    dir = mkdtempSync(join(tmpdir(), 'keys-'));
    const path = join(dir, 'desk.json');
    const first = await loadOrCreateKeypair(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect((await loadOrCreateKeypair(path)).address).toBe(first.address);
    expect((await readKeypair(path))?.address).toBe(first.address);
    expect(readdirSync(dir)).toEqual(['desk.json']);
  });

  it('keeps the key another process wrote first and returns it, leaving no file of its own behind', async () => {
    dir = mkdtempSync(join(tmpdir(), 'keys-'));
    const path = join(dir, 'desk.json');
    // Another instance won the race between this one's missing read and its write.
    const winner = await loadOrCreateKeypair(path);
    const bytes = writeNewKey(path);
    expect((await createKeyPairSignerFromBytes(bytes)).address).toBe(winner.address);
    expect(readdirSync(dir)).toEqual(['desk.json']);
  });

  it('reads nothing where no key was written', async () => {
    dir = mkdtempSync(join(tmpdir(), 'keys-'));
    await expect(readKeypair(join(dir, 'missing.json'))).resolves.toBeUndefined();
  });
});
