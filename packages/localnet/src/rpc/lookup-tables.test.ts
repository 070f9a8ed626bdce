/**
 * Address lookup tables through the JSON-RPC server: a table created and extended by the real program reads
 * back in `jsonParsed` exactly as the validator's account decoder writes it (`getAccountInfo`,
 * `getMultipleAccounts`, `getProgramAccounts`), kit's `fetchAddressesForLookupTables` and
 * `decompileTransactionMessageFetchingLookupTables` read it, and a v0 transfer compressed with it lands.
 * The decoder's other cases (frozen, uninitialized, not a table) are checked on hand-made accounts.
 */
import {
  address,
  decompileTransactionMessageFetchingLookupTables,
  fetchAddressesForLookupTables,
  generateKeyPairSigner,
  getAddressEncoder,
  getCompiledTransactionMessageDecoder,
  type Address,
  type Instruction,
  type Signature,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS,
  createLookupTableInstruction,
  extendLookupTableInstruction,
} from '../boot/lookup-table-instructions.ts';
import type { AccountView } from '../chain/account-view.ts';
import { decodeBase58 } from '../wire/base58.ts';
import {
  callRaw,
  fundedSigner,
  sendAndConfirm,
  signedTransaction,
  startTestNode,
  type TestNode,
} from '../testing/local-node.ts';
import { encodeAccount } from './account-encoding.ts';

const U64_MAX = '18446744073709551615';
const META_SIZE = 56;

let node: TestNode;

beforeEach(async () => {
  node = await startTestNode();
});

afterEach(async () => {
  await node.close();
});

async function newAddresses(count: number): Promise<Address[]> {
  return Promise.all(Array.from({ length: count }, async () => (await generateKeyPairSigner()).address));
}

async function landedSlot(signature: Signature): Promise<bigint> {
  const { value } = await node.rpc.getSignatureStatuses([signature]).send();
  return value[0]!.slot;
}

describe('jsonParsed address lookup tables on the chain', () => {
  it('reads a created and extended table as the validator does, and kit resolves a v0 transfer through it', async () => {
    const payer = await fundedSigner(node, 10n);
    const first = await newAddresses(3);
    // A table's recent slot must be in SlotHashes, which lists the slots that ended: one must have.
    node.chain.advanceSlot();
    const recentSlot = await node.rpc.getSlot({ commitment: 'finalized' }).send();
    const { table, instruction: create } = await createLookupTableInstruction(payer, payer, recentSlot);
    const created = await sendAndConfirm(
      node,
      await signedTransaction(node, payer, [
        create,
        extendLookupTableInstruction(table, payer, payer, first),
      ]),
    );
    const createdSlot = await landedSlot(created);

    const raw = await callRaw(node, 'getAccountInfo', [table, { encoding: 'jsonParsed' }]);
    const { value } = raw.result as { value: Record<string, unknown> };
    expect(value).toMatchObject({ owner: ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS, space: META_SIZE + 3 * 32 });
    expect(value.data).toEqual({
      program: 'address-lookup-table',
      parsed: {
        type: 'lookupTable',
        info: {
          deactivationSlot: U64_MAX,
          lastExtendedSlot: createdSlot.toString(),
          lastExtendedSlotStartIndex: 0,
          authority: payer.address,
          addresses: first,
        },
      },
      space: META_SIZE + 3 * 32,
    });

    // A later extension moves the slot and remembers where it started.
    node.chain.advanceSlot();
    const second = await newAddresses(2);
    const extended = await sendAndConfirm(
      node,
      await signedTransaction(node, payer, [extendLookupTableInstruction(table, payer, payer, second)]),
    );
    const extendedSlot = await landedSlot(extended);
    expect(extendedSlot).toBeGreaterThan(createdSlot);
    const all = [...first, ...second];
    const expected = {
      program: 'address-lookup-table',
      parsed: {
        type: 'lookupTable',
        info: {
          deactivationSlot: U64_MAX,
          lastExtendedSlot: extendedSlot.toString(),
          lastExtendedSlotStartIndex: 3,
          authority: payer.address,
          addresses: all,
        },
      },
      space: META_SIZE + 5 * 32,
    };
    const missing = (await generateKeyPairSigner()).address;
    const multiple = await callRaw(node, 'getMultipleAccounts', [
      [table, missing],
      { encoding: 'jsonParsed' },
    ]);
    const accounts = (multiple.result as { value: ({ data: unknown } | null)[] }).value;
    expect(accounts[0]?.data).toEqual(expected);
    expect(accounts[1]).toBeNull();
    // Found by its authority (the option tag at 21, the key at 22), as a client looks for its own tables.
    const authorityFilter = Buffer.from([1, ...getAddressEncoder().encode(payer.address)]).toString('base64');
    const listed = await callRaw(node, 'getProgramAccounts', [
      ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS,
      {
        encoding: 'jsonParsed',
        filters: [{ memcmp: { offset: 21, bytes: authorityFilter, encoding: 'base64' } }],
      },
    ]);
    expect(listed.result).toEqual([
      { pubkey: table, account: expect.objectContaining({ data: expected }) as unknown },
    ]);

    // What @solana/kit (and so the web app) reads: data.parsed.info.addresses.
    expect(await fetchAddressesForLookupTables([table], node.rpc)).toEqual({ [table]: all });

    node.chain.advanceSlot();
    const lookupTables = await fetchAddressesForLookupTables([table], node.rpc);
    const transaction = await signedTransaction(
      node,
      payer,
      all.map((destination, index) =>
        getTransferSolInstruction({ source: payer, destination, amount: BigInt(index + 1) * 1_000_000n }),
      ),
      { lookupTables },
    );
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    expect('addressTableLookups' in message ? message.addressTableLookups : []).toEqual([
      expect.objectContaining({ lookupTableAddress: table }),
    ]);
    // Every destination goes through the table: only the payer and the System program are static.
    expect(message.staticAccounts).toHaveLength(2);
    const decompiled = await decompileTransactionMessageFetchingLookupTables(message, node.rpc);
    const instructions: readonly Instruction[] = decompiled.instructions;
    expect(instructions.map((ix) => ix.accounts?.[1]?.address)).toEqual(all);

    await sendAndConfirm(node, transaction, { skipPreflight: false });
    for (const [index, destination] of all.entries()) {
      expect((await node.rpc.getBalance(destination).send()).value).toBe(BigInt(index + 1) * 1_000_000n);
    }
  });
});

describe('the lookup table decoder', () => {
  const authority = address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM');
  const entries = [address('So11111111111111111111111111111111111111112'), authority];
  const noDecimals = () => null;

  function tableData(
    options: { state?: number; authorityTag?: number; extraBytes?: number } = {},
  ): Uint8Array {
    const data = new Uint8Array(META_SIZE + entries.length * 32 + (options.extraBytes ?? 0));
    const view = new DataView(data.buffer);
    view.setUint32(0, options.state ?? 1, true);
    view.setBigUint64(4, 1234n, true);
    view.setBigUint64(12, 1200n, true);
    data[20] = 1;
    data[21] = options.authorityTag ?? 1;
    data.set(decodeBase58(authority)!, 22);
    entries.forEach((entry, i) => {
      data.set(decodeBase58(entry)!, META_SIZE + i * 32);
    });
    return data;
  }

  function account(data: Uint8Array, owner: string = ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS): AccountView {
    return { lamports: 1n, data, owner: decodeBase58(owner)!, executable: false, rentEpoch: 0n };
  }

  it('reports a deactivating table, and leaves authority out once frozen', () => {
    const deactivating = encodeAccount(account(tableData()), 'jsonParsed', undefined, noDecimals);
    expect(deactivating.data).toEqual({
      program: 'address-lookup-table',
      parsed: {
        type: 'lookupTable',
        info: {
          deactivationSlot: '1234',
          lastExtendedSlot: '1200',
          lastExtendedSlotStartIndex: 1,
          authority,
          addresses: entries,
        },
      },
      space: META_SIZE + 64,
    });
    const frozen = encodeAccount(
      account(tableData({ authorityTag: 0 })),
      'jsonParsed',
      undefined,
      noDecimals,
    );
    expect(frozen.data).toMatchObject({ parsed: { info: { addresses: entries } } });
    expect(Object.keys((frozen.data as { parsed: { info: object } }).parsed.info)).not.toContain('authority');
  });

  it('reports an uninitialized table by its type alone', () => {
    const uninitialized = encodeAccount(
      account(new Uint8Array(META_SIZE)),
      'jsonParsed',
      undefined,
      noDecimals,
    );
    expect(uninitialized.data).toEqual({
      program: 'address-lookup-table',
      parsed: { type: 'uninitialized' },
      space: META_SIZE,
    });
  });

  it('falls back to base64 (sliced) for data that is not a table, or a table-like account of another program', () => {
    const slice = { offset: 0, length: 4 };
    const cases = [
      tableData({ extraBytes: 5 }),
      tableData({ authorityTag: 2 }),
      tableData({ state: 2 }),
      new Uint8Array([1, 0, 0, 0]),
    ];
    for (const data of cases) {
      const encoded = encodeAccount(account(data), 'jsonParsed', slice, noDecimals);
      expect(encoded.data).toEqual([Buffer.from(data.subarray(0, 4)).toString('base64'), 'base64']);
    }
    const foreign = encodeAccount(
      account(tableData(), '11111111111111111111111111111111'),
      'jsonParsed',
      undefined,
      noDecimals,
    );
    expect(foreign.data).toEqual([Buffer.from(tableData()).toString('base64'), 'base64']);
  });
});
