/**
 * The sender against a real (local, LiteSVM) chain and its JSON-RPC server: real simulation, real
 * signatures, real confirmation. The chain produces a slot every 20 ms so the test takes a few seconds.
 */

import {
  address,
  AccountRole,
  generateKeyPairSigner,
  getU32Encoder,
  getU64Encoder,
  lamports,
  type Address,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fundedSigner, startTestNode, type TestNode } from '../../../localnet/src/testing/local-node.ts';
import { createTransactionSender, TransactionSendError } from './transaction-sender.ts';

const SYSTEM_PROGRAM = address('11111111111111111111111111111111');

/** System program `Transfer` (instruction 2: u32 discriminator, u64 lamports). */
function transfer(from: TransactionSigner, to: Address, amount: bigint): Instruction {
  const data = new Uint8Array(12);
  data.set(getU32Encoder().encode(2), 0);
  data.set(getU64Encoder().encode(amount), 4);
  const accounts = [
    { address: from.address, role: AccountRole.WRITABLE_SIGNER, signer: from },
    { address: to, role: AccountRole.WRITABLE },
  ];
  return { programAddress: SYSTEM_PROGRAM, accounts, data };
}

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ slotMs: 20 });
  node.chain.start();
});
afterAll(async () => {
  await node.close();
});

describe('transaction sender on a local chain', () => {
  it('sends a SOL transfer and resolves once it is confirmed', async () => {
    const payer = await fundedSigner(node, 2n);
    const recipient = await generateKeyPairSigner();
    const logs: string[] = [];
    const sender = createTransactionSender({ rpc: node.rpc, log: (message) => logs.push(message) });

    const signature = await sender.send({
      instructions: [transfer(payer, recipient.address, 10_000_000n)],
      feePayer: payer,
    });

    const { value: statuses } = await node.rpc.getSignatureStatuses([signature]).send();
    expect(statuses[0]?.err).toBeNull();
    expect(['confirmed', 'finalized']).toContain(statuses[0]?.confirmationStatus);
    const { value: balance } = await node.rpc.getBalance(recipient.address).send();
    expect(balance).toBe(lamports(10_000_000n));
    expect(logs).toEqual([]); // simulation and sending went through without any fallback
  });

  it("refuses a transfer the simulation shows would fail, with the spec's message", async () => {
    const payer = await fundedSigner(node, 1n);
    const recipient = await generateKeyPairSigner();
    const sender = createTransactionSender({ rpc: node.rpc });

    const error: unknown = await sender
      .send({
        instructions: [transfer(payer, recipient.address, 5_000_000_000n)],
        feePayer: payer,
        version: 'legacy',
      })
      .catch((e: unknown) => e);

    // The system program's InsufficientFunds is custom error 1.
    expect(error).toBeInstanceOf(TransactionSendError);
    expect((error as TransactionSendError).message).toBe(
      'Error in transaction: instruction index 0, custom program error 1',
    );
    expect((error as TransactionSendError).reason).toBe('simulation');
  });

  it('fails at once, as rejected, when the node refuses the transaction itself', async () => {
    const payer = await fundedSigner(node, 1n);
    const [missingTable, account] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    const logs: string[] = [];
    const sender = createTransactionSender({ rpc: node.rpc, log: (message) => logs.push(message) });
    const started = Date.now();

    // A lookup table that does not exist: the node cannot sanitize the transaction (-32602), so it is never
    // forwarded and cannot land.
    const error: unknown = await sender
      .send({
        instructions: [transfer(payer, account.address, 10_000_000n)],
        feePayer: payer,
        addressLookupTables: { [missingTable.address]: [account.address] },
      })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TransactionSendError);
    expect((error as TransactionSendError).reason).toBe('rejected');
    expect((error as TransactionSendError).message).toBe('Unknown RPC error');
    expect(Date.now() - started).toBeLessThan(2_000); // no resend, no waiting for an expiry
    expect(logs).toEqual(['Compute-unit estimate failed; using 1400000 units']);
  });
});
