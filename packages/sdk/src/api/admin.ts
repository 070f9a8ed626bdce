/**
 * The operator console's API (`/api/admin/...`, admins only; `docs/reference/api.md#admin`): the
 * blocked-wallet list, the House and Foresight config as the chain holds them, and pausing either game.
 *
 * @module
 */

import { z } from 'zod';

import { BLOCK_REASON_MAX_LENGTH } from '../constants.ts';
import { addressSchema } from './common.ts';
import { API_ERROR_MESSAGES, ApiErrorCode } from './error-codes.ts';

/** The user-facing errors of the admin routes. */
export const ADMIN_ERRORS = Object.freeze({
  cannotBlockAdmin: API_ERROR_MESSAGES[ApiErrorCode.CANNOT_BLOCK_ADMIN],
  notBlocked: API_ERROR_MESSAGES[ApiErrorCode.WALLET_NOT_BLOCKED],
  reasonTooLong: `Reason cannot be longer than ${BLOCK_REASON_MAX_LENGTH} characters`,
  invalidGame: "game must be 'wager' or 'foresight'",
  invalidPaused: 'paused must be true or false',
  chainUnavailable: API_ERROR_MESSAGES[ApiErrorCode.CHAIN_UNAVAILABLE],
  houseMissing: API_ERROR_MESSAGES[ApiErrorCode.HOUSE_NOT_INITIALIZED],
  configMissing: API_ERROR_MESSAGES[ApiErrorCode.FORESIGHT_CONFIG_NOT_INITIALIZED],
  transactionFailed: API_ERROR_MESSAGES[ApiErrorCode.CHAIN_REFUSED_TRANSACTION],
} as const);

/** A blocked wallet: why, by whom and when. */
export const blockedWalletSchema = z.object({
  address: z.string(),
  reason: z.string(),
  blockedBy: z.string(),
  blockedAt: z.number().describe('Unix seconds'),
});

/** A blocked wallet: why, by whom and when (unix seconds). */
export type BlockedWallet = z.output<typeof blockedWalletSchema>;

/** Lamports, as a decimal string. */
const lamportsString = z.string().describe('Lamports, decimal string');

/** `GET /api/admin/blocked`'s answer: every blocked wallet, most recently blocked first. */
export const blockedWalletsSchema = z.object({
  success: z.literal(true),
  blocked: z.array(blockedWalletSchema),
});

/** `GET /api/admin/blocked`'s answer. */
export type BlockedWallets = z.output<typeof blockedWalletsSchema>;

/** `POST /api/admin/blocked`'s body: the wallet and why. */
export const blockWalletBodySchema = z.object(
  {
    address: addressSchema,
    reason: z
      .string({ error: 'reason must be a string' })
      .trim()
      .max(BLOCK_REASON_MAX_LENGTH, ADMIN_ERRORS.reasonTooLong)
      .default(''),
  },
  { error: 'Invalid address' },
);

/** `POST /api/admin/blocked`'s answer: the block as recorded. */
export const blockWalletResponseSchema = z.object({ success: z.literal(true), blocked: blockedWalletSchema });

/** `POST /api/admin/blocked`'s answer. */
export type BlockWalletResponse = z.output<typeof blockWalletResponseSchema>;

/** `DELETE /api/admin/blocked/{address}`'s answer. */
export const unblockWalletResponseSchema = z.object({ success: z.literal(true), address: z.string() });

/** `DELETE /api/admin/blocked/{address}`'s answer. */
export type UnblockWalletResponse = z.output<typeof unblockWalletResponseSchema>;

/** `GET /api/admin/house`'s answer: the House and the Foresight config as the chain holds them. */
export const adminHouseSchema = z.object({
  success: z.literal(true),
  house: z.object({
    address: z.string(),
    balance: lamportsString,
    rent: lamportsString,
    outstanding: lamportsString,
    freeBalance: lamportsString.describe('balance − rent − outstanding, at least 0'),
    paused: z.boolean(),
    authority: z.string(),
    settler: z.string(),
    treasury: z.string(),
  }),
  foresight: z.object({
    config: z.string(),
    disabled: z.boolean(),
    authority: z.string(),
    eventSigner: z.string(),
    treasury: z.string(),
    liveEvent: z.number(),
    lockedEvent: z.number(),
    timelock: z.number(),
  }),
});

/** `GET /api/admin/house`'s answer. */
export type AdminHouse = z.output<typeof adminHouseSchema>;

/** `POST /api/admin/pause`'s body: which game, and paused or not. */
export const pauseBodySchema = z.object(
  {
    game: z.enum(['wager', 'foresight'], { error: ADMIN_ERRORS.invalidGame }),
    paused: z.boolean({ error: ADMIN_ERRORS.invalidPaused }),
  },
  { error: ADMIN_ERRORS.invalidGame },
);

/** `POST /api/admin/pause`'s answer: the transaction that set it. */
export const pauseResponseSchema = z.object({
  success: z.literal(true),
  game: z.enum(['wager', 'foresight']),
  paused: z.boolean(),
  signature: z.string(),
});

/** `POST /api/admin/pause`'s answer. */
export type PauseResponse = z.output<typeof pauseResponseSchema>;
