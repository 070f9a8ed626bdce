/**
 * Deploys an SBF program through the upgradeable loader's real instructions (InitializeBuffer, Write in
 * chunks, DeployWithMaxDataLen; Upgrade and ExtendProgramChecked for a changed program), each built by hand
 * in its bincode layout and sent as a signed transaction through the chain.
 *
 * The one step that is not a transaction is the program account's creation: on a cluster the deployer
 * creates it with the System Program, signed by the program's keypair. The local chain deploys at the
 * addresses of the IDLs without their keypairs, so it writes that account as the System Program would
 * leave it (36 zero bytes = `Uninitialized`, owned by the loader, rent exempt) and lets the loader's
 * DeployWithMaxDataLen (which does not require the program's signature) do the rest. The accounts that
 * result are the loader's own: `Program { programdata_address }` and `ProgramData { slot,
 * upgrade_authority_address: Some(authority) }` followed by the ELF, as on mainnet.
 *
 * @module
 */

import {
  AccountRole,
  address,
  generateKeyPairSigner,
  getAddressDecoder,
  getAddressEncoder,
  type AccountMeta,
  type AccountSignerMeta,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { findProgramDataAddress, LOADER_UPGRADEABLE_ADDRESS } from '@arcade/sdk/anchor/program-data';

import type { LocalChain } from '../chain/local-chain.ts';
import { bytesEqual } from '../wire/program-ids.ts';
import { u32, u64 } from './le-bytes.ts';
import { sendInstructions } from './send-instructions.ts';

const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
const SYSVAR_RENT = address('SysvarRent111111111111111111111111111111111');
const SYSVAR_CLOCK = address('SysvarC1ock11111111111111111111111111111111');

/** `UpgradeableLoaderState` tags. */
const STATE = { uninitialized: 0, buffer: 1, program: 2, programData: 3 } as const;
/** Buffer: tag u32 + Option<Pubkey> authority. */
export const BUFFER_METADATA_SIZE = 37;
/** Program: tag u32 + programdata address. */
export const PROGRAM_ACCOUNT_SIZE = 36;
/** ProgramData: tag u32 + slot u64 + Option<Pubkey> upgrade authority. */
export const PROGRAMDATA_METADATA_SIZE = 45;
/** Bytes of ELF per Write transaction, well under the 1,232-byte packet limit. */
const WRITE_CHUNK = 900;

/** What {@link deployProgram} did. */
export type DeployAction = 'deployed' | 'upgraded' | 'unchanged';

/** A loader-owned program as it reads on chain. */
export interface DeployedProgram {
  readonly programData: Address;
  /** The slot of the last deploy or upgrade. */
  readonly slot: bigint;
  /** `null` when the program is immutable. */
  readonly upgradeAuthority: Address | null;
  /** The ProgramData bytes after the metadata: the ELF, zero-padded to the max data length. */
  readonly elf: Uint8Array;
}

const role = {
  writable: (a: Address): AccountMeta => ({ address: a, role: AccountRole.WRITABLE }),
  readonly: (a: Address): AccountMeta => ({ address: a, role: AccountRole.READONLY }),
  writableSigner: (s: KeyPairSigner): AccountSignerMeta => ({
    address: s.address,
    role: AccountRole.WRITABLE_SIGNER,
    signer: s,
  }),
  readonlySigner: (s: KeyPairSigner): AccountSignerMeta => ({
    address: s.address,
    role: AccountRole.READONLY_SIGNER,
    signer: s,
  }),
};

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const addressBytes = (value: Address): Uint8Array => Uint8Array.from(getAddressEncoder().encode(value));
const LOADER_BYTES = addressBytes(LOADER_UPGRADEABLE_ADDRESS);

function loaderInstruction(accounts: readonly AccountMeta[], data: Uint8Array): Instruction {
  return { programAddress: LOADER_UPGRADEABLE_ADDRESS, accounts, data };
}

/**
 * The program at `programId` as the upgradeable loader holds it, or `null` when there is no account.
 *
 * @throws Error when the account exists but is not an upgradeable program with its ProgramData.
 */
export function readDeployedProgram(chain: LocalChain, programId: Address): DeployedProgram | null {
  const program = chain.getAccount(addressBytes(programId));
  if (!program) return null;
  const view = new DataView(program.data.buffer, program.data.byteOffset, program.data.byteLength);
  if (
    !bytesEqual(program.owner, LOADER_BYTES) ||
    program.data.length < PROGRAM_ACCOUNT_SIZE ||
    view.getUint32(0, true) !== STATE.program
  ) {
    throw new Error(`${programId} exists and is not a program of the upgradeable loader`);
  }
  const programData = getAddressDecoder().decode(program.data.subarray(4, 36));
  const data = chain.getAccount(addressBytes(programData));
  if (!data || !bytesEqual(data.owner, LOADER_BYTES) || data.data.length < PROGRAMDATA_METADATA_SIZE) {
    throw new Error(`The ProgramData account ${programData} of ${programId} is missing or malformed`);
  }
  const dataView = new DataView(data.data.buffer, data.data.byteOffset, data.data.byteLength);
  if (dataView.getUint32(0, true) !== STATE.programData) {
    throw new Error(`The ProgramData account ${programData} of ${programId} is malformed`);
  }
  const hasAuthority = data.data[12] === 1;
  return {
    programData,
    slot: dataView.getBigUint64(4, true),
    upgradeAuthority: hasAuthority ? getAddressDecoder().decode(data.data.subarray(13, 45)) : null,
    elf: data.data.subarray(PROGRAMDATA_METADATA_SIZE),
  };
}

/** Whether the deployed (zero-padded) ELF is exactly `elf`. */
function sameElf(deployed: Uint8Array, elf: Uint8Array): boolean {
  if (deployed.length < elf.length) return false;
  if (!bytesEqual(deployed.subarray(0, elf.length), elf)) return false;
  return deployed.subarray(elf.length).every((byte) => byte === 0);
}

/** Creates a buffer owned by `authority` and writes `elf` into it; returns its address. */
async function writeBuffer(chain: LocalChain, authority: KeyPairSigner, elf: Uint8Array): Promise<Address> {
  const buffer = await generateKeyPairSigner();
  const size = BigInt(BUFFER_METADATA_SIZE + elf.length);
  await sendInstructions(
    chain,
    authority,
    [
      {
        programAddress: SYSTEM_PROGRAM,
        accounts: [role.writableSigner(authority), role.writableSigner(buffer)],
        // CreateAccount: lamports, space, owner.
        data: concat(u32(0), u64(chain.minimumBalanceForRentExemption(size)), u64(size), LOADER_BYTES),
      },
      loaderInstruction(
        [role.writable(buffer.address), role.readonly(authority.address)],
        u32(0), // InitializeBuffer
      ),
    ],
    'create the program buffer',
  );
  for (let offset = 0; offset < elf.length; offset += WRITE_CHUNK) {
    const chunk = elf.subarray(offset, offset + WRITE_CHUNK);
    await sendInstructions(
      chain,
      authority,
      [
        loaderInstruction(
          [role.writable(buffer.address), role.readonlySigner(authority)],
          concat(u32(1), u32(offset), u64(BigInt(chunk.length)), chunk), // Write
        ),
      ],
      `write the program buffer at ${offset}`,
    );
  }
  return buffer.address;
}

/**
 * Makes `programId` run `elf` with `authority` as its upgrade authority: a first deploy, an upgrade when
 * the ELF differs from the deployed one (extending ProgramData first if it is too small), or nothing when
 * it is the same. `authority` pays. A slot is opened after a deploy or an upgrade: the runtime makes a
 * program visible from the slot after the one it was deployed in.
 *
 * @throws Error when the program exists with another (or no) upgrade authority, or a transaction fails.
 */
export async function deployProgram(
  chain: LocalChain,
  programId: Address,
  elf: Uint8Array,
  authority: KeyPairSigner,
): Promise<DeployAction> {
  const deployed = readDeployedProgram(chain, programId);
  if (deployed && sameElf(deployed.elf, elf)) return 'unchanged';
  if (deployed && deployed.upgradeAuthority !== authority.address) {
    throw new Error(
      `${programId} is deployed with upgrade authority ${deployed.upgradeAuthority ?? 'none'}, not ${authority.address}`,
    );
  }
  const [programData] = await findProgramDataAddress(programId);
  if (deployed) {
    const capacity = deployed.elf.length;
    if (elf.length > capacity) {
      await sendInstructions(
        chain,
        authority,
        [
          loaderInstruction(
            [
              role.writable(programData),
              role.writable(programId),
              role.readonly(SYSTEM_PROGRAM),
              role.writableSigner(authority),
            ],
            // ExtendProgram (LiteSVM's feature set refuses ExtendProgramChecked, as mainnet did until
            // its feature gate is activated).
            concat(u32(6), u32(elf.length - capacity)),
          ),
        ],
        `extend ${programId}`,
      );
      // A program extended in a slot cannot be upgraded in the same slot.
      chain.advanceSlot();
    }
    const buffer = await writeBuffer(chain, authority, elf);
    await sendInstructions(
      chain,
      authority,
      [
        loaderInstruction(
          [
            role.writable(programData),
            role.writable(programId),
            role.writable(buffer),
            role.writable(authority.address), // spill: the buffer's lamports
            role.readonly(SYSVAR_RENT),
            role.readonly(SYSVAR_CLOCK),
            role.readonlySigner(authority),
          ],
          u32(3), // Upgrade
        ),
      ],
      `upgrade ${programId}`,
    );
    chain.advanceSlot();
    return 'upgraded';
  }
  // What the System Program's CreateAccount would leave: an uninitialized loader account.
  chain.writeAccount(addressBytes(programId), {
    lamports: chain.minimumBalanceForRentExemption(BigInt(PROGRAM_ACCOUNT_SIZE)),
    data: new Uint8Array(PROGRAM_ACCOUNT_SIZE),
    owner: LOADER_BYTES,
    executable: false,
  });
  const buffer = await writeBuffer(chain, authority, elf);
  await sendInstructions(
    chain,
    authority,
    [
      loaderInstruction(
        [
          role.writableSigner(authority),
          role.writable(programData),
          role.writable(programId),
          role.writable(buffer),
          role.readonly(SYSVAR_RENT),
          role.readonly(SYSVAR_CLOCK),
          role.readonly(SYSTEM_PROGRAM),
          role.readonlySigner(authority),
        ],
        concat(u32(2), u64(BigInt(elf.length))), // DeployWithMaxDataLen
      ),
    ],
    `deploy ${programId}`,
  );
  chain.advanceSlot();
  return 'deployed';
}
