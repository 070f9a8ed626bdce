/**
 * Connects the page's queries to the chain subscriptions: a new price replaces the price query's data (and
 * joins the chart's line), a round update patches the board, and a config change (a tick) re-reads the
 * board, since the live, locked and past rounds all moved.
 *
 * @module
 */

import type { Address } from '@solana/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';

import { getRpcSubscriptions } from '../../../lib/wallet/rpc.ts';
import { ForesightLiveFeed } from '../api/foresight-live-feed.ts';
import { boardKey, configMoved, withRound, type ForesightBoard } from '../api/get-board.ts';
import { addPricePoints, priceKey } from '../api/get-price.ts';
import { predictionHistoryKey } from '../api/get-prediction-history.ts';
import { userBetsRootKey } from '../api/get-user-bets.ts';

/**
 * Keeps the board and price of `symbol` live while mounted (needs the board's config address). Returns the
 * time (ms) since which the board must have been read to be trusted: the page's mount, the tab coming back
 * into view, or a subscription restored after a drop (each re-reads the board, the price, and the player's
 * bets and history at once). A board read before it may miss a tick (`isBoardOutdated`).
 */
export function useForesightLive(
  symbol: string,
  priceAccount: Address,
  board: ForesightBoard | undefined,
  user: Address | null,
): number {
  const queryClient = useQueryClient();
  const [freshSince, setFreshSince] = useState(() => Date.now());
  const configAddress = board?.configAddress ?? null;
  const feed = useMemo(
    () =>
      configAddress === null
        ? null
        : new ForesightLiveFeed({ priceAccount, configAddress, subscriptions: getRpcSubscriptions }),
    [priceAccount, configAddress],
  );

  useEffect(() => {
    if (feed === null) return;
    const key = boardKey(symbol);
    const offs = [
      feed.onPrice((price) => {
        queryClient.setQueryData(priceKey(priceAccount), price);
        addPricePoints(queryClient, priceAccount, [
          { time: Number(price.publishTime), price: price.price, observed: true },
        ]);
      }),
      feed.onRound((round) => {
        queryClient.setQueryData<ForesightBoard>(key, (current) =>
          current === undefined ? current : withRound(current, round.pubkey, round),
        );
      }),
      feed.onConfig((config) => {
        const current = queryClient.getQueryData<ForesightBoard>(key);
        if (current !== undefined && !configMoved(current.config, config)) return;
        void queryClient.invalidateQueries({ queryKey: key });
      }),
      feed.onResubscribed(() => {
        setFreshSince(Date.now());
        void queryClient.invalidateQueries({ queryKey: key });
        void queryClient.invalidateQueries({ queryKey: priceKey(priceAccount) });
      }),
    ];
    feed.open();
    return () => {
      feed.close();
      for (const off of offs) off();
    };
  }, [feed, symbol, priceAccount, queryClient]);

  // A hidden tab's polls stop and its sockets may be throttled: back in view, read everything again.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      setFreshSince(Date.now());
      void queryClient.invalidateQueries({ queryKey: boardKey(symbol) });
      void queryClient.invalidateQueries({ queryKey: priceKey(priceAccount) });
      if (user !== null) {
        void queryClient.invalidateQueries({ queryKey: userBetsRootKey(user) });
        void queryClient.invalidateQueries({ queryKey: predictionHistoryKey(user) });
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [queryClient, symbol, priceAccount, user]);

  const watched = [board?.live?.pubkey, board?.locked?.pubkey].filter(
    (address): address is Address => address !== undefined,
  );
  const watchedKey = watched.join(',');
  useEffect(() => {
    feed?.watchRounds(watchedKey === '' ? [] : (watchedKey.split(',') as Address[]));
  }, [feed, watchedKey]);

  // The rounds moved: a round that settled may have made a bet claimable, and the history's results changed.
  const liveId = board?.config?.liveEvent ?? null;
  useEffect(() => {
    if (liveId === null || user === null) return;
    void queryClient.invalidateQueries({ queryKey: userBetsRootKey(user) });
    void queryClient.invalidateQueries({ queryKey: predictionHistoryKey(user) });
  }, [liveId, user, queryClient, freshSince]);

  return freshSince;
}
