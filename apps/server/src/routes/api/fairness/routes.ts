/**
 * Provably fair TailSpin and ReTail rolls (`docs/trust.md`, "Rolls nobody chooses"): `GET /api/fairness`
 * lists the settler's seed chains (each one's head, committed on chain by `commit_seed_chain` before any bet
 * takes a seed of it, where it starts and the commit transaction); `GET /api/fairness/{bet}` gives
 * everything needed to re-derive one bet's roll. `{bet}` is the bet's creating transaction signature
 * (base58): the one identifier the player's wallet already has, and the same on every server instance.
 *
 * A seed is shown once `reveal_bet` has revealed it on chain, never before. How to check, with only these
 * answers (the SDK's `wager/fairness` does each step):
 * 1. `seedLinksTo(seed, previousSeed)`: sha256(seed) is the seed revealed before it (the chain's head for
 *    the chain's first bet), and hashing `seedIndex` times reaches `chainHead`, which `GET /api/fairness` lists;
 * 2. `message` = sequence (u64 LE) ‖ playerSeed ‖ slotHash (72 bytes; the slot hash is the one the program
 *    read from SlotHashes and logged);
 * 3. `rollFor({ seed, sequence, playerSeed, slotHash })` equals `reveal.roll`, the program's;
 * 4. `result` is Win iff the roll is below `odds`, as the bet record on chain says.
 *
 * A bet refunded past its deadline is still rolled by its reveal, with the slot hash its refund captured
 * (`reveal.afterRefund`): a win is then paid the rest of its prize (`reveal.lateWinAmount`), a loss nothing
 * more. A reveal that did not roll its bet says why (`reveal.reason`: `expired`, it refunded a bet whose
 * slot had left SlotHashes; `earlier`, the bet had been refunded before its hash could be captured).
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import {
  betFairnessSchema,
  fairnessBetParams,
  fairnessBetQuery,
  fairnessChainsSchema,
} from '@arcade/sdk/api/fairness';
import type { BetFairnessJson, FairnessChainsJson, PublishedChainJson } from '@arcade/sdk/api/history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { notFound } from '../../../http/errors.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { FairnessRepository, type PublishedChain } from '../../../workers/settler/fairness-repository.ts';
import { FAIR_ALGORITHM } from '../../../workers/settler/provably-fair.ts';

/** A chain as sent: times as unix milliseconds. */
function chainJson(chain: PublishedChain): PublishedChainJson {
  return {
    id: chain.id,
    head: chain.head,
    length: chain.length,
    startSequence: chain.startSequence,
    commitSignature: chain.commitSignature,
    nextIndex: chain.nextIndex,
    status: chain.status,
    publishedAt: chain.publishedAt.getTime(),
    activatedAt: chain.activatedAt?.getTime() ?? null,
    exhaustedAt: chain.exhaustedAt?.getTime() ?? null,
  };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const repo = new FairnessRepository(app.db);

  app.get(
    '/',
    {
      schema: {
        summary: "The settler's seed chains, as committed on chain",
        tags: ['fairness'],
        response: {
          200: fairnessChainsSchema,
          ...errorResponses,
        },
      },
    },
    async () => {
      const chains = (await repo.listChains()).map(chainJson);
      return {
        success: true as const,
        algorithm: FAIR_ALGORITHM,
        current: chains.find((chain) => chain.status === 'current') ?? null,
        next: chains.find((chain) => chain.status === 'next') ?? null,
        chains,
      } satisfies FairnessChainsJson;
    },
  );

  app.get(
    '/:bet',
    {
      schema: {
        summary: "Everything needed to re-derive one bet's roll",
        tags: ['fairness'],
        params: fairnessBetParams,
        // One transaction may open several players' bets: `record` (the bet record's address) picks one.
        querystring: fairnessBetQuery,
        response: { 200: betFairnessSchema, ...errorResponses },
      },
    },
    async (request) => {
      const record = await repo.betFairness(request.params.bet, request.query.record ?? null);
      if (record === null) throw notFound(ApiErrorCode.BET_NOT_FOUND);
      return {
        success: true as const,
        algorithm: FAIR_ALGORITHM,
        bet: record.bet,
        message: record.message,
        messageEncoding: FAIR_ALGORITHM.message,
        seed: record.seed,
        reveal: record.reveal,
      } satisfies BetFairnessJson;
    },
  );
};

export default routes;
