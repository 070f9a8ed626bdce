/**
 * One sign-in against the server: a nonce and its Sign-In With Solana message, the wallet's signature
 * (`solana:signIn`, `solana:signMessage`, or for a Ledger a memo transaction that is signed but never
 * sent), then the token.
 *
 * @module
 */

import type { Cluster } from '@arcade/sdk/api/config';
import {
  address as toAddress,
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
} from '@solana/kit';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { AuthenticateBody, AuthenticateResponse, NonceResponse } from '@arcade/sdk/api/user';

import { api } from '../api-client.ts';
import { signInFeature, signMessageFeature } from '../wallet/standard.ts';
import { signWireTransaction } from '../wallet/wallet-signer.ts';

/** The SPL Memo program (v2), which the server accepts as the carrier of a Ledger's sign-in message. */
export const MEMO_PROGRAM_ADDRESS = toAddress('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/** What signing in needs. */
export interface SignInRequest {
  readonly wallet: Wallet;
  readonly account: WalletAccount;
  readonly cluster: Cluster;
  readonly ledger: boolean;
  /** The latest blockhash, for the Ledger memo transaction. */
  readonly latestBlockhash: () => Promise<{ blockhash: Blockhash; lastValidBlockHeight: bigint }>;
}

/** The step that failed: the wallet's part ('login') or the server's check ('authenticate'). */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  readonly step: 'login' | 'authenticate';
  override readonly cause: unknown;

  constructor(step: 'login' | 'authenticate', cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.step = step;
    this.cause = cause;
  }
}

/** The memo transaction a Ledger signs instead of a message: one memo, paid by the address. */
export function createMemoTransaction(
  feePayer: Address,
  message: string,
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint },
): Uint8Array {
  const memo: Instruction = {
    programAddress: MEMO_PROGRAM_ADDRESS,
    data: new TextEncoder().encode(message),
  };
  const transaction = compileTransaction(
    pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayer(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstruction(memo, m),
    ),
  );
  return Uint8Array.from(getTransactionEncoder().encode(transaction));
}

async function signatureFor(request: SignInRequest, nonce: NonceResponse): Promise<AuthenticateBody> {
  const { wallet, account, ledger, cluster } = request;
  const address = account.address as Address;
  if (ledger) {
    const wire = createMemoTransaction(address, nonce.message, await request.latestBlockhash());
    const signed = await signWireTransaction(wallet, account, cluster, wire);
    return { address, ledger: true, nonce: nonce.nonce, signature: getBase64Decoder().decode(signed) };
  }
  const signIn = signInFeature(wallet);
  if (signIn !== null) {
    const [output] = await signIn.signIn(nonce.input);
    if (output === undefined) throw new Error(`${wallet.name} returned no signature`);
    if (output.account.address !== address) throw new Error('The wallet signed in with another account');
    return {
      address,
      ledger: false,
      nonce: nonce.nonce,
      signature: getBase58Decoder().decode(output.signature),
      message: new TextDecoder().decode(output.signedMessage),
    };
  }
  const signMessage = signMessageFeature(wallet);
  if (signMessage === null) throw new Error(`${wallet.name} cannot sign messages: use the Ledger option`);
  const [output] = await signMessage.signMessage({
    account,
    message: new TextEncoder().encode(nonce.message),
  });
  if (output === undefined) throw new Error(`${wallet.name} returned no signature`);
  return {
    address,
    ledger: false,
    nonce: nonce.nonce,
    signature: getBase58Decoder().decode(output.signature),
  };
}

/**
 * Signs in and returns the session token.
 *
 * @throws SignInError with step 'login' when the nonce or the wallet fails, 'authenticate' when the server
 *   refuses the signature.
 */
export async function signInWithWallet(request: SignInRequest): Promise<string> {
  let body: AuthenticateBody;
  try {
    const nonce = await api<NonceResponse>('/api/user/nonce', {
      method: 'POST',
      body: { address: request.account.address },
    });
    body = await signatureFor(request, nonce);
  } catch (error) {
    throw new SignInError('login', error);
  }
  try {
    const { token } = await api<AuthenticateResponse>('/api/user/authenticate', { method: 'POST', body });
    return token;
  } catch (error) {
    throw new SignInError('authenticate', error);
  }
}
