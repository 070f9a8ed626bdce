import {
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
  type Address,
  type Blockhash,
  type KeyPairSigner,
  type Transaction,
  type TransactionWithLifetime,
} from '@solana/kit';
import {
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
  type SolanaSignTransactionInput,
} from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { createWalletSigner } from './wallet-signer.ts';

const MEMO = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const OURS = blockhash('EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG');
const WALLETS = blockhash('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY');

let key: KeyPairSigner;
let account: WalletAccount;

beforeAll(async () => {
  key = await generateKeyPairSigner();
  account = { address: key.address, publicKey: new Uint8Array(32), chains: ['solana:devnet'], features: [] };
});

function memoTransaction(
  payer: Address,
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint },
  text: string,
): Transaction & TransactionWithLifetime {
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstruction(
          { programAddress: MEMO, data: new TextEncoder().encode(text) },
          m,
        ),
    ),
  );
}

/** A wallet whose signTransaction answers `respond(input wire bytes)`. */
function walletAnswering(respond: (wire: Uint8Array) => Promise<Uint8Array>): Wallet {
  const feature: SolanaSignTransactionFeature[typeof SolanaSignTransaction] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    signTransaction: vi.fn((...inputs: SolanaSignTransactionInput[]) =>
      Promise.all(inputs.map(async (input) => ({ signedTransaction: await respond(input.transaction) }))),
    ),
  };
  return {
    version: '1.0.0',
    name: 'Test Wallet',
    icon: 'data:image/svg+xml;base64,',
    chains: ['solana:devnet'],
    accounts: [account],
    features: { [SolanaSignTransaction]: feature },
  };
}

const wire = (transaction: Transaction) => Uint8Array.from(getTransactionEncoder().encode(transaction));

describe('createWalletSigner', () => {
  it("returns the wallet's bytes, with the lifetime read from them, when the wallet changed the transaction", async () => {
    // The wallet rebuilds it (its own blockhash and memo, e.g. a guard) and signs that instead.
    const walletsVersion = await signTransaction(
      [key.keyPair],
      memoTransaction(key.address, { blockhash: WALLETS, lastValidBlockHeight: 0n }, 'wallet-changed'),
    );
    const wallet = walletAnswering(() => Promise.resolve(wire(walletsVersion)));
    const signer = createWalletSigner(wallet, account, 'devnet')!;
    const ours = memoTransaction(key.address, { blockhash: OURS, lastValidBlockHeight: 99n }, 'ours');
    const [signed] = await signer.modifyAndSignTransactions([ours]);
    expect(Uint8Array.from(signed!.messageBytes)).toEqual(Uint8Array.from(walletsVersion.messageBytes));
    expect(signed!.signatures[key.address]).toEqual(walletsVersion.signatures[key.address]);
    expect(signed!.lifetimeConstraint).toMatchObject({ blockhash: WALLETS });
  });

  it('keeps the known lifetime (with its last valid block height) when the wallet only signed', async () => {
    const wallet = walletAnswering(async (bytes) =>
      wire(await signTransaction([key.keyPair], getTransactionDecoder().decode(bytes))),
    );
    const signer = createWalletSigner(wallet, account, 'devnet')!;
    const ours = memoTransaction(key.address, { blockhash: OURS, lastValidBlockHeight: 99n }, 'ours');
    const [signed] = await signer.modifyAndSignTransactions([ours]);
    expect(signed!.lifetimeConstraint).toEqual({ blockhash: OURS, lastValidBlockHeight: 99n });
    expect(signed!.signatures[key.address]).not.toBeNull();
  });

  it('names the chain of the cluster when the account lists it', async () => {
    const wallet = walletAnswering((bytes) => Promise.resolve(bytes));
    const signer = createWalletSigner(wallet, account, 'devnet')!;
    await signer.modifyAndSignTransactions([
      memoTransaction(key.address, { blockhash: OURS, lastValidBlockHeight: 1n }, 'x'),
    ]);
    const feature = wallet.features[
      SolanaSignTransaction
    ] as SolanaSignTransactionFeature[typeof SolanaSignTransaction];
    expect(vi.mocked(feature.signTransaction).mock.calls[0]![0]).toMatchObject({ chain: 'solana:devnet' });
  });

  it('refuses what the wallet returns over the size limit', async () => {
    const big = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(key.address, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: OURS, lastValidBlockHeight: 1n }, m),
        (m) => appendTransactionMessageInstruction({ programAddress: MEMO, data: new Uint8Array(1_300) }, m),
      ),
    );
    const wallet = walletAnswering(() => Promise.resolve(wire(big)));
    const signer = createWalletSigner(wallet, account, 'devnet')!;
    await expect(
      signer.modifyAndSignTransactions([
        memoTransaction(key.address, { blockhash: OURS, lastValidBlockHeight: 1n }, 'x'),
      ]),
    ).rejects.toThrow();
  });

  it('is null for a wallet without solana:signTransaction', () => {
    const wallet: Wallet = { ...walletAnswering((b) => Promise.resolve(b)), features: {} };
    expect(createWalletSigner(wallet, account, 'devnet')).toBeNull();
  });
});
