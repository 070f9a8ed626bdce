import { ERROR_MESSAGES } from '@arcade/sdk/messages';
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64Decoder,
  getTransactionEncoder,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit';
import { SolanaSignTransaction, type SolanaSignTransactionFeature } from '@solana/wallet-standard-features';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { Wallet } from '@wallet-standard/base';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRuntimeConfig, type RuntimeConfig } from '../../config/runtime-config.ts';
import { createMemoryKeyStore } from './local-wallet/key-store.ts';
import { LocalTestWallet } from './local-wallet/local-wallet.ts';
import { useSendTransaction, type SendTransactionInput } from './use-send-transaction.ts';
import { WalletProvider } from './wallet-context.tsx';
import { createWalletStore, type WalletStore } from './wallet-store.ts';

const sender = vi.hoisted(() => ({
  send: vi.fn<(input: unknown) => Promise<string>>(),
  sendSigned: vi.fn<(transaction: unknown, options?: unknown) => Promise<string>>(),
}));

vi.mock('@arcade/sdk/sender', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@arcade/sdk/sender')>()),
  createTransactionSender: () => sender,
}));

/** Lookup tables on the fake chain, answered as an RPC node answers getMultipleAccounts in jsonParsed. */
const lookupTables = vi.hoisted(() => new Map<string, string[]>());

vi.mock('./rpc.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./rpc.ts')>()),
  getRpc: () => ({
    getMultipleAccounts: (addresses: readonly string[]) => ({
      send: () =>
        Promise.resolve({
          context: { slot: 1n },
          value: addresses.map((table) => {
            const entries = lookupTables.get(table);
            if (entries === undefined) return null;
            return {
              executable: false,
              lamports: 1_000_000n,
              owner: 'AddressLookupTab1e1111111111111111111111111',
              rentEpoch: 0n,
              space: BigInt(56 + 32 * entries.length),
              data: {
                program: 'address-lookup-table',
                space: BigInt(56 + 32 * entries.length),
                parsed: {
                  type: 'lookupTable',
                  info: {
                    addresses: entries,
                    deactivationSlot: '18446744073709551615',
                    lastExtendedSlot: '1',
                    lastExtendedSlotStartIndex: 0,
                  },
                },
              },
            };
          }),
        }),
    }),
  }),
}));

const CONFIG: RuntimeConfig = {
  cluster: 'devnet',
  rpcUrl: '/rpc',
  rpcFallbackUrl: null,
  rpcWsUrl: '/rpc',
  programs: {
    wager: 'CsvPf6BGTAfi41qVFSgtwo4L1ep5GGuJ5TbAypyRbWeG',
    foresight: '2zbSipoCc7d7gcPUrfD8XTWT1CsbB4rFn7oiMWorZ29X',
  },
  mints: { juice: 'a', usdc: 'b', usdt: 'c' },
  priceAccount: 'p',
  admins: [],
  communityChatUrl: 'https://discord.com',
  socialUrl: 'https://x.com',
  announcement: null,
};

const TOKEN = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const ASSOCIATED_TOKEN = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
const COMPUTE_BUDGET = address('ComputeBudget111111111111111111111111111111');
const MEMO = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const JUICE_POLICY = { programs: [TOKEN, ASSOCIATED_TOKEN, COMPUTE_BUDGET] };
const BLOCKHASH = blockhash('EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG');

let authority: KeyPairSigner;

beforeAll(async () => {
  authority = await generateKeyPairSigner();
});

/** The local wallet with its signTransaction spied on. */
function spiedWallet(): { wallet: Wallet; signTransaction: ReturnType<typeof vi.fn> } {
  const inner = new LocalTestWallet({
    chain: 'solana:devnet',
    keyStore: createMemoryKeyStore(),
    subtle: globalThis.crypto.subtle,
  });
  const original = (inner.features as unknown as SolanaSignTransactionFeature)[SolanaSignTransaction];
  const signTransaction = vi.fn(original.signTransaction);
  return {
    signTransaction,
    wallet: {
      version: '1.0.0',
      name: 'Spied Wallet',
      icon: inner.icon,
      get chains() {
        return inner.chains;
      },
      get accounts() {
        return inner.accounts;
      },
      get features() {
        return { ...inner.features, [SolanaSignTransaction]: { ...original, signTransaction } };
      },
    },
  };
}

/** A mint-like instruction of `program` that the server's authority signs. */
function serverInstruction(program: Address, user: Address, data = new Uint8Array([7])): Instruction {
  return {
    programAddress: program,
    accounts: [
      { address: user, role: AccountRole.WRITABLE },
      { address: authority.address, role: AccountRole.READONLY_SIGNER },
    ],
    data,
  };
}

/** What the server answers: a base64 wire transaction paid by `feePayer`, signed by its authority. */
async function serverTransaction(
  feePayer: Address,
  instructions: readonly Instruction[],
  signByServer = true,
): Promise<string> {
  const compiled: Transaction = compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(feePayer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash({ blockhash: BLOCKHASH, lastValidBlockHeight: 1n }, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  );
  const signed = signByServer ? await partiallySignTransaction([authority.keyPair], compiled) : compiled;
  return getBase64Decoder().decode(getTransactionEncoder().encode(signed));
}

let store: WalletStore;
let user: Address;
let signTransaction: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  setRuntimeConfig(CONFIG);
  sender.send.mockReset();
  sender.sendSigned.mockReset().mockResolvedValue('sig');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const spied = spiedWallet();
  signTransaction = spied.signTransaction;
  const wallets = [spied.wallet];
  store = createWalletStore({
    wallets: { get: () => wallets, on: () => () => undefined, register: () => () => undefined },
    storage: null,
  });
  await store.connect(spied.wallet);
  user = spied.wallet.accounts[0]!.address as Address;
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderSend() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <WalletProvider store={store}>{children}</WalletProvider>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useSendTransaction(), { wrapper });
  const send = result.current;
  if (send === null) throw new Error('no sender');
  return (input: SendTransactionInput) => act(() => send(input));
}

describe('useSendTransaction with a server-built transaction', () => {
  it("signs one paid by the wallet within the policy and passes the server's lastValidBlockHeight", async () => {
    const transaction = await serverTransaction(user, [
      serverInstruction(ASSOCIATED_TOKEN, user),
      serverInstruction(TOKEN, user),
    ]);
    const send = renderSend();
    await expect(send({ transaction, expect: JUICE_POLICY, lastValidBlockHeight: 4242n })).resolves.toBe(
      'sig',
    );
    expect(signTransaction).toHaveBeenCalledTimes(1);
    expect(sender.sendSigned).toHaveBeenCalledTimes(1);
    const [signed, options] = sender.sendSigned.mock.calls[0]!;
    // With the signal that stops its polling once the signature subscription confirms it first.
    expect(options).toEqual({ lastValidBlockHeight: 4242n, signal: expect.any(AbortSignal) as unknown });
    const signatures = (signed as Transaction).signatures;
    expect(signatures[user]).not.toBeNull();
    expect(signatures[authority.address]).not.toBeNull();
  });

  it('sends without an expiry when the server gave none', async () => {
    const transaction = await serverTransaction(user, [serverInstruction(TOKEN, user)]);
    await renderSend()({ transaction, expect: JUICE_POLICY });
    expect(sender.sendSigned.mock.calls[0]![1]).toEqual({ signal: expect.any(AbortSignal) as unknown });
  });

  it('refuses a transaction paid by another account before the wallet sees it', async () => {
    // Paid (and signed) by the server's key, with the user's signature as the only one missing.
    const instruction = serverInstruction(TOKEN, user);
    const transaction = await serverTransaction(authority.address, [
      { ...instruction, accounts: [{ address: user, role: AccountRole.WRITABLE_SIGNER }] },
    ]);
    await expect(renderSend()({ transaction, expect: JUICE_POLICY })).rejects.toThrow(
      ERROR_MESSAGES.invalidTransaction,
    );
    expect(signTransaction).not.toHaveBeenCalled();
    expect(sender.sendSigned).not.toHaveBeenCalled();
  });

  it('refuses a transaction that calls a program outside the policy', async () => {
    const transaction = await serverTransaction(user, [
      serverInstruction(TOKEN, user),
      serverInstruction(MEMO, user),
    ]);
    await expect(renderSend()({ transaction, expect: JUICE_POLICY })).rejects.toThrow(
      ERROR_MESSAGES.invalidTransaction,
    );
    expect(signTransaction).not.toHaveBeenCalled();
    expect(sender.sendSigned).not.toHaveBeenCalled();
  });

  it('refuses a transaction over 1232 bytes with all its signatures', async () => {
    const transaction = await serverTransaction(user, [
      serverInstruction(TOKEN, user, new Uint8Array(1_000)),
    ]);
    await expect(renderSend()({ transaction, expect: JUICE_POLICY })).rejects.toThrow(
      ERROR_MESSAGES.invalidTransaction,
    );
    expect(signTransaction).not.toHaveBeenCalled();
  });

  it("refuses a transaction that still misses another signer's signature", async () => {
    const transaction = await serverTransaction(user, [serverInstruction(TOKEN, user)], false);
    await expect(renderSend()({ transaction, expect: JUICE_POLICY })).rejects.toThrow(
      ERROR_MESSAGES.invalidTransaction,
    );
    expect(signTransaction).not.toHaveBeenCalled();
  });

  it('refuses bytes that are not a transaction', async () => {
    await expect(renderSend()({ transaction: 'AAAA', expect: JUICE_POLICY })).rejects.toThrow(
      ERROR_MESSAGES.invalidTransaction,
    );
    expect(signTransaction).not.toHaveBeenCalled();
  });

  it('accepts exactly 1232 bytes: the wire form already holds the missing signature slot', async () => {
    const size = (base64: string) => Buffer.from(base64, 'base64').length;
    const probe = await serverTransaction(user, [serverInstruction(TOKEN, user, new Uint8Array(200))]);
    const data = new Uint8Array(200 + 1_232 - size(probe));
    const fits = await serverTransaction(user, [serverInstruction(TOKEN, user, data)]);
    expect(size(fits)).toBe(1_232);
    await expect(renderSend()({ transaction: fits, expect: JUICE_POLICY })).resolves.toBe('sig');
    const over = await serverTransaction(user, [
      serverInstruction(TOKEN, user, new Uint8Array(data.length + 1)),
    ]);
    expect(size(over)).toBe(1_233);
    await expect(renderSend()({ transaction: over, expect: JUICE_POLICY })).rejects.toThrow(
      ERROR_MESSAGES.invalidTransaction,
    );
  });
});

describe('useSendTransaction with instructions', () => {
  const instruction: Instruction = {
    programAddress: MEMO,
    accounts: [{ address: TOKEN, role: AccountRole.READONLY }],
    data: new Uint8Array([1]),
  };

  it('sends them as they are, with no lookup tables unless asked', async () => {
    sender.send.mockResolvedValue('sig');
    await expect(renderSend()({ instructions: [instruction] })).resolves.toBe('sig');
    expect(sender.send.mock.calls[0]![0]).not.toHaveProperty('addressLookupTables');
  });

  it("reads a route's lookup tables from the chain and hands their addresses to the sender", async () => {
    const table = address('4QwSwNriKPrz8DLW4ju5uxC2TN5cksJx6tPUPj7DGLAW');
    lookupTables.set(table, [TOKEN, ASSOCIATED_TOKEN]);
    sender.send.mockResolvedValue('sig');
    await expect(renderSend()({ instructions: [instruction], addressLookupTables: [table] })).resolves.toBe(
      'sig',
    );
    expect(sender.send.mock.calls[0]![0]).toMatchObject({
      instructions: [instruction],
      addressLookupTables: { [table]: [TOKEN, ASSOCIATED_TOKEN] },
    });
  });

  it("fails with 'Invalid Transaction', without sending, when a lookup table does not exist", async () => {
    const missing = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin');
    await expect(
      renderSend()({ instructions: [instruction], addressLookupTables: [missing] }),
    ).rejects.toThrow(ERROR_MESSAGES.invalidTransaction);
    expect(sender.send).not.toHaveBeenCalled();
  });
});
