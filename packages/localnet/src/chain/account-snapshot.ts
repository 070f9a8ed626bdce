/**
 * Lamport and token balances of a transaction's accounts, read before and after it runs.
 *
 * These become the status meta's `preBalances`/`postBalances` and `preTokenBalances`/`postTokenBalances`.
 * Their difference is also the fee the transaction paid: instructions can only move lamports between the
 * transaction's own accounts, so whatever the accounts lost in total is what the runtime charged.
 *
 * @module
 */

import { encodeBase58 } from '../wire/base58.ts';
import { readMint, readTokenAccount } from '../wire/spl-token.ts';
import { tokenProgramOf, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../wire/program-ids.ts';
import type { SvmAccount, SvmBinding } from './svm-binding.ts';
import type { TokenBalanceRecord } from './transaction-index.ts';

/** Balances of a list of accounts at one moment. */
export interface BalanceSnapshot {
  readonly lamports: bigint[];
  readonly tokens: TokenBalanceRecord[];
}

/** Reads the token balance of a token account, or `null` when it is not one (or its mint is gone). */
export function tokenBalanceOf(
  binding: SvmBinding,
  account: SvmAccount,
  accountIndex: number,
): TokenBalanceRecord | null {
  const program = tokenProgramOf(account.owner());
  if (!program) return null;
  const token = readTokenAccount(account.data(), program);
  if (!token) return null;
  const mintAccount = binding.getAccount(token.mint);
  const mint = mintAccount ? readMint(mintAccount.data(), program) : null;
  if (!mint) return null;
  return {
    accountIndex,
    mint: encodeBase58(token.mint),
    owner: encodeBase58(token.owner),
    programId: program === 'spl-token' ? TOKEN_PROGRAM : TOKEN_2022_PROGRAM,
    amount: token.amount,
    decimals: mint.decimals,
  };
}

/** Whether any of `keys` is an SPL Token program: only then can the transaction touch token balances. */
export function involvesTokenProgram(keys: readonly Uint8Array[]): boolean {
  for (const key of keys) if (tokenProgramOf(key)) return true;
  return false;
}

/**
 * Balances of `keys` as the SVM holds them now, or as `override` says for the accounts it knows (a
 * simulation's results).
 *
 * Token balances are read only when `withTokens` is set: reading an owner crosses into native code for
 * every account, and a transaction that lists no token program cannot have run one (a program must be
 * listed to be invoked, even through CPI).
 */
export function snapshotBalances(
  binding: SvmBinding,
  keys: readonly Uint8Array[],
  withTokens: boolean,
  override?: (index: number) => SvmAccount | undefined,
): BalanceSnapshot {
  const lamports: bigint[] = [];
  const tokens: TokenBalanceRecord[] = [];
  for (let index = 0; index < keys.length; index++) {
    const written = override?.(index);
    if (!withTokens && !written) {
      lamports.push(binding.getBalance(keys[index]!) ?? 0n);
      continue;
    }
    const account = written ?? binding.getAccount(keys[index]!);
    if (!account) {
      lamports.push(0n);
      continue;
    }
    lamports.push(account.lamports());
    if (withTokens) {
      const balance = tokenBalanceOf(binding, account, index);
      if (balance) tokens.push(balance);
    }
  }
  return { lamports, tokens };
}

/** Sum of a list of balances. */
export function totalLamports(balances: readonly bigint[]): bigint {
  let total = 0n;
  for (const balance of balances) total += balance;
  return total;
}
