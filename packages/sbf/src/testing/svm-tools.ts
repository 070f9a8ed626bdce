/**
 * LiteSVM test tooling shared by the programs' suites: rewriting instructions into the hostile variants a
 * program must refuse, copying accounts, counting signatures, and setting a program's upgrade authority.
 */
import {
  downgradeRoleToNonSigner,
  getAddressEncoder,
  isSignerRole,
  type AccountMeta,
  type AccountRole,
  type Address,
  type Instruction,
} from '@solana/kit';
import type { LiteSVM } from 'litesvm';

function accountsOf(ix: Instruction): readonly AccountMeta[] {
  if (ix.accounts === undefined) throw new Error('instruction without accounts');
  return ix.accounts;
}

/**
 * The same instruction with account `index` no longer a signer (its key unchanged): what a client sends
 * when it names the right authority but cannot produce its signature.
 */
export function withoutSigner(ix: Instruction, index: number): Instruction {
  const accounts = accountsOf(ix).map((meta, i) =>
    i === index ? { address: meta.address, role: downgradeRoleToNonSigner(meta.role) } : meta,
  );
  return { ...ix, accounts };
}

/** The same instruction with account `index` replaced (keeping its role, less signing, unless one is given). */
export function withAccount(
  ix: Instruction,
  index: number,
  address: Address,
  role?: AccountRole,
): Instruction {
  const accounts = accountsOf(ix).map((meta, i) =>
    i === index ? { address, role: role ?? downgradeRoleToNonSigner(meta.role) } : meta,
  );
  return { ...ix, accounts };
}

/** The same instruction with its data replaced. */
export function withData(ix: Instruction, data: Uint8Array): Instruction {
  return { ...ix, data };
}

/** The same instruction with its accounts cut to the first `count`. */
export function withAccountCount(ix: Instruction, count: number): Instruction {
  return { ...ix, accounts: accountsOf(ix).slice(0, count) };
}

/** Copies account `from` to `to`, owned by `owner`: a look-alike of a real record under another program. */
export function cloneAccount(svm: LiteSVM, from: Address, to: Address, owner: Address): void {
  const a = svm.getAccount(from);
  if (!a.exists) throw new Error(`account ${from} does not exist`);
  svm.setAccount({
    address: to,
    data: Uint8Array.from(a.data),
    executable: false,
    lamports: a.lamports,
    programAddress: owner,
    space: BigInt(a.data.length),
  });
}

/** Signatures a transaction of `instructions` paid by `feePayer` carries: the fee payer and every signer. */
export function signerCount(instructions: readonly Instruction[], feePayer: Address): number {
  const signers = new Set<Address>([feePayer]);
  for (const ix of instructions) {
    for (const meta of ix.accounts ?? []) if (isSignerRole(meta.role)) signers.add(meta.address);
  }
  return signers.size;
}

/**
 * Sets the upgrade authority in a program's ProgramData account (`None` for null). LiteSVM's addProgram
 * deploys with none; on a cluster the deployer holds it, and set-up instructions check it.
 */
export function setUpgradeAuthority(svm: LiteSVM, programData: Address, authority: Address | null): void {
  const account = svm.getAccount(programData);
  if (!account.exists) throw new Error('the program has no ProgramData account');
  const data = Uint8Array.from(account.data);
  data[12] = authority === null ? 0 : 1;
  data.set(authority === null ? new Uint8Array(32) : getAddressEncoder().encode(authority), 13);
  svm.setAccount({ ...account, data });
}
