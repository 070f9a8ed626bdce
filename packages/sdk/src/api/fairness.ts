/**
 * `GET /api/fairness` and `GET /api/fairness/{bet}`: the settler's seed chains and everything needed to
 * re-derive one bet's roll, as zod schemas typed against the wire shapes of `./history.ts`.
 *
 * @module
 */

import { isSignature } from '@solana/kit';
import { z } from 'zod';

import { addressSchema } from './common.ts';
import { API_ERROR_MESSAGES, ApiErrorCode } from './error-codes.ts';
import {
  FAIRNESS_CHAIN_STATUSES,
  FAIRNESS_REFUND_REASONS,
  type BetFairnessJson,
  type FairnessAlgorithm,
  type FairnessBetJson,
  type FairnessChainsJson,
  type FairnessRevealJson,
  type FairnessSeedJson,
  type PublishedChainJson,
} from './history.ts';

/** The user-facing messages of the fairness routes. */
export const FAIRNESS_ERRORS = Object.freeze({
  invalidSignature: 'Invalid signature',
  betNotFound: API_ERROR_MESSAGES[ApiErrorCode.BET_NOT_FOUND],
} as const);

const hex = z.string().describe('lowercase hex');

const chainSchema = z.object({
  id: z.number(),
  head: hex.describe('s_0, lowercase hex: what commit_seed_chain put in the House'),
  length: z.number().describe('usable seeds: s_1 … s_length'),
  startSequence: z
    .number()
    .nullable()
    .describe('the bet sequence whose bet takes s_1; null until the chain is seen committed on chain'),
  commitSignature: z.string().nullable().describe('the commit_seed_chain (or reset_seed_chain) transaction'),
  nextIndex: z.number().describe('the seed index the next bet takes (1 before any)'),
  status: z.enum(FAIRNESS_CHAIN_STATUSES),
  publishedAt: z.number().describe('unix milliseconds'),
  activatedAt: z.number().nullable(),
  exhaustedAt: z.number().nullable(),
}) satisfies z.ZodType<PublishedChainJson>;

const algorithmSchema = z.object({
  seedChain: z.string(),
  roll: z.string(),
  message: z.string(),
  result: z.string(),
  encoding: z.string(),
}) satisfies z.ZodType<FairnessAlgorithm>;

export const fairnessChainsSchema = z.object({
  success: z.literal(true),
  algorithm: algorithmSchema,
  current: chainSchema.nullable(),
  next: chainSchema.nullable().describe('committed before any bet uses it'),
  chains: z.array(chainSchema).describe('every chain, newest first'),
}) satisfies z.ZodType<FairnessChainsJson>;

export const fairnessBetParams = z.object({
  bet: z
    .string({ error: FAIRNESS_ERRORS.invalidSignature })
    .trim()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, { error: FAIRNESS_ERRORS.invalidSignature })
    .refine((value) => isSignature(value), { error: FAIRNESS_ERRORS.invalidSignature })
    .meta({
      description: "the bet's creating transaction signature (base58)",
      example: 'DyXZZCSiBREJ8YZ5cULd7PVdKpbkhHvHJ7otbJmLJajJtRsyq1irMMqKimYeKvRmZ8Sc2qWLhKjYR4ekM8RSzkV',
    }),
});

const betSchema = z.object({
  id: z.number(),
  signature: z.string().describe('the creating transaction'),
  betAddress: z.string(),
  user: z.string(),
  odds: z.number(),
  state: z.string(),
  result: z.string(),
  randomValue: z
    .number()
    .nullable()
    .describe(
      'the roll the program computed; null until a reveal rolls it (and for a bet refunded unrolled)',
    ),
  settleSignature: z.string().nullable().describe('the reveal_bet that settled it'),
  refundSignature: z.string().nullable(),
  slot: z.number().describe('the slot the bet landed in: its hash is part of the roll'),
  txIndex: z.number().describe("position among the program's transactions in the slot"),
  sequence: z
    .number()
    .nullable()
    .describe("its place in the settler's seed chain; null for an off-chain bet"),
  playerSeed: hex.nullable().describe("the player's 32-byte seed; null for an off-chain bet"),
  offChain: z.boolean().describe("the spec's off-chain bet, whose roll the settler chose"),
}) satisfies z.ZodType<FairnessBetJson>;

const seedSchema = z.object({
  chainId: z.number(),
  chainHead: hex,
  seedIndex: z.number(),
  seed: hex.nullable().describe('s_i, once reveal_bet revealed it on chain'),
  previousSeed: hex.nullable().describe('s_{i-1} (the head when i = 1): sha256(seed) equals it'),
  revealed: z.boolean(),
}) satisfies z.ZodType<FairnessSeedJson>;

const revealSchema = z.object({
  signature: z.string().describe('the reveal_bet transaction'),
  outcome: z.enum(['settled', 'refunded']),
  reason: z
    .enum(FAIRNESS_REFUND_REASONS)
    .nullable()
    .describe(
      "why a refunded outcome did not roll the bet: 'expired' (still open, its slot had left SlotHashes: the reveal refunded it) or 'earlier' (refunded before, no slot hash captured: the chain moved on); null when rolled",
    ),
  roll: z.number().nullable().describe("the program's roll; null when the reveal did not roll the bet"),
  slotHash: hex
    .nullable()
    .describe("the bet's slot hash the roll used (from SlotHashes, or captured by the bet's refund)"),
  afterRefund: z
    .boolean()
    .describe('rolled after its refund (stake and fee back), with the slot hash the refund captured'),
  lateWinAmount: z
    .string()
    .nullable()
    .describe(
      'a win rolled after its refund: the rest of its prize (prize − stake − fee), lamports, paid by the reveal (state Claimed) or by claim_bet (state Settled until then); null otherwise',
    ),
}) satisfies z.ZodType<FairnessRevealJson>;

export const betFairnessSchema = z.object({
  success: z.literal(true),
  algorithm: algorithmSchema,
  bet: betSchema,
  message: hex
    .nullable()
    .describe('the HMAC message: sequence (u64 LE) ‖ player seed ‖ slot hash (72 bytes), once revealed'),
  messageEncoding: z.string(),
  seed: seedSchema.nullable().describe('null until the bet has a place in a chain the server knows'),
  reveal: revealSchema.nullable().describe('null until the bet is revealed'),
}) satisfies z.ZodType<BetFairnessJson>;

/** `GET /api/fairness/{bet}`'s query: `record` (the bet record's address) picks one of a transaction's bets. */
export const fairnessBetQuery = z.object({
  record: addressSchema.optional().describe("the bet record's address, when the transaction opened several"),
});
