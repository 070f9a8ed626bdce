/**
 * `getPythPriceUpdate` over JSON-RPC: the one update for a planned time, by feed id or price account, written
 * to its own account; `null` when the node has none; -32602 for anything it cannot use.
 */
import { address, getAddressEncoder } from '@solana/kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import { decodePriceUpdateV2 } from '@arcade/sdk/pyth/price-update-v2';

import { PythPublisher } from '../oracle/pyth-publisher.ts';
import { callRaw, startTestNode, type TestNode } from '../testing/local-node.ts';

const PRICE_ACCOUNT = address('PythPrice1111111111111111111111111111111111');
const AUTHORITY = address('PythAuthority111111111111111111111111111111');
const FEED_HEX = Buffer.from(SOL_USD_FEED_ID).toString('hex');
const START_MS = 1_800_000_000_000;
const START = START_MS / 1000;

let node: TestNode;
let now: number;
let stop: () => void;

beforeEach(async () => {
  now = START_MS;
  node = await startTestNode({ now: () => now });
  stop = new PythPublisher({ address: PRICE_ACCOUNT, writeAuthority: AUTHORITY }).follow(node.chain);
  // Ten seconds of 400 ms slots.
  for (let i = 0; i < 25; i++) {
    now += 400;
    node.chain.advanceSlot();
  }
});

afterEach(async () => {
  stop();
  await node.close();
});

describe('getPythPriceUpdate', () => {
  it('answers the first update at or after t, by feed id (hex, 0x optional) or price account', async () => {
    const t = START + 4;
    const { result } = await callRaw(node, 'getPythPriceUpdate', [FEED_HEX, t]);
    const answer = result as Record<string, unknown>;
    expect(Object.keys(answer).sort()).toEqual(['address', 'prevPublishTime', 'price', 'publishTime']);
    expect(answer).toMatchObject({ publishTime: t, prevPublishTime: t - 1 });
    expect(typeof answer.price).toBe('number');
    // The account holds that update, verified, for the Foresight tick to read.
    const account = node.chain.getAccount(
      Uint8Array.from(getAddressEncoder().encode(address(answer.address as string))),
    )!;
    const update = decodePriceUpdateV2(account.data);
    expect(update.verificationLevel).toEqual({ __kind: 'Full' });
    expect(update.priceMessage).toMatchObject({
      price: BigInt(answer.price as number),
      publishTime: BigInt(t),
      prevPublishTime: BigInt(t - 1),
    });
    for (const feed of [`0x${FEED_HEX}`, FEED_HEX.toUpperCase(), PRICE_ACCOUNT]) {
      expect((await callRaw(node, 'getPythPriceUpdate', [feed, t])).result).toEqual(answer);
    }
    // A u64 beyond 2^53 is read exactly, and is in the future.
    expect((await postBig(`"${FEED_HEX}"`, '9007199254740993')).result).toBeNull();
  });

  it('answers null for a time not published yet or older than the history', async () => {
    const newest = node.chain.blockTime;
    expect((await callRaw(node, 'getPythPriceUpdate', [FEED_HEX, newest])).result).not.toBeNull();
    expect((await callRaw(node, 'getPythPriceUpdate', [FEED_HEX, newest + 1])).result).toBeNull();
    // The first update ever has no predecessor, so no time before it is covered.
    expect((await callRaw(node, 'getPythPriceUpdate', [FEED_HEX, START])).result).toBeNull();
    expect((await callRaw(node, 'getPythPriceUpdate', [FEED_HEX, 0])).result).toBeNull();
  });

  it('refuses what it cannot use with -32602', async () => {
    const invalid = async (params: unknown[]): Promise<string> => {
      const response = await callRaw(node, 'getPythPriceUpdate', params);
      expect(response.result).toBeUndefined();
      const error = response.error as { code: number; message: string };
      expect(error.code).toBe(-32602);
      return error.message;
    };
    expect(await invalid([])).toBe('Invalid params: missing parameter 1 (feed id or price account).');
    expect(await invalid([FEED_HEX])).toBe('Invalid params: missing parameter 2 (planned time).');
    expect(await invalid([7, START])).toMatch(/^Invalid params: invalid type: integer `7`/);
    expect(await invalid(['not an address', START])).toBe('Invalid param: Invalid');
    expect(await invalid([FEED_HEX.slice(2), START])).toBe('Invalid param: WrongSize');
    expect(await invalid(['11'.repeat(32), START])).toBe(
      `Invalid params: this node publishes no Pyth feed ${'11'.repeat(32)}.`,
    );
    expect(await invalid(['11111111111111111111111111111111', START])).toMatch(/publishes no Pyth feed/);
    for (const t of [-1, 1.5, '1800000004', null, true, {}]) {
      expect(await invalid([FEED_HEX, t])).toMatch(/^Invalid params: invalid type: .*, expected a unix time/);
    }
    expect((await postBig(`"${FEED_HEX}"`, '9223372036854775808')).error).toMatchObject({ code: -32602 });
    // A publisher that stopped following the chain no longer serves it.
    stop();
    expect(await invalid([FEED_HEX, START + 4])).toMatch(/publishes no Pyth feed/);
  });
});

/** Sends `[feed, t]` with `t` as raw JSON digits (beyond what a JS number holds exactly). */
async function postBig(feed: string, t: string): Promise<Record<string, unknown>> {
  const response = await fetch(node.server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: `{"jsonrpc":"2.0","id":1,"method":"getPythPriceUpdate","params":[${feed},${t}]}`,
  });
  return (await response.json()) as Record<string, unknown>;
}
