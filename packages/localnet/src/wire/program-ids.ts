/**
 * The addresses of the runtime's own programs and sysvars that the node inspects, as base58 and bytes.
 *
 * @module
 */

import { decodeBase58 } from './base58.ts';

function bytesOf(address: string): Uint8Array {
  const bytes = decodeBase58(address);
  if (bytes?.length !== 32) throw new Error(`Not an address: ${address}`);
  return bytes;
}

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
export const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const MEMO_V1_PROGRAM = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo';
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
export const ED25519_PROGRAM = 'Ed25519SigVerify111111111111111111111111111';
export const SECP256K1_PROGRAM = 'KeccakSecp256k11111111111111111111111111111';
export const SECP256R1_PROGRAM = 'Secp256r1SigVerify1111111111111111111111111';

export const SYSTEM_PROGRAM_BYTES = bytesOf(SYSTEM_PROGRAM);
export const ADDRESS_LOOKUP_TABLE_PROGRAM_BYTES = bytesOf(ADDRESS_LOOKUP_TABLE_PROGRAM);
export const TOKEN_PROGRAM_BYTES = bytesOf(TOKEN_PROGRAM);
export const TOKEN_2022_PROGRAM_BYTES = bytesOf(TOKEN_2022_PROGRAM);

/** Whether two byte strings are equal. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The SPL Token program (`'spl-token'` or `'spl-token-2022'`) that owns an account, if any. */
export function tokenProgramOf(owner: Uint8Array): 'spl-token' | 'spl-token-2022' | null {
  if (bytesEqual(owner, TOKEN_PROGRAM_BYTES)) return 'spl-token';
  if (bytesEqual(owner, TOKEN_2022_PROGRAM_BYTES)) return 'spl-token-2022';
  return null;
}
