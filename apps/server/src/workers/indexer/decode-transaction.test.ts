/**
 * `decodeTransaction` on transactions built by hand (the chain-backed cases are in indexer-worker.test.ts):
 * - `resolve_market`: the market referrer's fee is what arrived in its vault, at most the share the market
 *   owes it; 0 when its vault was never created or there is none; two markets resolved together for one
 *   referrer;
 * - `create_bet` (the player's seed), `reveal_bet` (several per transaction, each matched to its log line
 *   and, when settled, to its BetSettled; expired and earlier refunds; bets rolled after their refund and
 *   what each owner was paid; the vault credits split between reveals of one referral; a lost log line), `refund_bet` by any caller, `init_referral`, `claim_referral`,
 *   `commit_seed_chain` / `reset_seed_chain` and `expire_market`.
 */

import { LAMPORTS_PER_SOL } from '@arcade/sdk/constants';
import { BetResult, BetType, MarketResult, type MarketAccountArgs } from '@arcade/sdk/wager/accounts';
import { betFee, betStake, marketFee, referralShare } from '@arcade/sdk/wager/bet-math';
import {
  getBetSettledCodec,
  getMarketUpdateCodec,
  getNewBetCodec,
  getReferralClaimedCodec,
} from '@arcade/sdk/wager/events';
import { bytesToHex, formatRevealLog, type RevealLog } from '@arcade/sdk/wager/fairness';
import {
  getClaimReferralInstruction,
  getCommitSeedChainInstruction,
  getCreateBetInstruction,
  getExpireMarketInstruction,
  getInitReferralInstruction,
  getRefundBetInstruction,
  getResetSeedChainInstruction,
  getResolveMarketInstruction,
  getRevealBetInstruction,
} from '@arcade/sdk/wager/instructions';
import { NATIVE_MINT_ADDRESS, WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import {
  getAddressDecoder,
  getBase58Decoder,
  getBase64Decoder,
  type Address,
  type Instruction,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';

import { decodeTransaction, type IndexAction, type JsonTransaction } from './decode-transaction.ts';

const SOL = LAMPORTS_PER_SOL;
const TX_FEE = 5_000n;

let serial = 0;
/** A distinct address. */
function newAddress(): Address {
  serial += 1;
  const bytes = new Uint8Array(32);
  bytes[0] = serial;
  bytes[31] = 7;
  return getAddressDecoder().decode(bytes);
}

const authority = newAddress();
const house = newAddress();
const treasury = newAddress();

interface Resolution {
  readonly market: Address;
  readonly pool: Address;
  readonly referrer: Address | null;
  /** The referrer's vault (a distinct address standing for its PDA). */
  readonly vault: Address | null;
  readonly yesPool: bigint;
  readonly noPool: bigint;
  /** As the chain recorded it (an empty winning side is Invalid). */
  readonly result: MarketResult;
}

function resolution(fields: Partial<Resolution> & Pick<Resolution, 'referrer'>): Resolution {
  return {
    market: newAddress(),
    pool: newAddress(),
    vault: fields.referrer === null ? null : newAddress(),
    yesPool: 6n * SOL,
    noPool: 4n * SOL,
    result: MarketResult.Yes,
    ...fields,
  };
}

function resolveInstruction(r: Resolution): Instruction {
  return getResolveMarketInstruction({
    authority,
    house,
    market: r.market,
    marketAuthority: r.pool,
    treasury,
    referralVault: r.vault,
    result: r.result,
  });
}

function marketUpdateLog(r: Resolution): string {
  return marketStateLog(r, r.result);
}

function marketStateLog(r: Resolution, result: MarketResult | null): string {
  const market: MarketAccountArgs = {
    startTime: 1,
    endTime: 3,
    cutoffTime: 2,
    yesCount: 1,
    noCount: 1,
    yesPool: r.yesPool,
    noPool: r.noPool,
    isSettled: result !== null,
    settledCount: 0,
    result,
    referrer: r.referrer,
    marketAuthority: r.pool,
  };
  return eventLog(getMarketUpdateCodec().encode({ key: r.market, market }));
}

/** The `Program data:` line of an event's bytes. */
function eventLog(bytes: ArrayLike<number>): string {
  return `Program data: ${getBase64Decoder().decode(Uint8Array.from(bytes))}`;
}

/**
 * A successful transaction running `instructions` (each with the log lines it writes), paid by `payer` (its
 * fee comes off its balance), whose accounts' balances change by `gains` (lamports, by address).
 */
function buildTransaction(
  payer: Address,
  instructions: readonly { readonly ix: Instruction; readonly logs: readonly string[] }[],
  gains: ReadonlyMap<Address, bigint>,
  options: { readonly empty?: readonly Address[]; readonly balance?: bigint } = {},
): JsonTransaction {
  const keys: string[] = [payer];
  const indexOf = (account: string): number => {
    if (!keys.includes(account)) keys.push(account);
    return keys.indexOf(account);
  };
  const compiled = instructions.map(({ ix }) => ({
    programIdIndex: indexOf(ix.programAddress),
    accounts: (ix.accounts ?? []).map((meta) => indexOf(meta.address)),
    data: getBase58Decoder().decode(ix.data ?? new Uint8Array()),
  }));
  const logs = instructions.flatMap(({ logs: lines }) => [
    `Program ${WAGER_PROGRAM_ADDRESS} invoke [1]`,
    ...lines,
    `Program ${WAGER_PROGRAM_ADDRESS} success`,
  ]);
  const pre = keys.map((key) =>
    options.empty?.includes(key as Address) === true ? 0n : (options.balance ?? 50n * SOL),
  );
  const post = keys.map((key, index) => (pre[index] ?? 0n) + (gains.get(key as Address) ?? 0n));
  post[0] = (post[0] ?? 0n) - TX_FEE;
  return {
    blockTime: 1_700_000_000,
    meta: {
      err: null,
      fee: TX_FEE,
      logMessages: logs,
      preBalances: pre,
      postBalances: post,
      innerInstructions: [],
    },
    transaction: { message: { accountKeys: keys, instructions: compiled } },
  };
}

/**
 * A successful transaction of `resolutions`, paid by the authority (its fee comes off its balance), whose
 * accounts' balances change by `gains` (lamports, by address).
 */
function transaction(
  resolutions: readonly Resolution[],
  gains: ReadonlyMap<Address, bigint>,
  options: { readonly withEvents?: boolean; readonly empty?: readonly Address[] } = {},
): JsonTransaction {
  return buildTransaction(
    authority,
    resolutions.map((r) => ({
      ix: resolveInstruction(r),
      logs: options.withEvents === false ? [] : [marketUpdateLog(r)],
    })),
    gains,
    options,
  );
}

/** What the resolution in `tx` recorded for its referrer. */
function referrerFees(
  tx: JsonTransaction,
): Pick<Extract<IndexAction, { kind: 'resolve_market' }>, 'market' | 'referrer' | 'referrerFee'>[] {
  return decodeTransaction('sig', tx).actions.flatMap((action) =>
    action.kind === 'resolve_market'
      ? [{ market: action.market, referrer: action.referrer, referrerFee: action.referrerFee }]
      : [],
  );
}

/** The share `r` owes its referrer, by the SDK's maths of the program. */
function shareOf(r: Resolution): bigint {
  return referralShare(marketFee({ yesPool: r.yesPool, noPool: r.noPool, result: r.result }));
}

describe('decodeTransaction: resolve_market', () => {
  it("records what arrived in the referrer's vault as its fee, and the market's new state", () => {
    const referrer = newAddress();
    const r = resolution({ referrer });
    // Pot 10 SOL: the 3% fee is 300_000_000 lamports, 10% of it to the referrer's vault.
    expect(shareOf(r)).toBe(30_000_000n);
    const tx = transaction(
      [r],
      new Map([
        [r.vault!, 30_000_000n],
        [treasury, 270_000_000n],
        [r.pool, -300_000_000n],
      ]),
    );
    const { actions } = decodeTransaction('sig', tx);
    expect(actions).toEqual([
      {
        kind: 'resolve_market',
        source: 'sig:0',
        market: r.market,
        referrer,
        referralVault: r.vault,
        referrerFee: 30_000_000n,
        vaultLamports: 50n * SOL + 30_000_000n,
      },
      expect.objectContaining({ kind: 'market_update', market: r.market }),
    ]);
  });

  it('records 0 when the referrer has no vault (nobody created it: the share stays in the pool)', () => {
    const referrer = newAddress();
    const r = resolution({ referrer });
    const tx = transaction(
      [r],
      new Map([
        [treasury, 270_000_000n],
        [r.pool, -270_000_000n],
      ]),
      { empty: [r.vault!] },
    );
    expect(referrerFees(tx)).toEqual([{ market: r.market, referrer, referrerFee: 0n }]);
  });

  it('records 0 for a market without a referrer', () => {
    const r = resolution({ referrer: null });
    const tx = transaction(
      [r],
      new Map([
        [treasury, 300_000_000n],
        [r.pool, -300_000_000n],
      ]),
    );
    expect(referrerFees(tx)).toEqual([{ market: r.market, referrer: null, referrerFee: 0n }]);
  });

  it('records 0 for an Invalid market, which takes no fee', () => {
    const referrer = newAddress();
    const r = resolution({ referrer, result: MarketResult.Invalid });
    expect(referrerFees(transaction([r], new Map()))).toEqual([
      { market: r.market, referrer, referrerFee: 0n },
    ]);
  });

  it('splits one gain between two markets resolved together for one referrer, never counting it twice', () => {
    const referrer = newAddress();
    const first = resolution({ referrer });
    const second = resolution({
      referrer,
      vault: first.vault,
      yesPool: SOL,
      noPool: SOL,
      result: MarketResult.No,
    });
    expect(shareOf(second)).toBe(6_000_000n);
    const paid = transaction([first, second], new Map([[first.vault!, 36_000_000n]]));
    expect(referrerFees(paid)).toEqual([
      { market: first.market, referrer, referrerFee: 30_000_000n },
      { market: second.market, referrer, referrerFee: 6_000_000n },
    ]);
    // Only part arrived: the two never add up to more than arrived.
    const partly = transaction([first, second], new Map([[first.vault!, 6_000_000n]]));
    const fees = referrerFees(partly).map((entry) => entry.referrerFee);
    expect(fees.reduce((sum, fee) => sum + fee, 0n)).toBe(6_000_000n);
  });

  it('records what arrived when the MarketUpdate event is missing from the logs (the referrer unknown)', () => {
    const referrer = newAddress();
    const r = resolution({ referrer });
    const tx = transaction([r], new Map([[r.vault!, 30_000_000n]]), { withEvents: false });
    expect(referrerFees(tx)).toEqual([{ market: r.market, referrer: null, referrerFee: 30_000_000n }]);
  });
});

describe('decodeTransaction: expire_market', () => {
  it("records the market's new state: resolved Invalid, by anyone", () => {
    const r = resolution({ referrer: null });
    const keeper = newAddress();
    const tx = buildTransaction(
      keeper,
      [
        {
          ix: getExpireMarketInstruction({ market: r.market }),
          logs: [marketStateLog(r, MarketResult.Invalid)],
        },
      ],
      new Map(),
    );
    expect(decodeTransaction('sig', tx).actions).toEqual([
      {
        kind: 'market_update',
        market: r.market,
        state: expect.objectContaining({ result: MarketResult.Invalid, isSettled: true }) as unknown,
      },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// TailSpin and ReTail: create_bet and reveal_bet
// ---------------------------------------------------------------------------------------------------------

const LISTING = 2n * SOL;

interface BetFixture {
  readonly user: Address;
  readonly bet: Address;
  readonly odds: number;
  readonly referral: Address | null;
  /** Its referral's vault (a distinct address standing for the PDA). */
  readonly vault: Address | null;
}

function bettor(fields: Partial<BetFixture> = {}): BetFixture {
  return { user: newAddress(), bet: newAddress(), odds: 50, referral: null, vault: null, ...fields };
}

const stakeOf = (bet: BetFixture): bigint => betStake(LISTING, bet.odds);
const shareOfBet = (bet: BetFixture): bigint => referralShare(betFee(stakeOf(bet)));

function seedOf(n: number): Uint8Array {
  return new Uint8Array(32).fill(n);
}

function revealIx(bet: BetFixture, seed: Uint8Array): Instruction {
  return getRevealBetInstruction({ house, bet: bet.bet, user: bet.user, referralVault: bet.vault, seed });
}

function betSettledLog(bet: BetFixture, result: BetResult): string {
  return eventLog(
    getBetSettledCodec().encode({
      user: bet.user,
      odds: bet.odds,
      mint: NATIVE_MINT_ADDRESS,
      betAmount: stakeOf(bet),
      result,
      timestamp: 1_700_000_123,
      betType: BetType.Sol,
      referral: bet.referral,
    }),
  );
}

function settled(sequence: bigint, roll: number, afterRefund = false): RevealLog {
  return { kind: 'settled', sequence, roll, slot: 41n, slotHash: new Uint8Array(32).fill(0xab), afterRefund };
}

const line = (reveal: RevealLog): string => `Program log: ${formatRevealLog(reveal)}`;

/** What the reveals of `tx` recorded. */
function reveals(tx: JsonTransaction): Extract<IndexAction, { kind: 'reveal_bet' }>[] {
  return decodeTransaction('sig', tx).actions.filter(
    (action): action is Extract<IndexAction, { kind: 'reveal_bet' }> => action.kind === 'reveal_bet',
  );
}

describe('decodeTransaction: create_bet', () => {
  it("records the bet, the player's seed (hex) and NewBet's stake and time", () => {
    const bet = bettor({ odds: 40 });
    const playerSeed = new Uint8Array(32).map((_, i) => i);
    const ix = getCreateBetInstruction({
      user: bet.user,
      bet: bet.bet,
      house,
      odds: 40,
      listingPrice: LISTING,
      betType: 'sol',
      playerSeed,
    });
    const newBet = eventLog(
      getNewBetCodec().encode({
        odds: 40,
        user: bet.user,
        betAmount: betStake(LISTING, 40),
        betType: BetType.Sol,
        timestamp: 1_700_000_000,
      }),
    );
    const tx = buildTransaction(bet.user, [{ ix, logs: [newBet] }], new Map());
    expect(decodeTransaction('sig', tx).actions).toEqual([
      {
        kind: 'create_bet',
        source: 'sig:0',
        user: bet.user,
        bet: bet.bet,
        mint: NATIVE_MINT_ADDRESS,
        odds: 40,
        listingPrice: LISTING,
        betType: 'sol',
        betAmount: betStake(LISTING, 40),
        fee: betFee(betStake(LISTING, 40)),
        timestamp: 1_700_000_000,
        playerSeed: bytesToHex(playerSeed),
      },
    ]);
  });
});

describe('decodeTransaction: reveal_bet', () => {
  const revealer = newAddress();

  it('matches several reveals in one transaction to their log lines and BetSettled events, in order', () => {
    const referrer = newAddress();
    const vault = newAddress();
    const a = bettor({ odds: 50, referral: referrer, vault });
    const b = bettor({ odds: 30 });
    const c = bettor({ odds: 70, referral: referrer, vault });
    const tx = buildTransaction(
      revealer,
      [
        { ix: revealIx(a, seedOf(1)), logs: [line(settled(7n, 12)), betSettledLog(a, BetResult.Win)] },
        { ix: revealIx(b, seedOf(2)), logs: [line({ kind: 'refunded', sequence: 8n, reason: 'expired' })] },
        { ix: revealIx(c, seedOf(3)), logs: [line(settled(9n, 88)), betSettledLog(c, BetResult.Loss)] },
      ],
      // The vault was credited both shares; b's refund (its slot had left SlotHashes) paid its owner.
      new Map([
        [vault, shareOfBet(a) + shareOfBet(c)],
        [b.user, stakeOf(b) + betFee(stakeOf(b))],
      ]),
    );
    const found = reveals(tx);
    expect(found.map((r) => [r.source, r.bet, r.user, r.seed])).toEqual([
      ['sig:0', a.bet, a.user, bytesToHex(seedOf(1))],
      ['sig:1', b.bet, b.user, bytesToHex(seedOf(2))],
      ['sig:2', c.bet, c.user, bytesToHex(seedOf(3))],
    ]);
    expect(found.map((r) => r.reveal)).toEqual([
      settled(7n, 12),
      { kind: 'refunded', sequence: 8n, reason: 'expired' },
      settled(9n, 88),
    ]);
    expect(found.map((r) => r.result)).toEqual(['Win', null, 'Loss']);
    // What each owner gained: the refund's stake and fee; nothing for an on-time roll (a win is claimed).
    expect(found.map((r) => r.userPaid)).toEqual([0n, stakeOf(b) + betFee(stakeOf(b)), 0n]);
    expect(found.map((r) => r.timestamp)).toEqual([1_700_000_123, null, 1_700_000_123]);
    // Each settled reveal takes its own share of the vault's gain, never the whole of it.
    expect(found.map((r) => [r.referralVault, r.referralFee])).toEqual([
      [vault, shareOfBet(a)],
      [null, 0n],
      [vault, shareOfBet(c)],
    ]);
    expect(found[0]?.vaultLamports).toBe(50n * SOL + shareOfBet(a) + shareOfBet(c));
  });

  it("credits nothing when the referral's vault was never created (the share stays with the house)", () => {
    const a = bettor({ referral: newAddress(), vault: newAddress() });
    const tx = buildTransaction(
      revealer,
      [{ ix: revealIx(a, seedOf(4)), logs: [line(settled(3n, 90)), betSettledLog(a, BetResult.Loss)] }],
      new Map(),
      { empty: [a.vault!] },
    );
    expect(reveals(tx)).toMatchObject([{ referralVault: a.vault, referralFee: 0n, vaultLamports: 0n }]);
  });

  it('records bets rolled after their refund: what the reveal paid each owner, the share of a win only', () => {
    const referrer = newAddress();
    const vault = newAddress();
    // Refunded earlier (stake and fee back), then rolled with the captured slot hash.
    const paid = bettor({ odds: 90, referral: referrer, vault });
    const lost = bettor({ odds: 10, referral: referrer, vault });
    const unpayable = bettor({ odds: 90 });
    const late = LISTING - stakeOf(paid) - betFee(stakeOf(paid));
    const tx = buildTransaction(
      revealer,
      [
        {
          ix: revealIx(paid, seedOf(8)),
          logs: [line(settled(20n, 3, true)), betSettledLog(paid, BetResult.Win)],
        },
        {
          ix: revealIx(lost, seedOf(9)),
          logs: [line(settled(21n, 64, true)), betSettledLog(lost, BetResult.Loss)],
        },
        // An emptied wallet cannot take the rest of its prize: the win waits for claim_bet.
        {
          ix: revealIx(unpayable, seedOf(10)),
          logs: [line(settled(22n, 5, true)), betSettledLog(unpayable, BetResult.Win)],
        },
      ],
      new Map([
        [paid.user, late],
        [vault, shareOfBet(paid)],
      ]),
      { empty: [unpayable.user] },
    );
    const found = reveals(tx);
    expect(found.map((r) => r.reveal)).toEqual([
      settled(20n, 3, true),
      settled(21n, 64, true),
      settled(22n, 5, true),
    ]);
    expect(found.map((r) => [r.result, r.userPaid, r.referralFee])).toEqual([
      ['Win', late, shareOfBet(paid)],
      ['Loss', 0n, 0n],
      ['Win', 0n, 0n],
    ]);
  });

  it('records a reveal that only moved the chain on (the bet was refunded earlier)', () => {
    const a = bettor();
    const tx = buildTransaction(
      revealer,
      [{ ix: revealIx(a, seedOf(5)), logs: [line({ kind: 'refunded', sequence: 11n, reason: 'earlier' })] }],
      new Map(),
    );
    expect(reveals(tx)).toMatchObject([
      { reveal: { kind: 'refunded', sequence: 11n, reason: 'earlier' }, result: null, referralFee: 0n },
    ]);
  });

  it('keeps the seed but never guesses a roll when the log line is lost (truncated logs)', () => {
    const a = bettor();
    const tx = buildTransaction(
      revealer,
      [{ ix: revealIx(a, seedOf(6)), logs: ['Log truncated'] }],
      new Map(),
    );
    expect(reveals(tx)).toMatchObject([{ seed: bytesToHex(seedOf(6)), reveal: null, result: null }]);
  });

  it('ignores a reveal line another program logged', () => {
    const a = bettor();
    const tx = buildTransaction(revealer, [{ ix: revealIx(a, seedOf(7)), logs: [] }], new Map());
    const logs = tx.meta!.logMessages!;
    const forged: JsonTransaction = {
      ...tx,
      meta: {
        ...tx.meta!,
        logMessages: [
          `Program ${newAddress()} invoke [1]`,
          line(settled(1n, 1)),
          `Program ${newAddress()} success`,
          ...logs,
        ],
      },
    };
    expect(reveals(forged)).toMatchObject([{ reveal: null }]);
  });
});

describe('decodeTransaction: refund_bet', () => {
  it('records the refund whoever sends it (the money goes to the owner)', () => {
    const a = bettor();
    const keeper = newAddress();
    const ix = getRefundBetInstruction({ caller: keeper, house, bet: a.bet, user: a.user });
    const tx = buildTransaction(keeper, [{ ix, logs: [] }], new Map([[a.user, stakeOf(a)]]));
    expect(decodeTransaction('sig', tx).actions).toEqual([
      { kind: 'refund_bet', source: 'sig:0', bet: a.bet },
    ]);
  });
});

describe('decodeTransaction: referral vaults', () => {
  it('records a vault init_referral made (or found), with its lamports', () => {
    const payer = newAddress();
    const referrer = newAddress();
    const vault = newAddress();
    const ix = getInitReferralInstruction({ payer, referral: vault, referrer });
    const tx = buildTransaction(payer, [{ ix, logs: [] }], new Map([[vault, 1_280_640n]]), {
      empty: [vault],
    });
    expect(decodeTransaction('sig', tx).actions).toEqual([
      { kind: 'referral_vault', source: 'sig:0', referrer, vault, lamports: 1_280_640n },
    ]);
  });

  it('records a claim: the amount ReferralClaimed says, and the vault left at its rent', () => {
    const referrer = newAddress();
    const vault = newAddress();
    const ix = getClaimReferralInstruction({ referrer, referral: vault });
    const event = eventLog(
      getReferralClaimedCodec().encode({ referrer, amount: 4_000_000n, timestamp: 1_700_000_500 }),
    );
    const tx = buildTransaction(
      referrer,
      [{ ix, logs: [event] }],
      new Map([
        [vault, -4_000_000n],
        [referrer, 4_000_000n],
      ]),
      { balance: 5_280_640n },
    );
    expect(decodeTransaction('sig', tx).actions).toEqual([
      {
        kind: 'claim_referral',
        source: 'sig:0',
        referrer,
        vault,
        amount: 4_000_000n,
        lamports: 1_280_640n,
        timestamp: 1_700_000_500,
      },
    ]);
  });

  it('takes what left the vault when the event is missing', () => {
    const referrer = newAddress();
    const vault = newAddress();
    const ix = getClaimReferralInstruction({ referrer, referral: vault });
    const tx = buildTransaction(referrer, [{ ix, logs: [] }], new Map([[vault, -7n]]));
    expect(decodeTransaction('sig', tx).actions).toMatchObject([{ kind: 'claim_referral', amount: 7n }]);
  });
});

describe('decodeTransaction: seed chains', () => {
  it('records commit_seed_chain and reset_seed_chain with their heads (hex) and lengths', () => {
    const settler = newAddress();
    const head = new Uint8Array(32).fill(0x5c);
    const tx = buildTransaction(
      settler,
      [
        { ix: getCommitSeedChainInstruction({ settler, house, head, length: 10_000n }), logs: [] },
        { ix: getResetSeedChainInstruction({ settler, house, head, length: 5n }), logs: [] },
      ],
      new Map(),
    );
    expect(decodeTransaction('sig', tx).actions).toEqual([
      { kind: 'seed_chain', source: 'sig:0', reset: false, head: '5c'.repeat(32), length: 10_000n },
      { kind: 'seed_chain', source: 'sig:1', reset: true, head: '5c'.repeat(32), length: 5n },
    ]);
  });
});
