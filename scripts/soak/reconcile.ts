/**
 * The soak's verdict, as a pure function of what the players confirmed, what the database says (through
 * the API) and what the chain says (each payout transaction of each bet, found by the bet's own account):
 *
 * - **confirmed**: bets whose transaction the chain confirmed (TailSpin/ReTail `create_bet` with the
 *   player's seed, Foresight `place_bet`, Prophecy `create_prediction`);
 * - **indexed**: of those, the ones the API's history lists, matched by signature;
 * - **settled**: TailSpin/ReTail bets no longer Open (revealed by `reveal_bet`, or refunded), Foresight
 *   bets of a settled round, Prophecy bets of a resolved market (by its authority, or expired as Invalid
 *   by `expire_market`);
 * - **owed / paid**: wins, refunds (a TailSpin/ReTail bet refunded past its deadline: stake and fee; an
 *   Invalid round or market: the stake) and the ones paid exactly once, by a transaction that moved the
 *   player's balance by exactly the expected amount (the SDK's maths). A bet's refund is `refund_bet`, sent
 *   by anyone, or a `reveal_bet` that refunded a bet whose slot had left SlotHashes (`refunded=expired`;
 *   one transaction may reveal several bets). A bet refunded by `refund_bet` and then rolled by its reveal
 *   (`settled-after-refund`) is owed its refund and, when it won, the rest of its prize (prize − stake −
 *   fee, `lateWinAmount`): paid by that reveal, or by `claim_bet` when the wallet could not take it then
 *   (counted as that bet's payout, never as a second one);
 * - **lost**: a confirmed bet not indexed, not settled once the run drained, or a win or refund unpaid or
 *   paid a wrong amount; **paid twice**: a bet with more payout transactions than it is owed;
 * - **referral vaults**: what the database says the referees' settled bets credited each referrer's vault
 *   (10% of each fee) must equal what `claim_referral` paid out plus what the vault still holds.
 *
 * {@link revealStats} adds how the TailSpin/ReTail bets ended on chain (revealed, refunded, rolled after
 * their refund) and how long the reveals took, from the create transaction's slot to the reveal's.
 *
 * @module
 */

import { lateWinAmount, referralShare } from '@arcade/sdk/wager/bet-math';

export const GAMES = ['tailspin', 'retail', 'foresight', 'prophecy'] as const;
export type Game = (typeof GAMES)[number];

/** A payout transaction found on chain: the player's balance change in it, plus the fee when they paid it. */
export interface Payout {
  readonly signature: string;
  /** Player's post − pre balance, lamports, with the network fee added back when the player paid it. */
  readonly received: bigint;
}

/** One bet as the players confirmed it. */
export interface ConfirmedBet {
  readonly game: Game;
  readonly signature: string;
  readonly player: string;
}

/** A TailSpin/ReTail bet row of the API. */
export interface WagerRow {
  readonly signature: string;
  /** `sol` or `token` (TailSpin), `nft` (ReTail). */
  readonly type: string;
  readonly state: string;
  readonly result: string;
  readonly listingPrice: bigint;
  readonly claimSignature: string | null;
  /** The stake and the 4% fee: what a refund gives back. */
  readonly amount?: bigint;
  readonly fee?: bigint;
  /** The referrer whose vault a settled bet credits, if any. */
  readonly referral?: string | null;
  /** Rolled after its refund, as the API says (the chain's reveal line says it too). */
  readonly afterRefund?: boolean;
}

/**
 * A transaction that refunded a bet of a record: `refund_bet` by anyone, or a `reveal_bet` that refunded
 * a bet whose slot had left SlotHashes.
 */
export interface RefundPayout extends Payout {
  readonly by: 'refund_bet' | 'reveal_bet';
  /** Who signed the refund (the player, the settler, a keeper); the fee payer of an expired reveal. */
  readonly caller: string;
  /** The create signature of the bet it refunded, paired on the record's own history; null if unpaired. */
  readonly betSignature: string | null;
}

/** A `reveal_bet` that paid a bet rolled after its refund the rest of its prize. */
export interface LateWinPayout extends Payout {
  /** The create signature of the bet it paid, paired on the record's own history; null if unpaired. */
  readonly betSignature: string | null;
}

/**
 * What `reveal_bet` did to one bet (its log line), as the soak names it:
 * - `settled`: an open bet rolled (however late, while its slot was in SlotHashes);
 * - `settled-after-refund`: a bet refunded earlier, rolled with the slot hash its refund captured (a win
 *   paid the rest of its prize by this reveal, or later by `claim_bet`);
 * - `refunded-expired`: an open bet whose slot had left SlotHashes: this reveal refunded it;
 * - `refunded-earlier`: refunded earlier without a captured hash: the chain only moved on.
 */
export const REVEAL_OUTCOMES = [
  'settled',
  'settled-after-refund',
  'refunded-expired',
  'refunded-earlier',
] as const;
export type RevealOutcome = (typeof REVEAL_OUTCOMES)[number];

/** What `reveal_bet` did to one bet, and when. */
export interface RevealOnChain {
  readonly signature: string;
  readonly slot: bigint;
  readonly outcome: RevealOutcome;
}

/** One `create_bet` of a record, as the record's history on chain shows it. */
export interface BetOnChain {
  readonly createSignature: string;
  readonly createSlot: bigint;
  readonly reveal: RevealOnChain | null;
}

/**
 * One player's TailSpin/ReTail bets: the rows of the API and, from the chain, the `claim_bet` transactions
 * on the bet record, the refunds, the late wins its reveals paid, and each bet's life (create, reveal).
 */
export interface WagerRecord {
  readonly player: string;
  readonly rows: readonly WagerRow[];
  readonly claims: readonly Payout[];
  readonly refunds?: readonly RefundPayout[];
  readonly lateWins?: readonly LateWinPayout[];
  readonly bets?: readonly BetOnChain[];
}

/** A referrer's vault: what `claim_referral` paid the referrer, and what the vault holds above its rent. */
export interface ReferralVault {
  readonly referrer: string;
  readonly claimed: bigint;
  readonly held: bigint;
}

/** A Foresight or Prophecy bet: what it is owed (0n: nothing) and the payout transactions on chain. */
export interface PoolBet {
  readonly game: 'foresight' | 'prophecy';
  readonly signature: string;
  /** The round settled / the market resolved. */
  readonly settled: boolean;
  /** What the SDK's maths says it is owed once settled: payout, refund, or 0n for a loss. */
  readonly owed: bigint;
  readonly payouts: readonly Payout[];
}

export interface ReconcileInput {
  readonly confirmed: readonly ConfirmedBet[];
  /** Signatures the API's history lists, per game. */
  readonly indexed: Readonly<Record<Game, ReadonlySet<string>>>;
  readonly wager: readonly WagerRecord[];
  readonly pools: readonly PoolBet[];
  readonly referrals?: readonly ReferralVault[];
}

export interface GameFigures {
  confirmed: number;
  indexed: number;
  settled: number;
  owed: number;
  paid: number;
}

export interface Reconciliation {
  readonly byGame: Readonly<Record<Game, GameFigures>>;
  readonly total: GameFigures;
  /** One line per lost bet, saying why. */
  readonly lost: readonly string[];
  /** One line per bet paid more than once. */
  readonly paidTwice: readonly string[];
}

const short = (signature: string): string => `${signature.slice(0, 12)}…`;

export function reconcile(input: ReconcileInput): Reconciliation {
  const byGame = Object.fromEntries(
    GAMES.map((game) => [game, { confirmed: 0, indexed: 0, settled: 0, owed: 0, paid: 0 }]),
  ) as Record<Game, GameFigures>;
  const lost: string[] = [];
  const paidTwice: string[] = [];

  for (const bet of input.confirmed) {
    byGame[bet.game].confirmed += 1;
    if (input.indexed[bet.game].has(bet.signature)) byGame[bet.game].indexed += 1;
    else
      lost.push(`${bet.game} bet ${short(bet.signature)} of ${short(bet.player)}: confirmed but not indexed`);
  }
  const confirmedSignatures = new Set(input.confirmed.map((bet) => bet.signature));

  for (const record of input.wager) {
    const claims = new Map(record.claims.map((claim) => [claim.signature, claim]));
    const refunds = record.refunds ?? [];
    const lateWins = record.lateWins ?? [];
    const lives = new Map((record.bets ?? []).map((life) => [life.createSignature, life]));
    /** Wins to be paid by `claim_bet`. */
    let claimable = 0;
    let refunded = 0;
    for (const row of record.rows) {
      if (!confirmedSignatures.has(row.signature)) continue; // not a soak bet
      const game: Game = row.type === 'nft' ? 'retail' : 'tailspin';
      const figures = byGame[game];
      if (row.state === 'Open') {
        lost.push(`${game} bet ${short(row.signature)}: still Open after the drain`);
        continue;
      }
      figures.settled += 1;
      const afterRefund =
        row.afterRefund === true || lives.get(row.signature)?.reveal?.outcome === 'settled-after-refund';
      // Refunded (by refund_bet, or by an expired reveal), or refunded and rolled afterwards: stake and fee.
      if (row.state === 'Refunded' || afterRefund) {
        refunded += 1;
        figures.owed += 1;
        const owed = (row.amount ?? 0n) + (row.fee ?? 0n);
        const paying = refunds.filter((refund) => refund.betSignature === row.signature);
        if (paying.length === 0) lost.push(`${game} refund ${short(row.signature)}: no refund on chain`);
        else if (paying.length > 1) {
          paidTwice.push(`${game} bet ${short(row.signature)}: refunded ${paying.length} times`);
        } else if (paying[0]!.received !== owed) {
          lost.push(
            `${game} refund ${short(row.signature)}: paid ${paying[0]!.received} lamports, owed ${owed}`,
          );
        } else figures.paid += 1;
      }
      if (row.result !== 'Win') continue;
      figures.owed += 1;
      if (afterRefund) {
        // The rest of its prize: paid by its reveal, or (a wallet that could not take it then) by claim_bet.
        const owed = lateWinAmount({ prize: row.listingPrice, stake: row.amount ?? 0n });
        const byReveal = lateWins.filter((payout) => payout.betSignature === row.signature);
        const claim = row.claimSignature === null ? undefined : claims.get(row.claimSignature);
        if (claim !== undefined) claimable += 1;
        const paying = [...byReveal, ...(claim === undefined ? [] : [claim])];
        if (paying.length > 1) {
          paidTwice.push(`${game} late win ${short(row.signature)}: paid ${paying.length} times`);
        } else if (paying.length === 0 || row.state !== 'Claimed') {
          lost.push(`${game} late win ${short(row.signature)}: not paid (state ${row.state})`);
        } else if (paying[0]!.received !== owed) {
          lost.push(
            `${game} late win ${short(row.signature)}: paid ${paying[0]!.received} lamports, owed ${owed}`,
          );
        } else figures.paid += 1;
        continue;
      }
      claimable += 1;
      const claim = row.claimSignature === null ? undefined : claims.get(row.claimSignature);
      if (row.state !== 'Claimed' || claim === undefined) {
        lost.push(`${game} win ${short(row.signature)}: not paid (state ${row.state})`);
      } else if (claim.received !== row.listingPrice) {
        lost.push(
          `${game} win ${short(row.signature)}: paid ${claim.received} lamports, prize ${row.listingPrice}`,
        );
      } else figures.paid += 1;
    }
    if (record.claims.length > claimable) {
      paidTwice.push(
        `${short(record.player)}: ${record.claims.length} claim_bet transactions for ${claimable} wins`,
      );
    }
    const soakRefunds = refunds.filter(
      (refund) => refund.betSignature === null || confirmedSignatures.has(refund.betSignature),
    );
    if (soakRefunds.length > refunded) {
      paidTwice.push(`${short(record.player)}: ${soakRefunds.length} refunds for ${refunded} refunded bets`);
    }
  }

  // Referral vaults: credited by the referees' settled bets (as indexed) = claimed + still held.
  if (input.referrals !== undefined) {
    const credited = new Map<string, bigint>();
    for (const record of input.wager) {
      for (const row of record.rows) {
        const settledByReveal = row.state === 'Claimed' || row.state === 'Settled';
        if (row.referral == null || !settledByReveal || row.fee === undefined) continue;
        credited.set(row.referral, (credited.get(row.referral) ?? 0n) + referralShare(row.fee));
      }
    }
    for (const vault of input.referrals) {
      const expected = credited.get(vault.referrer) ?? 0n;
      if (vault.claimed + vault.held !== expected) {
        lost.push(
          `referral vault of ${short(vault.referrer)}: credited ${expected}, claimed ${vault.claimed} + held ${vault.held}`,
        );
      }
    }
  }

  for (const bet of input.pools) {
    if (!confirmedSignatures.has(bet.signature)) continue;
    const figures = byGame[bet.game];
    if (!bet.settled) {
      lost.push(`${bet.game} bet ${short(bet.signature)}: not settled after the drain`);
      continue;
    }
    figures.settled += 1;
    const paying = bet.payouts.filter((payout) => payout.received > 0n);
    if (paying.length > 1 || (bet.owed === 0n && paying.length > 0)) {
      paidTwice.push(`${bet.game} bet ${short(bet.signature)}: ${paying.length} payouts, owed ${bet.owed}`);
    }
    if (bet.owed === 0n) continue;
    figures.owed += 1;
    if (paying.length === 0) lost.push(`${bet.game} bet ${short(bet.signature)}: owed ${bet.owed}, not paid`);
    else if (paying.length === 1 && paying[0]!.received !== bet.owed) {
      lost.push(`${bet.game} bet ${short(bet.signature)}: paid ${paying[0]!.received}, owed ${bet.owed}`);
    } else if (paying.length === 1) figures.paid += 1;
  }

  const total = { confirmed: 0, indexed: 0, settled: 0, owed: 0, paid: 0 };
  for (const figures of Object.values(byGame)) {
    for (const key of Object.keys(total) as (keyof GameFigures)[]) total[key] += figures[key];
  }
  return { byGame, total, lost, paidTwice };
}

/** How the soak's TailSpin/ReTail bets ended on chain, and how long their reveals took. */
export interface RevealStats {
  /** Open bets `reveal_bet` rolled (on time, or late while their slot was still in SlotHashes). */
  readonly revealed: number;
  /**
   * Bets refunded past their deadline, then rolled by their reveal with the slot hash the refund captured;
   * `lateWinsPaid`: the wins among them the reveal paid the rest of their prize.
   */
  readonly afterRefund: { readonly rolled: number; readonly lateWinsPaid: number };
  /**
   * Refunds: by `refund_bet` (the player's own, or another's), or by a reveal that came after the bet's
   * slot had left SlotHashes (`expired`).
   */
  readonly refunded: {
    readonly total: number;
    readonly byPlayer: number;
    readonly byOthers: number;
    readonly byExpiredReveal: number;
  };
  /** Slots from the create transaction's slot to the reveal's, over the bets rolled while open. */
  readonly latencySlots: { readonly p50: number; readonly p95: number; readonly max: number };
}

/** The q-quantile by nearest rank (NaN for no values). */
function nearestRank(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1]!;
}

/**
 * The reveal figures of the soak's confirmed TailSpin/ReTail bets (`confirmed`), from each record's history
 * on chain.
 */
export function revealStats(wager: readonly WagerRecord[], confirmed: readonly ConfirmedBet[]): RevealStats {
  const soak = new Set(confirmed.map((bet) => bet.signature));
  const ours = (signature: string | null): boolean => signature === null || soak.has(signature);
  const latencies: number[] = [];
  let revealed = 0;
  let rolledAfterRefund = 0;
  let lateWinsPaid = 0;
  let byPlayer = 0;
  let byOthers = 0;
  let byExpiredReveal = 0;
  for (const record of wager) {
    for (const bet of record.bets ?? []) {
      if (!soak.has(bet.createSignature) || bet.reveal === null) continue;
      if (bet.reveal.outcome === 'settled-after-refund') rolledAfterRefund += 1;
      if (bet.reveal.outcome !== 'settled') continue;
      revealed += 1;
      latencies.push(Number(bet.reveal.slot - bet.createSlot));
    }
    for (const payout of record.lateWins ?? []) if (ours(payout.betSignature)) lateWinsPaid += 1;
    for (const refund of record.refunds ?? []) {
      if (!ours(refund.betSignature)) continue;
      if (refund.by === 'reveal_bet') byExpiredReveal += 1;
      else if (refund.caller === record.player) byPlayer += 1;
      else byOthers += 1;
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    revealed,
    afterRefund: { rolled: rolledAfterRefund, lateWinsPaid },
    refunded: { total: byPlayer + byOthers + byExpiredReveal, byPlayer, byOthers, byExpiredReveal },
    latencySlots: {
      p50: nearestRank(latencies, 0.5),
      p95: nearestRank(latencies, 0.95),
      max: latencies.at(-1) ?? Number.NaN,
    },
  };
}

/** One instruction on a bet record, from its history on chain (in the order the chain ran them). */
export type RecordEvent =
  | { readonly kind: 'create'; readonly signature: string; readonly slot: bigint }
  | {
      readonly kind: 'reveal';
      readonly signature: string;
      readonly slot: bigint;
      readonly outcome: RevealOutcome;
      /**
       * The player's balance change (fee added back if they paid it): an expired reveal's refund, or the
       * rest of the prize a win rolled after its refund was paid.
       */
      readonly received: bigint;
      readonly caller: string;
    }
  | {
      readonly kind: 'refund';
      readonly signature: string;
      readonly slot: bigint;
      readonly received: bigint;
      readonly caller: string;
    }
  | { readonly kind: 'claim'; readonly signature: string; readonly slot: bigint; readonly received: bigint };

/**
 * Pairs a record's history into bets: a record holds one bet at a time, so every reveal or refund belongs to
 * the latest `create_bet` before it (a bet's reveal always comes after its own slot, and the record takes
 * no new bet before the chain has revealed past the last one). An expired reveal is that bet's refund; a
 * reveal that paid a bet rolled after its refund is that bet's late win (a deferred one is a `claim_bet`).
 */
export function recordLives(events: readonly RecordEvent[]): {
  readonly bets: BetOnChain[];
  readonly refunds: RefundPayout[];
  readonly lateWins: LateWinPayout[];
  readonly claims: Payout[];
} {
  const bets: { createSignature: string; createSlot: bigint; reveal: RevealOnChain | null }[] = [];
  const refunds: RefundPayout[] = [];
  const lateWins: LateWinPayout[] = [];
  const claims: Payout[] = [];
  for (const event of events) {
    const current = bets.at(-1) ?? null;
    switch (event.kind) {
      case 'create':
        bets.push({ createSignature: event.signature, createSlot: event.slot, reveal: null });
        break;
      case 'reveal':
        if (current !== null && current.reveal === null) {
          current.reveal = { signature: event.signature, slot: event.slot, outcome: event.outcome };
        }
        if (event.outcome === 'refunded-expired') {
          refunds.push({
            signature: event.signature,
            received: event.received,
            by: 'reveal_bet',
            caller: event.caller,
            betSignature: current?.createSignature ?? null,
          });
        } else if (event.outcome === 'settled-after-refund' && event.received > 0n) {
          lateWins.push({
            signature: event.signature,
            received: event.received,
            betSignature: current?.createSignature ?? null,
          });
        }
        break;
      case 'refund':
        refunds.push({
          signature: event.signature,
          received: event.received,
          by: 'refund_bet',
          caller: event.caller,
          betSignature: current?.createSignature ?? null,
        });
        break;
      case 'claim':
        claims.push({ signature: event.signature, received: event.received });
        break;
    }
  }
  return { bets, refunds, lateWins, claims };
}
