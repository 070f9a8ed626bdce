/**
 * The soak's verdict, as a pure function of what the players confirmed, what the database says (through
 * the API) and what the chain says (each payout transaction of each bet, found by the bet's own account):
 *
 * - **confirmed**: bets whose transaction the chain confirmed (TailSpin/ReTail `create_bet_offchain`,
 *   Foresight `place_bet`, Prophecy `create_prediction`);
 * - **indexed**: of those, the ones the API's history lists, matched by signature;
 * - **settled**: TailSpin/ReTail bets no longer Open, Foresight bets of a settled round, Prophecy bets of
 *   a resolved market;
 * - **owed / paid**: wins (and refunds of Invalid rounds and markets) and the ones paid exactly once, by a
 *   transaction that moved the player's balance by exactly the expected amount (the SDK's maths);
 * - **lost**: a confirmed bet not indexed, not settled once the run drained, or a win unpaid or paid a
 *   wrong amount; **paid twice**: a bet with more payout transactions than it is owed.
 *
 * @module
 */

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
}

/** One player's TailSpin/ReTail bets: the rows of the API and the `claim_bet` transactions on the chain. */
export interface WagerRecord {
  readonly player: string;
  readonly rows: readonly WagerRow[];
  readonly claims: readonly Payout[];
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
    let wins = 0;
    for (const row of record.rows) {
      if (!confirmedSignatures.has(row.signature)) continue; // not a soak bet
      const game: Game = row.type === 'nft' ? 'retail' : 'tailspin';
      const figures = byGame[game];
      if (row.state === 'Open') {
        lost.push(`${game} bet ${short(row.signature)}: still Open after the drain`);
        continue;
      }
      figures.settled += 1;
      if (row.result !== 'Win') continue;
      wins += 1;
      figures.owed += 1;
      const claim = row.claimSignature === null ? undefined : claims.get(row.claimSignature);
      if (row.state !== 'Claimed' || claim === undefined) {
        lost.push(`${game} win ${short(row.signature)}: not paid (state ${row.state})`);
      } else if (claim.received !== row.listingPrice) {
        lost.push(
          `${game} win ${short(row.signature)}: paid ${claim.received} lamports, prize ${row.listingPrice}`,
        );
      } else figures.paid += 1;
    }
    if (record.claims.length > wins) {
      paidTwice.push(
        `${short(record.player)}: ${record.claims.length} claim_bet transactions for ${wins} wins`,
      );
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
