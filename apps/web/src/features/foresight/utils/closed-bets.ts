/**
 * The player's positions on the round cards once their bet accounts may be closed. A card reads the bet
 * from its account on chain; after `close_bet` (collecting a bet, or reclaiming deposits) the account is
 * gone, but the round's result is not. The server's history still has the bet (side and stake), and
 * `close_bet` only closes a finished bet, so for a settled round the two give back the position and its
 * outcome: paid, refunded or lost.
 *
 * @module
 */

import { Prediction } from '@arcade/sdk/foresight/accounts';
import type { UpDownEvent } from '@arcade/sdk/foresight/views';
import type { Address } from '@solana/kit';

import type { PlayerBet, PlayerBets } from '../api/get-user-bets.ts';

/** What the history says of a bet, as far as a card needs it. */
export interface HistoryBet {
  /** The bet account. */
  readonly address: string;
  /** Its round. */
  readonly event: string;
  /** 'Up' or 'Down'. */
  readonly prediction: string;
  /** Lamports staked, top-ups included. */
  readonly amount: bigint;
}

/** The Prediction of a history side, or null for anything but Up and Down. */
function predictionOf(side: string): typeof Prediction.Up | typeof Prediction.Down | null {
  switch (side.toLowerCase()) {
    case 'up':
      return Prediction.Up;
    case 'down':
      return Prediction.Down;
    default:
      return null;
  }
}

/**
 * The closed bet of `item` in `round`: finished (`isSettled`, so a win reads paid and an invalid round's bet
 * refunded; a loss reads lost either way), holding no deposit. Null unless the round is settled: only then
 * can the account have been closed.
 */
export function closedBetOf(round: UpDownEvent, item: HistoryBet): PlayerBet | null {
  const prediction = predictionOf(item.prediction);
  if (!round.isSettled || item.event !== round.pubkey || prediction === null) return null;
  return {
    amount: item.amount,
    prediction,
    isSettled: true,
    address: item.address as Address,
    round: round.pubkey,
    deposit: 0n,
    closed: true,
  };
}

/**
 * The player's bets on the cards: the accounts on chain, and for a settled round without one, the bet the
 * history lists in it (closed by `close_bet`). Undefined while the chain's bets are unknown, so that a card
 * never shows the history's guess before the chain has been read.
 */
export function withClosedBets(
  rounds: readonly UpDownEvent[],
  chain: PlayerBets | undefined,
  history: readonly HistoryBet[],
): PlayerBets | undefined {
  if (chain === undefined) return undefined;
  const byRound = new Map<string, HistoryBet>();
  for (const item of history) if (!byRound.has(item.event)) byRound.set(item.event, item);
  let merged: Map<Address, PlayerBet> | null = null;
  for (const round of rounds) {
    if (chain.has(round.pubkey)) continue;
    const item = byRound.get(round.pubkey);
    const bet = item === undefined ? null : closedBetOf(round, item);
    if (bet === null) continue;
    merged ??= new Map(chain);
    merged.set(round.pubkey, bet);
  }
  return merged ?? chain;
}
