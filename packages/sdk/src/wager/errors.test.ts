import idl from '@arcade/program-wager/idl.json' with { type: 'json' };
import {
  getSolanaErrorFromTransactionError,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SolanaError,
  type Address,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';

import { FORESIGHT_PROGRAM_ADDRESS } from '../foresight/program.ts';
import { SYSTEM_PROGRAM_ADDRESS } from '../anchor/instructions.ts';
import { loadProgramErrors } from '../anchor/program-errors.ts';
import {
  WAGER_ERROR_CODES,
  WAGER_ERRORS,
  decodeWagerError,
  getWagerErrorFromLogs,
  getWagerErrorFromSolanaError,
  isWagerError,
  type WagerErrorName,
} from './errors.ts';
import { WAGER_PROGRAM_ADDRESS } from './program.ts';

/**
 * The codes of docs/wager.md#where-each-error-is-raised: 6000–6013,
 * then the trust model's (docs/trust.md).
 */
const SPEC_CODES =
  '6000 InvalidMarketplace, 6001 InvalidOdds, 6002 InvalidListingPrice, 6003 BetNotOpen, 6004 BetNotWon, 6005 BetNotAvailable, 6006 InvalidReferral, 6007 InvalidMarket, 6008 MarketClosed, 6009 InvalidPrediction, 6010 OverflowError, 6011 BetTooLow, 6012 InvalidReferrer, 6013 BetOnChain, 6014 InvalidSeed, 6015 RevealOutOfOrder, 6016 RefundTooEarly, 6017 NoSeedCommitted, 6018 SlotHashUnavailable, 6019 MarketNotOverdue, 6020 SeedChainInUse';
const spec = SPEC_CODES.split(', ').map((entry) => {
  const [code, name] = entry.split(' ');
  return { code: Number(code), name: name as WagerErrorName };
});

const instructionError = (index: number, code: number) =>
  getSolanaErrorFromTransactionError({ InstructionError: [index, { Custom: code }] });

describe('the error table', () => {
  it("has the spec's 21 codes and names, and the IDL's, in order, frozen", () => {
    expect(spec).toHaveLength(21);
    expect(Object.isFrozen(WAGER_ERROR_CODES)).toBe(true);
    expect(Object.isFrozen(WAGER_ERRORS)).toBe(true);
    const codes = Object.values(WAGER_ERROR_CODES);
    expect(codes).toEqual(codes.map((_, i) => 6000 + i));
    expect(Object.entries(WAGER_ERROR_CODES).map(([name, code]) => ({ code, name }))).toEqual(spec);
    expect(idl.errors.map(({ code, name }) => ({ code, name }))).toEqual(spec);
    expect(Object.values(WAGER_ERRORS)).toEqual(idl.errors);
  });

  it.each(spec)('decodes $code as $name with the IDL message', ({ code, name }) => {
    const msg = idl.errors.find((e) => e.code === code)!.msg;
    expect(decodeWagerError(code)).toEqual({ code, name, msg });
  });

  it('knows no other code', () => {
    for (const code of [0, 1, 2006, 3010, 5999, 6021, 6022, 6100]) expect(decodeWagerError(code)).toBeNull();
  });

  it('fails loudly when the IDL drifts from the spec', () => {
    const errors = idl.errors;
    const swapped = [errors[1]!, errors[0]!, ...errors.slice(2)];
    expect(() => loadProgramErrors('Wager', WAGER_ERROR_CODES, swapped)).toThrow(
      "Wager IDL error 6001 InvalidOdds is not the spec's",
    );
    const renamed = errors.map((e) => (e.code === 6013 ? { ...e, name: 'BetOnchain' } : e));
    expect(() => loadProgramErrors('Wager', WAGER_ERROR_CODES, renamed)).toThrow(/6013 BetOnchain/);
    const renumbered = errors.map((e) => (e.code === 6010 ? { ...e, code: 6100 } : e));
    expect(() => loadProgramErrors('Wager', WAGER_ERROR_CODES, renumbered)).toThrow(/6100 OverflowError/);
    expect(() => loadProgramErrors('Wager', WAGER_ERROR_CODES, errors.slice(0, 20))).toThrow(
      'The Wager IDL has 20 errors, the spec 21',
    );
    expect(() =>
      loadProgramErrors('Wager', WAGER_ERROR_CODES, [...errors, { code: 6021, name: 'Extra', msg: '' }]),
    ).toThrow(/6021 Extra/);
  });
});

describe('errors from a kit SolanaError', () => {
  it.each(spec)('reads $name ($code) from SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM', ({ code, name }) => {
    const error = instructionError(2, code);
    expect(getWagerErrorFromSolanaError(error)).toMatchObject({ code, name, instructionIndex: 2 });
    expect(isWagerError(error, name)).toBe(true);
  });

  it('finds the instruction error under a preflight failure, and in an RPC error object', () => {
    const preflight = new SolanaError(
      SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
      {
        accounts: null,
        logs: [],
        returnData: null,
        unitsConsumed: 1000n,
        cause: instructionError(1, WAGER_ERROR_CODES.BetNotAvailable),
      } as never,
    );
    expect(getWagerErrorFromSolanaError(new Error('send failed', { cause: preflight }))?.name).toBe(
      'BetNotAvailable',
    );
    expect(getWagerErrorFromSolanaError({ InstructionError: [0n, { Custom: 6011n }] })).toMatchObject({
      name: 'BetTooLow',
      instructionIndex: 0,
    });
    expect(getWagerErrorFromSolanaError(instructionError(0, 3012))).toBeNull();
    expect(getWagerErrorFromSolanaError(new Error('custom program error: 0x1771'))).toBeNull();
  });

  it("tells Wager's codes from Foresight's when told the transaction's programs", () => {
    // 6011 is Wager's BetTooLow and Foresight's EventNotLocked.
    const programs: Address[] = [SYSTEM_PROGRAM_ADDRESS, WAGER_PROGRAM_ADDRESS, FORESIGHT_PROGRAM_ADDRESS];
    const options = { instructionProgramAddresses: programs };
    expect(getWagerErrorFromSolanaError(instructionError(1, 6011), options)?.name).toBe('BetTooLow');
    expect(getWagerErrorFromSolanaError(instructionError(2, 6011), options)).toBeNull();
    expect(getWagerErrorFromSolanaError(instructionError(0, 6011), options)).toBeNull();
    expect(isWagerError(instructionError(2, 6011), 'BetTooLow', options)).toBe(false);
    const other = FORESIGHT_PROGRAM_ADDRESS;
    expect(
      getWagerErrorFromSolanaError(instructionError(2, 6011), { ...options, programAddress: other })?.name,
    ).toBe('BetTooLow');
  });
});

describe('errors from logs', () => {
  it.each(spec)('reads $name from the runtime failure line', ({ code, name }) => {
    const logs = [
      `Program ${WAGER_PROGRAM_ADDRESS} invoke [1]`,
      `Program ${WAGER_PROGRAM_ADDRESS} consumed 3000 of 200000 compute units`,
      `Program ${WAGER_PROGRAM_ADDRESS} failed: custom program error: 0x${code.toString(16)}`,
    ];
    expect(getWagerErrorFromLogs(logs)?.name).toBe(name);
  });

  it('attributes the code to the innermost failing program only', () => {
    const systemFailed = [
      `Program ${WAGER_PROGRAM_ADDRESS} invoke [1]`,
      `Program ${SYSTEM_PROGRAM_ADDRESS} invoke [2]`,
      `Program ${SYSTEM_PROGRAM_ADDRESS} failed: custom program error: 0x1`,
      `Program ${WAGER_PROGRAM_ADDRESS} failed: custom program error: 0x1`,
    ];
    expect(getWagerErrorFromLogs(systemFailed)).toBeNull();
    const foresightFailed = [
      `Program ${FORESIGHT_PROGRAM_ADDRESS} invoke [1]`,
      `Program ${FORESIGHT_PROGRAM_ADDRESS} failed: custom program error: 0x177b`,
    ];
    expect(getWagerErrorFromLogs(foresightFailed)).toBeNull();
    expect(getWagerErrorFromLogs(foresightFailed, { programAddress: FORESIGHT_PROGRAM_ADDRESS })?.name).toBe(
      'BetTooLow',
    );
    expect(getWagerErrorFromLogs([`Program ${WAGER_PROGRAM_ADDRESS} success`])).toBeNull();
  });
});
