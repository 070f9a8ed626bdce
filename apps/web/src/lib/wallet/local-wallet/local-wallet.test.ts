import {
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import {
  SolanaSignIn,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignInFeature,
  type SolanaSignMessageFeature,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import type { WalletAccount } from '@wallet-standard/base';
import { StandardConnect, type StandardConnectFeature } from '@wallet-standard/features';
import { describe, expect, it } from 'vitest';

import { createMemoryKeyStore } from './key-store.ts';
import { LocalTestWallet } from './local-wallet.ts';
import { createSignInMessageText } from './siws-message.ts';

const subtle = globalThis.crypto.subtle;

function wallet(keyStore = createMemoryKeyStore()) {
  return new LocalTestWallet({ chain: 'solana:localnet', keyStore, subtle, domain: () => '127.0.0.1:8080' });
}

async function connect(w: LocalTestWallet, silent = false): Promise<readonly WalletAccount[]> {
  const feature = (w.features as unknown as StandardConnectFeature)[StandardConnect];
  return (await feature.connect(silent ? { silent } : undefined)).accounts;
}

async function verify(publicKey: Uint8Array, signature: Uint8Array, data: Uint8Array): Promise<boolean> {
  const key = await subtle.importKey('raw', publicKey as BufferSource, { name: 'Ed25519' }, false, [
    'verify',
  ]);
  return subtle.verify({ name: 'Ed25519' }, key, signature as BufferSource, data as BufferSource);
}

describe('LocalTestWallet', () => {
  it('creates a key on connect, keeps it in its store, and only restores on a silent connect', async () => {
    const keyStore = createMemoryKeyStore();
    expect(await connect(wallet(keyStore), true)).toEqual([]);
    const [account] = await connect(wallet(keyStore));
    expect(account?.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const stored = await keyStore.load();
    expect(stored?.privateKey.extractable).toBe(false);
    await expect(subtle.exportKey('pkcs8', stored!.privateKey)).rejects.toThrow();
    // A reload: a new wallet object over the same store is the same account.
    const [again] = await connect(wallet(keyStore), true);
    expect(again?.address).toBe(account?.address);
  });

  it('signs messages with a signature WebCrypto verifies', async () => {
    const w = wallet();
    const [account] = await connect(w);
    const message = new TextEncoder().encode('hello arcade');
    const [out] = await (w.features as unknown as SolanaSignMessageFeature)[SolanaSignMessage].signMessage({
      account: account!,
      message,
    });
    expect(await verify(account!.publicKey as Uint8Array, out!.signature, message)).toBe(true);
    expect(
      await verify(account!.publicKey as Uint8Array, out!.signature, new TextEncoder().encode('other')),
    ).toBe(false);
  });

  it('signs a transaction it pays for, over its message bytes', async () => {
    const w = wallet();
    const [account] = await connect(w);
    const payer = address(account!.address);
    const tx = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(payer, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 10n },
            m,
          ),
        (m) =>
          appendTransactionMessageInstruction(
            {
              programAddress: address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
              data: new Uint8Array([1]),
            },
            m,
          ),
      ),
    );
    const [out] = await (w.features as unknown as SolanaSignTransactionFeature)[
      SolanaSignTransaction
    ].signTransaction({
      account: account!,
      transaction: Uint8Array.from(getTransactionEncoder().encode(tx)),
    });
    const signed = getTransactionDecoder().decode(out!.signedTransaction);
    const signature = signed.signatures[payer];
    expect(signature).toBeTruthy();
    expect(
      await verify(
        account!.publicKey as Uint8Array,
        Uint8Array.from(signature!),
        Uint8Array.from(signed.messageBytes),
      ),
    ).toBe(true);
  });

  it('signs in with the exact text the server formats', async () => {
    const w = wallet();
    const [account] = await connect(w);
    const input = {
      domain: '127.0.0.1:8080',
      address: account!.address,
      statement: 'Sign in to play TailSpin, ReTail, Foresight and Prophecy. This request costs nothing.',
      uri: 'http://127.0.0.1:8080',
      version: '1',
      chainId: 'solana:localnet',
      nonce: 'abc123',
      issuedAt: '2026-11-22T10:00:00.000Z',
      expirationTime: '2026-11-22T10:05:00.000Z',
    };
    const expected = [
      '127.0.0.1:8080 wants you to sign in with your Solana account:',
      account!.address,
      '',
      input.statement,
      '',
      'URI: http://127.0.0.1:8080',
      'Version: 1',
      'Chain ID: solana:localnet',
      'Nonce: abc123',
      'Issued At: 2026-11-22T10:00:00.000Z',
      'Expiration Time: 2026-11-22T10:05:00.000Z',
    ].join('\n');
    expect(createSignInMessageText(input)).toBe(expected);
    const [out] = await (w.features as unknown as SolanaSignInFeature)[SolanaSignIn].signIn(input);
    expect(new TextDecoder().decode(out!.signedMessage)).toBe(expected);
    expect(await verify(account!.publicKey as Uint8Array, out!.signature, out!.signedMessage)).toBe(true);
  });

  it('refuses to sign for another account', async () => {
    const w = wallet();
    await connect(w);
    const other = { ...w.accounts[0]!, address: '11111111111111111111111111111111' };
    await expect(
      (w.features as unknown as SolanaSignMessageFeature)[SolanaSignMessage].signMessage({
        account: other,
        message: new Uint8Array([1]),
      }),
    ).rejects.toThrow('Unknown account');
  });
});
