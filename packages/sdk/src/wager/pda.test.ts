import idl from '@arcade/program-wager/idl.json' with { type: 'json' };
import { findProgramDataAddress } from '../anchor/program-data.ts';
import { web3 } from '@coral-xyz/anchor';
import {
  address,
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Address,
} from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { address as arbitraryAddress } from '../../test/arbitraries.ts';
import {
  findBetAddress,
  findHouseAddress,
  findMarketAuthorityAddress,
  findPredictionAddress,
  findReferralAddress,
} from './pda.ts';
import { WAGER_PROGRAM_ADDRESS } from './program.ts';

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const key = (a: Address) => getAddressEncoder().encode(a);
const OTHER = address('11111111111111111111111111111112');

/** The same derivations with hand-built seed bytes. */
const expected = {
  house: (programAddress = WAGER_PROGRAM_ADDRESS) =>
    getProgramDerivedAddress({ programAddress, seeds: [ascii('house')] }),
  bet: (user: Address, programAddress = WAGER_PROGRAM_ADDRESS) =>
    getProgramDerivedAddress({ programAddress, seeds: [ascii('bet'), key(user)] }),
  marketAuthority: (market: Address) =>
    getProgramDerivedAddress({
      programAddress: WAGER_PROGRAM_ADDRESS,
      seeds: [ascii('market_authority'), key(market)],
    }),
  prediction: (market: Address, user: Address) =>
    getProgramDerivedAddress({
      programAddress: WAGER_PROGRAM_ADDRESS,
      seeds: [ascii('prediction'), key(market), key(user)],
    }),
  referral: (referrer: Address, programAddress = WAGER_PROGRAM_ADDRESS) =>
    getProgramDerivedAddress({ programAddress, seeds: [ascii('referral'), key(referrer)] }),
};

describe('PDAs', () => {
  it('derive the house wallet from "house", for any deployment', async () => {
    expect(await findHouseAddress()).toEqual(await expected.house());
    expect(await findHouseAddress({ programAddress: OTHER })).toEqual(await expected.house(OTHER));
    expect((await findHouseAddress())[0]).not.toBe((await findHouseAddress({ programAddress: OTHER }))[0]);
  });

  it('derive bets from "bet" and the user', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryAddress(), async (user) => {
        expect(await findBetAddress(user)).toEqual(await expected.bet(user));
        expect(await findBetAddress(user, { programAddress: OTHER })).toEqual(
          await expected.bet(user, OTHER),
        );
      }),
      { numRuns: 25 },
    );
  });

  it('derive market pools from "market_authority" and the market', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryAddress(), async (market) => {
        expect(await findMarketAuthorityAddress(market)).toEqual(await expected.marketAuthority(market));
      }),
      { numRuns: 25 },
    );
  });

  it('derive predictions from "prediction", the market and the user, in that order', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryAddress(), arbitraryAddress(), async (market, user) => {
        expect(await findPredictionAddress(market, user)).toEqual(await expected.prediction(market, user));
      }),
      { numRuns: 25 },
    );
    const a = getAddressDecoder().decode(new Uint8Array(32).fill(1));
    const b = getAddressDecoder().decode(new Uint8Array(32).fill(2));
    expect((await findPredictionAddress(a, b))[0]).not.toBe((await findPredictionAddress(b, a))[0]);
  });

  it('derive referral vaults from "referral" and the referrer, for any deployment', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryAddress(), async (referrer) => {
        expect(await findReferralAddress(referrer)).toEqual(await expected.referral(referrer));
        expect(await findReferralAddress(referrer, { programAddress: OTHER })).toEqual(
          await expected.referral(referrer, OTHER),
        );
      }),
      { numRuns: 25 },
    );
  });

  it("follow the IDL's seed paths, derived by @solana/web3.js, an independent implementation", async () => {
    const program = new web3.PublicKey(WAGER_PROGRAM_ADDRESS);
    const user = getAddressDecoder().decode(new Uint8Array(32).fill(7));
    const market = getAddressDecoder().decode(new Uint8Array(32).fill(8));
    const referrer = getAddressDecoder().decode(new Uint8Array(32).fill(9));
    const named: Record<string, Address> = { user, market, referrer };
    const ours: Record<string, () => Promise<readonly [Address, number]>> = {
      house: () => findHouseAddress(),
      bet: () => findBetAddress(user),
      market_authority: () => findMarketAuthorityAddress(market),
      prediction: () => findPredictionAddress(market, user),
      referral: () => findReferralAddress(referrer),
      program_data: () => findProgramDataAddress(WAGER_PROGRAM_ADDRESS),
    };
    let checked = 0;
    for (const instruction of idl.instructions) {
      for (const account of instruction.accounts as {
        name: string;
        pda?: { seeds: { kind: string; value?: number[]; path?: string }[]; program?: { value: number[] } };
      }[]) {
        if (account.pda === undefined) continue;
        const seeds = account.pda.seeds.map((seed) =>
          seed.kind === 'const' ? Uint8Array.from(seed.value!) : Uint8Array.from(key(named[seed.path!]!)),
        );
        // A PDA of another program (the loader's ProgramData) names that program.
        const owner = account.pda.program
          ? new web3.PublicKey(Uint8Array.from(account.pda.program.value))
          : program;
        const [pda, bump] = web3.PublicKey.findProgramAddressSync(seeds, owner);
        expect(await ours[account.name]!()).toEqual([pda.toBase58(), bump]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});
