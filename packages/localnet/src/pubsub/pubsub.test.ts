/**
 * The PubSub server with kit's `createSolanaRpcSubscriptions`: a transfer confirmed through
 * signatureSubscribe, account, logs, slot and program notifications, unsubscribing, error codes and
 * the clean-up of a connection's subscriptions.
 */
import {
  address,
  createSolanaRpcSubscriptions,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  sendAndConfirmTransactionFactory,
  type Base58EncodedBytes,
  type RpcSubscriptions,
  type SolanaRpcSubscriptionsApi,
} from '@solana/kit';
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  fundedSigner,
  sendAndConfirm,
  signedTransaction,
  startTestNode,
  type TestNode,
} from '../testing/local-node.ts';
import { startPubsubServer, type PubsubServer } from './pubsub-server.ts';

const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
const SOL = 1_000_000_000n;
const RENT_EXEMPT = 1_000_000n;

let node: TestNode;
let pubsub: PubsubServer;
let subscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>;
let abort: AbortController;

beforeEach(async () => {
  node = await startTestNode();
  pubsub = await startPubsubServer({ chain: node.chain, port: 0 });
  subscriptions = createSolanaRpcSubscriptions(pubsub.url);
  abort = new AbortController();
});

afterEach(async () => {
  abort.abort();
  await pubsub.close();
  await node.close();
});

/** Collects an async iterable's items in the background. */
function collect<T>(iterable: AsyncIterable<T>): { items: T[]; until(count: number): Promise<T[]> } {
  const items: T[] = [];
  void (async () => {
    try {
      for await (const item of iterable) items.push(item);
    } catch {
      // Aborted.
    }
  })();
  return {
    items,
    async until(count) {
      for (let i = 0; i < 500 && items.length < count; i++) await sleep(10);
      if (items.length < count) throw new Error(`Expected ${count} notifications, got ${items.length}`);
      return items;
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await sleep(10);
  expect(condition()).toBe(true);
}

/** A raw WebSocket client: sends JSON-RPC text and reads every message back. */
async function rawClient(): Promise<{
  socket: WebSocket;
  messages: Record<string, unknown>[];
  call(body: string | object): Promise<Record<string, unknown>>;
}> {
  const socket = new WebSocket(pubsub.url);
  const messages: Record<string, unknown>[] = [];
  socket.addEventListener('message', (event) => {
    messages.push(JSON.parse(String(event.data)) as Record<string, unknown>);
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  return {
    socket,
    messages,
    async call(body) {
      const before = messages.length;
      socket.send(typeof body === 'string' ? body : JSON.stringify(body));
      await waitFor(() => messages.length > before);
      return messages[before]!;
    },
  };
}

describe('signatureSubscribe', () => {
  it('confirms a transfer through kit’s sendAndConfirmTransaction', async () => {
    const payer = await fundedSigner(node, 5n);
    const recipient = await generateKeyPairSigner();
    const transaction = await signedTransaction(node, payer, [
      getTransferSolInstruction({ source: payer, destination: recipient.address, amount: SOL }),
    ]);
    const sendAndConfirmTransaction = sendAndConfirmTransactionFactory({
      rpc: node.rpc,
      rpcSubscriptions: subscriptions,
    });
    await sendAndConfirmTransaction(transaction as Parameters<typeof sendAndConfirmTransaction>[0], {
      commitment: 'confirmed',
      skipPreflight: true,
    });
    const { value } = await node.rpc.getBalance(recipient.address).send();
    expect(value).toBe(SOL);
    await waitFor(() => pubsub.subscriptionCount === 0);
  });

  it('notifies once, with the error of a failed transaction, and then ends', async () => {
    const payer = await fundedSigner(node, 1n);
    const transaction = await signedTransaction(node, payer, [
      getTransferSolInstruction({ source: payer, destination: payer.address, amount: 100n * SOL }),
    ]);
    const signature = getSignatureFromTransaction(transaction);
    const notifications = collect(
      await subscriptions
        .signatureNotifications(signature, { commitment: 'processed', enableReceivedNotification: true })
        .subscribe({ abortSignal: abort.signal }),
    );
    expect(pubsub.subscriptionCount).toBe(1);
    await sendAndConfirm(node, transaction);
    const [received, processed] = await notifications.until(2);
    expect(received).toEqual({ context: { slot: 0n }, value: 'receivedSignature' });
    expect(processed?.value).toEqual({ err: { InstructionError: [0n, { Custom: 1n }] } });
    await waitFor(() => pubsub.subscriptionCount === 0);
  });
});

describe('accountSubscribe', () => {
  it('sees a balance change, in the requested encoding', async () => {
    const payer = await fundedSigner(node, 5n);
    const recipient = await generateKeyPairSigner();
    const notifications = collect(
      await subscriptions
        .accountNotifications(recipient.address, { commitment: 'confirmed', encoding: 'base64' })
        .subscribe({ abortSignal: abort.signal }),
    );
    node.chain.advanceSlot();
    await sendAndConfirm(
      node,
      await signedTransaction(node, payer, [
        getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 3n * SOL }),
      ]),
    );
    const [first] = await notifications.until(1);
    expect(first).toEqual({
      context: { slot: 1n },
      value: {
        data: ['', 'base64'],
        executable: false,
        lamports: 3n * SOL,
        owner: SYSTEM_PROGRAM,
        rentEpoch: 18_446_744_073_709_551_615n,
        space: 0n,
      },
    });
  });

  it('stops notifying once unsubscribed', async () => {
    const payer = await fundedSigner(node, 5n);
    const recipient = await generateKeyPairSigner();
    const controller = new AbortController();
    const notifications = collect(
      await subscriptions
        .accountNotifications(recipient.address, { encoding: 'base58' })
        .subscribe({ abortSignal: controller.signal }),
    );
    const transfer = async (amount: bigint): Promise<void> => {
      await sendAndConfirm(
        node,
        await signedTransaction(node, payer, [
          getTransferSolInstruction({ source: payer, destination: recipient.address, amount }),
        ]),
      );
    };
    await transfer(RENT_EXEMPT);
    await notifications.until(1);
    controller.abort();
    await waitFor(() => pubsub.subscriptionCount === 0);
    await transfer(RENT_EXEMPT + 1n);
    await sleep(50);
    expect(notifications.items).toHaveLength(1);
  });
});

describe('logsSubscribe', () => {
  it('filters by mention, and `all` sees every transaction', async () => {
    const payer = await fundedSigner(node, 5n);
    const watched = await generateKeyPairSigner();
    const other = await generateKeyPairSigner();
    const mentions = collect(
      await subscriptions
        .logsNotifications({ mentions: [watched.address] }, { commitment: 'finalized' })
        .subscribe({ abortSignal: abort.signal }),
    );
    const all = collect(
      await subscriptions.logsNotifications('all').subscribe({ abortSignal: abort.signal }),
    );
    const otherSignature = await sendAndConfirm(
      node,
      await signedTransaction(node, payer, [
        getTransferSolInstruction({ source: payer, destination: other.address, amount: RENT_EXEMPT }),
      ]),
    );
    const watchedSignature = await sendAndConfirm(
      node,
      await signedTransaction(node, payer, [
        getTransferSolInstruction({ source: payer, destination: watched.address, amount: RENT_EXEMPT }),
      ]),
    );
    await all.until(2);
    expect(all.items.map((item) => item.value.signature)).toEqual([otherSignature, watchedSignature]);
    const [notification] = await mentions.until(1);
    expect(notification).toEqual({
      context: { slot: 0n },
      value: {
        err: null,
        logs: [
          'Program 11111111111111111111111111111111 invoke [1]',
          'Program 11111111111111111111111111111111 success',
        ],
        signature: watchedSignature,
      },
    });
    expect(mentions.items).toHaveLength(1);
  });
});

describe('slotSubscribe', () => {
  it('receives consecutive slots as they are produced', async () => {
    const slots = collect(await subscriptions.slotNotifications().subscribe({ abortSignal: abort.signal }));
    node.chain.advanceSlot();
    node.chain.advanceSlot();
    node.chain.advanceSlot();
    expect(await slots.until(3)).toEqual([
      { parent: 0n, root: 1n, slot: 1n },
      { parent: 1n, root: 2n, slot: 2n },
      { parent: 2n, root: 3n, slot: 3n },
    ]);
  });
});

describe('programSubscribe', () => {
  it('notifies the program’s changed accounts that pass dataSize and memcmp filters', async () => {
    const payer = await fundedSigner(node, 5n);
    const holder = await generateKeyPairSigner();
    const notifications = collect(
      await subscriptions
        .programNotifications(SYSTEM_PROGRAM, {
          encoding: 'base64',
          filters: [
            { dataSize: 8n },
            { memcmp: { offset: 0n, bytes: '1' as Base58EncodedBytes, encoding: 'base58' } },
          ],
        })
        .subscribe({ abortSignal: abort.signal }),
    );
    // Creates an 8-byte system account: the payer (0 bytes) changes too but fails the filter.
    await sendAndConfirm(
      node,
      await signedTransaction(node, payer, [
        getCreateAccountInstruction({
          payer,
          newAccount: holder,
          lamports: SOL,
          space: 8n,
          programAddress: SYSTEM_PROGRAM,
        }),
      ]),
    );
    // Touches no 8-byte account.
    await sendAndConfirm(
      node,
      await signedTransaction(node, payer, [
        getTransferSolInstruction({
          source: payer,
          destination: (await generateKeyPairSigner()).address,
          amount: RENT_EXEMPT,
        }),
      ]),
    );
    await sendAndConfirm(
      node,
      await signedTransaction(node, payer, [
        getTransferSolInstruction({ source: payer, destination: holder.address, amount: 5n }),
      ]),
    );
    await notifications.until(2);
    await sleep(30);
    expect(notifications.items.map((item) => [item.value.pubkey, item.value.account.lamports])).toEqual([
      [holder.address, SOL],
      [holder.address, SOL + 5n],
    ]);
    expect(notifications.items[0]?.value.account.data).toEqual([
      Buffer.alloc(8).toString('base64'),
      'base64',
    ]);
  });
});

describe('the protocol', () => {
  it('answers malformed messages with the JSON-RPC error codes', async () => {
    const client = await rawClient();
    const code = (message: Record<string, unknown>): unknown => (message.error as { code: number }).code;
    expect(await client.call('{not json')).toMatchObject({ error: { code: -32700 }, id: null });
    expect(code(await client.call({ jsonrpc: '2.0', id: 1, method: 'blockSubscribe', params: [] }))).toBe(
      -32601,
    );
    const badParams = [
      ['accountSubscribe', ['not-an-address']],
      ['accountSubscribe', [SYSTEM_PROGRAM, { commitment: 'recent-ish' }]],
      ['accountSubscribe', [SYSTEM_PROGRAM, { encoding: 'hex' }]],
      ['signatureSubscribe', ['abc']],
      ['logsSubscribe', [{ mentions: [SYSTEM_PROGRAM, SYSTEM_PROGRAM] }]],
      ['logsSubscribe', ['everything']],
      ['programSubscribe', [SYSTEM_PROGRAM, { filters: [{ dataSize: -1 }] }]],
      ['slotUnsubscribe', [12345]],
      ['slotUnsubscribe', ['x']],
    ] as const;
    for (const [method, params] of badParams) {
      expect(code(await client.call({ jsonrpc: '2.0', id: 2, method, params }))).toBe(-32602);
    }
    expect(await client.call({ jsonrpc: '2.0', id: 3, method: 'slotSubscribe' })).toEqual({
      jsonrpc: '2.0',
      result: expect.any(Number) as unknown,
      id: 3,
    });
    const id = (client.messages.at(-1) as { result: number }).result;
    expect(await client.call({ jsonrpc: '2.0', id: 4, method: 'slotUnsubscribe', params: [id] })).toEqual({
      jsonrpc: '2.0',
      result: true,
      id: 4,
    });
    expect(code(await client.call({ jsonrpc: '2.0', id: 5, method: 'slotUnsubscribe', params: [id] }))).toBe(
      -32602,
    );
    client.socket.close();
  });

  it('drops every subscription of a client that disconnects, and closes sockets on shutdown', async () => {
    const client = await rawClient();
    const keys = await Promise.all(
      Array.from({ length: 20 }, async () => (await generateKeyPairSigner()).address),
    );
    const batch = keys.flatMap((key, index) => [
      { jsonrpc: '2.0', id: index * 3, method: 'accountSubscribe', params: [key, { encoding: 'base64' }] },
      { jsonrpc: '2.0', id: index * 3 + 1, method: 'logsSubscribe', params: [{ mentions: [key] }] },
      { jsonrpc: '2.0', id: index * 3 + 2, method: 'programSubscribe', params: [key] },
    ]);
    const answer = (await client.call(batch)) as unknown as { result: number }[];
    expect(answer).toHaveLength(60);
    expect(new Set(answer.map((response) => response.result)).size).toBe(60);
    await client.call({ jsonrpc: '2.0', id: 'slot', method: 'slotSubscribe' });
    expect(pubsub.subscriptionCount).toBe(61);
    client.socket.close();
    await waitFor(() => pubsub.subscriptionCount === 0 && pubsub.connectionCount === 0);

    const survivor = await rawClient();
    await survivor.call({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' });
    const closed = new Promise((resolve) => {
      survivor.socket.addEventListener('close', resolve);
    });
    await pubsub.close();
    await closed;
    expect(pubsub.connectionCount).toBe(0);
    pubsub = await startPubsubServer({ chain: node.chain, port: 0 });
  });
});
