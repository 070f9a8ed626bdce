/**
 * Accounts as plain data, read once out of LiteSVM's binding objects.
 *
 * @module
 */

import type { SvmAccount } from './svm-binding.ts';

/** An account as the node reports it. */
export interface AccountView {
  readonly lamports: bigint;
  readonly data: Uint8Array;
  readonly owner: Uint8Array;
  readonly executable: boolean;
  readonly rentEpoch: bigint;
}

/** Reads every field of a binding account (each read crosses into native code). */
export function viewOf(account: SvmAccount): AccountView {
  return {
    lamports: account.lamports(),
    data: account.data(),
    owner: account.owner(),
    executable: account.executable(),
    rentEpoch: account.rentEpoch(),
  };
}
