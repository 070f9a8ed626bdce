/**
 * Transactions through the JSON-RPC server with kit's client: airdrops, transfers and their status
 * meta, a failed transfer, a v0 transaction through a real address lookup table, simulation, history
 * paging, blockhash expiry and the Clock at wall time.
 */
import {
  address,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionEncoder,
  isSolanaError,
  lamports,
  type Signature,
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
import {
  createLookupTableInstruction,
  extendLookupTableInstruction,
} from '../boot/lookup-table-instructions.ts';

const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
const SOL = 1_000_000_000n;
/** Enough for a new system account to be rent exempt. */
const RENT_EXEMPT = 1_000_000n;

async function newAddress(): Promise<ReturnType<typeof address>> {
  return (await generateKeyPairSigner()).address;
}

let node: TestNode;
let now: number;

beforeEach(async () => {
  now = Date.UTC(2030, 0, 1, 12, 0, 0);
  node = await startTestNode({ now: () => now });
});

afterEach(async () => {
  await node.close();
});

describe('airdrop and balances', () => {
  it('airdrops through a real, indexed transfer and reports the balance with context', async () => {
    const recipient = await generateKeyPairSigner();
    const signature = await node.rpc.requestAirdrop(recipient.address, lamports(2n * SOL)).send();

    const balance = await node.rpc.getBalance(recipient.address).send();
    expect(balance).toEqual({ context: { apiVersion: '3.0.0', slot: 0n }, value: 2n * SOL });

    const { value: statuses } = await node.rpc.getSignatureStatuses([signature]).send();
    expect(statuses[0]).toEqual({
      confirmationStatus: 'finalized',
      confirmations: null,
      err: null,
      slot: 0n,
      status: { Ok: null },
    });
    const transaction = await node.rpc.getTransaction(signature, { encoding: 'json' }).send();
    expect(transaction?.meta?.postBalances[1]).toBe(2n * SOL);
    expect(transaction?.transaction.message.accountKeys[1]).toBe(recipient.address);
  });
});

describe('a transfer', () => {
  it('lands, and getSignatureStatuses and getTransaction show its meta', async () => {
    const payer = await fundedSigner(node, 5n);
    const recipient = await generateKeyPairSigner();
    node.chain.advanceSlot();
    now += 400;
    const transaction = await signedTransaction(
      node,
      payer,
      [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1_234_567n })],
      { version: 'legacy' },
    );
    const signature = await node.rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
      .send();
    expect(signature).toBe(getSignatureFromTransaction(transaction));

    const { value } = await node.rpc.getSignatureStatuses([signature, signature]).send();
    expect(value).toEqual([
      { confirmationStatus: 'finalized', confirmations: null, err: null, slot: 1n, status: { Ok: null } },
      { confirmationStatus: 'finalized', confirmations: null, err: null, slot: 1n, status: { Ok: null } },
    ]);

    const json = await node.rpc.getTransaction(signature, { encoding: 'json' }).send();
    expect(json).toMatchObject({ slot: 1n, blockTime: BigInt(Math.floor(now / 1000)) });
    expect(json).not.toHaveProperty('version');
    expect(json?.meta).toEqual({
      computeUnitsConsumed: 150n,
      err: null,
      fee: 5000n,
      innerInstructions: [],
      loadedAddresses: { readonly: [], writable: [] },
      logMessages: [`Program ${SYSTEM_PROGRAM} invoke [1]`, `Program ${SYSTEM_PROGRAM} success`],
      postBalances: [5n * SOL - 1_234_567n - 5000n, 1_234_567n, 1n],
      postTokenBalances: [],
      preBalances: [5n * SOL, 0n, 1n],
      preTokenBalances: [],
      rewards: [],
      status: { Ok: null },
    });
    expect(json?.transaction.message).toMatchObject({
      accountKeys: [payer.address, recipient.address, SYSTEM_PROGRAM],
      header: { numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1, numRequiredSignatures: 1 },
      instructions: [{ accounts: [0, 1], programIdIndex: 2, stackHeight: null }],
    });
    expect(json?.transaction.signatures).toEqual([signature]);

    const wire = getTransactionEncoder().encode(transaction);
    const base64 = await node.rpc
      .getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 })
      .send();
    expect(base64?.version).toBe('legacy');
    expect(base64?.transaction).toEqual([Buffer.from(wire).toString('base64'), 'base64']);
    const base58 = await node.rpc.getTransaction(signature, { encoding: 'base58' }).send();
    expect(base58?.transaction).toEqual([getBase58Decoder().decode(wire), 'base58']);
  });

  it('accepts base58 wire transactions (the default encoding)', async () => {
    const payer = await fundedSigner(node);
    const transaction = await signedTransaction(node, payer, [
      getTransferSolInstruction({ source: payer, destination: await newAddress(), amount: RENT_EXEMPT }),
    ]);
    const wire = getTransactionEncoder().encode(transaction);
    const response = await callRaw(node, 'sendTransaction', [getBase58Decoder().decode(wire)]);
    expect(response).toEqual({ jsonrpc: '2.0', result: getSignatureFromTransaction(transaction), id: 1 });
  });

  it('rejects a second send of the same transaction in preflight, and drops it without', async () => {
    const payer = await fundedSigner(node);
    const transaction = await signedTransaction(node, payer, [
      getTransferSolInstruction({ source: payer, destination: await newAddress(), amount: RENT_EXEMPT }),
    ]);
    const signature = await sendAndConfirm(node, transaction);
    const wire = getBase64EncodedWireTransaction(transaction);
    const again = await callRaw(node, 'sendTransaction', [wire, { encoding: 'base64' }]);
    expect(again.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: This transaction has already been processed',
      data: { err: 'AlreadyProcessed', logs: [], unitsConsumed: 0 },
    });
    const skipped = await callRaw(node, 'sendTransaction', [
      wire,
      { encoding: 'base64', skipPreflight: true },
    ]);
    expect(skipped.result).toBe(signature);
    await node.chain.settled();
    expect(node.chain.index.size).toBe(2); // the airdrop and the one transfer
  });
});

describe('a failed transaction', () => {
  it('lands with its error, logs and fee when sent without preflight', async () => {
    const payer = await fundedSigner(node, 1n);
    const recipient = await generateKeyPairSigner();
    const transaction = await signedTransaction(node, payer, [
      getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 2n * SOL }),
    ]);
    const signature = await sendAndConfirm(node, transaction, { skipPreflight: true });

    // kit reads every number of an error as bigint; the wire carries plain numbers (checked raw below).
    const error = { InstructionError: [0n, { Custom: 1n }] };
    const { value } = await node.rpc.getSignatureStatuses([signature]).send();
    expect(value[0]).toMatchObject({ err: error, status: { Err: error }, confirmationStatus: 'finalized' });
    const raw = await callRaw(node, 'getSignatureStatuses', [[signature]]);
    expect((raw.result as { value: unknown[] }).value[0]).toMatchObject({
      err: { InstructionError: [0, { Custom: 1 }] },
    });
    const result = await node.rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send();
    expect(result?.meta).toMatchObject({
      err: error,
      fee: 5000n,
      status: { Err: error },
      preBalances: [SOL, 0n, 1n],
      postBalances: [SOL - 5000n, 0n, 1n],
      logMessages: [
        `Program ${SYSTEM_PROGRAM} invoke [1]`,
        `Transfer: insufficient lamports ${SOL - 5000n}, need ${2n * SOL}`,
        `Program ${SYSTEM_PROGRAM} failed: custom program error: 0x1`,
      ],
    });
    expect(await node.rpc.getBalance(payer.address).send()).toMatchObject({ value: SOL - 5000n });
  });

  it('is refused by preflight with the simulation result, and costs nothing', async () => {
    const payer = await fundedSigner(node, 1n);
    const transaction = await signedTransaction(node, payer, [
      getTransferSolInstruction({ source: payer, destination: await newAddress(), amount: 2n * SOL }),
    ]);
    const response = await callRaw(node, 'sendTransaction', [
      getBase64EncodedWireTransaction(transaction),
      { encoding: 'base64' },
    ]);
    expect(response.error).toEqual({
      code: -32002,
      message: 'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
      data: {
        accounts: null,
        err: { InstructionError: [0, { Custom: 1 }] },
        fee: 5000,
        innerInstructions: null,
        loadedAccountsDataSize: expect.any(Number) as unknown,
        loadedAddresses: null,
        logs: [
          `Program ${SYSTEM_PROGRAM} invoke [1]`,
          `Transfer: insufficient lamports ${SOL - 5000n}, need ${2n * SOL}`,
          `Program ${SYSTEM_PROGRAM} failed: custom program error: 0x1`,
        ],
        postBalances: null,
        postTokenBalances: null,
        preBalances: null,
        preTokenBalances: null,
        replacementBlockhash: null,
        returnData: null,
        unitsConsumed: 150,
      },
    });
    expect(await node.rpc.getBalance(payer.address).send()).toMatchObject({ value: SOL });
    const { value } = await node.rpc.getSignatureStatuses([getSignatureFromTransaction(transaction)]).send();
    expect(value).toEqual([null]);
  });
});

describe('a v0 transaction with an address lookup table', () => {
  it('loads its accounts through a table created by the real program', async () => {
    const payer = await fundedSigner(node, 10n);
    const destinations = await Promise.all(
      [0, 1, 2].map(async () => (await generateKeyPairSigner()).address),
    );
    // A table's recent slot must be in SlotHashes, which lists the slots that ended: one must have.
    node.chain.advanceSlot();
    const recentSlot = await node.rpc.getSlot({ commitment: 'finalized' }).send();
    const { table, instruction: create } = await createLookupTableInstruction(payer, payer, recentSlot);
    const extend = extendLookupTableInstruction(table, payer, payer, destinations);
    await sendAndConfirm(node, await signedTransaction(node, payer, [create, extend]));

    // Addresses added in a slot become usable in the next one.
    node.chain.advanceSlot();
    const transaction = await signedTransaction(
      node,
      payer,
      destinations.map((destination, index) =>
        getTransferSolInstruction({ source: payer, destination, amount: BigInt(index + 1) * 1_000_000n }),
      ),
      { lookupTables: { [table]: destinations } },
    );
    const signature = await sendAndConfirm(node, transaction, { skipPreflight: false });

    for (const [index, destination] of destinations.entries()) {
      const { value } = await node.rpc.getBalance(destination).send();
      expect(value).toBe(BigInt(index + 1) * 1_000_000n);
    }
    const result = await node.rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send();
    expect(result?.version).toBe(0);
    expect(result?.meta?.err).toBeNull();
    const [lookup] =
      result && 'addressTableLookups' in result.transaction.message
        ? result.transaction.message.addressTableLookups
        : [];
    const loaded = [...(lookup?.writableIndexes ?? [])].map((index) => destinations[index]);
    expect(loaded.toSorted()).toEqual(destinations.toSorted());
    expect(result?.meta?.loadedAddresses).toEqual({ readonly: [], writable: loaded });
    expect(result?.transaction.message.accountKeys).toEqual([payer.address, SYSTEM_PROGRAM]);
    expect(lookup).toMatchObject({ accountKey: table, readonlyIndexes: [] });
    expect(result?.meta?.postBalances.slice(1)).toEqual([
      1n,
      ...loaded.map((destination) => BigInt(destinations.indexOf(destination!) + 1) * 1_000_000n),
    ]);
    const history = await node.rpc.getSignaturesForAddress(destinations[1]!).send();
    expect(history.map((entry) => entry.signature)).toEqual([signature]);

    // Without preflight the signatures are verified in the sigverify worker, which needs the table too.
    const again = await signedTransaction(
      node,
      payer,
      [getTransferSolInstruction({ source: payer, destination: destinations[0]!, amount: 5n })],
      { lookupTables: { [table]: destinations } },
    );
    const skipped = await sendAndConfirm(node, again, { skipPreflight: true });
    expect(
      (await node.rpc.getTransaction(skipped, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send())
        ?.meta?.err,
    ).toBeNull();

    // A client that does not declare v0 support gets the validator's error.
    const raw = await callRaw(node, 'getTransaction', [signature, { encoding: 'json' }]);
    expect(raw.error).toEqual({
      code: -32015,
      message:
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    });
  });

  it('refuses a lookup into a missing table as an invalid transaction', async () => {
    const payer = await fundedSigner(node);
    const missing = (await generateKeyPairSigner()).address;
    const destination = (await generateKeyPairSigner()).address;
    const transaction = await signedTransaction(
      node,
      payer,
      [getTransferSolInstruction({ source: payer, destination, amount: 1n })],
      { lookupTables: { [missing]: [destination] } },
    );
    const response = await callRaw(node, 'sendTransaction', [
      getBase64EncodedWireTransaction(transaction),
      { encoding: 'base64', skipPreflight: true },
    ]);
    expect(response.error).toEqual({
      code: -32602,
      message: "invalid transaction: Transaction loads an address table account that doesn't exist",
    });
  });
});

describe('simulateTransaction', () => {
  it('reports logs, units and balances without changing anything', async () => {
    const payer = await fundedSigner(node, 3n);
    const recipient = await generateKeyPairSigner();
    const transaction = await signedTransaction(node, payer, [
      getTransferSolInstruction({ source: payer, destination: recipient.address, amount: SOL }),
    ]);
    const wire = getBase64EncodedWireTransaction(transaction);
    const { context, value } = await node.rpc
      .simulateTransaction(wire, {
        encoding: 'base64',
        sigVerify: true,
        accounts: { addresses: [recipient.address, payer.address], encoding: 'base64' },
      })
      .send();
    expect(context.slot).toBe(0n);
    expect(value).toMatchObject({
      err: null,
      fee: 5000n,
      logs: [`Program ${SYSTEM_PROGRAM} invoke [1]`, `Program ${SYSTEM_PROGRAM} success`],
      unitsConsumed: 150n,
      innerInstructions: null,
      replacementBlockhash: null,
      returnData: null,
      preBalances: [3n * SOL, 0n, 1n],
      postBalances: [2n * SOL - 5000n, SOL, 1n],
      loadedAddresses: { readonly: [], writable: [] },
    });
    expect(value.accounts.map((account) => account?.lamports)).toEqual([SOL, 2n * SOL - 5000n]);
    const plain = await node.rpc.simulateTransaction(wire, { encoding: 'base64' }).send();
    expect(plain.value.accounts).toBeNull();
    expect(await node.rpc.getBalance(recipient.address).send()).toMatchObject({ value: 0n });
  });

  it('replaces an expired blockhash on request, and reports it as not found otherwise', async () => {
    const payer = await fundedSigner(node);
    const transaction = await signedTransaction(node, payer, [
      getTransferSolInstruction({ source: payer, destination: await newAddress(), amount: RENT_EXEMPT }),
    ]);
    for (let i = 0; i < 151; i++) node.chain.advanceSlot();
    const wire = getBase64EncodedWireTransaction(transaction);
    const expired = await node.rpc.simulateTransaction(wire, { encoding: 'base64' }).send();
    expect(expired.value).toMatchObject({
      err: 'BlockhashNotFound',
      logs: [],
      unitsConsumed: 0n,
      accounts: null,
    });

    const replaced = await node.rpc
      .simulateTransaction(wire, { encoding: 'base64', replaceRecentBlockhash: true })
      .send();
    const latest = node.chain.latestBlockhash();
    expect(replaced.value.err).toBeNull();
    expect(replaced.value.replacementBlockhash).toEqual({
      blockhash: latest.blockhash,
      lastValidBlockHeight: latest.lastValidBlockHeight,
    });

    const both = await callRaw(node, 'simulateTransaction', [
      wire,
      { encoding: 'base64', sigVerify: true, replaceRecentBlockhash: true },
    ]);
    expect(both.error).toEqual({
      code: -32602,
      message: 'sigVerify may not be used with replaceRecentBlockhash',
    });
  });

  it('fails signature verification only when asked to verify', async () => {
    const payer = await fundedSigner(node);
    const transaction = await signedTransaction(node, payer, [
      getTransferSolInstruction({ source: payer, destination: await newAddress(), amount: RENT_EXEMPT }),
    ]);
    const wire = new Uint8Array(getTransactionEncoder().encode(transaction));
    wire[1]! ^= 0xff; // corrupt the signature
    const encoded = Buffer.from(wire).toString('base64');
    const verified = await callRaw(node, 'simulateTransaction', [
      encoded,
      { encoding: 'base64', sigVerify: true },
    ]);
    expect(verified.error).toEqual({ code: -32003, message: 'Transaction signature verification failure' });
    const unverified = await callRaw(node, 'simulateTransaction', [encoded, { encoding: 'base64' }]);
    expect((unverified.result as { value: { err: unknown } }).value.err).toBeNull();
    const sent = await callRaw(node, 'sendTransaction', [encoded, { encoding: 'base64' }]);
    expect(sent.error).toEqual({ code: -32003, message: 'Transaction signature verification failure' });
    // Without preflight the node takes the bytes, and the sigverify stage drops them.
    const skipped = await callRaw(node, 'sendTransaction', [
      encoded,
      { encoding: 'base64', skipPreflight: true },
    ]);
    const corrupted = getBase58Decoder().decode(wire.subarray(1, 65)) as Signature;
    expect(skipped.result).toBe(corrupted);
    await node.chain.settled();
    expect((await node.rpc.getSignatureStatuses([corrupted]).send()).value).toEqual([null]);
  });
});

describe('getSignaturesForAddress', () => {
  it('pages newest first with before, until and limit', async () => {
    const payer = await fundedSigner(node, 5n);
    const recipient = (await generateKeyPairSigner()).address;
    const sent: Signature[] = [];
    for (let i = 0; i < 5; i++) {
      if (i === 2) node.chain.advanceSlot();
      const transaction = await signedTransaction(node, payer, [
        getTransferSolInstruction({ source: payer, destination: recipient, amount: RENT_EXEMPT + BigInt(i) }),
      ]);
      sent.push(await sendAndConfirm(node, transaction));
    }
    const newestFirst = [...sent].reverse();

    const all = await node.rpc.getSignaturesForAddress(recipient).send();
    expect(all.map((entry) => entry.signature)).toEqual(newestFirst);
    expect(all[0]).toEqual({
      blockTime: BigInt(Math.floor(now / 1000)),
      confirmationStatus: 'finalized',
      err: null,
      memo: null,
      signature: sent[4],
      slot: 1n,
    });
    expect(all.map((entry) => entry.slot)).toEqual([1n, 1n, 1n, 0n, 0n]);

    const firstPage = await node.rpc.getSignaturesForAddress(recipient, { limit: 2 }).send();
    expect(firstPage.map((entry) => entry.signature)).toEqual(newestFirst.slice(0, 2));
    const secondPage = await node.rpc
      .getSignaturesForAddress(recipient, { limit: 2, before: firstPage[1]!.signature })
      .send();
    expect(secondPage.map((entry) => entry.signature)).toEqual(newestFirst.slice(2, 4));
    const untilOldest = await node.rpc.getSignaturesForAddress(recipient, { until: sent[1]! }).send();
    expect(untilOldest.map((entry) => entry.signature)).toEqual(newestFirst.slice(0, 3));
    const window = await node.rpc
      .getSignaturesForAddress(recipient, { before: sent[4]!, until: sent[1]! })
      .send();
    expect(window.map((entry) => entry.signature)).toEqual([sent[3], sent[2]]);

    // The payer's history also holds the airdrop that funded it.
    const payerHistory = await node.rpc.getSignaturesForAddress(payer.address).send();
    expect(payerHistory).toHaveLength(6);

    const processed = await callRaw(node, 'getSignaturesForAddress', [
      recipient,
      { commitment: 'processed' },
    ]);
    expect(processed.error).toEqual({
      code: -32602,
      message: 'Method does not support commitment below `confirmed`',
    });
    const tooMany = await callRaw(node, 'getSignaturesForAddress', [recipient, { limit: 1001 }]);
    expect(tooMany.error).toEqual({ code: -32602, message: 'Invalid limit; max 1000' });
  });
});

describe('a pruned ledger', () => {
  it('answers for pruned transactions as a validator with a limited ledger: no transaction, no status, not listed', async () => {
    await node.close();
    node = await startTestNode({ now: () => now, ledgerLimit: 1 });
    const payer = await fundedSigner(node, 5n); // the airdrop, slot 0
    expect(await node.rpc.minimumLedgerSlot().send()).toBe(0n);
    node.chain.advanceSlot();
    const recipient = await newAddress();
    const transfer = await signedTransaction(node, payer, [
      getTransferSolInstruction({ source: payer, destination: recipient, amount: RENT_EXEMPT }),
    ]);
    const signature = await sendAndConfirm(node, transfer);
    const [airdrop] = await node.rpc.getSignaturesForAddress(payer.address, { before: signature }).send();
    for (let i = 0; i < 301; i++) node.chain.advanceSlot();

    // The airdrop's slot went; the transfer (slot 1) is kept: the limit is one transaction.
    expect(await node.rpc.minimumLedgerSlot().send()).toBe(1n);
    expect(await node.rpc.getFirstAvailableBlock().send()).toBe(1n);
    expect(
      await node.rpc
        .getTransaction(airdrop!.signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
        .send(),
    ).toBeNull();
    const { value: statuses } = await node.rpc
      .getSignatureStatuses([airdrop!.signature, signature], { searchTransactionHistory: true })
      .send();
    expect(statuses[0]).toBeNull();
    expect(statuses[1]).toMatchObject({ slot: 1n, err: null });
    const history = await node.rpc.getSignaturesForAddress(payer.address).send();
    expect(history.map((entry) => entry.signature)).toEqual([signature]);
  });
});

describe('time', () => {
  it('expires a blockhash after 150 slots', async () => {
    const payer = await fundedSigner(node);
    const { value: latest } = await node.rpc.getLatestBlockhash().send();
    expect(latest.lastValidBlockHeight).toBe(150n);
    const transaction = await signedTransaction(node, payer, [
      getTransferSolInstruction({ source: payer, destination: await newAddress(), amount: RENT_EXEMPT }),
    ]);
    for (let i = 0; i < 150; i++) node.chain.advanceSlot();
    expect((await node.rpc.isBlockhashValid(latest.blockhash).send()).value).toBe(true);
    expect(await node.rpc.getBlockHeight({ commitment: 'processed' }).send()).toBe(150n);
    expect(await node.rpc.getBlockHeight().send()).toBe(149n);

    node.chain.advanceSlot();
    expect((await node.rpc.isBlockhashValid(latest.blockhash).send()).value).toBe(false);
    const wire = getBase64EncodedWireTransaction(transaction);
    const refused = await callRaw(node, 'sendTransaction', [wire, { encoding: 'base64' }]);
    expect(refused.error).toEqual({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: {
        accounts: null,
        err: 'BlockhashNotFound',
        fee: null,
        innerInstructions: null,
        loadedAccountsDataSize: 0,
        loadedAddresses: null,
        logs: [],
        postBalances: null,
        postTokenBalances: null,
        preBalances: null,
        preTokenBalances: null,
        replacementBlockhash: null,
        returnData: null,
        unitsConsumed: 0,
      },
    });
    // Without preflight the validator accepts the bytes and the transaction never lands.
    const dropped = await node.rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: true }).send();
    await node.chain.settled();
    expect((await node.rpc.getSignatureStatuses([dropped]).send()).value).toEqual([null]);
    try {
      await node.rpc.sendTransaction(wire, { encoding: 'base64' }).send();
      expect.unreachable();
    } catch (error) {
      expect(isSolanaError(error)).toBe(true);
    }
  });

  it('answers statuses older than the status cache only with searchTransactionHistory', async () => {
    const payer = await fundedSigner(node);
    const transaction = await signedTransaction(node, payer, [
      getTransferSolInstruction({ source: payer, destination: await newAddress(), amount: RENT_EXEMPT }),
    ]);
    const signature = await sendAndConfirm(node, transaction);
    for (let i = 0; i < 301; i++) node.chain.advanceSlot();
    expect((await node.rpc.getSignatureStatuses([signature]).send()).value).toEqual([null]);
    const searched = await node.rpc
      .getSignatureStatuses([signature], { searchTransactionHistory: true })
      .send();
    expect(searched.value[0]).toMatchObject({ slot: 0n, confirmationStatus: 'finalized', err: null });
    const landed = await node.rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send();
    expect(landed?.slot).toBe(0n);
  });

  it('keeps the Clock sysvar at the (injected) wall clock, slot by slot', async () => {
    const clockAt = async (): Promise<{ slot: bigint; unixTimestamp: bigint }> => {
      const { value } = await node.rpc
        .getAccountInfo(address('SysvarC1ock11111111111111111111111111111111'), { encoding: 'base64' })
        .send();
      const data = Buffer.from(value!.data[0], 'base64');
      return { slot: data.readBigUInt64LE(0), unixTimestamp: data.readBigInt64LE(32) };
    };
    expect(await clockAt()).toEqual({ slot: 0n, unixTimestamp: BigInt(now / 1000) });
    now += 5 * 60_000 + 700;
    node.chain.advanceSlot();
    expect(await clockAt()).toEqual({ slot: 1n, unixTimestamp: BigInt(Math.floor(now / 1000)) });
    expect(node.chain.blockTime).toBe(Math.floor(now / 1000));
  });

  it('produces a slot every slotMs once started', async () => {
    await node.close();
    node = await startTestNode({ slotMs: 20 });
    const started = performance.now();
    node.chain.start();
    await new Promise((resolve) => setTimeout(resolve, 250));
    node.chain.stop();
    const elapsed = performance.now() - started;
    const slot = await node.rpc.getSlot({ commitment: 'processed' }).send();
    // Timers never fire early, and may fire late on a busy machine.
    expect(slot).toBeGreaterThanOrEqual(3n);
    expect(slot).toBeLessThanOrEqual(BigInt(Math.floor(elapsed / 20)));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await node.rpc.getSlot({ commitment: 'processed' }).send()).toBe(slot);
  });
});
