/**
 * Account and token methods over real SPL Token accounts (created by the Token program through the RPC):
 * getProgramAccounts with dataSize/memcmp filters, the token methods, and every account encoding.
 */
import { zstdDecompressSync } from 'node:zlib';

import {
  address,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase58Decoder,
  type Address,
  type Base58EncodedBytes,
  type KeyPairSigner,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  getInitializeAccount3Instruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  callRaw,
  fundedSigner,
  sendAndConfirm,
  signedTransaction,
  startTestNode,
  type TestNode,
} from '../testing/local-node.ts';

const MINT_SIZE = 82n;
const ACCOUNT_SIZE = 165n;

let node: TestNode;
let payer: KeyPairSigner;
let mint: Address;
let alice: Address;
let bob: Address;
/** Alice's two token accounts and Bob's one. */
let aliceAccounts: Address[];
let bobAccount: Address;

async function createTokenAccount(owner: Address, amount: bigint): Promise<Address> {
  const account = await generateKeyPairSigner();
  const rent = await node.rpc.getMinimumBalanceForRentExemption(ACCOUNT_SIZE).send();
  await sendAndConfirm(
    node,
    await signedTransaction(node, payer, [
      getCreateAccountInstruction({
        payer,
        newAccount: account,
        lamports: rent,
        space: ACCOUNT_SIZE,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeAccount3Instruction({ account: account.address, mint, owner }),
      getMintToInstruction({ mint, token: account.address, mintAuthority: payer, amount }),
    ]),
  );
  return account.address;
}

beforeAll(async () => {
  node = await startTestNode();
  payer = await fundedSigner(node, 10n);
  const mintSigner = await generateKeyPairSigner();
  mint = mintSigner.address;
  const rent = await node.rpc.getMinimumBalanceForRentExemption(MINT_SIZE).send();
  await sendAndConfirm(
    node,
    await signedTransaction(node, payer, [
      getCreateAccountInstruction({
        payer,
        newAccount: mintSigner,
        lamports: rent,
        space: MINT_SIZE,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeMint2Instruction({ mint, decimals: 6, mintAuthority: payer.address }),
    ]),
  );
  alice = (await generateKeyPairSigner()).address;
  bob = (await generateKeyPairSigner()).address;
  aliceAccounts = [await createTokenAccount(alice, 1_500_000n), await createTokenAccount(alice, 42n)];
  bobAccount = await createTokenAccount(bob, 7_000_000n);
});

afterAll(async () => {
  await node.close();
});

describe('getProgramAccounts', () => {
  it('filters a program’s accounts by dataSize and memcmp', async () => {
    const owned = await node.rpc
      .getProgramAccounts(TOKEN_PROGRAM_ADDRESS, {
        encoding: 'base64',
        filters: [
          { dataSize: ACCOUNT_SIZE },
          { memcmp: { offset: 32n, bytes: alice as unknown as Base58EncodedBytes, encoding: 'base58' } },
        ],
      })
      .send();
    expect(owned.map((entry) => entry.pubkey).toSorted()).toEqual(aliceAccounts.toSorted());

    // The same owner filter with base64 bytes, and a mint filter that matches everyone's accounts.
    const aliceBytes = Buffer.from(getAddressEncoder().encode(alice)).toString('base64');
    const byBase64 = await callRaw(node, 'getProgramAccounts', [
      TOKEN_PROGRAM_ADDRESS,
      { encoding: 'base64', filters: [{ memcmp: { offset: 32, bytes: aliceBytes, encoding: 'base64' } }] },
    ]);
    expect((byBase64.result as { pubkey: string }[]).map((entry) => entry.pubkey).toSorted()).toEqual(
      aliceAccounts.toSorted(),
    );
    const byMint = await node.rpc
      .getProgramAccounts(TOKEN_PROGRAM_ADDRESS, {
        encoding: 'base64',
        filters: [
          { memcmp: { offset: 0n, bytes: mint as unknown as Base58EncodedBytes, encoding: 'base58' } },
        ],
      })
      .send();
    expect(byMint).toHaveLength(3);
    // Results are sorted by address, as the validator sorts them by default.
    expect(byMint.map((entry) => entry.pubkey)).toEqual(
      byMint
        .map((entry) => entry.pubkey)
        .toSorted((a, b) =>
          Buffer.compare(
            Buffer.from(getAddressEncoder().encode(a)),
            Buffer.from(getAddressEncoder().encode(b)),
          ),
        ),
    );

    // Mints are 82 bytes: ours and the native mint.
    const mints = await node.rpc
      .getProgramAccounts(TOKEN_PROGRAM_ADDRESS, { encoding: 'base64', filters: [{ dataSize: MINT_SIZE }] })
      .send();
    expect(mints.map((entry) => entry.pubkey).toSorted()).toEqual(
      [mint, address('So11111111111111111111111111111111111111112')].toSorted(),
    );
    const none = await node.rpc
      .getProgramAccounts(TOKEN_PROGRAM_ADDRESS, {
        encoding: 'base64',
        filters: [
          { dataSize: ACCOUNT_SIZE },
          { memcmp: { offset: 200n, bytes: '1' as Base58EncodedBytes, encoding: 'base58' } },
        ],
      })
      .send();
    expect(none).toEqual([]);
  });

  it('wraps results in a context with withContext', async () => {
    const response = await callRaw(node, 'getProgramAccounts', [
      TOKEN_PROGRAM_ADDRESS,
      { withContext: true, encoding: 'base64', filters: [{ dataSize: 82 }] },
    ]);
    expect(response.result).toMatchObject({
      context: { apiVersion: '3.0.0', slot: 0 },
      value: expect.any(Array) as unknown,
    });
  });

  it('parses token accounts in jsonParsed', async () => {
    const parsed = await callRaw(node, 'getProgramAccounts', [
      TOKEN_PROGRAM_ADDRESS,
      { encoding: 'jsonParsed', filters: [{ memcmp: { offset: 32, bytes: bob } }] },
    ]);
    expect(parsed.result).toEqual([
      {
        pubkey: bobAccount,
        account: {
          data: {
            program: 'spl-token',
            parsed: {
              info: {
                isNative: false,
                mint,
                owner: bob,
                state: 'initialized',
                tokenAmount: { amount: '7000000', decimals: 6, uiAmount: 7, uiAmountString: '7' },
              },
              type: 'account',
            },
            space: 165,
          },
          executable: false,
          lamports: expect.any(Number) as unknown,
          owner: TOKEN_PROGRAM_ADDRESS,
          rentEpoch: expect.any(Number) as unknown,
          space: 165,
        },
      },
    ]);
  });
});

describe('token methods', () => {
  it('lists an owner’s token accounts by mint or by program', async () => {
    const byMint = await node.rpc.getTokenAccountsByOwner(alice, { mint }, { encoding: 'base64' }).send();
    expect(byMint.value.map((entry) => entry.pubkey).toSorted()).toEqual(aliceAccounts.toSorted());
    const byProgram = await node.rpc
      .getTokenAccountsByOwner(alice, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' })
      .send();
    const amounts = byProgram.value.map((entry) => entry.account.data.parsed.info.tokenAmount.uiAmountString);
    expect(amounts.toSorted()).toEqual(['0.000042', '1.5']);
    const nobody = await node.rpc
      .getTokenAccountsByOwner(payer.address, { mint }, { encoding: 'base64' })
      .send();
    expect(nobody.value).toEqual([]);

    const notAMint = await callRaw(node, 'getTokenAccountsByOwner', [alice, { mint: alice }]);
    expect(notAMint.error).toEqual({ code: -32602, message: 'Invalid param: could not find mint' });
    const notTokenProgram = await callRaw(node, 'getTokenAccountsByOwner', [alice, { programId: alice }]);
    expect(notTokenProgram.error).toEqual({
      code: -32602,
      message: 'Invalid param: unrecognized Token program id',
    });
  });

  it('reports a token account balance and a mint supply', async () => {
    const balance = await node.rpc.getTokenAccountBalance(aliceAccounts[0]!).send();
    expect(balance.value).toEqual({ amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' });
    const supply = await node.rpc.getTokenSupply(mint).send();
    expect(supply.value).toMatchObject({ amount: '8500042', decimals: 6, uiAmountString: '8.500042' });
    expect((await callRaw(node, 'getTokenAccountBalance', [payer.address])).error).toEqual({
      code: -32602,
      message: 'Invalid param: not a Token account',
    });
    expect((await callRaw(node, 'getTokenAccountBalance', [alice])).error).toEqual({
      code: -32602,
      message: 'Invalid param: could not find account',
    });
  });
});

describe('account encodings', () => {
  it('encodes account data in every encoding the validator offers', async () => {
    const account = bobAccount;
    const base64 = await node.rpc.getAccountInfo(account, { encoding: 'base64' }).send();
    const data = Buffer.from(base64.value!.data[0], 'base64');
    expect(data.length).toBe(165);
    expect(base64.value).toMatchObject({ owner: TOKEN_PROGRAM_ADDRESS, executable: false, space: 165n });

    const zstd = await node.rpc.getAccountInfo(account, { encoding: 'base64+zstd' }).send();
    expect(zstd.value!.data[1]).toBe('base64+zstd');
    expect(zstdDecompressSync(Buffer.from(zstd.value!.data[0], 'base64'))).toEqual(data);

    const slice = await node.rpc
      .getAccountInfo(account, { encoding: 'base58', dataSlice: { offset: 32, length: 32 } })
      .send();
    expect(slice.value!.data).toEqual([bob, 'base58']);

    // Legacy `binary` (the default) is a bare base58 string, and too long for 165 bytes.
    const binary = await callRaw(node, 'getAccountInfo', [account, { dataSlice: { offset: 0, length: 32 } }]);
    expect((binary.result as { value: { data: unknown } }).value.data).toBe(
      getBase58Decoder().decode(data.subarray(0, 32)),
    );
    const tooLong = await callRaw(node, 'getAccountInfo', [account, { encoding: 'base58' }]);
    expect(tooLong.error).toEqual({
      code: -32600,
      message: 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
    });

    const mintParsed = await callRaw(node, 'getAccountInfo', [mint, { encoding: 'jsonParsed' }]);
    expect((mintParsed.result as { value: { data: unknown } }).value.data).toEqual({
      program: 'spl-token',
      parsed: {
        info: {
          decimals: 6,
          freezeAuthority: null,
          isInitialized: true,
          mintAuthority: payer.address,
          supply: '8500042',
        },
        type: 'mint',
      },
      space: 82,
    });
    // Not a token program account: jsonParsed falls back to base64, with the slice applied.
    const fallback = await callRaw(node, 'getAccountInfo', [
      'SysvarRent111111111111111111111111111111111',
      { encoding: 'jsonParsed', dataSlice: { offset: 0, length: 4 } },
    ]);
    expect((fallback.result as { value: { data: unknown[] } }).value.data[1]).toBe('base64');
    expect(
      Buffer.from((fallback.result as { value: { data: string[] } }).value.data[0]!, 'base64'),
    ).toHaveLength(4);
  });

  it('reads several accounts at once, null for the missing', async () => {
    const missing = (await generateKeyPairSigner()).address;
    const { value } = await node.rpc
      .getMultipleAccounts([mint, missing, payer.address], { encoding: 'base64' })
      .send();
    expect(value.map((account) => account?.space ?? null)).toEqual([82n, null, 0n]);
    const tooMany = await callRaw(node, 'getMultipleAccounts', [Array.from({ length: 101 }, () => mint)]);
    expect(tooMany.error).toEqual({ code: -32602, message: 'Too many inputs provided; max 100' });
  });
});
