/**
 * Reads the SOL/USD price from the chain's Pyth PriceUpdateV2 account (on the local chain, the one the
 * local publisher writes every slot).
 *
 * @module
 */

import { decodePriceUpdateV2 } from '@arcade/sdk/pyth/price-update-v2';
import type { Address, Rpc, SolanaRpcApi } from '@solana/kit';

import type { OraclePrice } from './swap-desk-math.ts';

/**
 * The latest SOL/USD price in `account`, with the slot it was read at.
 *
 * @throws Error when the account is missing, is not a PriceUpdateV2, or holds a price that is not positive.
 */
export async function readOraclePrice(
  rpc: Rpc<SolanaRpcApi>,
  account: Address,
): Promise<{ readonly price: OraclePrice; readonly slot: bigint }> {
  const { context, value } = await rpc
    .getAccountInfo(account, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  if (value === null) throw new Error(`the price account ${account} does not exist`);
  const update = decodePriceUpdateV2(Buffer.from(value.data[0], 'base64'));
  const { price, exponent } = update.priceMessage;
  if (price <= 0n) throw new Error(`the price account ${account} holds no positive price`);
  return { price: { price, exponent }, slot: context.slot };
}
