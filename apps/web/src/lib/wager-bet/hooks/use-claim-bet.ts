/**
 * Claiming a won bet: `claim_bet(sol)` and, for a token or NFT prize, the instructions that turn the SOL
 * into the prize (a swap, a marketplace buy) after it in the same transaction, so either the prize arrives
 * or nothing happens (docs/reference/rules.md#claim).
 *
 * @module
 */

import { getClaimBetInstructionAsync } from '@arcade/sdk/wager/instructions';
import type { Address, Instruction, Signature } from '@solana/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useSendTransaction } from '../../wallet/use-send-transaction.ts';
import { useWallet } from '../../wallet/wallet-context.tsx';
import { unclaimedWinsKey } from '../../query-keys.ts';
import { betAddressOf, wagerProgram } from '../../programs.ts';
import { recordClaimedBet } from '../api/claimed-bet.ts';
import { betHistoryKey } from '../api/get-bet-history.ts';
import { betRecordKey } from '../api/get-bet-record.ts';
import { houseLimitsKey } from '../api/get-house-limits.ts';
import { BetPreflightError } from '../utils/bet-errors.ts';

/** What {@link useClaimBet}'s `claim` takes. */
export interface ClaimBetArgs {
  /** True: the prize in SOL. False: `after` turns it into the token or NFT. */
  readonly sol: boolean;
  /** Instructions after the claim in the same transaction (swap or marketplace buy). */
  readonly after?: readonly Instruction[];
  /** Adds a second party's signature once the wallet signed (the local swap desk or marketplace). */
  readonly cosign?: (wireBase64: string) => Promise<string>;
  /** Lookup tables `after`'s accounts come through (a swap route's, a marketplace buy's). */
  readonly addressLookupTables?: readonly Address[];
}

/** claim_bet(sol) plus optional instructions after it in the same transaction (swap / marketplace buy) and a co-signer. */
export function useClaimBet(): { claim: (args: ClaimBetArgs) => Promise<Signature>; isPending: boolean } {
  const { wallet } = useWallet();
  const send = useSendTransaction();
  const queryClient = useQueryClient();
  const user = wallet?.address ?? null;

  const mutation = useMutation({
    mutationFn: async ({
      sol,
      after = [],
      cosign,
      addressLookupTables = [],
    }: ClaimBetArgs): Promise<Signature> => {
      if (user === null || send === null) {
        throw new BetPreflightError('NoWallet', 'Connect your wallet to claim.');
      }
      const claim = await getClaimBetInstructionAsync({ user, sol }, wagerProgram());
      return send({
        instructions: [claim, ...after],
        ...(cosign === undefined ? {} : { cosign }),
        ...(addressLookupTables.length === 0 ? {} : { addressLookupTables }),
      });
    },
    onSuccess: async (signature) => {
      if (user === null) return;
      // The history lags the chain: remember the claim so the lists show it paid at once.
      recordClaimedBet(queryClient, user, {
        bet: await betAddressOf(user),
        signature,
        at: Math.floor(Date.now() / 1000),
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: unclaimedWinsKey(user) });
      void queryClient.invalidateQueries({ queryKey: betRecordKey(user) });
      void queryClient.invalidateQueries({ queryKey: houseLimitsKey });
      void queryClient.invalidateQueries({ queryKey: betHistoryKey(user) });
    },
  });

  return { claim: mutation.mutateAsync, isPending: mutation.isPending };
}
