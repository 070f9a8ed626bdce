/**
 * A chain double for the Prophecy tests: the shared {@link MockChain} with markets and predictions written
 * as real encodings (the SDK's `encodeMarket` and `encodePrediction`), so the feature's decoding is
 * exercised too, and pushed to their subscribers. Tests only.
 *
 * @module
 */

import { encodeMarket, encodePrediction, MarketResult } from '@arcade/sdk/wager/accounts';
import { findMarketAuthorityAddress, findPredictionAddress } from '@arcade/sdk/wager/pda';
import type { Address } from '@solana/kit';

import { MockChain, RENT, WAGER } from '../../../testing/mock-chain.ts';

/** Addresses the tests use: valid base58 public keys. */
export const TEST_ADDRESSES = {
  wager: WAGER,
  market: '8HQRMwo4Uvx3bZrTg1HzaGcUMBtzwmTPDBT9j65EuWjT' as Address,
  player: 'DtDN5Xdri1jSYzRtZS2egNcHdsu76mmU4GkidKM9Spiy' as Address,
  admin: '8z9r9jJf9u2wEsuEci9YczEubqznRCMp4jpjzz8RDBmS' as Address,
} as const;

/** The chain double. */
export class FakeChain extends MockChain {
  /** Stores a market account. */
  async setMarket(
    market: Address,
    fields: {
      readonly cutoffTime: number;
      readonly endTime?: number;
      readonly yesPool?: bigint;
      readonly noPool?: bigint;
      readonly yesCount?: number;
      readonly noCount?: number;
      readonly result?: 'yes' | 'no' | 'invalid' | null;
      readonly settledCount?: number;
    },
  ): Promise<void> {
    const [authority] = await findMarketAuthorityAddress(market, { programAddress: TEST_ADDRESSES.wager });
    const result =
      fields.result === undefined || fields.result === null
        ? null
        : { yes: MarketResult.Yes, no: MarketResult.No, invalid: MarketResult.Invalid }[fields.result];
    const data = encodeMarket({
      startTime: 1,
      endTime: fields.endTime ?? fields.cutoffTime + 60,
      cutoffTime: fields.cutoffTime,
      yesCount: fields.yesCount ?? 0,
      noCount: fields.noCount ?? 0,
      yesPool: fields.yesPool ?? 0n,
      noPool: fields.noPool ?? 0n,
      isSettled: result !== null,
      settledCount: fields.settledCount ?? 0,
      result,
      referrer: null,
      marketAuthority: authority,
    });
    this.set(market, data, RENT, true);
  }

  /** Stores `user`'s prediction in `market`; returns its address. */
  async setPrediction(
    market: Address,
    user: Address,
    fields: { readonly side: 'yes' | 'no'; readonly amount: bigint; readonly isClaimed?: boolean },
  ): Promise<Address> {
    const [address] = await findPredictionAddress(market, user, { programAddress: TEST_ADDRESSES.wager });
    const data = encodePrediction({
      user,
      market,
      amount: fields.amount,
      result: fields.side === 'yes' ? MarketResult.Yes : MarketResult.No,
      isClaimed: fields.isClaimed ?? false,
    });
    this.set(address, data, RENT, true);
    return address;
  }
}
