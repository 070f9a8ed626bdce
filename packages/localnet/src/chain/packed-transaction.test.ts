/**
 * The history keeps each transaction packed: what `getTransaction` reads comes back exactly, what status and
 * address queries read is there without unpacking, each record holds only its own bytes, and a history
 * saved with full records (format version 1) is packed when restored.
 */
import { describe, expect, it } from 'vitest';

import { isPacked, packRecord, unpackRecord } from './packed-transaction.ts';
import { TransactionIndex, type TransactionRecord } from './transaction-index.ts';

const PROGRAM = 'Wager1111111111111111111111111111111111111';

/** A record like a bet's: a few hundred wire bytes, program logs, balances, a token balance, inner instructions. */
function betRecord(sequence: number): TransactionRecord {
  const wire = Uint8Array.from({ length: 420 }, (_, i) => (i * 37 + sequence) % 256);
  return {
    sequence,
    signature: `sig-${sequence}`,
    slot: 1_000n + BigInt(sequence),
    blockTime: 1_760_000_000 + sequence,
    wire,
    version: 0,
    err: sequence % 2 === 0 ? null : { InstructionError: [0, { Custom: 6001 }] },
    fee: 5_000n,
    logs: [
      `Program ${PROGRAM} invoke [1]`,
      'Program log: Instruction: CreateBet',
      'Program 11111111111111111111111111111111 invoke [2]',
      'Program 11111111111111111111111111111111 success',
      `Program data: ${'QUJD'.repeat(20)}`,
      `Program ${PROGRAM} consumed 41234 of 200000 compute units`,
      `Program ${PROGRAM} success`,
    ],
    preBalances: [20_000_000_000n, 0n, 1n, 18_446_744_073_709_551_615n],
    postBalances: [19_899_995_000n, 100_000_000n, 1n, 18_446_744_073_709_551_615n],
    preTokenBalances: [
      { accountIndex: 2, mint: 'Mint', owner: 'Owner', programId: 'Token', amount: 12n, decimals: 6 },
    ],
    postTokenBalances: [
      {
        accountIndex: 2,
        mint: 'Mint',
        owner: 'Owner',
        programId: 'Token',
        amount: 18_446_744_073_709_551_615n,
        decimals: 6,
      },
    ],
    computeUnitsConsumed: 41_234n,
    innerInstructions: [
      {
        index: 0,
        instructions: [
          { programIdIndex: 3, accounts: [0, 1], data: Uint8Array.of(2, 0, 0, 0, 1, 2, 3), stackHeight: 2 },
        ],
      },
    ],
    returnData: { programId: PROGRAM, data: Uint8Array.of(9, 8, 7) },
    loadedAddresses: { writable: ['W1'], readonly: ['R1', 'R2'] },
    memo: sequence % 3 === 0 ? '[5] hello' : null,
  };
}

describe('packed transaction records', () => {
  it('unpack to exactly the record, keeping the summary fields unpacked', () => {
    for (const sequence of [0, 1, 3]) {
      const record = betRecord(sequence);
      const packed = packRecord(record);
      expect(isPacked(packed)).toBe(true);
      expect(isPacked(record)).toBe(false);
      expect(unpackRecord(packed)).toEqual(record);
      expect({
        sequence: packed.sequence,
        signature: packed.signature,
        slot: packed.slot,
        blockTime: packed.blockTime,
        err: packed.err,
        memo: packed.memo,
      }).toEqual({
        sequence: record.sequence,
        signature: record.signature,
        slot: record.slot,
        blockTime: record.blockTime,
        err: record.err,
        memo: record.memo,
      });
    }
  });

  it('hold only their own bytes, fewer than the wire transaction and logs they keep', () => {
    const record = betRecord(2);
    const { packed } = packRecord(record);
    // Not a view into a larger zlib chunk, which every kept record would then keep alive.
    expect(packed.buffer.byteLength).toBe(packed.byteLength);
    const logBytes = record.logs.reduce((sum, line) => sum + line.length, 0);
    expect(packed.byteLength).toBeLessThan(record.wire.length + logBytes);
  });
});

describe('TransactionIndex with packed records', () => {
  it('answers getTransaction with the full record and status and address queries from the summary', () => {
    const index = new TransactionIndex();
    const records = [0, 1, 2].map(betRecord);
    for (const record of records) index.add(record, ['payer', `bet-${record.sequence}`]);
    expect(index.get('sig-1')).toEqual(records[1]);
    expect(index.status('sig-1')).toMatchObject({ slot: 1_001n, err: records[1]!.err, memo: null });
    expect(index.status('sig-9')).toBeUndefined();
    expect(index.signaturesForAddress('payer', { limit: 10 }).map((summary) => summary.signature)).toEqual([
      'sig-2',
      'sig-1',
      'sig-0',
    ]);
    // What is kept (and saved) is packed.
    expect(index.export().records.every(isPacked)).toBe(true);
  });

  it('restores a history saved with full records (format version 1), packing it', () => {
    const records = [0, 1, 2].map(betRecord);
    const index = TransactionIndex.from({
      records,
      byAddress: [
        ['payer', [0, 1, 2]],
        ['bet-1', [1]],
      ],
    });
    expect(index.export().records.every(isPacked)).toBe(true);
    expect(index.get('sig-0')).toEqual(records[0]);
    expect(index.get('sig-2')).toEqual(records[2]);
    expect(index.signaturesForAddress('bet-1', { limit: 10 }).map((summary) => summary.sequence)).toEqual([
      1,
    ]);
    expect(index.nextSequence).toBe(3);
  });
});
