/**
 * The bounded history: whatever lands and however it is pruned, the index keeps whole slots, never a slot
 * inside the protected window, at most the limit otherwise, and its per-address lists agree with its
 * records (before and after a save and restore).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { TransactionIndex, type TransactionRecord } from './transaction-index.ts';

const ADDRESSES = ['payer-a', 'payer-b', 'program', 'vault'];

function record(sequence: number, slot: bigint): TransactionRecord {
  return {
    sequence,
    signature: `sig-${sequence}`,
    slot,
    blockTime: 0,
    wire: new Uint8Array(0),
    version: 0,
    err: null,
    fee: 5_000n,
    logs: [],
    preBalances: [],
    postBalances: [],
    preTokenBalances: [],
    postTokenBalances: [],
    computeUnitsConsumed: 0n,
    innerInstructions: [],
    returnData: null,
    loadedAddresses: { writable: [], readonly: [] },
    memo: null,
  };
}

/** Per slot: how many transactions land, which addresses each loads; then where the window starts and the limit. */
const scenario = fc.record({
  slots: fc.array(fc.array(fc.subarray(ADDRESSES, { minLength: 1 }), { maxLength: 4 }), { maxLength: 30 }),
  limit: fc.nat({ max: 20 }),
  window: fc.nat({ max: 30 }),
});

describe('TransactionIndex.prune', () => {
  it('keeps whole slots, never one in the window, at most the limit otherwise, with consistent lists', () => {
    fc.assert(
      fc.property(scenario, ({ slots, limit, window }) => {
        const index = new TransactionIndex();
        const all: { record: TransactionRecord; addresses: string[] }[] = [];
        slots.forEach((transactions, slot) => {
          for (const addresses of transactions) {
            const landed = record(index.nextSequence, BigInt(slot));
            index.add(landed, addresses);
            all.push({ record: landed, addresses });
          }
        });
        const keepFrom = BigInt(Math.max(0, slots.length - window));
        const dropped = index.prune(limit, keepFrom);

        const kept = all.filter(({ record: { signature } }) => index.has(signature));
        expect(dropped).toBe(all.length - kept.length);
        // The model: drop the oldest whole slots, one at a time, while over the limit and before the window.
        let cut: bigint | null = null;
        let remaining = all.length;
        for (const slot of new Set(all.map(({ record: landed }) => landed.slot))) {
          if (remaining <= limit || slot >= keepFrom) break;
          remaining -= all.filter(({ record: landed }) => landed.slot === slot).length;
          cut = slot;
        }
        expect(kept).toEqual(all.filter(({ record: landed }) => cut === null || landed.slot > cut));
        const first = cut === null ? 0n : cut + 1n;
        expect(index.firstAvailableSlot).toBe(first);
        // Each address lists its kept transactions, newest first, and a save and restore keeps all of it.
        const restored = TransactionIndex.from(index.export());
        for (const address of ADDRESSES) {
          const expected = kept
            .filter(({ addresses }) => addresses.includes(address))
            .map(({ record: landed }) => landed.signature)
            .reverse();
          for (const view of [index, restored]) {
            expect(
              view.signaturesForAddress(address, { limit: 1000 }).map((landed) => landed.signature),
            ).toEqual(expected);
          }
        }
        expect(restored.nextSequence).toBe(all.length);
        expect(restored.firstAvailableSlot).toBe(first);
      }),
      { numRuns: 300 },
    );
  });

  it('drops nothing while the history is within the limit', () => {
    const index = new TransactionIndex();
    for (let i = 0; i < 3; i++) index.add(record(i, BigInt(i)), ['payer-a']);
    expect(index.prune(3, 100n)).toBe(0);
    expect(index.size).toBe(3);
    expect(index.firstAvailableSlot).toBe(0n);
  });

  it('refuses a record out of sequence, and a saved index whose sequences have a gap', () => {
    const index = new TransactionIndex();
    expect(() => {
      index.add(record(1, 0n), ['payer-a']);
    }).toThrow('transaction sig-1 has sequence 1, expected 0');
    expect(() => TransactionIndex.from({ records: [record(4, 0n), record(6, 1n)], byAddress: [] })).toThrow(
      'transaction sig-6 has sequence 6, expected 5',
    );
  });
});
