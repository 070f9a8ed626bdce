/**
 * Accounts in the validator's `UiAccount` shape, in each of its encodings:
 * - `binary` (legacy): data as a bare base58 string;
 * - `base58`, `base64`, `base64+zstd`: `[data, encoding]` (zstd from node:zlib, no native addon);
 * - `jsonParsed`: SPL Token accounts and mints, and address lookup tables, decoded as the validator's
 *   account decoder does; any other account falls back to base64 with the data slice applied, as the
 *   validator does for programs it cannot parse.
 *
 * @module
 */

import { zstdCompressSync } from 'node:zlib';

import type { AccountView } from '../chain/account-view.ts';
import type { LocalChain } from '../chain/local-chain.ts';
import { encodeBase58 } from '../wire/base58.ts';
import { readLookupTable } from '../wire/lookup-table.ts';
import { ADDRESS_LOOKUP_TABLE_PROGRAM_BYTES, bytesEqual, tokenProgramOf } from '../wire/program-ids.ts';
import { mintInfo, readMint, readTokenAccount, tokenAccountInfo } from '../wire/spl-token.ts';
import { invalidParams, RpcError, RpcErrorCode, u64 } from './json-rpc.ts';
import { configParam, describe, usizeParam } from './params.ts';

/** An account data encoding a client may ask for. */
export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed';

const ENCODINGS: readonly string[] = ['binary', 'base58', 'base64', 'jsonParsed', 'base64+zstd'];
/** The validator refuses base58 for data longer than this (`MAX_BASE58_BYTES`). */
const MAX_BASE58_BYTES = 128;

/** A `dataSlice` option. */
export interface DataSlice {
  readonly offset: number;
  readonly length: number;
}

/** Reads an `encoding` option. */
export function accountEncodingParam(value: unknown, fallback: AccountEncoding): AccountEncoding {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !ENCODINGS.includes(value)) {
    throw invalidParams(
      `Invalid params: ${typeof value === 'string' ? `unknown variant \`${value}\`` : `invalid type: ${describe(value)}`}, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\`.`,
    );
  }
  return value as AccountEncoding;
}

/** Reads a `dataSlice` option. */
export function dataSliceParam(value: unknown): DataSlice | undefined {
  if (value === undefined || value === null) return undefined;
  const slice = configParam(value, 'UiDataSliceConfig');
  if (slice.offset === undefined || slice.length === undefined) {
    throw invalidParams('Invalid params: dataSlice needs both `offset` and `length`.');
  }
  return { offset: usizeParam(slice.offset), length: usizeParam(slice.length) };
}

/** Resolves a mint's decimals for `jsonParsed` token accounts (`null` when the mint is missing). */
export type MintDecimals = (mint: Uint8Array, program: 'spl-token' | 'spl-token-2022') => number | null;

/** The `parsed` form of a token account or mint, or `null` when the account is neither. */
export function parseTokenData(
  account: AccountView,
  mintDecimals: MintDecimals,
): Record<string, unknown> | null {
  const program = tokenProgramOf(account.owner);
  if (!program) return null;
  const token = readTokenAccount(account.data, program);
  if (token) {
    if (token.hasExtensions) return null;
    const decimals = mintDecimals(token.mint, program);
    if (decimals === null) return null;
    return {
      program,
      parsed: { info: tokenAccountInfo(token, decimals), type: 'account' },
      space: account.data.length,
    };
  }
  const mint = readMint(account.data, program);
  if (mint && !mint.hasExtensions) {
    return { program, parsed: { info: mintInfo(mint), type: 'mint' }, space: account.data.length };
  }
  return null;
}

/**
 * The `parsed` form of an address lookup table (the validator's `parse_address_lookup_table`), or `null`
 * when the account is not one or its data is not a table. Slots are strings (`u64`), the start index a
 * number, and `authority` is left out once the table is frozen.
 */
export function parseLookupTableData(account: AccountView): Record<string, unknown> | null {
  if (!bytesEqual(account.owner, ADDRESS_LOOKUP_TABLE_PROGRAM_BYTES)) return null;
  const table = readLookupTable(account.data);
  if (table === null) return null;
  const parsed =
    table === 'uninitialized'
      ? { type: 'uninitialized' }
      : {
          type: 'lookupTable',
          info: {
            deactivationSlot: table.deactivationSlot.toString(),
            lastExtendedSlot: table.lastExtendedSlot.toString(),
            lastExtendedSlotStartIndex: table.lastExtendedSlotStartIndex,
            ...(table.authority === null ? {} : { authority: encodeBase58(table.authority) }),
            addresses: Array.from({ length: table.addresses.length / 32 }, (_, i) =>
              encodeBase58(table.addresses.subarray(i * 32, i * 32 + 32)),
            ),
          },
        };
  return { program: 'address-lookup-table', parsed, space: account.data.length };
}

function sliced(data: Uint8Array, slice: DataSlice | undefined): Uint8Array {
  if (!slice) return data;
  const start = Math.min(slice.offset, data.length);
  return data.subarray(start, Math.min(start + slice.length, data.length));
}

function base64(data: Uint8Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
}

/**
 * The `UiAccount` of `account`.
 *
 * @throws RpcError -32600 for base58 of more than 128 bytes, as the validator refuses it.
 */
export function encodeAccount(
  account: AccountView,
  encoding: AccountEncoding,
  slice: DataSlice | undefined,
  mintDecimals: MintDecimals,
): Record<string, unknown> {
  let data: unknown;
  const parsed =
    encoding === 'jsonParsed'
      ? (parseTokenData(account, mintDecimals) ?? parseLookupTableData(account))
      : null;
  if (parsed) {
    data = parsed;
  } else {
    const bytes = sliced(account.data, slice);
    if ((encoding === 'binary' || encoding === 'base58') && bytes.length > MAX_BASE58_BYTES) {
      throw new RpcError(
        RpcErrorCode.INVALID_REQUEST,
        `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
      );
    }
    if (encoding === 'binary') data = encodeBase58(bytes);
    else if (encoding === 'base58') data = [encodeBase58(bytes), 'base58'];
    else if (encoding === 'base64+zstd') data = [base64(zstdCompressSync(bytes)), 'base64+zstd'];
    else data = [base64(bytes), 'base64'];
  }
  return {
    data,
    executable: account.executable,
    lamports: u64(account.lamports),
    owner: encodeBase58(account.owner),
    rentEpoch: u64(account.rentEpoch),
    space: account.data.length,
  };
}

/**
 * Whether a token-program account belongs in a `jsonParsed` listing: the validator leaves out token
 * accounts whose mint it cannot find (it cannot scale their amounts).
 */
export function isListableParsed(account: AccountView, mintDecimals: MintDecimals): boolean {
  const program = tokenProgramOf(account.owner);
  if (!program) return true;
  const token = readTokenAccount(account.data, program);
  return !token || mintDecimals(token.mint, program) !== null;
}

/** Mint decimals as the chain holds them, for {@link encodeAccount}. */
export function chainMintDecimals(chain: LocalChain): MintDecimals {
  return (mint, program) => {
    const account = chain.getAccount(mint);
    if (!account || tokenProgramOf(account.owner) !== program) return null;
    return readMint(account.data, program)?.decimals ?? null;
  };
}
