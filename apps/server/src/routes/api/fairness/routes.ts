/**
 * Provably fair TailSpin and ReTail rolls (game-rules): `GET /api/fairness` publishes the settler's hash
 * chains (the current one's head and next index, the next one's head before any bet uses it, and every past
 * head); `GET /api/fairness/{bet}` gives everything needed to re-derive one bet's roll. `{bet}` is the bet's
 * creating transaction signature (base58): the one identifier the player's wallet already has, and the
 * same on every server instance, where a database id is not.
 *
 * A seed is shown only once its bet is closed and every bet that took an earlier seed of its chain is
 * closed too (hashing a seed yields all the earlier ones). How to check, with only these answers:
 * 1. `sha256(seed)` equals `previousSeed`, and hashing `seedIndex` times from the seed reaches `chainHead`,
 *    which `GET /api/fairness` published;
 * 2. `message` is the hex of base58-decode(betAddress) ‖ base58-decode(signature);
 * 3. `randomValue` = u64 little-endian of HMAC-SHA256(key = seed, message)[0..8] mod 100;
 * 4. `result` is Win iff `randomValue < odds`, as the bet record on chain says.
 *
 * @module
 */

import {
  FAIRNESS_CHAIN_STATUSES,
  type BetFairnessJson,
  type FairnessAlgorithm,
  type FairnessChainsJson,
  type PublishedChainJson,
} from '@arcade/sdk/api/history';
import { isSignature } from '@solana/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { notFound } from '../../../http/errors.ts';
import { addressSchema, errorResponses } from '../../../http/schemas.ts';
import { FairnessRepository, type PublishedChain } from '../../../workers/settler/fairness-repository.ts';
import { FAIR_ALGORITHM, fairMessage, toHex } from '../../../workers/settler/provably-fair.ts';

/** The user-facing messages of these routes. */
export const FAIRNESS_ERRORS = Object.freeze({
  invalidSignature: 'Invalid signature',
  betNotFound: 'Bet not found',
} as const);

const hex = z.string().describe('lowercase hex');

const chainSchema = z.object({
  id: z.number(),
  head: hex.describe('s_0, lowercase hex'),
  length: z.number().describe('usable seeds: s_1 … s_length'),
  nextIndex: z.number().describe('the seed index the next bet takes'),
  status: z.enum(FAIRNESS_CHAIN_STATUSES),
  publishedAt: z.number().describe('unix milliseconds'),
  activatedAt: z.number().nullable(),
  exhaustedAt: z.number().nullable(),
}) satisfies z.ZodType<PublishedChainJson>;

const algorithmSchema = z.object({
  seedChain: z.string(),
  randomValue: z.string(),
  message: z.string(),
  result: z.string(),
  encoding: z.string(),
}) satisfies z.ZodType<FairnessAlgorithm>;

const chainsSchema = z.object({
  success: z.literal(true),
  algorithm: algorithmSchema,
  current: chainSchema.nullable(),
  next: chainSchema.nullable().describe('published before any bet uses it'),
  chains: z.array(chainSchema).describe('every chain, newest first'),
}) satisfies z.ZodType<FairnessChainsJson>;

/** A chain as sent: times as unix milliseconds. */
function chainJson(chain: PublishedChain): PublishedChainJson {
  return {
    id: chain.id,
    head: chain.head,
    length: chain.length,
    nextIndex: chain.nextIndex,
    status: chain.status,
    publishedAt: chain.publishedAt.getTime(),
    activatedAt: chain.activatedAt?.getTime() ?? null,
    exhaustedAt: chain.exhaustedAt?.getTime() ?? null,
  };
}

const betParams = z.object({
  bet: z
    .string({ error: FAIRNESS_ERRORS.invalidSignature })
    .trim()
    .refine((value) => isSignature(value), { error: FAIRNESS_ERRORS.invalidSignature })
    .describe("the bet's creating transaction signature (base58)"),
});

const betFairnessSchema = z.object({
  success: z.literal(true),
  algorithm: algorithmSchema,
  bet: z.object({
    id: z.number(),
    signature: z.string().describe('the creating transaction'),
    betAddress: z.string(),
    user: z.string(),
    odds: z.number(),
    state: z.string(),
    result: z.string(),
    randomValue: z.number().nullable().describe('null while the bet is open'),
    settleSignature: z.string().nullable(),
    refundSignature: z.string().nullable(),
    slot: z.number(),
    txIndex: z.number().describe("position among the program's transactions in the slot"),
  }),
  message: hex.nullable().describe('the HMAC message: bet address bytes ‖ signature bytes (96 bytes)'),
  messageEncoding: z.string(),
  seed: z
    .object({
      chainId: z.number(),
      chainHead: hex,
      seedIndex: z.number(),
      seed: hex.nullable().describe('s_i, once revealed'),
      previousSeed: hex.nullable().describe('s_{i-1} (the head when i = 1), once s_i is revealed'),
      revealed: z.boolean(),
    })
    .nullable()
    .describe('null until the settler gives the bet a seed'),
}) satisfies z.ZodType<BetFairnessJson>;

function messageHex(betAddress: string, signature: string): string | null {
  try {
    return toHex(fairMessage(betAddress, signature));
  } catch {
    return null;
  }
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const repo = new FairnessRepository(app.db);

  app.get(
    '/',
    {
      schema: {
        summary: "The settler's published hash chains",
        tags: ['fairness'],
        response: {
          200: chainsSchema,
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
        params: betParams,
        // One transaction may open several players' bets: `bet` (the bet record's address) picks one.
        querystring: z.object({ bet: addressSchema.optional() }),
        response: { 200: betFairnessSchema, ...errorResponses },
      },
    },
    async (request) => {
      const record = await repo.betFairness(request.params.bet, request.query.bet ?? null);
      if (record === null) throw notFound(FAIRNESS_ERRORS.betNotFound);
      const { assignment, ...bet } = record;
      return {
        success: true as const,
        algorithm: FAIR_ALGORITHM,
        bet,
        message: messageHex(bet.betAddress, bet.signature),
        messageEncoding: FAIR_ALGORITHM.message,
        seed:
          assignment === null
            ? null
            : {
                chainId: assignment.chainId,
                chainHead: assignment.chainHead,
                seedIndex: assignment.seedIndex,
                seed: assignment.seed,
                previousSeed: assignment.previousSeed,
                revealed: assignment.seed !== null,
              },
      } satisfies BetFairnessJson;
    },
  );
};

export default routes;
