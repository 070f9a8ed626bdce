/**
 * Address Lookup Table program instructions, built by hand (the published client targets kit 6): the
 * local stand-ins (swap desk, marketplace) and the tests create and extend real tables through the
 * program LiteSVM ships.
 *
 * @example
 * const { table, instruction } = await createLookupTableInstruction(authority, payer, recentSlot);
 * const extend = extendLookupTableInstruction(table, authority, payer, [mint, tokenAccount]);
 *
 * @module
 */

import {
  AccountRole,
  address,
  getAddressEncoder,
  getProgramDerivedAddress,
  type AccountMeta,
  type AccountSignerMeta,
  type Address,
  type Instruction,
  type InstructionWithSigners,
  type TransactionSigner,
} from '@solana/kit';

import { u32, u64 } from './le-bytes.ts';

export const ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS = address('AddressLookupTab1e1111111111111111111111111');
const SYSTEM_PROGRAM_ADDRESS = address('11111111111111111111111111111111');

/** An instruction whose signer accounts carry their signers (what kit signs with). */
export type SignableInstruction = Instruction & InstructionWithSigners;

function lookupTableAccounts(
  table: Address,
  authority: TransactionSigner,
  payer: TransactionSigner,
): (AccountMeta | AccountSignerMeta)[] {
  return [
    { address: table, role: AccountRole.WRITABLE },
    { address: authority.address, role: AccountRole.READONLY_SIGNER, signer: authority },
    { address: payer.address, role: AccountRole.WRITABLE_SIGNER, signer: payer },
    { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
  ];
}

/** The table an authority creates with `recentSlot`, and the instruction that creates it. */
export async function createLookupTableInstruction(
  authority: TransactionSigner,
  payer: TransactionSigner,
  recentSlot: bigint,
): Promise<{ table: Address; instruction: SignableInstruction }> {
  const [table, bump] = await getProgramDerivedAddress({
    programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS,
    seeds: [getAddressEncoder().encode(authority.address), u64(recentSlot)],
  });
  const instruction = {
    programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS,
    accounts: lookupTableAccounts(table, authority, payer),
    data: Uint8Array.from([...u32(0), ...u64(recentSlot), bump]),
  };
  return { table, instruction };
}

/** Appends `addresses` to `table`. */
export function extendLookupTableInstruction(
  table: Address,
  authority: TransactionSigner,
  payer: TransactionSigner,
  addresses: readonly Address[],
): SignableInstruction {
  const encoder = getAddressEncoder();
  return {
    programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS,
    accounts: lookupTableAccounts(table, authority, payer),
    data: Uint8Array.from([
      ...u32(2),
      ...u64(BigInt(addresses.length)),
      ...addresses.flatMap((entry) => [...encoder.encode(entry)]),
    ]),
  };
}
