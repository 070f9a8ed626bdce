import { createHash } from 'node:crypto';

import idl from '@arcade/program-wager/idl.json' with { type: 'json' };
import {
  AccountRole,
  createNoopSigner,
  getAddressDecoder,
  getSignersFromInstruction,
  isSignerRole,
  isWritableRole,
  type Address,
  type Codec,
} from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { address, bytes32, i64, u64, u8 } from '../../test/arbitraries.ts';
import { betType, marketResult, optionalAddress } from '../../test/wager-arbitraries.ts';
import { SYSTEM_PROGRAM_ADDRESS, type SignerInput } from '../anchor/instructions.ts';
import { BetType, MarketResult } from './accounts.ts';
import {
  WAGER_INSTRUCTION_DISCRIMINATORS,
  WAGER_INSTRUCTION_NAMES,
  getAcceptAuthorityInstruction,
  getAcceptAuthorityInstructionAsync,
  getAcceptAuthorityInstructionDataCodec,
  getClaimReferralInstruction,
  getClaimReferralInstructionAsync,
  getClaimReferralInstructionDataCodec,
  getCommitSeedChainInstruction,
  getCommitSeedChainInstructionAsync,
  getCommitSeedChainInstructionDataCodec,
  getCreateBetInstruction,
  getCreateBetInstructionAsync,
  getCreateBetInstructionDataCodec,
  getExpireMarketInstruction,
  getExpireMarketInstructionDataCodec,
  getInitReferralInstruction,
  getInitReferralInstructionAsync,
  getInitReferralInstructionDataCodec,
  getProposeAuthorityInstruction,
  getProposeAuthorityInstructionAsync,
  getProposeAuthorityInstructionDataCodec,
  getResetSeedChainInstruction,
  getResetSeedChainInstructionAsync,
  getResetSeedChainInstructionDataCodec,
  getRevealBetInstruction,
  getRevealBetInstructionAsync,
  getRevealBetInstructionDataCodec,
  getClaimBetInstruction,
  getClaimBetInstructionAsync,
  getClaimBetInstructionDataCodec,
  getCreateBetOffchainInstruction,
  getCreateBetOffchainInstructionAsync,
  getCreateBetOffchainInstructionDataCodec,
  getCreateMarketInstruction,
  getCreateMarketInstructionAsync,
  getCreateMarketInstructionDataCodec,
  getCreatePredictionInstruction,
  getCreatePredictionInstructionAsync,
  getCreatePredictionInstructionDataCodec,
  getInitBetOffchainInstruction,
  getInitBetOffchainInstructionAsync,
  getInitBetOffchainInstructionDataCodec,
  getInitializeHouseInstruction,
  getInitializeHouseInstructionAsync,
  getInitializeHouseInstructionDataCodec,
  getRefundBetInstruction,
  getRefundBetInstructionAsync,
  getRefundBetInstructionDataCodec,
  getResolveMarketInstruction,
  getCloseMarketInstruction,
  getResolveMarketInstructionAsync,
  getResolveMarketInstructionDataCodec,
  getCloseMarketInstructionDataCodec,
  getSettleBetOffchainInstruction,
  getSettleBetOffchainInstructionAsync,
  getSettleBetOffchainInstructionDataCodec,
  getSettlePredictionInstruction,
  getSettlePredictionInstructionAsync,
  getSettlePredictionInstructionDataCodec,
  getUpdateHouseInstruction,
  getUpdateHouseInstructionAsync,
  getUpdateHouseInstructionDataCodec,
  getUpdateMarketInstruction,
  getUpdateMarketInstructionAsync,
  getUpdateMarketInstructionDataCodec,
  getUpdatePredictionInstruction,
  getUpdatePredictionInstructionAsync,
  getUpdatePredictionInstructionDataCodec,
  getWithdrawInstruction,
  getWithdrawInstructionAsync,
  getWithdrawInstructionDataCodec,
  identifyWagerInstruction,
  toBetType,
  toMarketResult,
  type WagerInstruction,
  type WagerInstructionName,
} from './instructions.ts';
import {
  findBetAddress,
  findHouseAddress,
  findMarketAuthorityAddress,
  findPredictionAddress,
  findReferralAddress,
} from './pda.ts';
import { NATIVE_MINT_ADDRESS, SLOT_HASHES_SYSVAR_ADDRESS, WAGER_PROGRAM_ADDRESS } from './program.ts';

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const addressOf = (byte: number): Address => getAddressDecoder().decode(new Uint8Array(32).fill(byte));
const bytesOf = (byte: number): Uint8Array => new Uint8Array(32).fill(byte);

interface IdlAccount {
  readonly name: string;
  readonly writable?: boolean;
  readonly signer?: boolean;
  readonly optional?: boolean;
  readonly address?: string;
}

/** Each builder, called with the named accounts of `a` (every optional account present) and fixed args. */
const builders: Record<
  WagerInstructionName,
  (a: Record<string, Address>, s: (name: string) => SignerInput) => WagerInstruction
> = {
  initialize_house: (a, s) =>
    getInitializeHouseInstruction({
      authority: s('authority'),
      house: a.house!,
      settler: addressOf(90),
      treasury: addressOf(91),
      programData: a.programData!,
    }),
  update_house: (a, s) =>
    getUpdateHouseInstruction({
      authority: s('authority'),
      house: a.house!,
      settler: addressOf(90),
      treasury: addressOf(91),
      paused: true,
      offchainBets: false,
    }),
  propose_authority: (a, s) =>
    getProposeAuthorityInstruction({
      authority: s('authority'),
      house: a.house!,
      newAuthority: addressOf(92),
    }),
  accept_authority: (a, s) =>
    getAcceptAuthorityInstruction({ newAuthority: s('newAuthority'), house: a.house! }),
  commit_seed_chain: (a, s) =>
    getCommitSeedChainInstruction({
      settler: s('settler'),
      house: a.house!,
      head: bytesOf(93),
      length: 10_000n,
    }),
  reset_seed_chain: (a, s) =>
    getResetSeedChainInstruction({ settler: s('settler'), house: a.house!, head: bytesOf(94), length: 5 }),
  init_bet_offchain: (a, s) =>
    getInitBetOffchainInstruction({ user: s('user'), bet: a.bet!, referral: null }),
  create_bet: (a, s) =>
    getCreateBetInstruction({
      user: s('user'),
      bet: a.bet!,
      house: a.house!,
      mint: a.mint!,
      odds: 50,
      listingPrice: 1_000_000_000n,
      betType: 'nft',
      playerSeed: bytesOf(95),
    }),
  reveal_bet: (a) =>
    getRevealBetInstruction({
      house: a.house!,
      bet: a.bet!,
      user: a.user!,
      referralVault: a.referralVault!,
      seed: bytesOf(96),
    }),
  create_bet_offchain: (a, s) =>
    getCreateBetOffchainInstruction({
      user: s('user'),
      bet: a.bet!,
      house: a.house!,
      mint: a.mint!,
      odds: 50,
      listingPrice: 1_000_000_000n,
      betType: 'token',
    }),
  settle_bet_offchain: (a, s) =>
    getSettleBetOffchainInstruction({
      settler: s('settler'),
      house: a.house!,
      bet: a.bet!,
      referralVault: a.referralVault!,
      randomValue: 42,
    }),
  claim_bet: (a, s) => getClaimBetInstruction({ user: s('user'), bet: a.bet!, house: a.house!, sol: false }),
  refund_bet: (a, s) =>
    getRefundBetInstruction({ caller: s('caller'), house: a.house!, bet: a.bet!, user: a.user! }),
  init_referral: (a, s) =>
    getInitReferralInstruction({ payer: s('payer'), referral: a.referral!, referrer: addressOf(97) }),
  claim_referral: (a, s) => getClaimReferralInstruction({ referrer: s('referrer'), referral: a.referral! }),
  withdraw: (a, s) =>
    getWithdrawInstruction({
      authority: s('authority'),
      house: a.house!,
      destination: a.destination!,
      amount: 5n,
    }),
  create_market: (a, s) =>
    getCreateMarketInstruction({
      authority: s('authority'),
      house: a.house!,
      market: s('market'),
      marketAuthority: a.marketAuthority!,
      endTime: 2_000_000_000n,
      cutoffTime: 1_900_000_000n,
    }),
  update_market: (a, s) =>
    getUpdateMarketInstruction({
      authority: s('authority'),
      house: a.house!,
      market: a.market!,
      endTime: 2_000_000_000n,
      cutoffTime: 1_900_000_000n,
    }),
  resolve_market: (a, s) =>
    getResolveMarketInstruction({
      authority: s('authority'),
      house: a.house!,
      market: a.market!,
      marketAuthority: a.marketAuthority!,
      treasury: a.treasury!,
      referralVault: a.referralVault!,
      result: 'yes',
    }),
  expire_market: (a) => getExpireMarketInstruction({ market: a.market! }),
  close_market: (a, s) =>
    getCloseMarketInstruction({
      authority: s('authority'),
      house: a.house!,
      market: a.market!,
      marketAuthority: a.marketAuthority!,
      treasury: a.treasury!,
    }),
  create_prediction: (a, s) =>
    getCreatePredictionInstruction({
      user: s('user'),
      market: a.market!,
      marketAuthority: a.marketAuthority!,
      prediction: a.prediction!,
      amount: 10_000_000n,
      result: 'no',
    }),
  update_prediction: (a, s) =>
    getUpdatePredictionInstruction({
      user: s('user'),
      market: a.market!,
      marketAuthority: a.marketAuthority!,
      prediction: a.prediction!,
      amount: 10_000_000n,
    }),
  settle_prediction: (a) =>
    getSettlePredictionInstruction({
      prediction: a.prediction!,
      market: a.market!,
      marketAuthority: a.marketAuthority!,
      user: a.user!,
    }),
};

describe('instruction accounts', () => {
  it('cover every IDL instruction, in IDL order', () => {
    expect(idl.instructions.map((i) => i.name)).toEqual([...WAGER_INSTRUCTION_NAMES]);
  });

  for (const instruction of idl.instructions) {
    const name = instruction.name as WagerInstructionName;
    const accounts = instruction.accounts as IdlAccount[];
    for (const signerKind of ['TransactionSigner', 'Address'] as const) {
      it(`${name}: metas match the IDL's names, order, writable and signer flags (${signerKind})`, () => {
        const byName: Record<string, Address> = {};
        accounts.forEach((account, i) => {
          byName[camel(account.name)] =
            account.address === undefined ? addressOf(i + 1) : (account.address as Address);
        });
        const signers = new Map<string, ReturnType<typeof createNoopSigner>>();
        const built = builders[name](byName, (key) => {
          if (signerKind === 'Address') return byName[key]!;
          const signer = createNoopSigner(byName[key]!);
          signers.set(key, signer);
          return signer;
        });

        expect(built.programAddress).toBe(WAGER_PROGRAM_ADDRESS);
        expect(built.accounts.map((m) => m.address)).toEqual(accounts.map((a) => byName[camel(a.name)]));
        expect(
          built.accounts.map((m) => ({ writable: isWritableRole(m.role), signer: isSignerRole(m.role) })),
        ).toEqual(accounts.map((a) => ({ writable: a.writable === true, signer: a.signer === true })));
        // Every IDL signer is a signer input, and a TransactionSigner rides on its meta.
        expect([...signers.keys()].sort()).toEqual(
          signerKind === 'Address'
            ? []
            : accounts
                .filter((a) => a.signer)
                .map((a) => camel(a.name))
                .sort(),
        );
        expect(getSignersFromInstruction(built)).toEqual([...signers.values()]);
        expect([...built.data.subarray(0, 8)]).toEqual(instruction.discriminator);
      });
    }
  }

  it('put the program itself, read-only, for an absent optional referral vault', () => {
    const optional = idl.instructions.flatMap((i) =>
      (i.accounts as IdlAccount[]).filter((a) => a.optional).map((a) => `${i.name}.${a.name}`),
    );
    expect(optional).toEqual([
      'reveal_bet.referral_vault',
      'settle_bet_offchain.referral_vault',
      'resolve_market.referral_vault',
    ]);
    const reveal = { house: addressOf(1), bet: addressOf(2), user: addressOf(3), seed: bytesOf(4) };
    const settle = { settler: addressOf(1), house: addressOf(2), bet: addressOf(3), randomValue: 0 };
    const resolve = {
      authority: addressOf(1),
      house: addressOf(2),
      market: addressOf(3),
      marketAuthority: addressOf(4),
      treasury: addressOf(5),
      result: MarketResult.Invalid,
    };
    const absent = { address: WAGER_PROGRAM_ADDRESS, role: AccountRole.READONLY };
    for (const built of [
      getRevealBetInstruction(reveal),
      getRevealBetInstruction({ ...reveal, referralVault: null }),
    ]) {
      expect(built.accounts).toHaveLength(5);
      expect(built.accounts[4]).toEqual(absent);
    }
    for (const built of [
      getSettleBetOffchainInstruction(settle),
      getSettleBetOffchainInstruction({ ...settle, referralVault: null }),
    ]) {
      expect(built.accounts).toHaveLength(4);
      expect(built.accounts[3]).toEqual(absent);
    }
    for (const built of [
      getResolveMarketInstruction(resolve),
      getResolveMarketInstruction({ ...resolve, referralVault: null }),
    ]) {
      expect(built.accounts).toHaveLength(6);
      expect(built.accounts[5]).toEqual(absent);
    }
    const other = addressOf(99);
    expect(getSettleBetOffchainInstruction(settle, { programAddress: other }).accounts[3]!.address).toBe(
      other,
    );
    expect(getResolveMarketInstruction(resolve, { programAddress: other }).accounts[5]!.address).toBe(other);
    expect(getRevealBetInstruction(reveal, { programAddress: other }).accounts[4]!.address).toBe(other);
  });

  it('pass the SlotHashes sysvar to reveal_bet', () => {
    expect(SLOT_HASHES_SYSVAR_ADDRESS).toBe('SysvarS1otHashes111111111111111111111111111');
    const built = getRevealBetInstruction({
      house: addressOf(1),
      bet: addressOf(2),
      user: addressOf(3),
      seed: bytesOf(4),
    });
    expect(built.accounts[3]).toEqual({ address: SLOT_HASHES_SYSVAR_ADDRESS, role: AccountRole.READONLY });
  });

  it('name the native mint for a SOL bet, and require a mint for a token or NFT bet', () => {
    const input = { user: addressOf(1), bet: addressOf(2), house: addressOf(3), odds: 10, listingPrice: 1n };
    expect(getCreateBetOffchainInstruction({ ...input, betType: 'sol' }).accounts[3]).toEqual({
      address: NATIVE_MINT_ADDRESS,
      role: AccountRole.READONLY,
    });
    expect(
      getCreateBetOffchainInstruction({ ...input, betType: 'nft', mint: addressOf(4) }).accounts[3]!.address,
    ).toBe(addressOf(4));
    expect(() => getCreateBetOffchainInstruction({ ...input, betType: BetType.Token })).toThrow(TypeError);
    expect(() => getCreateBetOffchainInstruction({ ...input, betType: 'Nft' })).toThrow(
      /names its prize mint/,
    );
    const onChain = { ...input, playerSeed: bytesOf(7) };
    expect(getCreateBetInstruction({ ...onChain, betType: 'sol' }).accounts[3]!.address).toBe(
      NATIVE_MINT_ADDRESS,
    );
    expect(() => getCreateBetInstruction({ ...onChain, betType: 'token' })).toThrow(TypeError);
  });

  it('refuse seeds, heads and player seeds that are not 32 bytes', () => {
    const a = addressOf(1);
    const short = new Uint8Array(31);
    expect(() => getRevealBetInstruction({ house: a, bet: a, user: a, seed: short })).toThrow(RangeError);
    expect(() =>
      getCreateBetInstruction({
        user: a,
        bet: a,
        house: a,
        odds: 50,
        listingPrice: 1n,
        betType: 'sol',
        playerSeed: new Uint8Array(33),
      }),
    ).toThrow(/Expected 32 bytes, got 33/);
    expect(() => getCommitSeedChainInstruction({ settler: a, house: a, head: short, length: 1 })).toThrow(
      RangeError,
    );
    expect(() => getResetSeedChainInstruction({ settler: a, house: a, head: short, length: 1 })).toThrow(
      RangeError,
    );
  });

  it('build for another deployment', () => {
    const other = addressOf(99);
    const built = getWithdrawInstruction(
      { authority: addressOf(1), house: addressOf(2), destination: addressOf(3), amount: 1n },
      { programAddress: other },
    );
    expect(built.programAddress).toBe(other);
  });
});

describe('instruction data', () => {
  it('discriminators are sha256("global:<name>")[0..8]', () => {
    for (const name of WAGER_INSTRUCTION_NAMES) {
      const digest = createHash('sha256').update(`global:${name}`).digest().subarray(0, 8);
      expect([...WAGER_INSTRUCTION_DISCRIMINATORS[name]]).toEqual([...digest]);
    }
  });

  it('round-trips the args of every instruction', () => {
    fc.assert(
      fc.property(
        fc.record({
          settler: address(),
          treasury: address(),
          paused: fc.boolean(),
          offchainBets: fc.boolean(),
          seed: bytes32(),
          referral: optionalAddress(),
          odds: u8(),
          listingPrice: u64(),
          betType: betType(),
          randomValue: u8(),
          sol: fc.boolean(),
          amount: u64(),
          endTime: i64(),
          cutoffTime: i64(),
          result: marketResult(),
        }),
        (v) => {
          let checked = 0;
          const check = <TFrom extends object, TTo extends TFrom>(
            codec: Codec<TFrom, TTo>,
            args: TFrom,
            argBytes: number,
          ) => {
            const bytes = codec.encode(args);
            expect(bytes.length).toBe(8 + argBytes);
            expect(codec.decode(bytes)).toEqual(args);
            checked++;
          };
          check(getInitializeHouseInstructionDataCodec(), { settler: v.settler, treasury: v.treasury }, 64);
          check(
            getUpdateHouseInstructionDataCodec(),
            { settler: v.settler, treasury: v.treasury, paused: v.paused, offchainBets: v.offchainBets },
            66,
          );
          check(getProposeAuthorityInstructionDataCodec(), { newAuthority: v.settler }, 32);
          check(getAcceptAuthorityInstructionDataCodec(), {}, 0);
          check(getCommitSeedChainInstructionDataCodec(), { head: v.seed, length: v.amount }, 40);
          check(getResetSeedChainInstructionDataCodec(), { head: v.seed, length: v.amount }, 40);
          check(
            getCreateBetInstructionDataCodec(),
            { odds: v.odds, listingPrice: v.listingPrice, betType: v.betType, playerSeed: v.seed },
            42,
          );
          check(getRevealBetInstructionDataCodec(), { seed: v.seed }, 32);
          check(getInitReferralInstructionDataCodec(), { referrer: v.treasury }, 32);
          check(getClaimReferralInstructionDataCodec(), {}, 0);
          check(getExpireMarketInstructionDataCodec(), {}, 0);
          check(
            getInitBetOffchainInstructionDataCodec(),
            { referral: v.referral },
            v.referral === null ? 1 : 33,
          );
          check(
            getCreateBetOffchainInstructionDataCodec(),
            { odds: v.odds, listingPrice: v.listingPrice, betType: v.betType },
            10,
          );
          check(getSettleBetOffchainInstructionDataCodec(), { randomValue: v.randomValue }, 1);
          check(getClaimBetInstructionDataCodec(), { sol: v.sol }, 1);
          check(getRefundBetInstructionDataCodec(), {}, 0);
          check(getWithdrawInstructionDataCodec(), { amount: v.amount }, 8);
          check(
            getCreateMarketInstructionDataCodec(),
            { endTime: v.endTime, cutoffTime: v.cutoffTime, referrer: v.referral },
            v.referral === null ? 17 : 49,
          );
          check(getUpdateMarketInstructionDataCodec(), { endTime: v.endTime, cutoffTime: v.cutoffTime }, 16);
          check(getResolveMarketInstructionDataCodec(), { result: v.result }, 1);
          check(getCloseMarketInstructionDataCodec(), {}, 0);
          check(getCreatePredictionInstructionDataCodec(), { amount: v.amount, result: v.result }, 9);
          check(getUpdatePredictionInstructionDataCodec(), { amount: v.amount }, 8);
          check(getSettlePredictionInstructionDataCodec(), {}, 0);
          expect(checked).toBe(WAGER_INSTRUCTION_NAMES.length);
        },
      ),
    );
  });

  it('lays out the args in Borsh, little-endian', () => {
    const data = (i: WagerInstruction) => [...i.data.subarray(8)];
    const a = addressOf(1);
    expect(
      data(
        getCreateBetOffchainInstruction({
          user: a,
          bet: a,
          house: a,
          odds: 95,
          listingPrice: 0x0201n,
          betType: 'nft',
          mint: a,
        }),
      ),
    ).toEqual([95, 1, 2, 0, 0, 0, 0, 0, 0, 2]);
    expect(data(getSettleBetOffchainInstruction({ settler: a, house: a, bet: a, randomValue: 99 }))).toEqual([
      99,
    ]);
    const seed = Uint8Array.from({ length: 32 }, (_, i) => i);
    expect(
      data(
        getCreateBetInstruction({
          user: a,
          bet: a,
          house: a,
          odds: 95,
          listingPrice: 0x0201n,
          betType: 'sol',
          playerSeed: seed,
        }),
      ),
    ).toEqual([95, 1, 2, 0, 0, 0, 0, 0, 0, 0, ...seed]);
    expect(data(getRevealBetInstruction({ house: a, bet: a, user: a, seed }))).toEqual([...seed]);
    expect(data(getCommitSeedChainInstruction({ settler: a, house: a, head: seed, length: 10_000 }))).toEqual(
      [...seed, 0x10, 0x27, 0, 0, 0, 0, 0, 0],
    );
    expect(
      data(
        getUpdateHouseInstruction({
          authority: a,
          house: a,
          settler: addressOf(2),
          treasury: addressOf(3),
          paused: false,
          offchainBets: true,
        }),
      ).slice(64),
    ).toEqual([0, 1]);
    expect(data(getClaimBetInstruction({ user: a, bet: a, house: a }))).toEqual([1]);
    expect(data(getInitBetOffchainInstruction({ user: a, bet: a }))).toEqual([0]);
    expect(data(getInitBetOffchainInstruction({ user: a, bet: a, referral: addressOf(2) }))).toEqual([
      1,
      ...new Array<number>(32).fill(2),
    ]);
    expect(
      data(
        getCreateMarketInstruction({
          authority: a,
          house: a,
          market: a,
          marketAuthority: a,
          endTime: -1n,
          cutoffTime: 1,
        }),
      ),
    ).toEqual([255, 255, 255, 255, 255, 255, 255, 255, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(
      data(
        getCreatePredictionInstruction({
          user: a,
          market: a,
          marketAuthority: a,
          prediction: a,
          amount: 10_000_000n,
          result: 'no',
        }),
      ),
    ).toEqual([0x80, 0x96, 0x98, 0, 0, 0, 0, 0, 1]);
    expect(
      data(
        getResolveMarketInstruction({
          authority: a,
          house: a,
          market: a,
          marketAuthority: a,
          treasury: a,
          result: 'invalid',
        }),
      ),
    ).toEqual([2]);
  });

  it('rejects a wrong discriminator', () => {
    const withdraw = getWithdrawInstruction({
      authority: addressOf(1),
      house: addressOf(2),
      destination: addressOf(3),
      amount: 1n,
    });
    expect(() => getUpdatePredictionInstructionDataCodec().decode(withdraw.data)).toThrow(
      /Not a Wager update_prediction instruction data/,
    );
  });

  it('identifies the instruction from its data', () => {
    for (const name of WAGER_INSTRUCTION_NAMES) {
      expect(identifyWagerInstruction(WAGER_INSTRUCTION_DISCRIMINATORS[name])).toBe(name);
    }
    expect(identifyWagerInstruction(new Uint8Array(8))).toBeNull();
    expect(identifyWagerInstruction(new Uint8Array(2))).toBeNull();
  });
});

describe('inputs', () => {
  it("accept the spec's lower-case bet types, the enum values and the names", () => {
    expect(toBetType('sol')).toBe(BetType.Sol);
    expect(toBetType('token')).toBe(BetType.Token);
    expect(toBetType('nft')).toBe(BetType.Nft);
    expect(toBetType('Nft')).toBe(BetType.Nft);
    expect(toBetType(BetType.Token)).toBe(BetType.Token);
  });

  it("accept the spec's yes, no and invalid, the enum values and the names", () => {
    expect(toMarketResult('yes')).toBe(MarketResult.Yes);
    expect(toMarketResult('no')).toBe(MarketResult.No);
    expect(toMarketResult('invalid')).toBe(MarketResult.Invalid);
    expect(toMarketResult('No')).toBe(MarketResult.No);
    // The program rejects an Invalid prediction (InvalidPrediction); the client can still send one.
    expect(toMarketResult(MarketResult.Invalid)).toBe(MarketResult.Invalid);
  });
});

describe('async builders', () => {
  const user = createNoopSigner(addressOf(11));
  const marketSigner = createNoopSigner(addressOf(12));
  const market = marketSigner.address;
  const authority = createNoopSigner(addressOf(13));
  const settler = addressOf(14);

  it('derive the house wallet and the bet from the user', async () => {
    const [house] = await findHouseAddress();
    const [bet] = await findBetAddress(user.address);
    const cases: [WagerInstruction, number | null, number | null][] = [
      [await getInitializeHouseInstructionAsync({ authority, settler, treasury: settler }), 1, null],
      [
        await getUpdateHouseInstructionAsync({
          authority,
          settler,
          treasury: settler,
          paused: false,
          offchainBets: false,
        }),
        1,
        null,
      ],
      [await getProposeAuthorityInstructionAsync({ authority, newAuthority: settler }), 1, null],
      [await getAcceptAuthorityInstructionAsync({ newAuthority: authority }), 1, null],
      [await getCommitSeedChainInstructionAsync({ settler, head: new Uint8Array(32), length: 1 }), 1, null],
      [await getResetSeedChainInstructionAsync({ settler, head: new Uint8Array(32), length: 1 }), 1, null],
      [
        await getCreateBetInstructionAsync({
          user,
          odds: 50,
          listingPrice: 1n,
          betType: 'sol',
          playerSeed: new Uint8Array(32),
        }),
        2,
        1,
      ],
      [await getRevealBetInstructionAsync({ user: user.address, seed: new Uint8Array(32) }), 0, 1],
      [await getInitBetOffchainInstructionAsync({ user }), null, 1],
      [
        await getCreateBetOffchainInstructionAsync({ user, odds: 50, listingPrice: 1n, betType: 'sol' }),
        2,
        1,
      ],
      [await getSettleBetOffchainInstructionAsync({ settler, bet, randomValue: 3 }), 1, 2],
      [await getClaimBetInstructionAsync({ user }), 2, 1],
      [await getRefundBetInstructionAsync({ caller: settler, bet, user: user.address }), 1, 2],
      [await getWithdrawInstructionAsync({ authority, destination: settler, amount: 1n }), 1, null],
      [await getUpdateMarketInstructionAsync({ authority, market, endTime: 2n, cutoffTime: 1n }), 1, null],
    ];
    for (const [built, houseIndex, betIndex] of cases) {
      if (houseIndex !== null) expect(built.accounts[houseIndex]!.address).toBe(house);
      if (betIndex !== null) expect(built.accounts[betIndex]!.address).toBe(bet);
    }
  });

  it("derive a referral's vault from the referrer, and pass none without one", async () => {
    const referrer = createNoopSigner(addressOf(15));
    const [vault] = await findReferralAddress(referrer.address);
    const absent = WAGER_PROGRAM_ADDRESS;

    const init = await getInitReferralInstructionAsync({ payer: user, referrer: referrer.address });
    expect(init.accounts.map((m) => m.address)).toEqual([user.address, vault, SYSTEM_PROGRAM_ADDRESS]);
    expect(getInitReferralInstructionDataCodec().decode(init.data)).toEqual({ referrer: referrer.address });
    const claim = await getClaimReferralInstructionAsync({ referrer });
    expect(claim.accounts.map((m) => m.address)).toEqual([referrer.address, vault]);
    expect(getSignersFromInstruction(claim)).toEqual([referrer]);

    const [bet] = await findBetAddress(user.address);
    for (const [referral, expected] of [
      [referrer.address, vault],
      [null, absent],
      [undefined, absent],
    ] as const) {
      const given = referral === undefined ? {} : { referral };
      const reveal = await getRevealBetInstructionAsync({
        user: user.address,
        seed: new Uint8Array(32),
        ...given,
      });
      expect(reveal.accounts.map((m) => m.address)[4]).toBe(expected);
      expect(reveal.accounts[1]!.address).toBe(bet);
      const settle = await getSettleBetOffchainInstructionAsync({ settler, bet, randomValue: 1, ...given });
      expect(settle.accounts[3]!.address).toBe(expected);
      const resolve = await getResolveMarketInstructionAsync({
        authority,
        market,
        treasury: settler,
        result: 'yes',
        ...(referral === undefined ? {} : { referrer: referral }),
      });
      expect(resolve.accounts[5]!.address).toBe(expected);
      // Neither the referral nor the referrer is passed on as an account field of its own.
      expect(reveal.accounts).toHaveLength(5);
      expect(settle.accounts).toHaveLength(4);
      expect(resolve.accounts).toHaveLength(6);
    }
  });

  it("derive the market's pool from the market, and the prediction from the market and user", async () => {
    const [house] = await findHouseAddress();
    const [pool] = await findMarketAuthorityAddress(market);
    const [prediction] = await findPredictionAddress(market, user.address);

    const create = await getCreateMarketInstructionAsync({
      authority,
      market: marketSigner,
      endTime: 2n,
      cutoffTime: 1n,
    });
    expect(create.accounts.map((m) => m.address).slice(1, 4)).toEqual([house, market, pool]);
    expect(getSignersFromInstruction(create)).toEqual([authority, marketSigner]);

    const resolve = await getResolveMarketInstructionAsync({
      authority,
      market,
      treasury: settler,
      result: 'no',
    });
    expect(resolve.accounts.map((m) => m.address).slice(1, 4)).toEqual([house, market, pool]);

    for (const built of [
      await getCreatePredictionInstructionAsync({ user, market, amount: 10_000_000n, result: 'yes' }),
      await getUpdatePredictionInstructionAsync({ user, market, amount: 10_000_000n }),
    ]) {
      expect(built.accounts.map((m) => m.address).slice(1, 4)).toEqual([market, pool, prediction]);
    }
    const settle = await getSettlePredictionInstructionAsync({ market, user: user.address });
    expect(settle.accounts.map((m) => m.address)).toEqual([prediction, market, pool, user.address]);
  });

  it('derive for another deployment', async () => {
    const other = addressOf(99);
    const built = await getClaimBetInstructionAsync({ user }, { programAddress: other });
    expect(built.programAddress).toBe(other);
    expect(built.accounts[1]!.address).toBe(
      (await findBetAddress(user.address, { programAddress: other }))[0],
    );
    expect(built.accounts[2]!.address).toBe((await findHouseAddress({ programAddress: other }))[0]);
  });
});
