import { MAX_TRANSACTION_SIZE, PRIORITY_FEE_FLOOR_MICRO_LAMPORTS } from '@arcade/sdk/constants';
import {
  getCloseBetInstruction,
  getSettleBetInstruction,
  getWithdrawBetInstruction,
} from '@arcade/sdk/foresight/instructions';
import { getClaimBetInstruction, getSettlePredictionInstruction } from '@arcade/sdk/wager/instructions';
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getAddressDecoder,
  getTransactionSize,
  pipe,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageComputeUnitPrice,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
} from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  ClaimTooLargeError,
  MAX_CLAIMS_PER_TRANSACTION,
  packClaims,
  transactionSize,
} from './pack-claims.ts';

const address = (byte: number): Address => getAddressDecoder().decode(new Uint8Array(32).fill(byte));
const WAGER = address(200);
const FORESIGHT = address(201);
const USER = address(1);

/** The size of the transaction the SDK sender builds and checks, as kit compiles it. */
function kitSize(feePayer: Address, instructions: readonly Instruction[]): number {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: address(250) as string as Blockhash, lastValidBlockHeight: 1n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => setTransactionMessageComputeUnitPrice(PRIORITY_FEE_FLOOR_MICRO_LAMPORTS, m),
    (m) => setTransactionMessageComputeUnitLimit(1_400_000, m),
  );
  return getTransactionSize(compileTransaction(message));
}

/** One claim of any kind, over a small pool of addresses so that accounts repeat across claims. */
const claimArb = fc
  .record({
    kind: fc.constantFrom('claim_bet', 'settle_bet', 'withdraw_bet', 'close_bet', 'settle_prediction'),
    a: fc.integer({ min: 2, max: 60 }),
    b: fc.integer({ min: 2, max: 60 }),
    c: fc.integer({ min: 2, max: 60 }),
    sol: fc.boolean(),
  })
  .map(({ kind, a, b, c, sol }): Instruction => {
    switch (kind) {
      case 'claim_bet':
        return getClaimBetInstruction(
          { user: USER, bet: address(a), house: address(b), sol },
          { programAddress: WAGER },
        );
      case 'settle_bet':
        return getSettleBetInstruction(
          { user: USER, config: address(c), event: address(a), bet: address(b) },
          { programAddress: FORESIGHT },
        );
      case 'withdraw_bet':
        return getWithdrawBetInstruction(
          { user: USER, config: address(c), event: address(a), bet: address(b) },
          { programAddress: FORESIGHT },
        );
      case 'close_bet':
        return getCloseBetInstruction(
          { user: USER, event: address(a), bet: address(b) },
          { programAddress: FORESIGHT },
        );
      default:
        return getSettlePredictionInstruction(
          { prediction: address(a), market: address(b), marketAuthority: address(c), user: USER },
          { programAddress: WAGER },
        );
    }
  });

describe('transactionSize', () => {
  it('is the byte count kit compiles, compute-budget instructions included', () => {
    fc.assert(
      fc.property(fc.array(claimArb, { maxLength: 12 }), (instructions) => {
        expect(transactionSize(USER, instructions)).toBe(kitSize(USER, instructions));
      }),
      { numRuns: 200 },
    );
  });

  it('counts a second signer', () => {
    const other = address(77);
    const instruction = getClaimBetInstruction(
      { user: other, bet: address(3), house: address(4) },
      { programAddress: WAGER },
    );
    expect(transactionSize(USER, [instruction])).toBe(kitSize(USER, [instruction]));
  });
});

/** A Foresight claim as Claim all sends it: `settle_bet` (or `withdraw_bet`) then `close_bet` on the same bet. */
function foresightClaim(event: Address, bet: Address, withdraw = false): Instruction[] {
  const accounts = { user: USER, config: address(5), event, bet };
  return [
    withdraw
      ? getWithdrawBetInstruction(accounts, { programAddress: FORESIGHT })
      : getSettleBetInstruction(accounts, { programAddress: FORESIGHT }),
    getCloseBetInstruction({ user: USER, event, bet }, { programAddress: FORESIGHT }),
  ];
}

/** A claim of one to three instructions (a Foresight claim is two). */
const claimInstructionsArb = fc.array(claimArb, { minLength: 1, maxLength: 3 });

describe('packClaims', () => {
  it('keeps every claim once, in order and whole, each transaction within the size and count limits, none joinable', () => {
    fc.assert(
      fc.property(
        fc.array(claimInstructionsArb, { maxLength: 30 }),
        fc.integer({ min: 700, max: MAX_TRANSACTION_SIZE }),
        fc.integer({ min: 1, max: MAX_CLAIMS_PER_TRANSACTION }),
        (instructionLists, maxBytes, maxClaims) => {
          const claims = instructionLists.map((instructions, item) => ({ instructions, item }));
          const batches = packClaims(USER, claims, { maxBytes, maxClaims });
          expect(batches.flatMap((batch) => batch.items)).toEqual(claims.map((claim) => claim.item));
          for (const [index, batch] of batches.entries()) {
            // A claim's instructions travel together, in order.
            expect(batch.instructions).toEqual(batch.items.flatMap((item) => instructionLists[item]!));
            expect(batch.items.length).toBeGreaterThan(0);
            expect(batch.items.length).toBeLessThanOrEqual(maxClaims);
            expect(kitSize(USER, batch.instructions)).toBeLessThanOrEqual(maxBytes);
            // Greedy: the next claim did not fit in this transaction.
            const following = batches[index + 1];
            if (following !== undefined) {
              const joined = [...batch.instructions, ...instructionLists[following.items[0]!]!];
              expect(batch.items.length + 1 > maxClaims || transactionSize(USER, joined) > maxBytes).toBe(
                true,
              );
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('puts up to eight of the real claims in one transaction under 1232 bytes', () => {
    const claims = Array.from({ length: 20 }, (_, i) => ({
      instructions: [
        getSettleBetInstruction(
          { user: USER, config: address(5), event: address(10 + i), bet: address(40 + i) },
          { programAddress: FORESIGHT },
        ),
      ],
      item: i,
    }));
    const batches = packClaims(USER, claims);
    expect(batches.map((batch) => batch.items.length)).toEqual([8, 8, 4]);
    for (const batch of batches)
      expect(kitSize(USER, batch.instructions)).toBeLessThanOrEqual(MAX_TRANSACTION_SIZE);
  });

  it('fits eight Foresight claims with their close_bet (16 instructions) in one transaction', () => {
    const claims = Array.from({ length: 10 }, (_, i) => ({
      instructions: foresightClaim(address(10 + i), address(40 + i), i % 2 === 1),
      item: i,
    }));
    const batches = packClaims(USER, claims);
    expect(batches.map((batch) => batch.items)).toEqual([
      [0, 1, 2, 3, 4, 5, 6, 7],
      [8, 9],
    ]);
    expect(batches.map((batch) => batch.instructions.length)).toEqual([16, 4]);
    for (const batch of batches)
      expect(kitSize(USER, batch.instructions)).toBeLessThanOrEqual(MAX_TRANSACTION_SIZE);
  });

  it('never splits a claim: a pair that does not fit whole starts the next transaction', () => {
    const one = foresightClaim(address(10), address(40));
    const two = foresightClaim(address(11), address(41));
    // Room for the first pair and the second's settle_bet, not its close_bet.
    const maxBytes = transactionSize(USER, [...one, two[0]!]);
    expect(transactionSize(USER, [...one, ...two])).toBeGreaterThan(maxBytes);
    const batches = packClaims(
      USER,
      [
        { instructions: one, item: 'one' },
        { instructions: two, item: 'two' },
      ],
      { maxBytes },
    );
    expect(batches).toEqual([
      { instructions: one, items: ['one'] },
      { instructions: two, items: ['two'] },
    ]);
  });

  it('packs closes by size alone when the count is not limited', () => {
    const closes = Array.from({ length: 30 }, (_, i) => ({
      instructions: [
        getCloseBetInstruction(
          { user: USER, event: address(10 + i), bet: address(80 + i) },
          { programAddress: FORESIGHT },
        ),
      ],
      item: i,
    }));
    const batches = packClaims(USER, closes, { maxClaims: Number.MAX_SAFE_INTEGER });
    expect(batches.flatMap((batch) => batch.items)).toEqual(closes.map((close) => close.item));
    for (const [index, batch] of batches.entries()) {
      expect(kitSize(USER, batch.instructions)).toBeLessThanOrEqual(MAX_TRANSACTION_SIZE);
      const following = batches[index + 1];
      if (following !== undefined)
        expect(transactionSize(USER, [...batch.instructions, following.instructions[0]!])).toBeGreaterThan(
          MAX_TRANSACTION_SIZE,
        );
    }
    expect(batches[0]!.items.length).toBeGreaterThan(MAX_CLAIMS_PER_TRANSACTION);
  });

  it('is empty for no claims, and refuses a claim too big for any transaction', () => {
    expect(packClaims(USER, [])).toEqual([]);
    const claim = { instructions: foresightClaim(address(6), address(7)), item: 0 };
    expect(() => packClaims(USER, [claim], { maxBytes: 250 })).toThrow(ClaimTooLargeError);
  });
});
