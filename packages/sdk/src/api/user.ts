/**
 * The user API (`/api/user/...`): sign-in, profiles, Juice and referrals, as zod schemas with their types.
 * What the routes read (parameters, bodies) and what they answer. Listed in
 * `docs/reference/api.md#sign-in` and `docs/reference/api.md#profiles-juice-referrals`.
 *
 * @module
 */

import { z } from 'zod';

import { JUICE_DECIMALS, USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '../constants.ts';
import { VALIDATION_MESSAGES } from '../messages.ts';
import { checkUsername } from '../text-rules.ts';
import { addressSchema } from './common.ts';
import { apiErrorBodySchema } from './error-body.ts';
import { API_ERROR_MESSAGES, ApiErrorCode } from './error-codes.ts';

// Sign-in

/** `POST /api/user/nonce`'s body. */
export const nonceBodySchema = z.object({ address: addressSchema });

/** The Sign-In With Solana fields of a nonce's message. */
export const signInInputSchema = z.object({
  domain: z.string(),
  address: z.string(),
  statement: z.string(),
  uri: z.string(),
  version: z.string(),
  chainId: z.string(),
  nonce: z.string(),
  issuedAt: z.string(),
  expirationTime: z.string(),
});

/** `POST /api/user/nonce`'s answer: a single-use nonce and the message to sign. */
export const nonceResponseSchema = z.object({
  success: z.literal(true),
  nonce: z.string(),
  message: z.string(),
  input: signInInputSchema,
});

/** `POST /api/user/nonce`'s answer. */
export type NonceResponse = z.output<typeof nonceResponseSchema>;

/** `POST /api/user/authenticate`'s body: a signed sign-in message, or with `ledger` a signed memo transaction. */
export const authenticateBodySchema = z.object({
  address: addressSchema,
  signature: z
    .string({ error: 'Invalid signature' })
    .min(1, 'Invalid signature')
    .max(4096, 'Invalid signature'),
  ledger: z.boolean({ error: 'ledger must be true or false' }).default(false),
  nonce: z
    .string({ error: 'Invalid nonce' })
    .regex(/^[0-9a-f]{32}$/, 'Invalid nonce')
    .optional()
    .meta({
      description:
        'the nonce of the signed message, as POST /api/user/nonce returned it; needed unless `message` or the Ledger memo carries it',
    }),
  message: z.string().max(2048).optional(),
});

/** `POST /api/user/authenticate`'s body, as sent. */
export type AuthenticateBody = z.input<typeof authenticateBodySchema>;

/** `POST /api/user/authenticate`'s answer: the bearer token and when it expires. */
export const authenticateResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  expiresAt: z.number(),
  address: z.string(),
});

/** `POST /api/user/authenticate`'s answer. */
export type AuthenticateResponse = z.output<typeof authenticateResponseSchema>;

// Profiles

/** `GET /api/user/{address}`: the profile fields (`docs/reference/entities.md#client-views`, "User socials"), plus the wallet's standing. */
export const userProfileSchema = z.object({
  success: z.literal(true),
  address: z.string(),
  username: z.string().nullable(),
  pfp: z.string().nullable(),
  pfpImage: z.string().nullable(),
  discordId: z.string().nullable(),
  discordUsername: z.string().nullable(),
  twitterId: z.string().nullable(),
  twitterUsername: z.string().nullable(),
  referral: z.string().nullable(),
  blocked: z.boolean(),
  isAdmin: z.boolean(),
});

/** `GET /api/user/{address}`'s answer. */
export type UserProfile = z.output<typeof userProfileSchema>;

/**
 * Usernames, validated by the shared rule (`checkUsername`: the text rule, then letters, digits, `_` and
 * `@`) with its messages in its order; the trimmed username replaces the input.
 */
export const usernameSchema = z
  .string({ error: VALIDATION_MESSAGES.usernameEmpty })
  .superRefine((value, ctx) => {
    const checked = checkUsername(value);
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.error });
  })
  .overwrite((value) => {
    const checked = checkUsername(value);
    return checked.ok ? checked.text : value;
  })
  // The document shows the rule's shape (what the deny list and the text rule add are in the messages).
  .meta({
    pattern: `^${USERNAME_PATTERN.source.slice(1, -2)}{1,${String(USERNAME_MAX_LENGTH)}}$`,
    example: 'degen_42',
  });

/** `POST /api/user/updateUsername`'s body. */
export const updateUsernameBodySchema = z.object(
  { username: usernameSchema },
  { error: VALIDATION_MESSAGES.usernameEmpty },
);

/** `POST /api/user/updateUsername`'s answer. */
export const updateUsernameResponseSchema = z.object({
  success: z.literal(true),
  disallowed: z.literal(false),
  username: z.string(),
});

/** `POST /api/user/updateUsername`'s answer. */
export type UpdateUsernameResponse = z.output<typeof updateUsernameResponseSchema>;

/** `POST /api/user/updateUsername`'s refusal of a taken name (409): whether the deny list refused it. */
export const usernameConflictSchema = z.looseObject({ ...apiErrorBodySchema.shape, disallowed: z.boolean() });

/** `POST /api/user/updatePfp`'s body: the id of an NFT the wallet holds. */
export const updatePfpBodySchema = z.object(
  {
    pfp: z
      .string({ error: VALIDATION_MESSAGES.pfpEmpty })
      .trim()
      .min(1, VALIDATION_MESSAGES.pfpEmpty)
      .max(64, 'You do not hold this NFT'),
  },
  { error: VALIDATION_MESSAGES.pfpEmpty },
);

/** `POST /api/user/updatePfp`'s answer. */
export const updatePfpResponseSchema = z.object({
  success: z.literal(true),
  pfp: z.string(),
  pfpImage: z.string(),
});

/** `POST /api/user/updatePfp`'s answer. */
export type UpdatePfpResponse = z.output<typeof updatePfpResponseSchema>;

// Juice

/** `GET /api/user/juice/{address}`'s answer: Juice figures in base units, and the claim times. */
export const juiceStatusSchema = z.object({
  success: z.literal(true),
  balance: z.string().describe('Juice base units held on chain (6 decimals)'),
  earned: z.string().describe('Juice base units the wallet ever earned (wagered SOL × 2400)'),
  claimed: z.string().describe('Juice base units minted to the wallet or in a claim that may still land'),
  claimable: z.string().describe('Juice base units earned and not yet claimed: earned − claimed'),
  decimals: z.number().describe(`Always ${JUICE_DECIMALS}`),
  lastClaim: z.number().describe('Unix seconds of the last claim; 0 when never'),
  nextClaimAt: z.number().describe('Unix seconds when the next claim opens; 0 when never claimed'),
});

/** `GET /api/user/juice/{address}`'s answer. */
export type JuiceStatus = z.output<typeof juiceStatusSchema>;

/** `POST /api/user/claimJuice`'s answer: the partly signed mint transaction the user signs and sends. */
export const claimJuiceResponseSchema = z.object({
  success: z.literal(true),
  transaction: z.string().describe('Base64 wire v0 transaction'),
  amount: z.string().describe('Juice base units it mints'),
  nextClaimAt: z.number(),
  lastValidBlockHeight: z
    .string()
    .describe(
      'u64: the last block height at which the transaction can land; past it, stop resending (the claim returns to claimable once the server sees it expired)',
    ),
});

/** `POST /api/user/claimJuice`'s answer. */
export type ClaimJuiceResponse = z.output<typeof claimJuiceResponseSchema>;

// Referrals

/** Characters of a referral code: no 0/O or 1/I/L, so a code read aloud or retyped stays the same. */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Characters in a referral code. */
export const REFERRAL_CODE_LENGTH = 8;
/** A well-formed referral code. */
export const REFERRAL_CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** The user-facing errors of the referral routes (the product's string where it has one). */
export const REFERRAL_ERRORS = Object.freeze({
  exists: API_ERROR_MESSAGES[ApiErrorCode.REFERRAL_EXISTS],
  notFound: API_ERROR_MESSAGES[ApiErrorCode.REFERRAL_NOT_FOUND],
  invalidCode: 'Invalid referral code',
} as const);

/** A referral code, case-insensitive: 'Invalid referral code' unless 8 characters of the code alphabet. */
export const referralCodeSchema = z
  .string({ error: REFERRAL_ERRORS.invalidCode })
  .trim()
  .toUpperCase()
  .refine((code) => REFERRAL_CODE_PATTERN.test(code), { error: REFERRAL_ERRORS.invalidCode })
  .meta({ description: 'an 8-character referral code, any case', example: 'RYKC8X3S' });

/** `GET /api/user/referral/{code}`'s parameters. */
export const referralCodeParams = z.object({ code: referralCodeSchema });

/** `POST /api/user/createReferral`'s answer: the new code. */
export const createReferralResponseSchema = z.object({ success: z.literal(true), referral: z.string() });

/** `POST /api/user/createReferral`'s answer. */
export type CreateReferralResponse = z.output<typeof createReferralResponseSchema>;

/** `GET /api/user/referral/{code}`'s answer: the wallet the code belongs to. */
export const referralOwnerSchema = z.object({ success: z.literal(true), address: z.string() });

/** `GET /api/user/referral/{code}`'s answer. */
export type ReferralOwner = z.output<typeof referralOwnerSchema>;

/** `GET /api/user/referralStats/{address}`'s answer, lamports as decimal strings. */
export const referralStatsSchema = z.object({
  success: z.literal(true),
  fees: z
    .string()
    .describe(
      "Lamports: referees' settled bets' referral fees plus the Prophecy market referrer shares credited",
    ),
  referredUserCount: z.number(),
  claimable: z
    .string()
    .describe("Lamports in the wallet's referral vault above its rent: what claim_referral pays now"),
  claimed: z.string().describe('Lamports claim_referral has paid out of the vault, ever'),
});

/** `GET /api/user/referralStats/{address}`'s answer. */
export type ReferralStats = z.output<typeof referralStatsSchema>;
