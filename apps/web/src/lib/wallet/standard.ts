/**
 * Small helpers over Wallet Standard objects: which wallets the app can use, the chain of the cluster,
 * and typed access to the features it calls.
 *
 * @module
 */

import type { Cluster } from '@arcade/sdk/api/config';
import {
  SolanaSignIn,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignInFeature,
  type SolanaSignMessageFeature,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base';
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
} from '@wallet-standard/features';

/** The Wallet Standard chain id of a cluster (`solana:mainnet` for mainnet-beta). */
export function chainOf(cluster: Cluster): IdentifierString {
  return cluster === 'mainnet-beta' ? 'solana:mainnet' : `solana:${cluster}`;
}

/** A feature marking the app's own local test wallet, so the UI can label it. */
export const LOCAL_WALLET_FEATURE = 'arcade:localTestWallet';

/**
 * Whether the app can use `wallet`: a Solana chain, connect, and `solana:signTransaction`. A wallet that
 * can only sign-and-send is not listed: the app must see the signed bytes to send them through its own
 * sender (priority fee, resend until the blockhash expires, confirmation, the spec's error texts) and to
 * sign the Ledger sign-in memo that is never sent, so such a wallet could connect but never bet.
 */
export function isSolanaWallet(wallet: Wallet): boolean {
  const features = wallet.features;
  return (
    wallet.chains.some((chain) => chain.startsWith('solana:')) &&
    StandardConnect in features &&
    SolanaSignTransaction in features
  );
}

/** Whether `wallet` is the app's local test wallet. */
export function isLocalWallet(wallet: Wallet): boolean {
  return LOCAL_WALLET_FEATURE in wallet.features;
}

/** The first account of `accounts` on a Solana chain, or null. */
export function solanaAccount(accounts: readonly WalletAccount[]): WalletAccount | null {
  return accounts.find((account) => account.chains.some((chain) => chain.startsWith('solana:'))) ?? null;
}

type Features = Wallet['features'];

function feature(wallet: Wallet, name: `${string}:${string}`): unknown {
  const features: Features = wallet.features;
  return name in features ? features[name] : null;
}

/** `standard:connect`, or null. */
export const connectFeature = (wallet: Wallet) =>
  feature(wallet, StandardConnect) as StandardConnectFeature[typeof StandardConnect] | null;
/** `standard:disconnect`, or null. */
export const disconnectFeature = (wallet: Wallet) =>
  feature(wallet, StandardDisconnect) as StandardDisconnectFeature[typeof StandardDisconnect] | null;
/** `standard:events`, or null. */
export const eventsFeature = (wallet: Wallet) =>
  feature(wallet, StandardEvents) as StandardEventsFeature[typeof StandardEvents] | null;
/** `solana:signTransaction`, or null. */
export const signTransactionFeature = (wallet: Wallet) =>
  feature(wallet, SolanaSignTransaction) as SolanaSignTransactionFeature[typeof SolanaSignTransaction] | null;
/** `solana:signMessage`, or null. */
export const signMessageFeature = (wallet: Wallet) =>
  feature(wallet, SolanaSignMessage) as SolanaSignMessageFeature[typeof SolanaSignMessage] | null;
/** `solana:signIn`, or null. */
export const signInFeature = (wallet: Wallet) =>
  feature(wallet, SolanaSignIn) as SolanaSignInFeature[typeof SolanaSignIn] | null;

/** The chain to name in a sign request: the cluster's, when the account lists it (wallets reject others). */
export function requestChain(account: WalletAccount, cluster: Cluster): IdentifierString | undefined {
  const chain = chainOf(cluster);
  return account.chains.includes(chain) ? chain : undefined;
}

/** Whether an error is the user declining in the wallet (wallets word it differently). */
export function isUserRejection(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message, code } = error as { name?: unknown; message?: unknown; code?: unknown };
  const text = `${typeof name === 'string' ? name : ''} ${typeof message === 'string' ? message : ''}`;
  return code === 4001 || /reject|denied|declin|cancel/i.test(text);
}
