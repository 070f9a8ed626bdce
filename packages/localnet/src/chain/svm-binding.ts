/**
 * The native binding under a `LiteSVM` instance.
 *
 * LiteSVM's public class takes and returns kit objects (base58 addresses, decoded transactions), so each
 * call re-encodes what the node already holds as bytes: its `sendTransaction` costs about 60% more than
 * the binding's for a transfer. The node keeps the public instance (for seeding and tests) and calls the
 * binding for the per-transaction work. The litesvm version is pinned; this module fails loudly if the
 * binding is no longer where it was.
 *
 * @module
 */

import type { LiteSVM } from 'litesvm';
import type { Account, LiteSvm } from 'litesvm/dist/internal.js';

/** The raw-bytes interface of LiteSVM. */
export type SvmBinding = LiteSvm;
/** An account as the binding returns it. */
export type SvmAccount = Account;

/**
 * The binding behind `svm`.
 *
 * @throws Error when the installed litesvm does not expose it as 1.5 does.
 */
export function svmBinding(svm: LiteSVM): SvmBinding {
  const inner = (svm as unknown as { inner?: Partial<LiteSvm> }).inner;
  if (
    typeof inner?.sendLegacyTransaction !== 'function' ||
    typeof inner.simulateVersionedTransaction !== 'function' ||
    typeof inner.getAccount !== 'function'
  ) {
    throw new Error('LiteSVM binding not found: @arcade/localnet expects litesvm 1.5');
  }
  return inner as LiteSvm;
}
