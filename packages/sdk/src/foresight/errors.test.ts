import idl from '@arcade/program-foresight/idl.json' with { type: 'json' };
import {
  getSolanaErrorFromTransactionError,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  SolanaError,
  type Address,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';

import { getCustomInstructionError } from '../anchor/program-errors.ts';
import { transactionErrorMessage } from '../messages.ts';
import {
  FORESIGHT_ERROR_CODES,
  FORESIGHT_ERRORS,
  decodeForesightError,
  getForesightErrorFromLogs,
  getForesightErrorFromSolanaError,
  isForesightError,
} from './errors.ts';
import { FORESIGHT_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS } from './program.ts';

/** The codes of docs/foresight.md#errors. */
const SPEC_CODES =
  '6000 TryToSerializePriceAccount, 6001 PythError, 6002 EventUnsettled, 6003 EventSettled, 6004 EventInactive, 6005 BetLost, 6006 OverflowError, 6007 InvalidEventID, 6008 InvalidPrediction, 6009 EventLocked, 6010 BetSettled, 6011 EventNotLocked, 6012 BetUnsettled, 6013 EventPendingBets, 6014 BetTooLow, 6015 EventActive';
const spec = SPEC_CODES.split(', ').map((entry) => {
  const [code, name] = entry.split(' ');
  return { code: Number(code), name: name! };
});

const instructionError = (index: number, code: number) =>
  getSolanaErrorFromTransactionError({ InstructionError: [index, { Custom: code }] });

describe('the error table', () => {
  it("has the spec's 16 codes and names, and the IDL's", () => {
    expect(spec).toHaveLength(16);
    expect(Object.entries(FORESIGHT_ERROR_CODES).map(([name, code]) => ({ code, name }))).toEqual(spec);
    expect(idl.errors.map(({ code, name }) => ({ code, name }))).toEqual(spec);
    expect(Object.values(FORESIGHT_ERRORS)).toEqual(idl.errors);
  });

  it.each(spec)('decodes $code as $name with the IDL message', ({ code, name }) => {
    const msg = idl.errors.find((e) => e.code === code)!.msg;
    expect(decodeForesightError(code)).toEqual({ code, name, msg });
  });

  it('knows no other code', () => {
    for (const code of [0, 1, 2000, 3010, 5999, 6016, 6100]) expect(decodeForesightError(code)).toBeNull();
  });
});

describe('errors from a kit SolanaError', () => {
  it.each(spec)('reads $name ($code) from SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM', ({ code, name }) => {
    const error = instructionError(1, code);
    expect(error.context.__code).toBe(SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM);
    expect(getForesightErrorFromSolanaError(error)).toMatchObject({ code, name, instructionIndex: 1 });
    expect(isForesightError(error, name as keyof typeof FORESIGHT_ERROR_CODES)).toBe(true);
  });

  it('finds the instruction error under a preflight failure, and yields the spec message parts', () => {
    const preflight = new SolanaError(
      SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
      {
        accounts: null,
        logs: [],
        returnData: null,
        unitsConsumed: 1000n,
        cause: instructionError(2, FORESIGHT_ERROR_CODES.EventLocked),
      } as never,
    );
    const custom = getCustomInstructionError(preflight);
    expect(custom).toEqual({ instructionIndex: 2, code: 6009 });
    expect(transactionErrorMessage(custom!.instructionIndex, custom!.code)).toBe(
      'Error in transaction: instruction index 2, custom program error 6009',
    );
    expect(getForesightErrorFromSolanaError(preflight)?.name).toBe('EventLocked');
    expect(getForesightErrorFromSolanaError(new Error('wrapped', { cause: preflight }))?.name).toBe(
      'EventLocked',
    );
  });

  it('reads the RPC TransactionError object, with numbers or bigints', () => {
    expect(getCustomInstructionError({ InstructionError: [0, { Custom: 6014 }] })).toEqual({
      instructionIndex: 0,
      code: 6014,
    });
    expect(getForesightErrorFromSolanaError({ InstructionError: [3n, { Custom: 6005n }] })).toMatchObject({
      name: 'BetLost',
      instructionIndex: 3,
    });
    expect(getCustomInstructionError({ InstructionError: [0, 'InvalidAccountData'] })).toBeNull();
    expect(getCustomInstructionError('AccountInUse')).toBeNull();
  });

  it('ignores errors that are not custom instruction errors', () => {
    expect(
      getCustomInstructionError(new SolanaError(SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND)),
    ).toBeNull();
    expect(getCustomInstructionError(new Error('custom program error: 0x1771'))).toBeNull();
    expect(getForesightErrorFromSolanaError(instructionError(0, 3010))).toBeNull();
    expect(getCustomInstructionError(undefined)).toBeNull();
  });

  it("accepts a code only from a Foresight instruction when told the transaction's programs", () => {
    const programs: Address[] = [SYSTEM_PROGRAM_ADDRESS, FORESIGHT_PROGRAM_ADDRESS];
    expect(
      getForesightErrorFromSolanaError(instructionError(1, 6014), { instructionProgramAddresses: programs }),
    ).toMatchObject({ name: 'BetTooLow' });
    expect(
      getForesightErrorFromSolanaError(instructionError(0, 6014), { instructionProgramAddresses: programs }),
    ).toBeNull();
  });
});

describe('errors from logs', () => {
  const FORESIGHT = FORESIGHT_PROGRAM_ADDRESS;

  it.each(spec)('reads $name from the runtime failure line', ({ code, name }) => {
    const logs = [
      `Program ${FORESIGHT} invoke [1]`,
      'Program log: failing',
      `Program ${FORESIGHT} consumed 3000 of 200000 compute units`,
      `Program ${FORESIGHT} failed: custom program error: 0x${code.toString(16)}`,
    ];
    expect(getForesightErrorFromLogs(logs)?.name).toBe(name);
  });

  it('attributes the code to the innermost failing program only', () => {
    const systemFailed = [
      `Program ${FORESIGHT} invoke [1]`,
      `Program ${SYSTEM_PROGRAM_ADDRESS} invoke [2]`,
      `Program ${SYSTEM_PROGRAM_ADDRESS} failed: custom program error: 0x1770`,
      `Program ${FORESIGHT} failed: custom program error: 0x1770`,
    ];
    expect(getForesightErrorFromLogs(systemFailed)).toBeNull();
    const notCustom = [
      `Program ${FORESIGHT} invoke [1]`,
      `Program ${FORESIGHT} failed: missing required signature for instruction`,
    ];
    expect(getForesightErrorFromLogs(notCustom)).toBeNull();
    expect(getForesightErrorFromLogs([`Program ${FORESIGHT} success`])).toBeNull();
  });
});
