/**
 * The chain without the RPC: fees equal to what LiteSVM charges (property), durable nonces outliving
 * blockhashes, the SlotHashes and Clock sysvars slot by slot, and transactions dropped as a validator
 * drops them.
 */
import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  setTransactionMessageLifetimeUsingDurableNonce,
  signTransactionMessageWithSigners,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
  type Nonce,
} from '@solana/kit';
import {
  getCreateAccountInstruction,
  getInitializeNonceAccountInstruction,
  getNonceSize,
  getTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
} from '@solana-program/system';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { decodeBase58 } from '../wire/base58.ts';
import { feeForMessage } from '../wire/compute-budget.ts';
import { parseTransaction } from '../wire/wire-transaction.ts';
import { LocalChain, type SendOutcome } from './local-chain.ts';

const COMPUTE_BUDGET = address('ComputeBudget111111111111111111111111111111');
const SOL = 1_000_000_000n;

function computeBudget(kind: 2 | 3, value: bigint): Instruction {
  const data = new Uint8Array(kind === 2 ? 5 : 9);
  data[0] = kind;
  const view = new DataView(data.buffer);
  if (kind === 2) view.setUint32(1, Number(value), true);
  else view.setBigUint64(1, value, true);
  return { programAddress: COMPUTE_BUDGET, data };
}

async function funded(chain: LocalChain): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  chain.requestAirdrop(decodeBase58(signer.address)!, 100n * SOL);
  return signer;
}

async function wire(
  chain: LocalChain,
  payer: KeyPairSigner,
  instructions: Instruction[],
): Promise<Uint8Array> {
  const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return new Uint8Array(getTransactionEncoder().encode(await signTransactionMessageWithSigners(message)));
}

function send(chain: LocalChain, bytes: Uint8Array): SendOutcome {
  return chain.send(chain.load(parseTransaction(bytes)), { verifySignatures: true });
}

describe('fees', () => {
  it('computes the fee LiteSVM charges, for any unit price and limit', async () => {
    const chain = new LocalChain();
    const payer = await funded(chain);
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 0n, max: 5_000_000n }),
        fc.option(fc.integer({ min: 1, max: 1_400_000 }), { nil: undefined }),
        fc.integer({ min: 1, max: 3 }),
        async (price, limit, transfers) => {
          const instructions: Instruction[] = [computeBudget(3, price)];
          if (limit !== undefined) instructions.push(computeBudget(2, BigInt(limit)));
          for (let i = 0; i < transfers; i++) {
            const destination = (await generateKeyPairSigner()).address;
            instructions.push(getTransferSolInstruction({ source: payer, destination, amount: SOL / 100n }));
          }
          const bytes = await wire(chain, payer, instructions);
          const outcome = send(chain, bytes);
          expect(outcome.landed).toBe(true);
          if (outcome.landed) expect(outcome.record.fee).toBe(feeForMessage(parseTransaction(bytes).message));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('transactions that cannot land', () => {
  it('drops a transaction whose payer cannot pay its fee, recording nothing', async () => {
    const chain = new LocalChain();
    const broke = await generateKeyPairSigner();
    const bytes = await wire(chain, broke, [
      getTransferSolInstruction({
        source: broke,
        destination: (await generateKeyPairSigner()).address,
        amount: 1n,
      }),
    ]);
    expect(send(chain, bytes)).toEqual({ landed: false, err: 'AccountNotFound' });
    expect(chain.index.size).toBe(0);
    expect(chain.transactionCount).toBe(0n);
  });

  it('drops a replay for as long as the history lasts', async () => {
    const chain = new LocalChain();
    const payer = await funded(chain);
    const bytes = await wire(chain, payer, [
      getTransferSolInstruction({
        source: payer,
        destination: (await generateKeyPairSigner()).address,
        amount: SOL,
      }),
    ]);
    expect(send(chain, bytes).landed).toBe(true);
    chain.advanceSlot();
    expect(send(chain, bytes)).toEqual({ landed: false, err: 'AlreadyProcessed' });
  });
});

describe('durable nonces', () => {
  it('lands a nonce transaction long after its blockhash would have expired, once', async () => {
    const chain = new LocalChain();
    const payer = await funded(chain);
    const nonceAccount = await generateKeyPairSigner();
    const space = BigInt(getNonceSize());
    const created = send(
      chain,
      await wire(chain, payer, [
        getCreateAccountInstruction({
          payer,
          newAccount: nonceAccount,
          lamports: chain.minimumBalanceForRentExemption(space),
          space,
          programAddress: SYSTEM_PROGRAM_ADDRESS,
        }),
        getInitializeNonceAccountInstruction({
          nonceAccount: nonceAccount.address,
          nonceAuthority: payer.address,
        }),
      ]),
    );
    expect(created.landed).toBe(true);
    const stored = chain.getAccount(decodeBase58(nonceAccount.address)!)!.data.subarray(40, 72);
    const nonce = getBase58Decoder().decode(stored) as Nonce;

    for (let i = 0; i < 200; i++) chain.advanceSlot();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) =>
        setTransactionMessageLifetimeUsingDurableNonce(
          { nonce, nonceAccountAddress: nonceAccount.address, nonceAuthorityAddress: payer.address },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [getTransferSolInstruction({ source: payer, destination: nonceAccount.address, amount: 1n })],
          m,
        ),
    );
    const bytes = new Uint8Array(
      getTransactionEncoder().encode(await signTransactionMessageWithSigners(message)),
    );
    const outcome = send(chain, bytes);
    expect(outcome.landed && outcome.record.err).toBeNull();
    // The nonce advanced, so the same bytes are stale now.
    const advanced = chain.getAccount(decodeBase58(nonceAccount.address)!)!.data.subarray(40, 72);
    expect(Buffer.from(advanced).equals(Buffer.from(stored))).toBe(false);
    expect(send(chain, bytes)).toMatchObject({ landed: false });
  });
});

describe('sysvars per slot', () => {
  it('lists the current and recent slots in SlotHashes, at most 512', () => {
    const chain = new LocalChain();
    expect(chain.svm.getSlotHashes().map((entry) => entry.slot)).toEqual([0n]);
    for (let i = 0; i < 600; i++) chain.advanceSlot();
    const hashes = chain.svm.getSlotHashes();
    expect(hashes).toHaveLength(512);
    expect(hashes[0]).toMatchObject({ slot: 600n, hash: chain.latestBlockhash().blockhash });
    expect(hashes.at(-1)?.slot).toBe(89n);
  });

  it('moves the Clock to each slot, its epoch, and the wall time', () => {
    let now = 1_900_000_000_000;
    const chain = new LocalChain({ now: () => now });
    for (let slot = 1; slot <= 100; slot++) {
      now += 400;
      chain.advanceSlot();
    }
    const clock = chain.svm.getClock();
    expect(clock.slot).toBe(100n);
    expect(clock.unixTimestamp).toBe(BigInt(Math.floor(now / 1000)));
    // With warmup, epoch 2 spans slots 96 to 223 and began at slot 96's time.
    expect(clock.epoch).toBe(2n);
    expect(clock.leaderScheduleEpoch).toBe(3n);
    expect(clock.epochStartTimestamp).toBe(BigInt(Math.floor((1_900_000_000_000 + 96 * 400) / 1000)));
    expect(chain.epochPosition()).toEqual({ epoch: 2n, slotIndex: 4n, slotsInEpoch: 128n });
  });
});
