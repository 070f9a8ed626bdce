/**
 * The connected wallet's Prophecy predictions that a resolved market still pays: winners and, on Invalid
 * markets, refunds. `settle_prediction` is permissionless and the server's market settler usually pays
 * within seconds, so this is the fallback for when it has not (yet).
 *
 * Candidates come from the server's history (`POST /api/user/marketBets` with `unclaimed: true`); each
 * prediction is then confirmed on chain (the wallet's, unclaimed, its market resolved, a payout above 0)
 * before it is offered.
 *
 * @module
 */

import type { MarketBetHistoryJson } from '@arcade/sdk/api/history';
import { decodeMarket, decodePrediction, MarketResult } from '@arcade/sdk/wager/accounts';
import { marketRefunds, predictionPayout } from '@arcade/sdk/wager/bet-math';
import { address as toAddress, type Address } from '@solana/kit';
import { queryOptions } from '@tanstack/react-query';

import type { ProphecyClaim } from '../utils/claim-items.ts';
import { fetchAccountsInChunks, listUnclaimedCandidates } from './get-unclaimed-foresight.ts';
import { UNCLAIMED_WINS_POLL_MS } from './get-unclaimed-wins.ts';
import { unclaimedWinsKey } from '../../../lib/query-keys.ts';
import { wagerProgram } from '../../../lib/programs.ts';

/**
 * The wallet's Prophecy predictions still owed a payout or refund, confirmed on chain, in the order the
 * history lists them (newest first).
 */
export async function getUnclaimedPredictions(
  user: Address,
  signal?: AbortSignal,
): Promise<readonly ProphecyClaim[]> {
  const candidates = await listUnclaimedCandidates<MarketBetHistoryJson>(
    '/api/user/marketBets',
    user,
    signal,
  );
  const byPrediction = new Map<string, MarketBetHistoryJson>();
  for (const item of candidates)
    if (!byPrediction.has(item.prediction)) byPrediction.set(item.prediction, item);
  const unique = [...byPrediction.values()];
  if (unique.length === 0) return [];
  const predictions = unique.map((item) => toAddress(item.prediction));
  const markets = unique.map((item) => toAddress(item.market));
  const accounts = await fetchAccountsInChunks([...predictions, ...markets]);
  const { programAddress } = wagerProgram();
  const claims: ProphecyClaim[] = [];
  unique.forEach((item, index) => {
    const predictionAccount = accounts[index];
    const marketAccount = accounts[unique.length + index];
    const prediction = predictions[index];
    const market = markets[index];
    if (
      !predictionAccount?.exists ||
      !marketAccount?.exists ||
      prediction === undefined ||
      market === undefined
    ) {
      return;
    }
    if (
      predictionAccount.programAddress !== programAddress ||
      marketAccount.programAddress !== programAddress
    ) {
      return;
    }
    const record = decodePrediction(predictionAccount.data);
    const state = decodeMarket(marketAccount.data);
    if (record.user !== user || record.market !== market || record.isClaimed || state.result === null) return;
    const amount = predictionPayout(state, record.amount, record.result);
    if (amount === 0n) return;
    claims.push({
      kind: 'prophecy',
      refund: marketRefunds(state),
      prediction,
      market,
      marketAuthority: state.marketAuthority,
      marketName: item.shortName ?? item.marketName,
      side: record.result === MarketResult.Yes ? 'Yes' : 'No',
      stake: record.amount,
      amount,
    });
  });
  return claims;
}

/** Query options of the wallet's unclaimed Prophecy predictions; disabled without a wallet. */
export function unclaimedPredictionsQueryOptions(user: Address | null) {
  return queryOptions({
    queryKey: [...unclaimedWinsKey(user), 'prophecy'] as const,
    queryFn: ({ signal }) => (user === null ? Promise.resolve([]) : getUnclaimedPredictions(user, signal)),
    enabled: user !== null,
    refetchInterval: UNCLAIMED_WINS_POLL_MS,
  });
}
