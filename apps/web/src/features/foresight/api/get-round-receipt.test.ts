import {
  getLockAndSettleEventsInstruction,
  getPlaceBetInstruction,
  type ForesightInstruction,
} from '@arcade/sdk/foresight/instructions';
import { address, getBase58Decoder, type Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';

import { tickRole, type JsonTransaction } from './get-round-receipt.ts';

const PROGRAM = address('2zbSipoCc7d7gcPUrfD8XTWT1CsbB4rFn7oiMWorZ29X');
const key = (seed: number) => getBase58Decoder().decode(new Uint8Array(32).fill(seed)) as Address;
const [signer, config, locked, live, next, price, treasury, user, bet] = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(
  key,
) as [Address, Address, Address, Address, Address, Address, Address, Address, Address];

/** The json-encoded transaction holding `instruction`, as getTransaction returns it. */
function asJson(instruction: ForesightInstruction, err: unknown = null): JsonTransaction {
  const keys: string[] = [];
  const indexOf = (value: string) => {
    if (!keys.includes(value)) keys.push(value);
    return keys.indexOf(value);
  };
  const accounts = instruction.accounts.map((meta) => indexOf(meta.address));
  const programIdIndex = indexOf(instruction.programAddress);
  return {
    blockTime: 1_700_000_060n,
    meta: { err },
    transaction: {
      message: {
        accountKeys: keys,
        instructions: [{ programIdIndex, accounts, data: getBase58Decoder().decode(instruction.data) }],
      },
    },
  };
}

const tick = getLockAndSettleEventsInstruction(
  {
    cranker: signer,
    config,
    lockedEvent: locked,
    liveEvent: live,
    nextEvent: next,
    priceUpdate: price,
    treasury,
  },
  { programAddress: PROGRAM },
);

describe('tickRole (which crank transaction locked or settled a round)', () => {
  it('reads the live round of a tick as locked by it, the locked round as settled by it', () => {
    expect(tickRole(asJson(tick), live, PROGRAM)).toBe('lock');
    expect(tickRole(asJson(tick), locked, PROGRAM)).toBe('settle');
    expect(tickRole(asJson(tick), next, PROGRAM)).toBeNull();
  });

  it('ignores failed ticks, other instructions and other programs', () => {
    expect(tickRole(asJson(tick, { InstructionError: [0, { Custom: 6015 }] }), live, PROGRAM)).toBeNull();
    const placeBet = getPlaceBetInstruction(
      { user, config, event: live, bet, prediction: 'up', amount: 10_000_000n },
      { programAddress: PROGRAM },
    );
    expect(tickRole(asJson(placeBet), live, PROGRAM)).toBeNull();
    expect(tickRole(asJson(tick), live, key(42))).toBeNull();
  });
});
