/**
 * Waiting for a bet's result. The fast path is the chain's own notifications: the bet record's
 * account notification says it settled (its `timestamp` becomes the settlement time), and the record's
 * logs subscription (`lib/wallet/watch-logs.ts`, opened as soon as the game knows the wallet, before any
 * bet) carries the `reveal_bet` transaction's `Reveal sequence=… roll=…` line in the same instant, so the
 * roll and the settle signature come with it. The slow paths stay as fallbacks: every BET_POLL_INTERVAL_MS
 * the record is read; a roll whose log line did not arrive within {@link REVEAL_LOG_GRACE_MS} (at once
 * while the logs subscription is down) is read from the reveal transaction (`getSignaturesForAddress` +
 * `getTransaction`), and from the server's index of bets only when the chain does not give it.
 * After BET_POLL_TIMEOUT_MS without a result it gives up with 'Bet timed out!'.
 *
 * @module
 */

import { BET_POLL_INTERVAL_MS, BET_POLL_TIMEOUT_MS } from '@arcade/sdk/constants';
import { BetResult, decodeBet, type BetAccount } from '@arcade/sdk/wager/accounts';
import type { Address } from '@solana/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { solBalanceQueryKey } from '../../wallet/balance-query-key.ts';
import { acquireAccountWatcher } from '../../wallet/watch-account.ts';
import { acquireLogsWatcher, type LogsWatcher } from '../../wallet/watch-logs.ts';
import { useWallet } from '../../wallet/wallet-context.tsx';
import { unclaimedWinsKey } from '../../query-keys.ts';
import { betHistoryKey, findIndexedBet } from '../api/get-bet-history.ts';
import { getRevealRoll, hasRevealLog, waitForRevealLog, type RevealRoll } from '../api/get-reveal-roll.ts';
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

/**
 * How long a settled record waits for its reveal's log line before the roll is read the slow way: the line
 * comes with the same websocket message burst as the record's notification, so this only runs out when the
 * logs subscription is down.
 */
export const REVEAL_LOG_GRACE_MS = 250;

/** What `promise` resolves with if it does within `ms`, else null. */
async function within<T>(promise: Promise<T | null>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<null>((resolve) => {
        timer = setTimeout(() => {
          resolve(null);
        }, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Never resolves: a race entrant that has nothing to say. */
const never = new Promise<never>(() => {});

/**
 * Watches for a result newer than `placed` (notifications first, a read every BET_POLL_INTERVAL_MS as the
 * fallback); 'timeout' after BET_POLL_TIMEOUT_MS. While `placed` is null it only keeps the record's logs
 * subscription open, so it is live before the next bet is sent.
 */
export function useBetOutcome(placed: PlacedBet | null): BetOutcome | null {
  const { wallet } = useWallet();
  const connected = wallet?.address ?? null;
  const user: Address | null = placed?.user ?? connected;
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ placed: PlacedBet; outcome: BetOutcome } | null>(null);

  // The record's logs, subscribed before any bet: the reveal may land within a few slots of the bet.
  useEffect(() => {
    if (user === null) return;
    let release: (() => void) | null = null;
    let cancelled = false;
    void betRecordAddress(user).then(
      (address) => {
        if (!cancelled) release = acquireLogsWatcher(address).release;
      },
      () => {},
    );
    return () => {
      cancelled = true;
      release?.();
    };
  }, [user]);

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
    let logs: LogsWatcher | null = null;
    let releaseLogs: (() => void) | null = null;
    let offLogs: (() => void) | null = null;

    const finish = (outcome: BetOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(deadline);
      abort.abort();
      offChange?.();
      release?.();
      offLogs?.();
      releaseLogs?.();
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
      const status = bet.result === BetResult.Win ? 'win' : 'loss';
      // The roll is a detail: the result stands without it. Its log line normally came with the reveal's
      // notification; the reads are the fallback when it does not come.
      const logged =
        bet.offChain || logs === null ? null : waitForRevealLog(logs, bet.sequence, abort.signal);
      // Only worth waiting for while the subscription is up; otherwise the reads go at once.
      const grace = logged === null || logs?.live !== true ? null : await within(logged, REVEAL_LOG_GRACE_MS);
      if (grace !== null) {
        finish({
          status,
          bet,
          randomValue: grace.roll,
          rollSource: 'chain',
          settleSignature: grace.signature,
        });
        return true;
      }
      if (isDone()) return true;
      // The reveal transaction's log line read back from the chain; the server's index only when that
      // fails (an RPC without the history, an off-chain bet): a result never waits for the server.
      const indexed = () => findIndexedBet(user, placed.signature, abort.signal).catch(() => null);
      const fromChain = bet.offChain
        ? Promise.resolve(null)
        : betRecordAddress(user)
            .then((record) => getRevealRoll(record, bet.sequence, abort.signal))
            .catch((): RevealRoll | null => null);
      const reads = fromChain.then(async (revealed) =>
        revealed !== null ? { revealed, indexed: null } : { revealed, indexed: await indexed() },
      );
      const first = await Promise.race([
        reads,
        (logged ?? never).then((revealed) => (revealed === null ? never : { revealed, indexed: null })),
      ]);
      const serverRoll = first.indexed?.randomValue ?? null;
      finish({
        status,
        bet,
        randomValue: first.revealed?.roll ?? serverRoll,
        rollSource: first.revealed !== null ? 'chain' : serverRoll !== null ? 'server' : null,
        settleSignature: first.revealed?.signature ?? first.indexed?.settleSignature ?? null,
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
      const heldLogs = acquireLogsWatcher(address);
      logs = heldLogs.watcher;
      releaseLogs = heldLogs.release;
      // A reveal of the record seen in its logs before (or without) its account notification: read it.
      offLogs = heldLogs.watcher.onLogs((event) => {
        if (done || !hasRevealLog(event)) return;
        void check();
      });
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
      offLogs?.();
      releaseLogs?.();
    };
  }, [placed, user, queryClient]);

  if (placed === null) return null;
  if (state === null || state.placed !== placed) return { status: 'waiting' };
  return state.outcome;
}
