/**
 * Waiting for a bet's result (spec §4): every BET_POLL_INTERVAL_MS the bet record is read from the chain;
 * an account notification of the record wakes the check early. The record changes when `reveal_bet` lands
 * (its `timestamp` becomes the settlement time). The roll is then read from the reveal transaction's log
 * line (the program's own computation), with the server's index of bets as the fallback. After
 * BET_POLL_TIMEOUT_MS without a result it gives up with 'Bet timed out!'.
 *
 * @module
 */

import { BET_POLL_INTERVAL_MS, BET_POLL_TIMEOUT_MS } from '@arcade/sdk/constants';
import { BetResult, decodeBet, type BetAccount } from '@arcade/sdk/wager/accounts';
import type { Address } from '@solana/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { solBalanceQueryKey } from '../../../lib/wallet/balance-query-key.ts';
import { acquireAccountWatcher } from '../../../lib/wallet/watch-account.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { unclaimedWinsKey } from '../../account-status/api/get-unclaimed-wins.ts';
import { betHistoryKey, findIndexedBet } from '../api/get-bet-history.ts';
import { getRevealRoll, type RevealRoll } from '../api/get-reveal-roll.ts';
import { betRecordAddress, betRecordKey, getBetRecord } from '../api/get-bet-record.ts';
import { houseLimitsKey } from '../api/get-house-limits.ts';
import { isOutcomeOf, isRefundOf, type PlacedBet } from '../utils/bet-outcome.ts';
import { refundStatusOf } from '../utils/refund.ts';

/** Where a placed bet stands. */
export type BetOutcome =
  | { status: 'waiting' }
  | {
      status: 'win' | 'loss';
      bet: BetAccount;
      /** The roll (0–99): from the reveal's log line on chain, else from the server's index; null if neither. */
      randomValue: number | null;
      /** Where the roll was read: the reveal transaction's log (`chain`) or the server's index. */
      rollSource: 'chain' | 'server' | null;
      /** The transaction that settled the bet (`reveal_bet`). */
      settleSignature: string | null;
    }
  /**
   * Refunded before its roll was revealed (by the player, or by anyone after the deadline): `bet` is the
   * record then. A refund that captured the slot hash keeps the result: the record shows it once rolled
   * (`refundStatusOf`).
   */
  | { status: 'refunded'; bet: BetAccount }
  | { status: 'timeout' }
  | { status: 'error'; error: unknown };

/** Polls every BET_POLL_INTERVAL_MS for a result newer than `placed`; 'timeout' after BET_POLL_TIMEOUT_MS. */
export function useBetOutcome(placed: PlacedBet | null): BetOutcome | null {
  const { wallet } = useWallet();
  const connected = wallet?.address ?? null;
  const user: Address | null = placed?.user ?? connected;
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ placed: PlacedBet; outcome: BetOutcome } | null>(null);

  useEffect(() => {
    if (placed === null || user === null) return;
    let done = false;
    // A function, not the variable: TypeScript would narrow it to `false` across the awaits below.
    const isDone = () => done;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The deadline runs on its own clock, so a slow read cannot push it back.
    const deadline = setTimeout(() => {
      finish({ status: 'timeout' });
    }, BET_POLL_TIMEOUT_MS);
    let checking = false;
    let again = false;
    const abort = new AbortController();
    let release: (() => void) | null = null;
    let offChange: (() => void) | null = null;

    const finish = (outcome: BetOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(deadline);
      abort.abort();
      offChange?.();
      release?.();
      setState({ placed, outcome });
      if (outcome.status === 'win' || outcome.status === 'loss' || outcome.status === 'refunded') {
        queryClient.setQueryData(betRecordKey(user), (old: { address: Address } | null | undefined) =>
          old == null ? old : { ...old, bet: outcome.bet },
        );
      }
      void queryClient.invalidateQueries({ queryKey: unclaimedWinsKey(user) });
      void queryClient.invalidateQueries({ queryKey: solBalanceQueryKey(user) });
      void queryClient.invalidateQueries({ queryKey: houseLimitsKey });
      void queryClient.invalidateQueries({ queryKey: betHistoryKey(user) });
    };

    /** Reports `bet` if it is the result, with the roll when the server has it. */
    const settle = async (bet: BetAccount): Promise<boolean> => {
      // A refund, or its late roll (rolled after its refund: a win Claimed, or Settled when the wallet could
      // not take it, a loss still Refunded): the refund's screen follows the record from there.
      if (isRefundOf(bet, placed) || (isOutcomeOf(bet, placed) && refundStatusOf(bet) !== null)) {
        finish({ status: 'refunded', bet });
        return true;
      }
      if (!isOutcomeOf(bet, placed)) return false;
      // The roll is a detail: the result stands without it.
      const [revealed, indexed] = await Promise.all([
        bet.offChain
          ? Promise.resolve(null)
          : betRecordAddress(user)
              .then((record) => getRevealRoll(record, bet.sequence, abort.signal))
              .catch((): RevealRoll | null => null),
        findIndexedBet(user, placed.signature, abort.signal).catch(() => null),
      ]);
      const serverRoll = indexed?.randomValue ?? null;
      finish({
        status: bet.result === BetResult.Win ? 'win' : 'loss',
        bet,
        randomValue: revealed?.roll ?? serverRoll,
        rollSource: revealed !== null ? 'chain' : serverRoll !== null ? 'server' : null,
        settleSignature: revealed?.signature ?? indexed?.settleSignature ?? null,
      });
      return true;
    };

    const check = async () => {
      if (done) return;
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      clearTimeout(timer);
      try {
        const record = await getBetRecord(user, abort.signal);
        if (record.bet !== null) await settle(record.bet);
      } catch (error) {
        // A failed read is retried at the next tick; the timeout bounds the wait.
        if (!isDone()) console.warn('Reading the bet result failed; retrying', error);
      } finally {
        checking = false;
      }
      if (isDone()) return;
      if (again) {
        again = false;
        void check();
        return;
      }
      timer = setTimeout(() => void check(), BET_POLL_INTERVAL_MS);
    };

    void betRecordAddress(user).then((address) => {
      if (done) return;
      const held = acquireAccountWatcher(address);
      release = held.release;
      offChange = held.watcher.onChange((snapshot) => {
        if (snapshot === null || done) return;
        try {
          void settle(decodeBet(snapshot.data));
        } catch {
          void check();
        }
      });
    });
    void check();

    return () => {
      done = true;
      clearTimeout(timer);
      clearTimeout(deadline);
      abort.abort();
      offChange?.();
      release?.();
    };
  }, [placed, user, queryClient]);

  if (placed === null) return null;
  if (state === null || state.placed !== placed) return { status: 'waiting' };
  return state.outcome;
}
