/**
 * The JSON-RPC framing and error codes, asserted on the exact bytes a client receives: parse errors,
 * unknown methods, bad params, invalid requests, batches, context-slot and commitment checks, and the
 * HTTP side (CORS, health, body limit). Bad input never takes the node down.
 */
import { generateKeyPairSigner, isSolanaError, SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND } from '@solana/kit';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LocalChain } from '../chain/local-chain.ts';
import { callRaw, postRaw, startTestNode, type TestNode } from '../testing/local-node.ts';
import { handleJsonRpc } from './json-rpc.ts';
import { rpcMethods } from './rpc-server.ts';

let node: TestNode;

beforeAll(async () => {
  node = await startTestNode();
});

afterAll(async () => {
  await node.close();
});

describe('JSON-RPC errors', () => {
  it('answers malformed JSON with -32700 and a null id', async () => {
    const { status, json } = await postRaw(node, '{"jsonrpc":"2.0","id":1,"method":"getSlot"');
    expect(status).toBe(200);
    expect(json).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null });
  });

  it('answers an unknown method with -32601 naming it', async () => {
    expect(await callRaw(node, 'getEverything', [])).toEqual({
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found: getEverything' },
      id: 1,
    });
    try {
      await (node.rpc as unknown as { getEverything: () => { send: () => Promise<unknown> } })
        .getEverything()
        .send();
      expect.unreachable();
    } catch (error) {
      expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND)).toBe(true);
    }
  });

  it('answers bad params with -32602 and says what was wrong', async () => {
    const cases: [string, unknown[], string][] = [
      ['getBalance', [], 'Invalid params: missing parameter 1 (pubkey).'],
      ['getBalance', [123], 'Invalid params: invalid type: integer `123`, expected a string.'],
      ['getBalance', ['abc'], 'Invalid param: WrongSize'],
      ['getBalance', ['0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl'], 'Invalid param: Invalid'],
      [
        'getBalance',
        ['11111111111111111111111111111111', { commitment: 'recent' }],
        'Invalid params: unknown variant `recent`, expected one of `processed`, `confirmed`, `finalized`.',
      ],
      [
        'getBalance',
        ['11111111111111111111111111111111', 'finalized'],
        'Invalid params: invalid type: string "finalized", expected struct RpcContextConfig.',
      ],
      ['getSignatureStatuses', [['nope']], 'Invalid param: WrongSize'],
      [
        'getMinimumBalanceForRentExemption',
        [-1],
        'Invalid params: invalid type: integer `-1`, expected usize.',
      ],
      ['isBlockhashValid', ['xyz'], 'WrongSize'],
      [
        'getAccountInfo',
        ['11111111111111111111111111111111', { encoding: 'hex' }],
        'Invalid params: unknown variant `hex`, expected one of `binary`, `base58`, `base64`, `jsonParsed`, `base64+zstd`.',
      ],
      [
        'sendTransaction',
        ['AQID', { encoding: 'base64' }],
        'failed to deserialize solana_transaction::versioned::VersionedTransaction: io error: failed to fill whole buffer',
      ],
      [
        'sendTransaction',
        ['AQID', { encoding: 'json' }],
        'unsupported encoding: json. Supported encodings: base58, base64',
      ],
      ['sendTransaction', ['0OIl'], "invalid base58 encoding: InvalidCharacter { character: '0', index: 0 }"],
      [
        'getProgramAccounts',
        ['11111111111111111111111111111111', { filters: [{}, {}, {}, {}, {}] }],
        'Too many filters provided; max 4',
      ],
      [
        'getTransaction',
        ['1111111111111111111111111111111111111111111111111111111111111111', { commitment: 'processed' }],
        'Method does not support commitment below `confirmed`',
      ],
    ];
    for (const [method, params, message] of cases) {
      expect(await callRaw(node, method, params), `${method} ${JSON.stringify(params)}`).toEqual({
        jsonrpc: '2.0',
        error: { code: -32602, message },
        id: 1,
      });
    }
  });

  it('refuses a request that is not JSON-RPC 2.0 with -32600', async () => {
    for (const body of [
      '{}',
      '[]',
      '1',
      '{"jsonrpc":"1.0","id":3,"method":"getSlot"}',
      '{"jsonrpc":"2.0","id":{},"method":"getSlot"}',
    ]) {
      const { json } = await postRaw(node, body);
      expect(json, body).toMatchObject({
        jsonrpc: '2.0',
        error: { code: -32600, message: 'Invalid request' },
      });
    }
  });

  it('answers a batch in order, errors included, and stays silent for notifications', async () => {
    const { json } = await postRaw(
      node,
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'getHealth' },
        { jsonrpc: '2.0', id: 'b', method: 'nope' },
        { jsonrpc: '2.0', method: 'getSlot' },
        { jsonrpc: '2.0', id: 3, method: 'getSlot', params: [] },
      ]),
    );
    expect(json).toEqual([
      { jsonrpc: '2.0', result: 'ok', id: 'a' },
      { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found: nope' }, id: 'b' },
      { jsonrpc: '2.0', result: 0, id: 3 },
    ]);
    const notification = await postRaw(node, '{"jsonrpc":"2.0","method":"getSlot"}');
    expect(notification.status).toBe(204);
  });

  it('refuses a context slot the node has not reached with -32016', async () => {
    node.chain.advanceSlot();
    const response = await callRaw(node, 'getSlot', [{ minContextSlot: 1_000, commitment: 'processed' }]);
    expect(response.error).toEqual({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: Number(node.chain.slot) },
    });
    expect((await callRaw(node, 'getSlot', [{ minContextSlot: 1, commitment: 'processed' }])).result).toBe(
      Number(node.chain.slot),
    );
    // getSlot's finalized slot (the default) is the newest that ended, and the context is that slot.
    const current = Number(node.chain.slot);
    expect((await callRaw(node, 'getSlot', [{ minContextSlot: current }])).error).toEqual({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: current - 1 },
    });
    expect((await callRaw(node, 'getSlot', [{ minContextSlot: current - 1 }])).result).toBe(current - 1);
  });

  it('answers getSlot and getBlockHeight at confirmed and finalized with the newest slot that ended', async () => {
    const at = async (commitment?: 'processed' | 'confirmed' | 'finalized', target = node) => ({
      slot: await target.rpc.getSlot(commitment ? { commitment } : {}).send(),
      height: await target.rpc.getBlockHeight(commitment ? { commitment } : {}).send(),
    });
    const fresh = await startTestNode();
    try {
      // Before any slot ended, never below 0.
      expect(await at('finalized', fresh)).toEqual({ slot: 0n, height: 0n });
    } finally {
      await fresh.close();
    }
    for (let i = 0; i < 3; i++) node.chain.advanceSlot();
    const current = node.chain.slot;
    expect(await at('processed')).toEqual({ slot: current, height: current });
    for (const commitment of ['confirmed', 'finalized', undefined] as const) {
      expect(await at(commitment)).toEqual({ slot: current - 1n, height: current - 1n });
    }
    // The newest slot SlotHashes lists: a lookup table's recent slot.
    expect(node.chain.slotHashes()[0]?.slot).toBe(current - 1n);
  });

  it('answers every commitment level from the one state', async () => {
    const address = (await generateKeyPairSigner()).address;
    for (const commitment of ['processed', 'confirmed', 'finalized'] as const) {
      const { context, value } = await node.rpc.getBalance(address, { commitment }).send();
      expect(context.slot).toBe(node.chain.slot);
      expect(value).toBe(0n);
    }
  });

  it('survives arbitrary params on every method', async () => {
    const methods = [
      'getVersion',
      'getHealth',
      'getGenesisHash',
      'getSlot',
      'getBlockHeight',
      'getEpochInfo',
      'getLatestBlockhash',
      'isBlockhashValid',
      'getFeeForMessage',
      'getMinimumBalanceForRentExemption',
      'getBalance',
      'getAccountInfo',
      'getMultipleAccounts',
      'getProgramAccounts',
      'getTokenAccountsByOwner',
      'getTokenAccountBalance',
      'getSignatureStatuses',
      'getSignaturesForAddress',
      'getTransaction',
      'sendTransaction',
      'simulateTransaction',
      'requestAirdrop',
      'getRecentPrioritizationFees',
      'getPriorityFeeEstimate',
      'getPythPriceUpdate',
    ];
    const junk: unknown[][] = [
      [null],
      [{}],
      [[]],
      ['x', 'y', 'z'],
      [1.5, true],
      [{ a: [1, { b: null }] }, -7],
      ['', {}],
    ];
    for (const method of methods) {
      for (const params of junk) {
        const response = await callRaw(node, method, params);
        expect(response.jsonrpc).toBe('2.0');
        const error = response.error as { code: number } | undefined;
        if (error)
          expect([-32600, -32602, -32003, -32002], `${method} ${JSON.stringify(params)}`).toContain(
            error.code,
          );
      }
    }
    expect(await node.rpc.getHealth().send()).toBe('ok');
  });
});

describe('robustness', () => {
  it('never fails internally, whatever the params (property)', () => {
    const chain = new LocalChain();
    const methods = rpcMethods(chain);
    const names = [...methods.keys()];
    const internalErrors: unknown[] = [];
    const param = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(
        '11111111111111111111111111111111',
        'AQID',
        'base64',
        'jsonParsed',
        'finalized',
        -1,
        2 ** 64,
      ),
      fc.record(
        {
          encoding: fc.constantFrom('base58', 'base64', 'base64+zstd', 'jsonParsed', 'binary', 'json', 'x'),
          commitment: fc.constantFrom('processed', 'confirmed', 'finalized', 'max'),
          dataSlice: fc.record({ offset: fc.integer(), length: fc.integer() }),
          filters: fc.array(fc.jsonValue(), { maxLength: 5 }),
          minContextSlot: fc.integer(),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.array(param, { maxLength: 4 }), (method, params) => {
        const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
        const response = JSON.parse(handleJsonRpc(body, methods, (error) => internalErrors.push(error))!) as {
          error?: { code: number };
        };
        expect(response.error?.code).not.toBe(-32603);
      }),
      { numRuns: 3000 },
    );
    expect(internalErrors).toEqual([]);
  });

  it('reads and writes u64 values beyond 2^53 exactly', async () => {
    const huge = '18446744073709551615';
    const { json } = await postRaw(
      node,
      `{"jsonrpc":"2.0","id":1,"method":"getMinimumBalanceForRentExemption","params":[${huge}]}`,
    );
    expect(json).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: 1 });
    // An account created by a transfer is rent exempt forever: its rent epoch is u64::MAX.
    const created = (await generateKeyPairSigner()).address;
    await callRaw(node, 'requestAirdrop', [created, 1_000_000_000]);
    const response = await fetch(node.server.url, {
      method: 'POST',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getAccountInfo',
        params: [created, { encoding: 'base64' }],
      }),
    });
    expect(await response.text()).toContain(`"rentEpoch":${huge}`);
  });
});

describe('HTTP', () => {
  it('serves GET /health and CORS for browser clients', async () => {
    const health = await fetch(`${node.server.url}/health`);
    expect(await health.text()).toBe('ok');
    const preflight = await fetch(node.server.url, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:8080', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const put = await fetch(node.server.url, { method: 'PUT' });
    expect(put.status).toBe(405);
  });

  it('refuses a body above the limit with 413', async () => {
    const { status } = await postRaw(
      node,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot', params: ['x'.repeat(60_000)] }),
    );
    expect(status).toBe(413);
    expect(await node.rpc.getHealth().send()).toBe('ok');
  });
});
