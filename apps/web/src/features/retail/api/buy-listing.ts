/**
 * A won NFT is claimed in ONE transaction: `claim_bet(sol = false)` pays the prize's SOL to the player and
 * the marketplace's buy instructions, right after it, spend that SOL on the NFT (docs/reference/rules.md#retail), so either the
 * NFT arrives or nothing happens.
 *
 * The buy comes from `GET /api/nfts/buyListingTx` as a whole wire transaction; its instructions are taken
 * out of it (compute-budget instructions dropped: the sender sets its own) and composed after the claim.
 * A marketplace whose buy needs its own signature (the local one, which holds the NFT in a plain token
 * account) signs the composed transaction through `POST /api/nfts/cosignBuy`.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import type { BuyListingResponseJson, CosignBuyResponseJson } from '@arcade/sdk/api/nfts';
import { ERROR_MESSAGES } from '@arcade/sdk/messages';
import {
  address as toAddress,
  decompileTransactionMessageFetchingLookupTables,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type Instruction,
} from '@solana/kit';

import { api, ApiError } from '../../../lib/api-client.ts';
import { NFT_CLAIM_DETAILS, type NftClaimFailure } from '../../../lib/error-text.ts';
import { getRpc } from '../../../lib/wallet/rpc.ts';
import { priceBreakdown } from '../utils/price-breakdown.ts';
import { getListing } from './get-listing.ts';

/** The compute budget program: its instructions in the marketplace's transaction are the sender's job. */
const COMPUTE_BUDGET_PROGRAM = toAddress('ComputeBudget111111111111111111111111111111');

/**
 * The claim as NFT cannot be composed: the message is the spec's 'Invalid Transaction'; `reason` says
 * why, and `detail` in a sentence.
 */
export class NftClaimError extends Error {
  override readonly name = 'NftClaimError';
  readonly reason: NftClaimFailure;
  readonly detail: string;

  constructor(reason: NftClaimFailure, detail: string, options?: { cause?: unknown }) {
    super(ERROR_MESSAGES.invalidTransaction, options);
    this.reason = reason;
    this.detail = detail;
  }
}

/**
 * The marketplace's refusals of a buy or a co-signature (`buyListingTx`, `cosignBuy`) that name why, by
 * code; any other refusal is 'compose'.
 */
const BUY_REFUSALS: ReadonlyMap<ApiErrorCode, NftClaimFailure> = new Map([
  [ApiErrorCode.PRICE_CHANGED, 'price-changed'],
  [ApiErrorCode.LISTING_UNAVAILABLE, 'sold'],
  [ApiErrorCode.PURCHASE_LISTING_NOT_FOUND, 'sold'],
]);

/** The buy, ready to follow `claim_bet` in the same transaction. */
export interface ComposedBuy {
  readonly instructions: readonly Instruction[];
  /** Signs the composed transaction for the marketplace; absent when its buy needs only the buyer. */
  readonly cosign?: (wireTransactionBase64: string) => Promise<string>;
  /** The lookup tables the marketplace's buy used, kept so the claim still fits in one transaction. */
  readonly addressLookupTables: readonly Address[];
}

/** What to buy, and for whom. */
export interface BuyRequest {
  readonly collId: string;
  readonly mint: string;
  /** The bet's prize (`listing_price`): the most the buy may cost. */
  readonly prize: bigint;
  readonly buyer: Address;
}

/**
 * `POST /api/nfts/cosignBuy`: the marketplace's signature on a transaction that buys one of its listings.
 *
 * @throws NftClaimError when it will not sign: the listing sold or its price changed since the buy was
 *   composed (its refusal's code names the reason), or anything else ('compose'). Without the signature the
 *   claim cannot be built: 'Invalid Transaction'.
 */
export async function cosignBuy(wireTransactionBase64: string): Promise<string> {
  try {
    const { transaction } = await api<CosignBuyResponseJson>('/api/nfts/cosignBuy', {
      method: 'POST',
      body: { transaction: wireTransactionBase64 },
    });
    return transaction;
  } catch (error) {
    throw nftClaimErrorOf(error);
  }
}

/** The marketplace's refusal as an {@link NftClaimError} (its codes name the reason). */
function nftClaimErrorOf(error: unknown): NftClaimError {
  const code = error instanceof ApiError ? error.code : undefined;
  const reason = (code === undefined ? undefined : BUY_REFUSALS.get(code)) ?? 'compose';
  return new NftClaimError(reason, NFT_CLAIM_DETAILS[reason], { cause: error });
}

/** The instructions (and extra signers) of a base64 wire transaction paid by `buyer`. */
export async function decodeBuyTransaction(
  wireTransactionBase64: string,
  buyer: Address,
): Promise<{ instructions: Instruction[]; cosigners: Address[]; addressLookupTables: Address[] }> {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wireTransactionBase64));
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const message = await decompileTransactionMessageFetchingLookupTables(compiled, getRpc());
  if (message.feePayer.address !== buyer) throw new Error('The buy is not paid by the buyer');
  const instructions = message.instructions
    .filter((instruction) => instruction.programAddress !== COMPUTE_BUDGET_PROGRAM)
    .map((instruction): Instruction => ({ ...instruction }));
  if (instructions.length === 0) throw new Error('The buy has no instructions');
  const cosigners = (Object.keys(transaction.signatures) as Address[]).filter((signer) => signer !== buyer);
  const addressLookupTables =
    'addressTableLookups' in compiled
      ? (compiled.addressTableLookups ?? []).map((lookup) => lookup.lookupTableAddress)
      : [];
  return { instructions, cosigners, addressLookupTables };
}

/**
 * Checks that the listing is still live at a buyer price the prize covers, then fetches and decodes its
 * buy.
 *
 * @throws NftClaimError ('Invalid Transaction') when it is sold, costs more than the prize, or the
 *   marketplace's answer cannot be composed.
 */
export async function composeNftBuy(request: BuyRequest): Promise<ComposedBuy> {
  let listing;
  try {
    listing = await getListing(request.collId, request.mint);
  } catch (error) {
    throw new NftClaimError('compose', NFT_CLAIM_DETAILS.compose, { cause: error });
  }
  if (listing === null) throw new NftClaimError('sold', NFT_CLAIM_DETAILS.sold);
  if (priceBreakdown(listing).buyerPrice > request.prize) {
    throw new NftClaimError('price-changed', NFT_CLAIM_DETAILS['price-changed']);
  }
  let wire: string;
  try {
    ({ transaction: wire } = await api<BuyListingResponseJson>('/api/nfts/buyListingTx', {
      query: {
        mint: request.mint,
        maxPrice: request.prize.toString(),
        buyer: request.buyer,
        owner: listing.seller,
      },
    }));
  } catch (error) {
    // The marketplace checks again between our read and the buy.
    throw nftClaimErrorOf(error);
  }
  let decoded;
  try {
    decoded = await decodeBuyTransaction(wire, request.buyer);
  } catch (error) {
    throw new NftClaimError('compose', NFT_CLAIM_DETAILS.compose, { cause: error });
  }
  const { instructions, addressLookupTables } = decoded;
  return decoded.cosigners.length === 0
    ? { instructions, addressLookupTables }
    : { instructions, addressLookupTables, cosign: cosignBuy };
}
