/**
 * The operator console (admins only): the blocked-wallet list, the House and Foresight config as the
 * chain holds them, and pausing either game.
 *
 * `GET /api/admin/blocked`, `POST /api/admin/blocked`, `DELETE /api/admin/blocked/{address}`,
 * `GET /api/admin/house`, `POST /api/admin/pause`.
 *
 * @module
 */

import {
  adminHouseSchema,
  blockedWalletsSchema,
  blockWalletBodySchema,
  blockWalletResponseSchema,
  pauseBodySchema,
  pauseResponseSchema,
  unblockWalletResponseSchema,
} from '@arcade/sdk/api/admin';
import { addressParams } from '@arcade/sdk/api/common';
import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { decodeConfig } from '@arcade/sdk/foresight/accounts';
import { getUpdateConfigInstruction } from '@arcade/sdk/foresight/instructions';
import { findConfigAddress } from '@arcade/sdk/foresight/pda';
import { decodePriceUpdateV2 } from '@arcade/sdk/pyth/price-update-v2';
import { decodeHouse, HOUSE_ACCOUNT_SIZE, type HouseAccount } from '@arcade/sdk/wager/accounts';
import { houseFreeBalance } from '@arcade/sdk/wager/bet-math';
import { getUpdateHouseInstructionAsync } from '@arcade/sdk/wager/instructions';
import { findHouseAddress } from '@arcade/sdk/wager/pda';
import { fetchEncodedAccount, type Address, type Signature } from '@solana/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { sendAndConfirm } from '../../../chain/send-transaction.ts';
import { badGateway, badRequest, notFound } from '../../../http/errors.ts';
import { bearer, errorResponses, errorSchema } from '../../../http/schemas.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const blocked = app.repositories.blockedWallets;
  const { rpc, signers } = app.chain;

  /** Runs a chain read: its failure is the chain's, a 502 without internals. */
  async function onChain<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch {
      throw badGateway(ApiErrorCode.CHAIN_UNAVAILABLE);
    }
  }

  async function readHouse(): Promise<{ address: Address; lamports: bigint; house: HouseAccount }> {
    const [address] = await findHouseAddress();
    const account = await onChain(() => fetchEncodedAccount(rpc, address, { commitment: 'confirmed' }));
    if (!account.exists) throw notFound(ApiErrorCode.HOUSE_NOT_INITIALIZED);
    return { address, lamports: account.lamports, house: decodeHouse(account.data) };
  }

  /** The Foresight config of the server's price feed: its PDA is derived from the feed id the feed holds. */
  async function readForesightConfig() {
    const price = await onChain(() =>
      fetchEncodedAccount(rpc, app.chain.addresses.priceAccount, { commitment: 'confirmed' }),
    );
    if (!price.exists) throw notFound(ApiErrorCode.FORESIGHT_CONFIG_NOT_INITIALIZED);
    const [address] = await findConfigAddress(decodePriceUpdateV2(price.data).priceMessage.feedId);
    const account = await onChain(() => fetchEncodedAccount(rpc, address, { commitment: 'confirmed' }));
    if (!account.exists) throw notFound(ApiErrorCode.FORESIGHT_CONFIG_NOT_INITIALIZED);
    return { address, config: decodeConfig(account.data) };
  }

  async function send(instruction: Parameters<typeof sendAndConfirm>[2][number]): Promise<Signature> {
    try {
      return await sendAndConfirm(rpc, signers.authority, [instruction]);
    } catch (error) {
      app.log.error({ err: error }, 'admin transaction failed');
      throw badGateway(ApiErrorCode.CHAIN_REFUSED_TRANSACTION);
    }
  }

  app.get(
    '/blocked',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: 'Every blocked wallet, most recently blocked first',
        tags: ['admin'],
        security: bearer,
        response: {
          200: blockedWalletsSchema,
          ...errorResponses,
        },
      },
    },
    async () => ({ success: true as const, blocked: await blocked.list() }),
  );

  app.post(
    '/blocked',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary:
          'Blocks a wallet (or updates its reason): it can no longer sign in or use an authenticated route',
        tags: ['admin'],
        security: bearer,
        body: blockWalletBodySchema,
        response: {
          200: blockWalletResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { address, reason } = request.body;
      if (app.adminWallets.has(address)) throw badRequest(ApiErrorCode.CANNOT_BLOCK_ADMIN);
      const record = await blocked.block(address, reason, request.user!.address);
      app.profileCache.delete(address);
      return { success: true as const, blocked: record };
    },
  );

  app.delete(
    '/blocked/:address',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: 'Unblocks a wallet',
        tags: ['admin'],
        security: bearer,
        params: addressParams,
        response: { 200: unblockWalletResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const unblocked = await blocked.unblock(request.params.address);
      app.profileCache.delete(request.params.address);
      if (!unblocked) throw notFound(ApiErrorCode.WALLET_NOT_BLOCKED);
      return { success: true as const, address: request.params.address };
    },
  );

  app.get(
    '/house',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary:
          'The House as the chain holds it (balance, outstanding, free balance, paused, keys) and whether Foresight is disabled',
        tags: ['admin'],
        security: bearer,
        response: {
          200: adminHouseSchema,
          ...errorResponses,
          502: errorSchema,
        },
      },
    },
    async () => {
      const [{ address, lamports, house }, foresight, rent] = await Promise.all([
        readHouse(),
        readForesightConfig(),
        onChain(() => rpc.getMinimumBalanceForRentExemption(BigInt(HOUSE_ACCOUNT_SIZE)).send()),
      ]);
      return {
        success: true as const,
        house: {
          address,
          balance: lamports.toString(),
          rent: rent.toString(),
          outstanding: house.outstanding.toString(),
          freeBalance: houseFreeBalance(lamports, rent, house.outstanding).toString(),
          paused: house.paused,
          authority: house.authority,
          settler: house.settler,
          treasury: house.treasury,
        },
        foresight: {
          config: foresight.address,
          disabled: foresight.config.disabled,
          authority: foresight.config.authority,
          eventSigner: foresight.config.eventSigner,
          treasury: foresight.config.treasury,
          liveEvent: foresight.config.liveEvent,
          lockedEvent: foresight.config.lockedEvent,
          timelock: foresight.config.timelock,
        },
      };
    },
  );

  app.post(
    '/pause',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary:
          'Pauses or resumes a game on chain: update_house (TailSpin, ReTail and Prophecy) or update_config (Foresight)',
        tags: ['admin'],
        security: bearer,
        body: pauseBodySchema,
        response: {
          200: pauseResponseSchema,
          ...errorResponses,
          502: errorSchema,
        },
      },
    },
    async (request) => {
      const { game, paused } = request.body;
      let signature: Signature;
      if (game === 'wager') {
        // update_house writes every field: keep the settler and treasury as they are. The product never
        // takes the spec's off-chain bets (their roll is the settler's choice), so they stay off.
        const { house } = await readHouse();
        signature = await send(
          await getUpdateHouseInstructionAsync({
            authority: signers.authority,
            settler: house.settler,
            treasury: house.treasury,
            paused,
            offchainBets: false,
          }),
        );
      } else {
        const { address } = await readForesightConfig();
        signature = await send(
          getUpdateConfigInstruction({ authority: signers.authority, config: address, disabled: paused }),
        );
      }
      request.log.info({ game, paused, signature, admin: request.user?.address }, 'game paused state set');
      return { success: true as const, game, paused, signature };
    },
  );
};

export default routes;
