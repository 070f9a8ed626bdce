/**
 * The swap half of claiming a token prize (`claim_bet(sol = false)` then the swap, in ONE transaction:
 * docs/reference/rules.md#claim): a quote for exactly the prize in SOL → the token (`GET /api/swap/quote`,
 * the spec's slippage, exact-in, direct routes), its instructions (`POST /api/swap/swap-instructions`), and
 * the co-signer (`POST /api/swap/cosign`: the local swap desk signs its payout; on mainnet it answers
 * `required: false` and the transaction unchanged).
 *
 * @module
 */

import type {
  CosignResponse,
  JsonInstruction,
  SwapInstructionsBody,
  SwapInstructionsResponse,
  SwapQuote,
  SwapQuoteResponse,
} from '@arcade/sdk/api/market-data';
import { SWAP_SLIPPAGE_BPS } from '@arcade/sdk/constants';
import { ERROR_MESSAGES } from '@arcade/sdk/messages';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { AccountRole, address, getBase64Encoder, type Address, type Instruction } from '@solana/kit';

import { api } from '../../../lib/api-client.ts';

/** What the claim transaction needs after `claim_bet(sol = false)`. */
export interface TokenClaimPlan {
  /** The swap's instructions, in order (the sender sets its own compute budget). */
  readonly instructions: readonly Instruction[];
  /** Token base units the swap pays out. */
  readonly outAmount: bigint;
  /** Posts the wallet-signed transaction for the swap desk's signature. */
  readonly cosign: (wireBase64: string) => Promise<string>;
  /** The route's lookup tables (mainnet routes need them to fit in one transaction). */
  readonly addressLookupTables: readonly Address[];
}

function role(account: { isSigner: boolean; isWritable: boolean }): AccountRole {
  if (account.isSigner) return account.isWritable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER;
  return account.isWritable ? AccountRole.WRITABLE : AccountRole.READONLY;
}

/** A swap-service instruction as a @solana/kit instruction. */
export function toInstruction(json: JsonInstruction): Instruction {
  return {
    programAddress: address(json.programId),
    accounts: json.accounts.map((account) => ({ address: address(account.pubkey), role: role(account) })),
    data: new Uint8Array(getBase64Encoder().encode(json.data)),
  };
}

/**
 * The swap desk would not co-sign the claim (an expired or used quote, a network failure): the claim could
 * not be built: 'Invalid Transaction'.
 */
export class SwapCosignError extends Error {
  override readonly name = 'SwapCosignError';
}

/** `POST /api/swap/cosign`: the transaction with the swap desk's signature (unchanged where none is needed). */
export async function cosignSwap(wireBase64: string): Promise<string> {
  const body = await api<CosignResponse>('/api/swap/cosign', {
    method: 'POST',
    body: { transaction: wireBase64 },
  });
  return body.transaction;
}

/**
 * The swap of a `prize` lamports win into `mint` for `user`.
 *
 * @throws Error(ERROR_MESSAGES.invalidTransaction) ('Invalid Transaction') when the quote or its
 *   instructions cannot be had or used: the caller offers the SOL claim instead.
 */
export async function composeTokenClaim(
  user: Address,
  mint: Address,
  prize: bigint,
): Promise<TokenClaimPlan> {
  try {
    const quote = await api<SwapQuoteResponse>('/api/swap/quote', {
      query: {
        inputMint: NATIVE_MINT_ADDRESS,
        outputMint: mint,
        amount: prize.toString(),
        slippageBps: SWAP_SLIPPAGE_BPS,
        swapMode: 'ExactIn',
        onlyDirectRoutes: true,
      },
    });
    // `success` is the API's envelope, not part of the quote the service hands back.
    const quoteResponse: SwapQuote = { ...quote };
    delete quoteResponse.success;
    const swap = await api<SwapInstructionsResponse>('/api/swap/swap-instructions', {
      method: 'POST',
      body: { quoteResponse, userPublicKey: user, wrapAndUnwrapSol: true } satisfies SwapInstructionsBody,
    });
    const instructions = [
      ...swap.setupInstructions,
      swap.swapInstruction,
      ...(swap.cleanupInstruction === null ? [] : [swap.cleanupInstruction]),
      ...swap.otherInstructions,
    ].map(toInstruction);
    return {
      instructions,
      outAmount: BigInt(quote.outAmount),
      cosign: async (wireBase64: string) => {
        try {
          return await cosignSwap(wireBase64);
        } catch (error) {
          console.error('The swap desk did not co-sign the claim', error);
          throw new SwapCosignError(ERROR_MESSAGES.invalidTransaction, { cause: error });
        }
      },
      addressLookupTables: swap.addressLookupTableAddresses.map((table) => address(table)),
    };
  } catch (error) {
    console.error('Composing the token claim failed', error);
    throw new Error(ERROR_MESSAGES.invalidTransaction, { cause: error });
  }
}
