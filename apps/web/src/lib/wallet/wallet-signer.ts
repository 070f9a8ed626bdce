/**
 * A @solana/kit `TransactionModifyingSigner` over a Wallet Standard account's `solana:signTransaction`
 * (the small kit-8 counterpart of `@solana/react`'s signer hook). Wallets may change what they sign (add
 * priority fees or guards), so the signed bytes are what is sent, with the lifetime read back from them.
 *
 * @module
 */

import type { Cluster } from '@arcade/sdk/api/config';
import {
  assertIsTransactionWithinSizeLimit,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  getTransactionLifetimeConstraintFromCompiledTransactionMessage,
  type Address,
  type Transaction,
  type TransactionModifyingSigner,
  type TransactionWithLifetime,
  type TransactionWithinSizeLimit,
} from '@solana/kit';
import type { Wallet, WalletAccount } from '@wallet-standard/base';

import { requestChain, signTransactionFeature } from './standard.ts';

function sameBytes(a: Uint8Array | ArrayLike<number>, b: Uint8Array | ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Signs one wire transaction with the wallet and returns the signed wire bytes. */
export async function signWireTransaction(
  wallet: Wallet,
  account: WalletAccount,
  cluster: Cluster,
  wire: Uint8Array,
): Promise<Uint8Array> {
  const feature = signTransactionFeature(wallet);
  if (feature === null) throw new Error(`${wallet.name} cannot sign transactions`);
  const chain = requestChain(account, cluster);
  const [output] = await feature.signTransaction({
    account,
    transaction: wire,
    ...(chain === undefined ? {} : { chain }),
  });
  if (output === undefined) throw new Error(`${wallet.name} returned no signed transaction`);
  return Uint8Array.from(output.signedTransaction);
}

/**
 * The signer of a wallet account, or null when the wallet has no `solana:signTransaction`.
 *
 * @example sender.send({ instructions, feePayer: createWalletSigner(wallet, account, 'localnet')! })
 */
export function createWalletSigner(
  wallet: Wallet,
  account: WalletAccount,
  cluster: Cluster,
): TransactionModifyingSigner | null {
  if (signTransactionFeature(wallet) === null) return null;
  return Object.freeze({
    address: account.address as Address,
    async modifyAndSignTransactions(
      transactions: readonly (Transaction | (Transaction & TransactionWithLifetime))[],
      config?: { abortSignal?: AbortSignal | undefined },
    ): Promise<readonly (Transaction & TransactionWithinSizeLimit & TransactionWithLifetime)[]> {
      const signed: (Transaction & TransactionWithinSizeLimit & TransactionWithLifetime)[] = [];
      for (const transaction of transactions) {
        config?.abortSignal?.throwIfAborted();
        const wire = Uint8Array.from(getTransactionEncoder().encode(transaction));
        const bytes = await signWireTransaction(wallet, account, cluster, wire);
        const decoded = getTransactionDecoder().decode(bytes);
        assertIsTransactionWithinSizeLimit(decoded);
        const existing = 'lifetimeConstraint' in transaction ? transaction.lifetimeConstraint : undefined;
        if (existing !== undefined && sameBytes(decoded.messageBytes, transaction.messageBytes)) {
          signed.push(Object.freeze({ ...decoded, lifetimeConstraint: existing }));
          continue;
        }
        const compiled = getCompiledTransactionMessageDecoder().decode(decoded.messageBytes);
        const lifetimeConstraint =
          await getTransactionLifetimeConstraintFromCompiledTransactionMessage(compiled);
        signed.push(Object.freeze({ ...decoded, lifetimeConstraint }));
      }
      return Object.freeze(signed);
    },
  });
}
