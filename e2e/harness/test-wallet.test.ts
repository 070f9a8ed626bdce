/**
 * The E2E test wallet's own script (`wallet-init.js`, the exact text pages get) run in node against a
 * stand-in `window`, checked with @solana/kit: registration, connect, transaction signing (legacy and v0,
 * the wallet in any signer slot, other slots untouched, the message never changed), messages and Sign-In
 * With Solana.
 */

import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createKeyPairFromBytes,
  createTransactionMessage,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  pipe,
  setTransactionMessageComputeUnitPrice,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signatureBytes,
  verifySignature,
  type Address,
  type Blockhash,
} from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatSignInMessage, parseSignInMessage } from '../../apps/server/src/auth/siws.ts';
import {
  E2E_WALLET_NAME,
  testKeypair,
  walletInitConfig,
  walletInitScript,
  walletInitSource,
  type TestKeypair,
} from './test-wallet.ts';

interface Account {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains: readonly string[];
  readonly features: readonly string[];
}
interface Wallet {
  readonly name: string;
  readonly icon: string;
  readonly version: string;
  readonly chains: readonly string[];
  readonly accounts: readonly Account[];
  readonly features: Record<string, Record<string, unknown>>;
}
type Fn<A extends unknown[], R> = (...args: A) => Promise<R>;

const MEMO = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const BLOCKHASH = {
  blockhash: 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k' as Blockhash,
  lastValidBlockHeight: 9n,
};

/** Runs the wallet script on a fresh stand-in window; resolves with the wallet it registers. */
function install(keypair: TestKeypair): {
  wallet: Wallet;
  viaRegisterEvent: Wallet[];
  control: { reject: boolean; signatures: number };
} {
  const window: EventTarget & { crypto: Crypto; location: { host: string }; __e2eWallet?: unknown } =
    Object.assign(new EventTarget(), { crypto: globalThis.crypto, location: { host: '127.0.0.1:4173' } });
  // An app already listening hears the register event…
  const viaRegisterEvent: Wallet[] = [];
  window.addEventListener('wallet-standard:register-wallet', (event) => {
    (event as unknown as { detail: (api: { register: (w: Wallet) => void }) => void }).detail({
      register: (w) => viaRegisterEvent.push(w),
    });
  });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the exact init script text the browser gets, so the test checks what pages run
  const run = new Function('window', 'config', walletInitSource()) as (w: unknown, c: unknown) => void;
  run(window, walletInitConfig(keypair));
  // …and an app starting later announces itself with app-ready.
  let registered = null as Wallet | null;
  window.dispatchEvent(
    new CustomEvent('wallet-standard:app-ready', {
      detail: {
        register: (w: Wallet) => {
          registered = w;
        },
      },
    }),
  );
  if (registered === null) throw new Error('the wallet did not register on app-ready');
  return {
    wallet: registered,
    viaRegisterEvent,
    control: window.__e2eWallet as { reject: boolean; signatures: number },
  };
}

function feature<A extends unknown[], R>(wallet: Wallet, name: string, method: string): Fn<A, R> {
  const found = wallet.features[name]?.[method];
  if (typeof found !== 'function') throw new Error(`no ${name}.${method}`);
  return found as Fn<A, R>;
}

async function connected(keypair: TestKeypair) {
  const installed = install(keypair);
  const connect = feature<[], { accounts: Account[] }>(installed.wallet, 'standard:connect', 'connect');
  const { accounts } = await connect();
  return { ...installed, account: accounts[0]! };
}

const signTransaction = (wallet: Wallet) =>
  feature<
    { account: Account; transaction: Uint8Array; chain?: string }[],
    { signedTransaction: Uint8Array }[]
  >(wallet, 'solana:signTransaction', 'signTransaction');

/** A memo transaction whose signers are `signers` (the first pays the fee). */
function transaction(version: 'legacy' | 0, signers: readonly Address[]) {
  const [feePayer, ...others] = signers;
  return compileTransaction(
    pipe(
      createTransactionMessage({ version }),
      (m) => setTransactionMessageFeePayer(feePayer!, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, m),
      (m) =>
        appendTransactionMessageInstruction(
          {
            programAddress: MEMO,
            accounts: others.map((signer) => ({ address: signer, role: AccountRole.READONLY_SIGNER })),
            data: new TextEncoder().encode('e2e'),
          },
          m,
        ),
    ),
  );
}

async function verifies(signer: string, signature: Uint8Array, message: Uint8Array): Promise<boolean> {
  return verifySignature(
    await getPublicKeyFromAddress(signer as Address),
    signatureBytes(signature),
    message,
  );
}

describe('the E2E test wallet', () => {
  it('registers on app-ready and for an app already listening, as E2E Test Wallet on solana:localnet', async () => {
    const keypair = testKeypair();
    const { wallet, viaRegisterEvent } = install(keypair);
    expect(viaRegisterEvent).toEqual([wallet]);
    expect(wallet.name).toBe(E2E_WALLET_NAME);
    expect(wallet.version).toBe('1.0.0');
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(wallet.chains).toEqual(['solana:localnet']);
    expect(Object.keys(wallet.features).sort()).toEqual([
      'solana:signIn',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ]);
    expect(wallet.features['solana:signTransaction']?.supportedTransactionVersions).toEqual(['legacy', 0]);
    expect(wallet.accounts).toEqual([]);

    const changes: number[] = [];
    const on = wallet.features['standard:events']?.on as (
      event: 'change',
      listener: (properties: { accounts: Account[] }) => void,
    ) => () => void;
    on('change', ({ accounts }) => changes.push(accounts.length));
    const { accounts } = await feature<[], { accounts: Account[] }>(wallet, 'standard:connect', 'connect')();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.address).toBe(keypair.address);
    expect([...accounts[0]!.publicKey]).toEqual([...keypair.publicKey]);
    expect(accounts[0]!.chains).toEqual(['solana:localnet']);
    expect(wallet.accounts).toEqual(accounts);
    await feature<[], undefined>(wallet, 'standard:disconnect', 'disconnect')();
    expect(wallet.accounts).toEqual([]);
    expect(changes).toEqual([1, 0]);
  });

  it('signs its own slot of any transaction, legacy or v0, and leaves the other slots as they were', async () => {
    const others = await Promise.all(
      [0, 1, 2].map(async () => {
        const other = testKeypair();
        return { address: other.address as Address, pair: await createKeyPairFromBytes(other.secretKey) };
      }),
    );
    const keypair = testKeypair();
    const { wallet, account } = await connected(keypair);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<'legacy' | 0>('legacy', 0),
        fc.integer({ min: 0, max: 3 }),
        fc.subarray([0, 1, 2]),
        async (version, rawSlot, presigned) => {
          const slot = rawSlot % 4;
          const signers = others.map((o) => o.address);
          signers.splice(slot, 0, keypair.address as Address);
          // Some co-signers sign first (kit's partial signing), the rest sign later.
          const unsigned = transaction(version, signers);
          const before = await partiallySignTransaction(
            presigned.map((i) => others[i]!.pair),
            unsigned,
          );
          const wire = Uint8Array.from(getTransactionEncoder().encode(before));
          const [output] = await signTransaction(wallet)({
            account,
            transaction: wire,
            chain: 'solana:localnet',
          });
          const after = getTransactionDecoder().decode(output!.signedTransaction);

          expect(Buffer.from(after.messageBytes).equals(Buffer.from(before.messageBytes))).toBe(true);
          expect(Object.keys(after.signatures)).toEqual(Object.keys(before.signatures));
          const mine = after.signatures[keypair.address as Address];
          expect(mine).not.toBeNull();
          expect(await verifies(keypair.address, mine!, Uint8Array.from(after.messageBytes))).toBe(true);
          for (const other of others) {
            expect(after.signatures[other.address]).toEqual(before.signatures[other.address]);
          }
        },
      ),
      { numRuns: 24 },
    );
  });

  it('refuses a transaction that does not need its signature', async () => {
    const { wallet, account } = await connected(testKeypair());
    const wire = Uint8Array.from(
      getTransactionEncoder().encode(transaction(0, [testKeypair().address as Address])),
    );
    await expect(signTransaction(wallet)({ account, transaction: wire })).rejects.toThrow(
      'The transaction does not need E2E Test Wallet’s signature',
    );
  });

  it('signs messages', async () => {
    const keypair = testKeypair();
    const { wallet, account } = await connected(keypair);
    const message = new TextEncoder().encode('hello arcade');
    const [output] = await feature<
      { account: Account; message: Uint8Array }[],
      { signedMessage: Uint8Array; signature: Uint8Array; signatureType: string }[]
    >(
      wallet,
      'solana:signMessage',
      'signMessage',
    )({ account, message });
    expect(output!.signatureType).toBe('ed25519');
    expect([...output!.signedMessage]).toEqual([...message]);
    expect(await verifies(keypair.address, output!.signature, message)).toBe(true);
  });

  it('signs in with exactly the text the server formats from its nonce input', async () => {
    const keypair = testKeypair();
    const { wallet } = install(keypair);
    const input = {
      domain: '127.0.0.1:4173',
      address: keypair.address,
      statement: 'Sign in to play TailSpin, ReTail, Foresight and Prophecy. This request costs nothing.',
      uri: 'http://127.0.0.1:4173',
      version: '1' as const,
      chainId: 'localnet',
      nonce: 'n0nce123',
      issuedAt: '2026-11-22T10:00:00.000Z',
      expirationTime: '2026-11-22T10:05:00.000Z',
    };
    const [output] = await feature<
      (typeof input)[],
      { account: Account; signedMessage: Uint8Array; signature: Uint8Array }[]
    >(
      wallet,
      'solana:signIn',
      'signIn',
    )(input);
    const text = new TextDecoder().decode(output!.signedMessage);
    expect(text).toBe(formatSignInMessage(input));
    expect(parseSignInMessage(text)).toEqual(input);
    expect(output!.account.address).toBe(keypair.address);
    expect(await verifies(keypair.address, output!.signature, output!.signedMessage)).toBe(true);
  });

  it('fails every request as a user rejection (code 4001) while __e2eWallet.reject is set', async () => {
    const { wallet, account, control } = await connected(testKeypair());
    control.reject = true;
    const wire = Uint8Array.from(
      getTransactionEncoder().encode(transaction(0, [account.address as Address])),
    );
    await expect(signTransaction(wallet)({ account, transaction: wire })).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    });
    control.reject = false;
    await expect(signTransaction(wallet)({ account, transaction: wire })).resolves.toHaveLength(1);
    expect(control.signatures).toBe(1);
  });

  it('keeps a solana-keygen secret key, and refuses one whose halves do not match', () => {
    const keypair = testKeypair();
    expect(testKeypair(keypair.secretKey).address).toBe(keypair.address);
    const broken = Uint8Array.from(keypair.secretKey);
    broken[40] = (broken[40]! + 1) % 256;
    expect(() => testKeypair(broken)).toThrow('does not match');
    expect(() => testKeypair(new Uint8Array(32))).toThrow('64 bytes');
  });

  it('builds an init script that embeds the source and the key', () => {
    const keypair = testKeypair();
    const script = walletInitScript(keypair);
    expect(script.startsWith('(function (window, config) {')).toBe(true);
    expect(script).toContain(walletInitSource());
    expect(script).toContain(`"address":"${keypair.address}"`);
  });
});

describe('the E2E test wallet never changes what it signs', () => {
  it('signs a transaction with compute-budget instructions exactly as it was given', async () => {
    const keypair = testKeypair();
    const { wallet, account, control } = await connected(keypair);
    expect(Object.keys(control).sort()).toEqual(['address', 'reject', 'signatures']);
    const unsigned = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(keypair.address as Address, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, m),
        (m) => setTransactionMessageComputeUnitPrice(1_000n, m),
        (m) =>
          appendTransactionMessageInstruction(
            {
              programAddress: MEMO,
              accounts: [
                {
                  address: address('BetRecord1111111111111111111111111111111111'),
                  role: AccountRole.WRITABLE,
                },
              ],
              data: new Uint8Array([1]),
            },
            m,
          ),
      ),
    );
    const [output] = await signTransaction(wallet)({
      account,
      transaction: Uint8Array.from(getTransactionEncoder().encode(unsigned)),
    });
    const signed = getTransactionDecoder().decode(output!.signedTransaction);
    expect([...signed.messageBytes]).toEqual([...unsigned.messageBytes]);
    const signature = signed.signatures[keypair.address as Address]!;
    expect(await verifies(keypair.address, signature, Uint8Array.from(signed.messageBytes))).toBe(true);
  });
});
