/**
 * A wallet's profit and loss over all four games: `GET /api/user/pnl/{address}` (an addition to the spec,
 * behind the web app's History page).
 *
 * Everything is summed in SQL over the indexer's tables, so it is exact over the whole history, not just
 * the pages a client loaded. Per game (TailSpin = bets of type sol or token, ReTail = type nft, Foresight,
 * Prophecy), in lamports as decimal strings:
 *
 * - `wagered`: every stake that left the wallet (Foresight top-ups and Prophecy top-ups included; open bets
 *   included);
 * - `fees`: what was paid on top of stakes: the TailSpin/ReTail 4% fee of every bet (a refunded bet's fee
 *   comes back in `refunds`). Foresight and Prophecy charge the player nothing on top: their 3% is taken
 *   from the pot before winners are paid, so it is already out of `payouts`, and `fees` is 0 for them;
 * - `payouts`: winnings received: the prize of each claimed TailSpin/ReTail win (a token or NFT prize at its
 *   SOL value, the bet's listing price), what `settle_bet` paid in Foresight rounds that were not Invalid,
 *   what `settle_prediction` paid on Prophecy markets not resolved Invalid;
 * - `refunds`: stakes given back: stake + fee of refunded TailSpin/ReTail bets, bets paid back in Invalid
 *   Foresight rounds and on Invalid Prophecy markets;
 * - `open`, `atStake`: open positions, apart from the settled results (as a prediction market shows them):
 *   how many bets are still open (a TailSpin/ReTail bet not rolled nor refunded, a Foresight bet whose round
 *   is not settled, a Prophecy prediction, top-ups included, on a market not resolved) and what they cost
 *   (stake + fee for TailSpin/ReTail, the stake for the pool games);
 * - `net` = payouts + refunds − wagered − fees + atStake: the realised result of settled bets (negative when
 *   the wallet is down). An open position is neither won nor lost, so it is not in it;
 * - `unclaimed`: owed but not received yet (not in `net`): settled unclaimed TailSpin/ReTail wins, unpaid
 *   winning or refundable Foresight bets of settled rounds, unsettled winning or refundable predictions of
 *   resolved markets, by the programs' payout formulas;
 * - `bets`, `wins`, `losses`: counts (Prophecy counts each create or top-up of a prediction as a bet); wins
 *   and losses are settled results only.
 *
 * `total` sums the games. `juice` is in Juice base units: `accrued` (wagered SOL × 2400, every bet),
 * `claimed` (minted, or in a claim that may still land) and `claimable`. `referrals` is what referring
 * earned (the same as `GET /api/user/referralStats/{address}`): the referral fees credited to the wallet's
 * referral vault from the referees' settled TailSpin/ReTail bets, plus the market referrer's share (10% of
 * the 3% fee on the whole pot) credited by every resolved Prophecy market the wallet is the referrer of.
 * Invalid markets and markets whose winning side was empty take no fee and add nothing, nor does a share
 * whose vault was never created (`init_referral`): it stays in the pool. It is income outside the games, so
 * it is not in `net`; `claimable` (the vault's lamports above its rent) and `claimed` (paid out by
 * `claim_referral`) say where it is.
 *
 * @module
 */

import { addressParams } from '@arcade/sdk/api/common';
import type { WalletPnlJson } from '@arcade/sdk/api/history';
import { walletPnlSchema, type GamePnlOpenJson } from '@arcade/sdk/api/history-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '../../../http/schemas.ts';
import type { GamePnlWithOpen } from '../../../repositories/history-repository.ts';

/** A game's profit and loss as sent: amounts as decimal strings. */
function gameJson(game: GamePnlWithOpen): GamePnlOpenJson {
  return {
    bets: game.bets,
    wins: game.wins,
    losses: game.losses,
    wagered: game.wagered.toString(),
    fees: game.fees.toString(),
    payouts: game.payouts.toString(),
    refunds: game.refunds.toString(),
    net: game.net.toString(),
    unclaimed: game.unclaimed.toString(),
    open: game.open,
    atStake: game.atStake.toString(),
  };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const { history, referrals } = app.repositories;

  app.get(
    '/pnl/:address',
    {
      schema: {
        summary:
          "A wallet's profit and loss per game and in total (wagered, fees, payouts, refunds, net, unclaimed), its Juice and its referral earnings, over its whole history",
        tags: ['history'],
        params: addressParams,
        response: { 200: walletPnlSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { address } = request.params;
      const [pnl, referral] = await Promise.all([history.pnl(address), referrals.stats(address)]);
      return {
        success: true as const,
        address,
        games: {
          tailspin: gameJson(pnl.games.tailspin),
          retail: gameJson(pnl.games.retail),
          foresight: gameJson(pnl.games.foresight),
          prophecy: gameJson(pnl.games.prophecy),
        },
        total: gameJson(pnl.total),
        juice: {
          accrued: pnl.juice.accrued.toString(),
          claimed: pnl.juice.claimed.toString(),
          claimable: (pnl.juice.accrued - pnl.juice.claimed).toString(),
        },
        referrals: {
          fees: referral.fees.toString(),
          referredUserCount: referral.referredUserCount,
          claimable: referral.claimable.toString(),
          claimed: referral.claimed.toString(),
        },
      } satisfies WalletPnlJson;
    },
  );
};

export default routes;
