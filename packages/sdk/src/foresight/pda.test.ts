import {
  address,
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Address,
  type ReadonlyUint8Array,
} from '@solana/kit';
import { web3 } from '@coral-xyz/anchor';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { address as arbitraryAddress, bytes32, u32 } from '../../test/arbitraries.ts';
import { findBetAddress, findConfigAddress, findEventAddress } from './pda.ts';
import { FORESIGHT_PROGRAM_ADDRESS, SOL_USD_FEED_ID } from './program.ts';

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const key = (a: Address) => getAddressEncoder().encode(a);
const u32le = (n: number) => Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24);

/** The same derivations with hand-built seed bytes. */
const expected = {
  config: (feedId: Uint8Array, programAddress = FORESIGHT_PROGRAM_ADDRESS) =>
    getProgramDerivedAddress({ programAddress, seeds: [ascii('config'), feedId] }),
  event: (config: Address, id: number) =>
    getProgramDerivedAddress({
      programAddress: FORESIGHT_PROGRAM_ADDRESS,
      seeds: [ascii('event'), key(config), u32le(id)],
    }),
  bet: (event: Address, user: Address) =>
    getProgramDerivedAddress({
      programAddress: FORESIGHT_PROGRAM_ADDRESS,
      seeds: [ascii('bet'), key(event), key(user)],
    }),
};

describe('PDAs', () => {
  it('derive the SOL/USD config from "config" and the feed id', async () => {
    const [sol] = await findConfigAddress(SOL_USD_FEED_ID);
    expect(sol).toEqual((await expected.config(Uint8Array.from(SOL_USD_FEED_ID)))[0]);
  });

  it('derive configs for any feed id and program', async () => {
    const other = address('11111111111111111111111111111112');
    await fc.assert(
      fc.asyncProperty(bytes32(), async (feedId) => {
        expect(await findConfigAddress(feedId)).toEqual(await expected.config(feedId));
        expect(await findConfigAddress(feedId, { programAddress: other })).toEqual(
          await expected.config(feedId, other),
        );
      }),
      { numRuns: 25 },
    );
  });

  it('derive events from "event", the config and the id as u32 little-endian', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryAddress(), u32(), async (config, id) => {
        expect(await findEventAddress(config, id)).toEqual(await expected.event(config, id));
      }),
      { numRuns: 25 },
    );
    const config = getAddressDecoder().decode(new Uint8Array(32).fill(3));
    expect(await findEventAddress(config, 0x0102_0304)).toEqual(await expected.event(config, 0x0102_0304));
    expect(await findEventAddress(config, 1)).not.toEqual(await findEventAddress(config, 256));
  });

  it('reject round ids that are no u32', async () => {
    const config = getAddressDecoder().decode(new Uint8Array(32));
    await expect(findEventAddress(config, -1)).rejects.toThrow(RangeError);
    await expect(findEventAddress(config, 2 ** 32)).rejects.toThrow(RangeError);
    await expect(findEventAddress(config, 1.5)).rejects.toThrow(RangeError);
  });

  it('derive bets from "bet", the event and the user', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryAddress(), arbitraryAddress(), async (event, user) => {
        expect(await findBetAddress(event, user)).toEqual(await expected.bet(event, user));
      }),
      { numRuns: 25 },
    );
  });

  it('match @solana/web3.js, an independent implementation', async () => {
    const program = new web3.PublicKey(FORESIGHT_PROGRAM_ADDRESS);
    const derive = (seeds: ReadonlyUint8Array[]) => {
      const [pda, bump] = web3.PublicKey.findProgramAddressSync(
        seeds.map((seed) => Uint8Array.from(seed)),
        program,
      );
      return [pda.toBase58(), bump];
    };
    const [config] = await findConfigAddress(SOL_USD_FEED_ID);
    expect(await findConfigAddress(SOL_USD_FEED_ID)).toEqual(
      derive([ascii('config'), Uint8Array.from(SOL_USD_FEED_ID)]),
    );
    const [event] = await findEventAddress(config, 42);
    expect(await findEventAddress(config, 42)).toEqual(derive([ascii('event'), key(config), u32le(42)]));
    const user = getAddressDecoder().decode(new Uint8Array(32).fill(7));
    expect(await findBetAddress(event, user)).toEqual(derive([ascii('bet'), key(event), key(user)]));
  });

  it('reject feed ids that are not 32 bytes', async () => {
    await expect(findConfigAddress(new Uint8Array(20))).rejects.toThrow(RangeError);
  });
});
