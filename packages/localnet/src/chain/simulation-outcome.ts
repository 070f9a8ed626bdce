/**
 * What a simulation reports beyond the execution itself: balances before and after, the accounts it
 * wrote, the fee it would pay and the data size it loaded.
 *
 * @module
 */

import { SimulatedTransactionInfo } from 'litesvm/dist/internal.js';

import { encodeBase58, decodeBase58 } from '../wire/base58.ts';
import { feeForMessage } from '../wire/compute-budget.ts';
import { bytesEqual } from '../wire/program-ids.ts';
import type { TransactionErrorJson } from '../wire/transaction-error.ts';
import { snapshotBalances, type BalanceSnapshot } from './account-snapshot.ts';
import { viewOf, type AccountView } from './account-view.ts';
import type { ExecutionOutcome } from './execution-outcome.ts';
import type { LoadedTransaction } from './loaded-transaction.ts';
import type { SvmAccount, SvmBinding } from './svm-binding.ts';

/** What a simulation found, in the shape `simulateTransaction` reports. */
export interface SimulationOutcome extends ExecutionOutcome {
  /** Whether the transaction got as far as executing (and would have paid its fee). */
  readonly executed: boolean;
  readonly fee: bigint | null;
  readonly preBalances: readonly bigint[] | null;
  readonly postBalances: readonly bigint[] | null;
  readonly preTokenBalances: BalanceSnapshot['tokens'] | null;
  readonly postTokenBalances: BalanceSnapshot['tokens'] | null;
  /** Writable accounts as the simulation left them, by base58 address. */
  readonly postAccounts: ReadonlyMap<string, AccountView>;
  readonly loadedAccountsDataSize: number;
}

/** Size added per loaded account to `loadedAccountsDataSize` (Agave's `TRANSACTION_ACCOUNT_BASE_SIZE`). */
const TRANSACTION_ACCOUNT_BASE_SIZE = 64;
const UPGRADEABLE_LOADER = decodeBase58('BPFLoaderUpgradeab1e11111111111111111111111')!;

/** A simulation that stopped before executing (expired blockhash, replay, bad signature). */
export function notExecuted(err: TransactionErrorJson): SimulationOutcome {
  return {
    err,
    logs: [],
    unitsConsumed: 0n,
    innerInstructions: [],
    returnData: null,
    executed: false,
    fee: null,
    preBalances: null,
    postBalances: null,
    preTokenBalances: null,
    postTokenBalances: null,
    postAccounts: new Map(),
    loadedAccountsDataSize: 0,
  };
}

/**
 * Completes a simulation's outcome: balances after it come from the accounts it wrote (LiteSVM returns
 * those only when it succeeded), the others from the current state.
 */
export function simulationOutcome(
  binding: SvmBinding,
  transaction: LoadedTransaction,
  result: ReturnType<SvmBinding['simulateLegacyTransaction']>,
  outcome: ExecutionOutcome,
  pre: BalanceSnapshot,
  withTokens: boolean,
): SimulationOutcome {
  const executed =
    outcome.err === null || (typeof outcome.err === 'object' && !('DuplicateInstruction' in outcome.err));
  const postAccounts = new Map<string, AccountView>();
  let post: BalanceSnapshot | null = null;
  if (result instanceof SimulatedTransactionInfo) {
    const written = new Map<string, SvmAccount>();
    for (const entry of result.postAccounts()) {
      const account = entry.account();
      const address = encodeBase58(entry.address);
      written.set(address, account);
      postAccounts.set(address, viewOf(account));
    }
    post = snapshotBalances(binding, transaction.accountKeys, withTokens, (index) =>
      written.get(encodeBase58(transaction.accountKeys[index]!)),
    );
  }
  return {
    ...outcome,
    executed,
    fee: executed ? feeForMessage(transaction.parsed.message) : null,
    preBalances: post ? pre.lamports : null,
    postBalances: post ? post.lamports : null,
    preTokenBalances: post ? pre.tokens : null,
    postTokenBalances: post ? post.tokens : null,
    postAccounts,
    loadedAccountsDataSize: loadedAccountsDataSize(binding, transaction),
  };
}

/** Agave's `loadedAccountsDataSize`: each account's data plus a base size, and program data of upgradeable programs. */
function loadedAccountsDataSize(binding: SvmBinding, transaction: LoadedTransaction): number {
  let size = 0;
  for (const key of transaction.accountKeys) {
    const account = binding.getAccount(key);
    if (!account) continue;
    const data = account.data();
    size += data.length + TRANSACTION_ACCOUNT_BASE_SIZE;
    if (account.executable() && bytesEqual(account.owner(), UPGRADEABLE_LOADER) && data.length >= 36) {
      const programData = binding.getAccount(data.subarray(4, 36));
      if (programData) size += programData.data().length + TRANSACTION_ACCOUNT_BASE_SIZE;
    }
  }
  return size;
}
