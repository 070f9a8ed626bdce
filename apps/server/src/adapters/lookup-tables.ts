/**
 * Address lookup tables for the local stand-ins (swap desk, marketplace), which build or check transactions
 * that load accounts through tables, as mainnet swap routes and marketplace buys do.
 *
 * - {@link findOrCreateLookupTable}: a stand-in's one table of its fixed accounts (mints, its token
 *   accounts, programs). The chain keeps it: it is found again by its authority (the stand-in's key), so a
 *   restart on the same chain state reuses it, and a fresh chain gets a new one.
 * - {@link lookupTableAddresses}: what a compiled message's tables hold, read from the chain, for a
 *   co-signing check. The check must compare the accounts the runtime will load, so every table is read
 *   here (never taken from the client) and must be a real lookup table. That read cannot go stale before
 *   the transaction lands: a table only ever appends (an index valid now resolves to the same address
 *   later), and closing and recreating one takes longer than a blockhash lives. An index the table does
 *   not hold yet is refused by kit's decompiler, so a table extended after the check changes nothing.
 *
 * @module
 */

import {
  ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS,
  createLookupTableInstruction,
  extendLookupTableInstruction,
} from '@arcade/localnet/lookup-table-instructions';
import { LAMPORTS_PER_SOL } from '@arcade/sdk/constants';
import {
  getAddressEncoder,
  getBase58Decoder,
  isAddress,
  lamports,
  type Address,
  type AddressesByLookupTableAddress,
  type Base58EncodedBytes,
  type CompiledTransactionMessage,
  type KeyPairSigner,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit';

import { sendAndConfirm, waitForConfirmation } from '../chain/send-transaction.ts';

export { ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS };

/** The most addresses a table holds (`LOOKUP_TABLE_MAX_ADDRESSES`). */
export const LOOKUP_TABLE_MAX_ADDRESSES = 256;

/** Addresses appended per transaction: 20 keep a create-and-extend well under 1,232 bytes. */
const ADDRESSES_PER_EXTEND = 20;

/** `deactivationSlot` of a table that was never deactivated (`u64::MAX`). */
const ACTIVE = '18446744073709551615';

/** Where the authority's option tag sits in a table's data: the tag (1 = some), then the key. */
const AUTHORITY_OFFSET = 21n;

/** How long to wait for a confirmation or for the slot after a table's last extension. */
const WAIT_MS = 30_000;
const POLL_MS = 200;

/** A lookup table and the addresses it holds. */
export interface LookupTable {
  readonly address: Address;
  readonly addresses: readonly Address[];
}

/** A table as the chain reports it in `jsonParsed`. */
interface ParsedLookupTable extends LookupTable {
  readonly deactivationSlot: string;
  readonly lastExtendedSlot: bigint;
}

/** A transaction loads from an account that is not a usable lookup table (missing, or another program's). */
export class LookupTableError extends Error {
  override readonly name = 'LookupTableError';
}

/** `account` (a `jsonParsed` account, or null) as a lookup table, or null when it is not one. */
function parsedLookupTable(address: Address, account: unknown): ParsedLookupTable | null {
  if (typeof account !== 'object' || account === null) return null;
  const { owner, data } = account as { owner?: unknown; data?: unknown };
  if (owner !== ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS || typeof data !== 'object' || data === null)
    return null;
  const { program, parsed } = data as { program?: unknown; parsed?: unknown };
  if (program !== 'address-lookup-table' || typeof parsed !== 'object' || parsed === null) return null;
  const { type, info } = parsed as { type?: unknown; info?: unknown };
  if (type !== 'lookupTable' || typeof info !== 'object' || info === null) return null;
  const { addresses, deactivationSlot, lastExtendedSlot } = info as Record<string, unknown>;
  if (
    !Array.isArray(addresses) ||
    !addresses.every((entry): entry is Address => typeof entry === 'string' && isAddress(entry)) ||
    typeof deactivationSlot !== 'string' ||
    typeof lastExtendedSlot !== 'string' ||
    !/^\d+$/.test(lastExtendedSlot)
  ) {
    return null;
  }
  return { address, addresses, deactivationSlot, lastExtendedSlot: BigInt(lastExtendedSlot) };
}

/**
 * Reads `tables` from the chain (`jsonParsed`, confirmed).
 *
 * @throws LookupTableError when one is missing or not a lookup table; RPC errors as they are.
 */
async function readLookupTables(
  rpc: Rpc<SolanaRpcApi>,
  tables: readonly Address[],
): Promise<Map<Address, ParsedLookupTable>> {
  const unique = [...new Set(tables)];
  const read = new Map<Address, ParsedLookupTable>();
  if (unique.length === 0) return read;
  const { value } = await rpc
    .getMultipleAccounts(unique, { encoding: 'jsonParsed', commitment: 'confirmed' })
    .send();
  unique.forEach((address, i) => {
    const table = parsedLookupTable(address, value[i]);
    if (table === null) throw new LookupTableError(`${address} is not an address lookup table`);
    read.set(address, table);
  });
  return read;
}

/**
 * The addresses of every table `message` loads from, as the chain holds them now: give them to kit's
 * `decompileTransactionMessage` (which refuses an index a table does not hold).
 *
 * @throws LookupTableError when a table is missing or is not a lookup table; RPC errors as they are.
 */
export async function lookupTableAddresses(
  rpc: Rpc<SolanaRpcApi>,
  message: CompiledTransactionMessage,
): Promise<AddressesByLookupTableAddress> {
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : [];
  const tables = await readLookupTables(
    rpc,
    lookups.map((lookup) => lookup.lookupTableAddress),
  );
  return Object.fromEntries([...tables].map(([address, table]) => [address, [...table.addresses]]));
}

/** Options of {@link findOrCreateLookupTable}. */
export interface LocalLookupTableOptions {
  readonly rpc: Rpc<SolanaRpcApi>;
  /** The table's authority, which also pays for it (airdropped SOL when it has too little). */
  readonly authority: KeyPairSigner;
  /** What the table must hold (at most {@link LOOKUP_TABLE_MAX_ADDRESSES}, duplicates ignored). */
  readonly addresses: readonly Address[];
}

/**
 * An active table of `authority` that holds every one of `addresses`, created (and extended as many
 * times as needed) when the chain has none. Returns once all its addresses can be used, i.e. from the
 * slot after its last extension. Local chain only: it airdrops.
 *
 * @throws RangeError for more than {@link LOOKUP_TABLE_MAX_ADDRESSES} addresses; ChainTransactionError
 * or RPC errors when the chain refuses or cannot be reached.
 */
export async function findOrCreateLookupTable(options: LocalLookupTableOptions): Promise<LookupTable> {
  const { rpc, authority } = options;
  const wanted = [...new Set(options.addresses)];
  if (wanted.length > LOOKUP_TABLE_MAX_ADDRESSES) {
    throw new RangeError(`a lookup table holds at most ${LOOKUP_TABLE_MAX_ADDRESSES} addresses`);
  }
  const authorityTag = Uint8Array.from([1, ...getAddressEncoder().encode(authority.address)]);
  const owned = await rpc
    .getProgramAccounts(ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS, {
      encoding: 'jsonParsed',
      commitment: 'confirmed',
      filters: [
        {
          memcmp: {
            offset: AUTHORITY_OFFSET,
            bytes: getBase58Decoder().decode(authorityTag) as Base58EncodedBytes,
            encoding: 'base58',
          },
        },
      ],
    })
    .send();
  for (const { pubkey, account } of owned) {
    const table = parsedLookupTable(pubkey, account);
    if (table?.deactivationSlot !== ACTIVE) continue;
    const held = new Set(table.addresses);
    if (wanted.every((entry) => held.has(entry))) {
      await waitForSlotAfter(rpc, table.lastExtendedSlot);
      return { address: table.address, addresses: table.addresses };
    }
  }

  const { value: balance } = await rpc.getBalance(authority.address, { commitment: 'confirmed' }).send();
  // Rent of a full table is under 0.02 SOL; one SOL leaves plenty for the fees.
  if (balance < LAMPORTS_PER_SOL / 10n) {
    await waitForConfirmation(
      rpc,
      await rpc.requestAirdrop(authority.address, lamports(LAMPORTS_PER_SOL)).send(),
    );
  }
  const recentSlot = await rpc.getSlot({ commitment: 'finalized' }).send();
  const { table, instruction } = await createLookupTableInstruction(authority, authority, recentSlot);
  const chunks: Address[][] = [];
  for (let start = 0; start < wanted.length; start += ADDRESSES_PER_EXTEND) {
    chunks.push(wanted.slice(start, start + ADDRESSES_PER_EXTEND));
  }
  const extend = (chunk: readonly Address[]) =>
    extendLookupTableInstruction(table, authority, authority, chunk);
  const [first, ...rest] = chunks;
  await sendAndConfirm(rpc, authority, first === undefined ? [instruction] : [instruction, extend(first)]);
  for (const chunk of rest) await sendAndConfirm(rpc, authority, [extend(chunk)]);
  const created = (await readLookupTables(rpc, [table])).get(table)!;
  await waitForSlotAfter(rpc, created.lastExtendedSlot);
  return { address: table, addresses: created.addresses };
}

/** Waits until the chain's confirmed slot is past `slot`: a table's new addresses are usable from then. */
async function waitForSlotAfter(rpc: Rpc<SolanaRpcApi>, slot: bigint): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while ((await rpc.getSlot({ commitment: 'confirmed' }).send()) <= slot) {
    if (Date.now() > deadline) throw new Error(`the chain did not pass slot ${slot}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
