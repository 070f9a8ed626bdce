/**
 * Cluster, fee and priority-fee methods: versions and epochs, getFeeForMessage, rent, the recent
 * prioritization fees per slot, and the Helius-shaped getPriorityFeeEstimate the spec's client calls.
 */
import {
  address,
  appendTransactionMessageInstructions,
  compileTransactionMessage,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
  type TransactionMessageBytesBase64,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  callRaw,
  fundedSigner,
  sendAndConfirm,
  signedTransaction,
  startTestNode,
  type TestNode,
} from '../testing/local-node.ts';

const COMPUTE_BUDGET = address('ComputeBudget111111111111111111111111111111');

function unitPrice(microLamports: bigint): Instruction {
  const data = new Uint8Array(9);
  data[0] = 3;
  new DataView(data.buffer).setBigUint64(1, microLamports, true);
  return { programAddress: COMPUTE_BUDGET, data };
}

function unitLimit(units: number): Instruction {
  const data = new Uint8Array(5);
  data[0] = 2;
  new DataView(data.buffer).setUint32(1, units, true);
  return { programAddress: COMPUTE_BUDGET, data };
}

function messageBase64(
  payer: Address,
  blockhash: string,
  instructions: Instruction[],
): TransactionMessageBytesBase64 {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight: 0n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const bytes = getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message));
  return Buffer.from(bytes).toString('base64') as TransactionMessageBytesBase64;
}

let node: TestNode;

beforeEach(async () => {
  node = await startTestNode({ genesisHash: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY' });
});

afterEach(async () => {
  await node.close();
});

describe('cluster', () => {
  it('reports version, genesis hash, health and epoch position (with warmup epochs)', async () => {
    const version = await node.rpc.getVersion().send();
    expect(version['solana-core']).toBe('3.0.0');
    expect(typeof version['feature-set']).toBe('number');
    expect(await node.rpc.getGenesisHash().send()).toBe('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY');
    expect(await node.rpc.getHealth().send()).toBe('ok');
    for (let i = 0; i < 40; i++) node.chain.advanceSlot();
    expect(await node.rpc.getEpochInfo().send()).toEqual({
      absoluteSlot: 40n,
      blockHeight: 40n,
      epoch: 1n,
      slotIndex: 8n,
      slotsInEpoch: 64n,
      transactionCount: 0n,
    });
    const schedule = await callRaw(node, 'getEpochSchedule', []);
    expect(schedule.result).toMatchObject({ slotsPerEpoch: 432000, warmup: true, firstNormalEpoch: 14 });
  });

  it('prices rent exemption as the runtime does', async () => {
    expect(await node.rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n);
    expect(await node.rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n);
    expect((await callRaw(node, 'getMinimumBalanceForRentExemption', [20 * 1024 * 1024])).error).toEqual({
      code: -32600,
      message: 'Invalid request',
    });
  });
});

describe('getFeeForMessage', () => {
  it('prices signatures and the priority fee while the blockhash is remembered', async () => {
    const payer = (await generateKeyPairSigner()).address;
    const destination = (await generateKeyPairSigner()).address;
    const { blockhash } = node.chain.latestBlockhash();
    const transfer = getTransferSolInstruction({
      source: { address: payer } as never,
      destination,
      amount: 1n,
    });
    const plain = await node.rpc.getFeeForMessage(messageBase64(payer, blockhash, [transfer])).send();
    expect(plain.value).toBe(5000n);
    // 12,345 micro-lamports × 200,000 units = 2,469 lamports (rounded up).
    const priced = await node.rpc
      .getFeeForMessage(messageBase64(payer, blockhash, [unitLimit(200_000), unitPrice(12_345n), transfer]))
      .send();
    expect(priced.value).toBe(5000n + 2469n);
    // Without a limit: 3,000 units per builtin instruction (here 2) by default.
    const defaultLimit = await node.rpc
      .getFeeForMessage(messageBase64(payer, blockhash, [unitPrice(1_000_000n), transfer]))
      .send();
    expect(defaultLimit.value).toBe(5000n + 6000n);

    for (let i = 0; i < 300; i++) node.chain.advanceSlot();
    const forgotten = await node.rpc.getFeeForMessage(messageBase64(payer, blockhash, [transfer])).send();
    expect(forgotten.value).toBeNull();
  });
});

describe('priority fees', () => {
  it('reports each recent slot’s lowest price, raised per write-locked account', async () => {
    const payer = await fundedSigner(node, 5n);
    const hot = (await generateKeyPairSigner()).address;
    const cold = (await generateKeyPairSigner()).address;
    node.chain.advanceSlot();
    await sendAndConfirm(
      node,
      await signedTransaction(node, payer, [
        unitPrice(5_000n),
        getTransferSolInstruction({ source: payer, destination: hot, amount: 1_000_000n }),
      ]),
    );
    await sendAndConfirm(
      node,
      await signedTransaction(node, payer, [
        unitPrice(300n),
        getTransferSolInstruction({ source: payer, destination: cold, amount: 1_000_000n }),
      ]),
    );
    node.chain.advanceSlot();

    const all = await node.rpc.getRecentPrioritizationFees().send();
    expect(all).toEqual([
      { slot: 0n, prioritizationFee: 0n },
      { slot: 1n, prioritizationFee: 300n },
      { slot: 2n, prioritizationFee: 0n },
    ]);
    const forHot = await node.rpc.getRecentPrioritizationFees([hot]).send();
    expect(forHot.map((entry) => entry.prioritizationFee)).toEqual([0n, 5_000n, 0n]);
    const forCold = await node.rpc.getRecentPrioritizationFees([cold]).send();
    expect(forCold.map((entry) => entry.prioritizationFee)).toEqual([0n, 300n, 0n]);
  });

  it('answers getPriorityFeeEstimate in the Helius shape', async () => {
    const payer = await fundedSigner(node, 5n);
    for (const price of [100n, 200n, 300n, 400n]) {
      await sendAndConfirm(
        node,
        await signedTransaction(node, payer, [
          unitPrice(price),
          getTransferSolInstruction({
            source: payer,
            destination: (await generateKeyPairSigner()).address,
            amount: 1_000_000n,
          }),
        ]),
      );
    }
    const transaction = await signedTransaction(node, payer, [
      getTransferSolInstruction({
        source: payer,
        destination: (await generateKeyPairSigner()).address,
        amount: 1_000_000n,
      }),
    ]);
    const serialized = getBase64EncodedWireTransaction(transaction);
    // Slot 0 holds the airdrop (price 0) and the four priced transfers.
    const high = await callRaw(node, 'getPriorityFeeEstimate', [
      { transaction: serialized, options: { transactionEncoding: 'Base64', priorityLevel: 'High' } },
    ]);
    expect(high).toEqual({ jsonrpc: '2.0', result: { priorityFeeEstimate: 300 }, id: 1 });
    const levels = await callRaw(node, 'getPriorityFeeEstimate', [
      { accountKeys: [payer.address], options: { includeAllPriorityFeeLevels: true } },
    ]);
    expect(levels.result).toEqual({
      priorityFeeLevels: { min: 0, low: 100, medium: 200, high: 300, veryHigh: 400, unsafeMax: 400 },
    });
    const wrongLevel = await callRaw(node, 'getPriorityFeeEstimate', [
      { accountKeys: [], options: { priorityLevel: 'Urgent' } },
    ]);
    expect(wrongLevel.error).toMatchObject({ code: -32602 });
    expect((await callRaw(node, 'getPriorityFeeEstimate', [{}])).error).toEqual({
      code: -32602,
      message: 'Invalid params: pass `transaction` or `accountKeys`.',
    });
  });
});
