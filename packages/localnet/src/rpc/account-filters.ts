/**
 * getProgramAccounts filters: `dataSize`, `memcmp` (base58 or base64 bytes) and `tokenAccountState`,
 * checked as the validator's `verify_filter` checks them.
 *
 * @module
 */

import type { AccountView } from '../chain/account-view.ts';
import { decodeBase58, invalidBase58Index } from '../wire/base58.ts';
import { tokenProgramOf } from '../wire/program-ids.ts';
import { readTokenAccount } from '../wire/spl-token.ts';
import { invalidParams } from './json-rpc.ts';
import { configParam, describe, stringParam, u64Param, usizeParam } from './params.ts';

/** A parsed filter. */
export type AccountFilter =
  | { readonly kind: 'dataSize'; readonly size: bigint }
  | { readonly kind: 'memcmp'; readonly offset: number; readonly bytes: Uint8Array }
  | { readonly kind: 'tokenAccountState' };

const MAX_FILTERS = 4;
const MAX_DATA_SIZE = 128;
const MAX_DATA_BASE58_SIZE = 175;
const MAX_DATA_BASE64_SIZE = 172;

function memcmpBytes(text: string, encoding: unknown): Uint8Array {
  if (encoding === 'base64') {
    if (text.length > MAX_DATA_BASE64_SIZE) throw invalidParams('Invalid param: DataTooLarge');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
      throw invalidParams('Invalid param: Base64DecodeError(InvalidPadding)');
    }
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length > MAX_DATA_SIZE) throw invalidParams('Invalid param: DataTooLarge');
    return bytes;
  }
  if (encoding !== undefined && encoding !== null && encoding !== 'base58') {
    throw invalidParams(
      `Invalid params: ${typeof encoding === 'string' ? `unknown variant \`${encoding}\`` : `invalid type: ${describe(encoding)}`}, expected \`base58\` or \`base64\`.`,
    );
  }
  if (text.length > MAX_DATA_BASE58_SIZE) throw invalidParams('Invalid param: DataTooLarge');
  const bytes = decodeBase58(text);
  if (!bytes) {
    const index = invalidBase58Index(text);
    throw invalidParams(
      `Invalid param: Base58DecodeError(InvalidCharacter { character: '${text[index] ?? ''}', index: ${index} })`,
    );
  }
  if (bytes.length > MAX_DATA_SIZE) throw invalidParams('Invalid param: DataTooLarge');
  return bytes;
}

/** Reads the `filters` option. */
export function filtersParam(value: unknown): AccountFilter[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value))
    throw invalidParams(`Invalid params: invalid type: ${describe(value)}, expected a sequence of filters.`);
  if (value.length > MAX_FILTERS) throw invalidParams(`Too many filters provided; max ${MAX_FILTERS}`);
  return value.map((filter: unknown): AccountFilter => {
    if (filter === 'tokenAccountState') return { kind: 'tokenAccountState' };
    const fields = configParam(filter, 'RpcFilterType');
    if ('dataSize' in fields) return { kind: 'dataSize', size: u64Param(fields.dataSize) };
    if ('memcmp' in fields) {
      const memcmp = configParam(fields.memcmp, 'Memcmp');
      if (memcmp.offset === undefined || memcmp.bytes === undefined) {
        throw invalidParams('Invalid params: memcmp needs `offset` and `bytes`.');
      }
      return {
        kind: 'memcmp',
        offset: usizeParam(memcmp.offset),
        bytes: memcmpBytes(stringParam(memcmp.bytes), memcmp.encoding),
      };
    }
    if ('tokenAccountState' in fields) return { kind: 'tokenAccountState' };
    throw invalidParams(
      `Invalid params: unknown filter ${JSON.stringify(Object.keys(fields))}, expected one of \`dataSize\`, \`memcmp\`, \`tokenAccountState\`.`,
    );
  });
}

/** Whether `account` passes one filter. */
export function filterAllows(filter: AccountFilter, account: AccountView): boolean {
  switch (filter.kind) {
    case 'dataSize':
      return BigInt(account.data.length) === filter.size;
    case 'memcmp': {
      const { offset, bytes } = filter;
      if (offset + bytes.length > account.data.length) return false;
      for (let i = 0; i < bytes.length; i++) if (account.data[offset + i] !== bytes[i]) return false;
      return true;
    }
    case 'tokenAccountState': {
      const program = tokenProgramOf(account.owner);
      return program !== null && readTokenAccount(account.data, program) !== null;
    }
  }
}
