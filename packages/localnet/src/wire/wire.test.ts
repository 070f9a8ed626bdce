/**
 * The wire-level helpers: base58 against kit's codec, the transaction parser against kit's encoder and
 * arbitrary bytes, and the error tables against the LiteSVM binding's enums.
 */
import {
  address,
  generateKeyPairSigner,
  lamports,
  type Instruction,
  getBase58Codec,
  getTransactionEncoder,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Blockhash,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import fc from 'fast-check';
import { LiteSVM } from 'litesvm';
import { FailedTransactionMetadata } from 'litesvm/dist/internal.js';
import { describe, expect, it } from 'vitest';

import { decodeBase58, encodeBase58 } from './base58.ts';
import {
  INSTRUCTION_ERROR_NAMES,
  TRANSACTION_ERROR_NAMES,
  transactionErrorJson,
  transactionErrorText,
} from './transaction-error.ts';
import { isSanitaryTransaction, parseTransaction, WireFormatError } from './wire-transaction.ts';

describe('base58', () => {
  it('agrees with kit both ways, leading zeros included', () => {
    const codec = getBase58Codec();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), fc.nat({ max: 5 }), (bytes, zeros) => {
        const input = Uint8Array.from([...new Uint8Array(zeros), ...bytes]);
        const text = encodeBase58(input);
        expect(text).toBe(codec.decode(input));
        expect(decodeBase58(text)).toEqual(input);
      }),
      { numRuns: 2000 },
    );
    expect(decodeBase58('0OIl')).toBeNull();
  });
});

describe('the transaction parser', () => {
  it('reads what kit writes', async () => {
    const payer = await generateKeyPairSigner();
    const destination = (await generateKeyPairSigner()).address;
    for (const version of ['legacy', 0] as const) {
      const message = pipe(
        createTransactionMessage({ version }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            {
              blockhash: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY' as Blockhash,
              lastValidBlockHeight: 0n,
            },
            m,
          ),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: payer, destination, amount: 5n })],
            m,
          ),
      );
      const bytes = new Uint8Array(
        getTransactionEncoder().encode(await signTransactionMessageWithSigners(message)),
      );
      const parsed = parseTransaction(Uint8Array.from([...bytes, 9, 9])); // trailing bytes are ignored
      expect(parsed.bytes).toEqual(bytes);
      expect(parsed.message.version).toBe(version);
      expect(encodeBase58(parsed.message.staticKeys[0]!)).toBe(payer.address);
      expect(encodeBase58(parsed.message.recentBlockhash)).toBe(
        '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
      );
      expect(parsed.message.instructions).toHaveLength(1);
      expect(isSanitaryTransaction(parsed)).toBe(true);
    }
  });

  it('only ever throws WireFormatError, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        try {
          const parsed = parseTransaction(bytes);
          isSanitaryTransaction(parsed);
        } catch (error) {
          expect(error).toBeInstanceOf(WireFormatError);
        }
      }),
      { numRuns: 3000 },
    );
    expect(() => parseTransaction(new Uint8Array([0xff, 0xff, 0xff]))).toThrow(
      'invalid value: continue signal on byte-three, expected a terminal signal on or before byte-three',
    );
    expect(() => parseTransaction(new Uint8Array([1, 2, 3]))).toThrow(
      'io error: failed to fill whole buffer',
    );
  });
});

describe('transaction errors', () => {
  it('name LiteSVM’s fieldless variants as the binding does', async () => {
    // The binding's enums carry no names at run time, so each spot check provokes a variant and reads
    // its name from the Rust debug text.
    const svm = new LiteSVM();
    const payer = await generateKeyPairSigner();
    const broke = await generateKeyPairSigner();
    svm.airdrop(payer.address, lamports(1_000_000_000n));
    const build = async (signer: typeof payer, instruction: Instruction) =>
      signTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(signer, m),
          (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
          (m) => appendTransactionMessageInstructions([instruction], m),
        ),
      );
    const cases: [Instruction, typeof payer, string][] = [
      [
        getTransferSolInstruction({ source: broke, destination: payer.address, amount: 1n }),
        broke,
        'AccountNotFound',
      ],
      [{ programAddress: broke.address, data: new Uint8Array(1) }, payer, 'InvalidProgramForExecution'],
      [
        { programAddress: address('11111111111111111111111111111111'), data: new Uint8Array([9]) },
        payer,
        'InvalidInstructionData',
      ],
    ];
    for (const [instruction, signer, name] of cases) {
      const result = svm.sendTransaction(await build(signer, instruction));
      expect(result).toBeInstanceOf(FailedTransactionMetadata);
      const failed = result as FailedTransactionMetadata;
      const json = transactionErrorJson(failed.err());
      expect(JSON.stringify(json)).toContain(name);
      expect(failed.toString()).toContain(name);
    }
    expect(TRANSACTION_ERROR_NAMES).toHaveLength(35);
    expect(INSTRUCTION_ERROR_NAMES).toHaveLength(53);
  });

  it('display as the validator displays them', () => {
    expect(transactionErrorText('BlockhashNotFound')).toBe('Blockhash not found');
    expect(transactionErrorText({ InstructionError: [2, { Custom: 6001 }] })).toBe(
      'Error processing Instruction 2: custom program error: 0x1771',
    );
    expect(transactionErrorText({ InstructionError: [0, 'InsufficientFunds'] })).toBe(
      'Error processing Instruction 0: insufficient funds for instruction',
    );
    expect(transactionErrorText({ InsufficientFundsForRent: { account_index: 1 } })).toBe(
      'Transaction results in an account (1) with insufficient funds for rent',
    );
  });
});
