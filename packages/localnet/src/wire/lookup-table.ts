/**
 * Address lookup table accounts and the addresses a v0 message loads through them.
 *
 * LiteSVM resolves lookups itself when it executes; the node resolves them too, to report
 * `loadedAddresses`, balances and the addresses a transaction touched, with the same rules:
 * an address appended in the current slot is not usable before the next one.
 *
 * @module
 */

import { ADDRESS_LOOKUP_TABLE_PROGRAM_BYTES, bytesEqual } from './program-ids.ts';
import type { TransactionErrorName } from './transaction-error.ts';
import type { ParsedMessage } from './wire-transaction.ts';

/** The fixed part of a lookup table account before its addresses. */
const LOOKUP_TABLE_META_SIZE = 56;
const U64_MAX = 0xffff_ffff_ffff_ffffn;

/** What the node needs of an account to read a lookup table. */
export interface LookupTableAccount {
  readonly owner: Uint8Array;
  readonly data: Uint8Array;
}

/** Addresses loaded by a message's lookups, writable ones first, as the runtime orders them. */
export interface LoadedAddresses {
  readonly writable: readonly Uint8Array[];
  readonly readonly: readonly Uint8Array[];
}

/** A lookup that the runtime would refuse, with the error it would report. */
export class LookupError extends Error {
  override readonly name = 'LookupError';
  readonly error: TransactionErrorName;
  constructor(error: TransactionErrorName) {
    super(error);
    this.error = error;
  }
}

function readU64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
}

/** A lookup table account's state, as `AddressLookupTable::deserialize` reads it. */
export interface LookupTableState {
  /** `u64::MAX` while the table is active. */
  readonly deactivationSlot: bigint;
  readonly lastExtendedSlot: bigint;
  /** How many addresses the table held before `lastExtendedSlot`'s extensions. */
  readonly lastExtendedSlotStartIndex: number;
  /** `null` once the table is frozen. */
  readonly authority: Uint8Array | null;
  /** The addresses, 32 bytes each. */
  readonly addresses: Uint8Array;
}

/**
 * Reads a lookup table account's data as the runtime does (bincode `ProgramState`, then the addresses
 * from byte 56): `'uninitialized'` for the `Uninitialized` state, `null` when the data is not a table
 * (an unknown state, a bad option tag, too short, or addresses that are not whole 32-byte keys).
 */
export function readLookupTable(data: Uint8Array): LookupTableState | 'uninitialized' | null {
  if (data.length < 4) return null;
  const state = data[0]! | (data[1]! << 8) | (data[2]! << 16) | (data[3]! << 24);
  // The runtime reports an uninitialized table before it looks at the length.
  if (state === 0) return 'uninitialized';
  if (state !== 1 || data.length < 22) return null;
  const deactivationSlot = readU64(data, 4);
  const lastExtendedSlot = readU64(data, 12);
  const lastExtendedSlotStartIndex = data[20]!;
  const authorityTag = data[21];
  let authority: Uint8Array | null;
  if (authorityTag === 0) authority = null;
  else if (authorityTag === 1) authority = data.subarray(22, 54);
  else return null;
  if (data.length < LOOKUP_TABLE_META_SIZE || (data.length - LOOKUP_TABLE_META_SIZE) % 32 !== 0) return null;
  return {
    deactivationSlot,
    lastExtendedSlot,
    lastExtendedSlotStartIndex,
    authority,
    addresses: data.subarray(LOOKUP_TABLE_META_SIZE),
  };
}

/**
 * The addresses of a table that a transaction in `currentSlot` may use.
 *
 * @throws LookupError when the account is not a usable lookup table.
 */
export function activeAddresses(account: LookupTableAccount, currentSlot: bigint): Uint8Array {
  if (!bytesEqual(account.owner, ADDRESS_LOOKUP_TABLE_PROGRAM_BYTES)) {
    throw new LookupError('InvalidAddressLookupTableOwner');
  }
  const table = readLookupTable(account.data);
  if (table === null || table === 'uninitialized') throw new LookupError('InvalidAddressLookupTableData');
  // A table deactivated long ago is gone as far as lookups are concerned; one cooling down still works.
  const { deactivationSlot, lastExtendedSlot, addresses } = table;
  if (deactivationSlot !== U64_MAX && currentSlot - deactivationSlot > 512n) {
    throw new LookupError('AddressLookupTableNotFound');
  }
  const activeCount =
    currentSlot > lastExtendedSlot ? addresses.length / 32 : table.lastExtendedSlotStartIndex;
  return addresses.subarray(0, activeCount * 32);
}

/**
 * Resolves every lookup of a message.
 *
 * @param account reads an account by address (`null` when it does not exist).
 * @throws LookupError as the runtime would refuse the message.
 */
export function resolveLookups(
  message: ParsedMessage,
  currentSlot: bigint,
  account: (address: Uint8Array) => LookupTableAccount | null,
): LoadedAddresses {
  if (message.lookups.length === 0) return { writable: [], readonly: [] };
  const writable: Uint8Array[] = [];
  const readonly: Uint8Array[] = [];
  for (const lookup of message.lookups) {
    const table = account(lookup.accountKey);
    if (!table) throw new LookupError('AddressLookupTableNotFound');
    const addresses = activeAddresses(table, currentSlot);
    const count = addresses.length / 32;
    for (const index of lookup.writableIndexes) {
      if (index >= count) throw new LookupError('InvalidAddressLookupTableIndex');
      writable.push(addresses.subarray(index * 32, index * 32 + 32));
    }
    for (const index of lookup.readonlyIndexes) {
      if (index >= count) throw new LookupError('InvalidAddressLookupTableIndex');
      readonly.push(addresses.subarray(index * 32, index * 32 + 32));
    }
  }
  // The runtime orders all writable loads (table by table) before all readonly loads.
  return { writable, readonly };
}
