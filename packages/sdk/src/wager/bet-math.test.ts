import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { u64 } from '../../test/arbitraries.ts';
import {
  LAMPORTS_PER_SOL,
  MAX_PRIZE_BPS_OF_FREE_BALANCE,
  MIN_BET_LAMPORTS,
  ODDS_MAX,
  ODDS_MIN,
  POOL_FEE_BPS,
  REFERRAL_SHARE_BPS,
  RETAIL_MARKETPLACE_FEE_BPS,
  TAILSPIN_FEE_BPS,
} from '../constants.ts';
import { MarketResult, type MarketAccount } from './accounts.ts';
import {
  betCost,
  betFee,
  betStake,
  houseFreeBalance,
  isValidOdds,
  marketFee,
  marketRefunds,
  maxPrize,
  predictionPayout,
  prizeFromStake,
  referralShare,
  resolvedMarketResult,
  retailBuyerPrice,
  royaltyApplies,
  skillLabel,
  type NftTokenStandard,
} from './bet-math.ts';

const U64_MAX = 2n ** 64n - 1n;
const SOL = LAMPORTS_PER_SOL;
const odds = () => fc.integer({ min: ODDS_MIN, max: ODDS_MAX });
/** Prizes a real house takes: up to 1e9 SOL. */
const prize = () => fc.bigInt({ min: 1n, max: 10n ** 18n });

describe('the rates are the ones the program is built with', () => {
  it("match the programs' constants", () => {
    expect(betFee(10_000n)).toBe((10_000n * TAILSPIN_FEE_BPS) / 10_000n);
    expect(referralShare(10_000n)).toBe((10_000n * REFERRAL_SHARE_BPS) / 10_000n);
    expect(maxPrize(10_000n)).toBe((10_000n * MAX_PRIZE_BPS_OF_FREE_BALANCE) / 10_000n);
    expect(marketFee({ yesPool: 5_000n, noPool: 5_000n, result: MarketResult.No })).toBe(
      (10_000n * POOL_FEE_BPS) / 10_000n,
    );
  });
});

describe('TailSpin and ReTail bets', () => {
  it('price a 1 SOL prize at 50%: 0.5 SOL stake, 0.02 SOL fee', () => {
    expect(betStake(SOL, 50)).toBe(SOL / 2n);
    expect(betFee(SOL / 2n)).toBe(20_000_000n);
    expect(betCost(SOL, 50)).toBe(520_000_000n);
    expect(prizeFromStake(SOL / 2n, 50)).toBe(SOL);
    expect(referralShare(20_000_000n)).toBe(2_000_000n);
  });

  it('round the stake up and the fee, prize and share down', () => {
    expect(betStake(1n, 1)).toBe(1n);
    expect(betStake(199n, 1)).toBe(2n);
    expect(betStake(200n, 1)).toBe(2n);
    expect(betStake(201n, 1)).toBe(3n);
    expect(betStake(0n, 50)).toBe(0n);
    expect(betFee(24n)).toBe(0n);
    expect(betFee(25n)).toBe(1n);
    expect(prizeFromStake(10_000_000n, 3)).toBe(333_333_333n);
    expect(referralShare(9n)).toBe(0n);
    expect(referralShare(10n)).toBe(1n);
  });

  it('the stake is the least amount covering listing × odds / 100', () => {
    fc.assert(
      fc.property(u64(), odds(), (listing, o) => {
        const stake = betStake(listing, o);
        const exact = listing * BigInt(o);
        expect(stake * 100n >= exact).toBe(true);
        expect(stake * 100n < exact + 100n).toBe(true);
      }),
    );
  });

  it('the cost is the stake plus 4% of it, rounded down', () => {
    fc.assert(
      fc.property(prize(), odds(), (listing, o) => {
        const stake = betStake(listing, o);
        const fee = betFee(stake);
        expect(betCost(listing, o)).toBe(stake + fee);
        expect(fee * 25n <= stake && stake < (fee + 1n) * 25n).toBe(true);
      }),
    );
  });

  it("TailSpin's typed stake buys a prize whose bet costs at most that stake, and the prize round-trips", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n }), odds(), (stake, o) => {
        const listing = prizeFromStake(stake, o);
        expect(betStake(listing, o) <= stake).toBe(true);
        // One lamport more of prize would need more than the stake.
        expect(betStake(listing + 1n, o) > stake).toBe(true);
      }),
    );
    fc.assert(
      fc.property(prize(), odds(), (listing, o) => {
        expect(prizeFromStake(betStake(listing, o), o) >= listing).toBe(true);
      }),
    );
  });

  it('the referral share is at most a tenth of the fee', () => {
    fc.assert(
      fc.property(u64(), (fee) => {
        const share = referralShare(fee);
        expect(share * 10n <= fee && fee < (share + 1n) * 10n).toBe(true);
      }),
    );
  });

  it('a minimum bet is 0.01 SOL of stake', () => {
    // At 1%, a prize of 1 SOL is exactly the minimum stake; one lamport less is BetTooLow.
    expect(betStake(SOL, 1)).toBe(MIN_BET_LAMPORTS);
    expect(betStake(SOL - 100n, 1) < MIN_BET_LAMPORTS).toBe(true);
  });

  it('validate odds as create_bet_offchain does', () => {
    expect([0, 1, 50, 95, 96, 255, 1.5, -1].map(isValidOdds)).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('throw where the program overflows, and for inputs of the wrong width', () => {
    expect(betStake(U64_MAX, 95)).toBe((U64_MAX * 95n + 99n) / 100n);
    expect(betCost(U64_MAX, 95) < U64_MAX).toBe(true);
    expect(() => betStake(U64_MAX, 255)).toThrow(/OverflowError/);
    expect(() => prizeFromStake(U64_MAX, 1)).toThrow(/OverflowError/);
    expect(() => prizeFromStake(1n, 0)).toThrow(RangeError);
    expect(() => betStake(-1n, 5)).toThrow(RangeError);
    expect(() => betStake(U64_MAX + 1n, 5)).toThrow(RangeError);
    expect(() => betStake(1n, 256)).toThrow(RangeError);
    expect(() => betStake(1n, 2.5)).toThrow(RangeError);
    expect(() => betFee(-1n)).toThrow(RangeError);
  });
});

describe('the house', () => {
  it('frees what it holds beyond rent and what it owes, never below 0', () => {
    expect(houseFreeBalance(100n * SOL, 1_670_000n, 10n * SOL)).toBe(90n * SOL - 1_670_000n);
    expect(houseFreeBalance(1_000n, 1_000n, 0n)).toBe(0n);
    expect(houseFreeBalance(1_000n, 900n, 200n)).toBe(0n);
    expect(() => houseFreeBalance(0n, U64_MAX, 1n)).toThrow(/OverflowError/);
  });

  it('caps a prize at 5% of the free balance', () => {
    expect(maxPrize(100n * SOL)).toBe(5n * SOL);
    expect(maxPrize(19n)).toBe(0n);
    expect(maxPrize(20n)).toBe(1n);
  });

  it('the prize cap grows with the balance and shrinks with what the house owes', () => {
    fc.assert(
      fc.property(u64(), u64(), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(maxPrize(low) <= maxPrize(high)).toBe(true);
        expect(maxPrize(high) - maxPrize(low) <= (high - low) / 20n + 1n).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 62n }),
        fc.bigInt({ min: 0n, max: 2n ** 62n }),
        fc.bigInt({ min: 0n, max: 2n ** 60n }),
        fc.bigInt({ min: 0n, max: 2n ** 60n }),
        (lamports, outstanding, more, rent) => {
          const free = houseFreeBalance(lamports, rent, outstanding);
          expect(houseFreeBalance(lamports + more, rent, outstanding) >= free).toBe(true);
          expect(houseFreeBalance(lamports, rent, outstanding + more) <= free).toBe(true);
          expect(maxPrize(houseFreeBalance(lamports, rent, outstanding + more)) <= maxPrize(free)).toBe(true);
        },
      ),
    );
  });

  it('stays solvent: a house that takes only prizes under its cap can always pay what it owes', () => {
    // The house accepts bets one after another, each prize at most 5% of the free balance at the time; the
    // worst case is every bet winning. Whatever the sequence, lamports ≥ rent + outstanding.
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), odds()), { maxLength: 60 }),
        (bankroll, bets) => {
          const rent = 1_670_000n;
          let lamports = rent + bankroll;
          let outstanding = 0n;
          for (const [share, o] of bets) {
            const cap = maxPrize(houseFreeBalance(lamports, rent, outstanding));
            const listing = (cap * BigInt(Math.floor(share * 1000))) / 1000n;
            if (listing === 0n) continue;
            lamports += betCost(listing, o);
            outstanding += listing;
            expect(lamports >= rent + outstanding).toBe(true);
          }
          // Every win claimed: the house pays them all and keeps its rent.
          expect(lamports - outstanding >= rent).toBe(true);
        },
      ),
    );
  });
});

describe('ReTail buyer price', () => {
  const standards: NftTokenStandard[] = [
    'NonFungible',
    'FungibleAsset',
    'Fungible',
    'NonFungibleEdition',
    'ProgrammableNonFungible',
    'ProgrammableNonFungibleEdition',
    'Core',
  ];

  it('adds 1.5%, and the royalty only for programmable NFTs and core assets', () => {
    expect(standards.filter(royaltyApplies)).toEqual([
      'ProgrammableNonFungible',
      'ProgrammableNonFungibleEdition',
      'Core',
    ]);
    expect(retailBuyerPrice(SOL, 500, 'ProgrammableNonFungible')).toBe(1_065_000_000n);
    expect(retailBuyerPrice(SOL, 500, 'Core')).toBe(1_065_000_000n);
    expect(retailBuyerPrice(SOL, 500, 'NonFungible')).toBe(1_015_000_000n);
    expect(retailBuyerPrice(SOL, 0, 'Core')).toBe(1_015_000_000n);
    expect(retailBuyerPrice(0n, 500, 'Core')).toBe(0n);
  });

  it('rounds each part up: never below the exact price, at most 2 lamports above it', () => {
    expect(retailBuyerPrice(1n, 1, 'Core')).toBe(3n);
    expect(retailBuyerPrice(1n, 1, 'NonFungible')).toBe(2n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom(...standards),
        (listing, royaltyBps, standard) => {
          const price = retailBuyerPrice(listing, royaltyBps, standard);
          const bps = RETAIL_MARKETPLACE_FEE_BPS + (royaltyApplies(standard) ? BigInt(royaltyBps) : 0n);
          const exactTimes10k = listing * (10_000n + bps);
          expect(price * 10_000n >= exactTimes10k).toBe(true);
          expect(price * 10_000n < exactTimes10k + 2n * 10_000n + 1n).toBe(true);
          // Covers a marketplace that rounds the whole price up, or each part up.
          expect(price >= (exactTimes10k + 9_999n) / 10_000n).toBe(true);
        },
      ),
    );
  });

  it('rejects a royalty that is no integer in 0–10000 bps', () => {
    for (const bad of [-1, 10_001, 2.5, Number.NaN]) {
      expect(() => retailBuyerPrice(SOL, bad, 'Core')).toThrow(RangeError);
    }
  });
});

describe('skill labels', () => {
  it('are Bozo under 20, Degen 20–39, Manlet 40–69, Safu from 70', () => {
    const at = (o: number) => skillLabel(o);
    expect([0, 1, 19].map(at)).toEqual(['Bozo', 'Bozo', 'Bozo']);
    expect([20, 39].map(at)).toEqual(['Degen', 'Degen']);
    expect([40, 69].map(at)).toEqual(['Manlet', 'Manlet']);
    expect([70, 95, 100].map(at)).toEqual(['Safu', 'Safu', 'Safu']);
  });
});

describe('Prophecy', () => {
  const yesWins = { yesPool: 6n * SOL, noPool: 4n * SOL, result: MarketResult.Yes };

  it('takes 3% of the pot from a valid result, nothing from an Invalid or unresolved one', () => {
    expect(marketFee(yesWins)).toBe(300_000_000n);
    expect(marketFee({ ...yesWins, result: MarketResult.Invalid })).toBe(0n);
    expect(marketFee({ ...yesWins, result: null })).toBe(0n);
    expect(marketRefunds({ result: null })).toBe(true);
    expect(marketRefunds({ result: MarketResult.No })).toBe(false);
  });

  it('pays a winner its share of pot − fee, a loser nothing, and refunds an Invalid market', () => {
    expect(predictionPayout(yesWins, 3n * SOL, MarketResult.Yes)).toBe(4_850_000_000n);
    expect(predictionPayout(yesWins, SOL, MarketResult.No)).toBe(0n);
    expect(predictionPayout({ ...yesWins, result: MarketResult.Invalid }, SOL, MarketResult.No)).toBe(SOL);
    // A one-sided market resolved for that side: winners share pot − fee, below their stakes.
    expect(
      predictionPayout({ yesPool: SOL, noPool: 0n, result: MarketResult.Yes }, SOL, MarketResult.Yes),
    ).toBe(970_000_000n);
  });

  it('records a Yes or No with no predictions on that side as Invalid', () => {
    expect(resolvedMarketResult({ yesPool: 0n, noPool: 5n }, MarketResult.Yes)).toBe(MarketResult.Invalid);
    expect(resolvedMarketResult({ yesPool: 5n, noPool: 0n }, MarketResult.No)).toBe(MarketResult.Invalid);
    expect(resolvedMarketResult({ yesPool: 5n, noPool: 0n }, MarketResult.Yes)).toBe(MarketResult.Yes);
    expect(resolvedMarketResult({ yesPool: 0n, noPool: 0n }, MarketResult.Invalid)).toBe(
      MarketResult.Invalid,
    );
  });

  it('throws where the program overflows', () => {
    expect(() => marketFee({ yesPool: U64_MAX, noPool: 1n, result: MarketResult.Yes })).toThrow(
      /OverflowError/,
    );
    expect(() => predictionPayout({ yesPool: U64_MAX, noPool: 1n, result: MarketResult.Yes }, 1n, 0)).toThrow(
      /OverflowError/,
    );
  });

  const amount = () => fc.bigInt({ min: MIN_BET_LAMPORTS, max: 10n ** 15n });
  const predictions = () =>
    fc.array(fc.tuple(fc.constantFrom(MarketResult.Yes, MarketResult.No), amount()), {
      minLength: 1,
      maxLength: 40,
    });

  it('pays winners at most pot − fee in total, leaving less than a lamport of dust per winner', () => {
    fc.assert(
      fc.property(
        predictions(),
        fc.constantFrom(MarketResult.Yes, MarketResult.No, MarketResult.Invalid),
        (bets, asked) => {
          const pools = { yesPool: 0n, noPool: 0n };
          for (const [side, stake] of bets) {
            if (side === MarketResult.Yes) pools.yesPool += stake;
            else pools.noPool += stake;
          }
          const market: Pick<MarketAccount, 'yesPool' | 'noPool' | 'result'> = {
            ...pools,
            result: resolvedMarketResult(pools, asked),
          };
          const pot = pools.yesPool + pools.noPool;
          const fee = marketFee(market);
          const paid = bets.map(([side, stake]) => predictionPayout(market, stake, side));
          const total = paid.reduce((a, b) => a + b, 0n);
          if (market.result === MarketResult.Invalid) {
            expect(fee).toBe(0n);
            expect(paid).toEqual(bets.map(([, stake]) => stake));
            return;
          }
          const winners = bets.filter(([side]) => side === market.result).length;
          expect(winners).toBeGreaterThan(0);
          expect(total <= pot - fee).toBe(true);
          expect(pot - fee - total < BigInt(winners)).toBe(true);
          const winningPool = market.result === MarketResult.Yes ? pools.yesPool : pools.noPool;
          bets.forEach(([side, stake], i) => {
            if (side !== market.result) expect(paid[i]).toBe(0n);
            // A winner gets at least its stake back whenever the losing side covers the fee.
            else if (pot - fee >= winningPool) expect(paid[i]! >= stake).toBe(true);
          });
          // The pool covers the fee (the treasury's part and the referrer's) and every payout.
          expect(fee + total <= pot).toBe(true);
        },
      ),
    );
  });
});
