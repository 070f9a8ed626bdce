/**
 * The connected wallet's Foresight bets that a settled round still owes: wins `settle_bet` pays and, in
 * Invalid rounds, refunds `withdraw_bet` pays.
 *
 * A Foresight bet record is one per round, so the chain alone cannot list a wallet's bets without a
 * program-wide scan (which the RPC proxy refuses). The server's history finds the candidates
 * (`POST /api/user/predictions` with `unclaimed: true`); each is then confirmed against the chain (the round
 * settled, the bet unpaid, won or refundable) before it is offered, since the history lags the chain and a
 * bet may have been paid a moment ago. Each claim also carries the bet account's lamports: "Claim all" closes
 * the account after paying it (`close_bet`), so that deposit comes back too.
 *
 * @module
 */

import type { HistoryPageJson, PredictionHistoryJson } from '@arcade/sdk/api/history';
import { FORESIGHT_SETTLE_BUFFER_SECS, RPC_COMMITMENT } from '@arcade/sdk/constants';
import { decodeBet, decodeEvent, Prediction } from '@arcade/sdk/foresight/accounts';
import { findBetAddress } from '@arcade/sdk/foresight/pda';
import { foresightPayout } from '@arcade/sdk/payout';
import { address as toAddress, fetchEncodedAccounts, type Address } from '@solana/kit';
import { queryOptions } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { foresightProgram } from '../../../lib/programs.ts';
import { getRpc } from '../../../lib/wallet/rpc.ts';
import type { ForesightClaim } from '../utils/claim-items.ts';
import { UNCLAIMED_WINS_POLL_MS } from './get-unclaimed-wins.ts';
import { unclaimedWinsKey } from '../../../lib/query-keys.ts';

/** Pages of candidates read at most (20 each): far more than anyone leaves unclaimed. */
export const MAX_CANDIDATE_PAGES = 10;

/** Reads every page of what the server says is still owed (up to {@link MAX_CANDIDATE_PAGES}). */
export async function listUnclaimedCandidates<T>(
  path: string,
  user: Address,
  signal?: AbortSignal,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: number | null = null;
  for (let page = 0; page < MAX_CANDIDATE_PAGES; page += 1) {
    const body: HistoryPageJson<T> = await api(path, {
      body: { address: user, id: cursor, unclaimed: true },
      ...(signal === undefined ? {} : { signal }),
    });
    items.push(...body.items);
    cursor = body.nextCursor;
    if (cursor === null) break;
  }
  return items;
}

/** How many accounts one `getMultipleAccounts` call reads. */
const ACCOUNTS_PER_CALL = 100;

/** Fetches accounts in calls of at most {@link ACCOUNTS_PER_CALL}. */
export async function fetchAccountsInChunks(addresses: readonly Address[]) {
  const chunks: Address[][] = [];
  for (let i = 0; i < addresses.length; i += ACCOUNTS_PER_CALL) {
    chunks.push(addresses.slice(i, i + ACCOUNTS_PER_CALL));
  }
  const results = await Promise.all(
    chunks.map((chunk) => fetchEncodedAccounts(getRpc(), chunk, { commitment: RPC_COMMITMENT })),
  );
  return results.flat();
}

/**
 * Whether a round that is not settled has expired at `nowMs`: its settle time plus
 * `FORESIGHT_SETTLE_BUFFER_SECS` has passed (a pre-created round that never went live cannot expire). Its
 * bets are then refunded by `withdraw_bet`, which settles it as Invalid.
 */
export function roundExpired(
  round: { readonly isSettled: boolean; readonly startTime: bigint; readonly settleTime: bigint },
  nowMs: number,
): boolean {
  if (round.isSettled || round.startTime === 0n) return false;
  return nowMs >= (Number(round.settleTime) + FORESIGHT_SETTLE_BUFFER_SECS) * 1000;
}

/**
 * The wallet's Foresight bets a round still owes, confirmed on chain, oldest round first: wins and refunds
 * of settled rounds, and refunds of rounds not settled in time ({@link roundExpired}). A candidate whose
 * round is still running, whose bet is paid, lost or closed, or that is not the wallet's, is left out.
 */
export async function getUnclaimedForesight(
  user: Address,
  signal?: AbortSignal,
  nowMs: number = Date.now(),
): Promise<readonly ForesightClaim[]> {
  const candidates = await listUnclaimedCandidates<PredictionHistoryJson>(
    '/api/user/predictions',
    user,
    signal,
  );
  const events = [...new Set(candidates.filter((item) => !item.isSettled).map((item) => item.event))].map(
    (event) => toAddress(event),
  );
  if (events.length === 0) return [];
  const program = foresightProgram();
  const bets = await Promise.all(
    events.map(async (event) => (await findBetAddress(event, user, program))[0]),
  );
  const accounts = await fetchAccountsInChunks([...events, ...bets]);
  const claims: ForesightClaim[] = [];
  events.forEach((event, index) => {
    const eventAccount = accounts[index];
    const betAccount = accounts[events.length + index];
    const bet = bets[index];
    if (!eventAccount?.exists || !betAccount?.exists || bet === undefined) return;
    if (eventAccount.programAddress !== program.programAddress) return;
    if (betAccount.programAddress !== program.programAddress) return;
    const round = decodeEvent(eventAccount.data);
    const record = decodeBet(betAccount.data);
    if (record.isSettled || record.user !== user || record.event !== event) return;
    const expired = roundExpired(round, nowMs);
    if (!round.isSettled && !expired) return;
    const side = record.prediction === Prediction.Up ? 'Up' : 'Down';
    if (expired || round.result === Prediction.Invalid) {
      claims.push({
        kind: 'foresight',
        action: 'withdraw',
        event,
        config: round.config,
        bet,
        roundId: round.id,
        side,
        stake: record.amount,
        amount: record.amount,
        deposit: betAccount.lamports,
      });
      return;
    }
    if (record.prediction !== round.result) return;
    claims.push({
      kind: 'foresight',
      action: 'settle',
      event,
      config: round.config,
      bet,
      roundId: round.id,
      side,
      stake: record.amount,
      amount: foresightPayout(record.amount, round.upPool, round.downPool, side === 'Up' ? 'up' : 'down'),
      deposit: betAccount.lamports,
    });
  });
  return claims.sort((a, b) => a.roundId - b.roundId);
}

/** Query options of the wallet's unclaimed Foresight bets; disabled without a wallet. */
export function unclaimedForesightQueryOptions(user: Address | null) {
  return queryOptions({
    queryKey: [...unclaimedWinsKey(user), 'foresight'] as const,
    queryFn: ({ signal }) => (user === null ? Promise.resolve([]) : getUnclaimedForesight(user, signal)),
    enabled: user !== null,
    refetchInterval: UNCLAIMED_WINS_POLL_MS,
  });
}
