/**
 * Why a requested market referrer deserves a second look before approval. A referrer's share goes to its
 * vault (`["referral", referrer]`), which nothing can block, but only the referrer's own signature claims it
 * (`claim_referral`): a program, a sysvar, a reserved or burn address, or a program-derived address never
 * signs, so its share would sit unclaimed forever; and a requester naming itself pays itself a tenth of
 * the market's fee. The server refuses these as well; the console says so before the operator approves.
 *
 * @module
 */

import { isAddress, isOffCurveAddress, type Address } from '@solana/kit';

/** A reason to look twice at a referrer. */
export type ReferrerWarning = 'requester' | 'program' | 'sysvar' | 'reserved' | 'off-curve' | 'invalid';

/** The sysvars (Agave's reserved account keys of kind sysvar). */
const SYSVARS: ReadonlySet<string> = new Set([
  'Sysvar1111111111111111111111111111111111111',
  'SysvarC1ock11111111111111111111111111111111',
  'SysvarEpochRewards1111111111111111111111111',
  'SysvarEpochSchedu1e111111111111111111111111',
  'SysvarFees111111111111111111111111111111111',
  'Sysvar1nstructions1111111111111111111111111',
  'SysvarLastRestartS1ot1111111111111111111111',
  'SysvarRecentB1ockHashes11111111111111111111',
  'SysvarRent111111111111111111111111111111111',
  'SysvarRewards111111111111111111111111111111',
  'SysvarS1otHashes111111111111111111111111111',
  'SysvarS1otHistory11111111111111111111111111',
  'SysvarStakeHistory1111111111111111111111111',
]);

/** The builtin programs, loaders and precompiles (Agave's reserved account keys), and the burn address. */
const RESERVED: ReadonlySet<string> = new Set([
  '11111111111111111111111111111111',
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'ComputeBudget111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'Feature111111111111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'NativeLoader1111111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'ZkE1Gama1Proof11111111111111111111111111111',
  'ZkTokenProof1111111111111111111111111111111',
  '1nc1nerator11111111111111111111111111111111',
]);

/** What each warning says, on its badge and in full. */
export const REFERRER_WARNING_TEXT: Readonly<Record<ReferrerWarning, { badge: string; detail: string }>> = {
  requester: {
    badge: 'Requester',
    detail: 'The requester named itself: it would earn a tenth of this market’s fee.',
  },
  program: { badge: 'Program', detail: 'A program: it cannot sign to claim its share.' },
  sysvar: { badge: 'Sysvar', detail: 'A sysvar: nobody can claim its share.' },
  reserved: {
    badge: 'Reserved key',
    detail: 'A builtin program or reserved address: nobody can claim its share.',
  },
  'off-curve': {
    badge: 'No key',
    detail: 'A program-derived address: no private key can sign to claim its share.',
  },
  invalid: { badge: 'Not an address', detail: 'Not a valid address.' },
};

/**
 * The warnings of `referrer` for a request by `requester`; `executable` is what the chain says of its
 * account (undefined while unknown).
 *
 * @example referrerWarnings('SysvarRent111111111111111111111111111111111', requester, false) // ['sysvar']
 */
export function referrerWarnings(
  referrer: string,
  requester: string,
  executable: boolean | undefined,
): ReferrerWarning[] {
  if (!isAddress(referrer)) return ['invalid'];
  const warnings: ReferrerWarning[] = [];
  if (referrer === requester) warnings.push('requester');
  if (SYSVARS.has(referrer)) warnings.push('sysvar');
  else if (RESERVED.has(referrer)) warnings.push('reserved');
  else if (executable === true) warnings.push('program');
  else if (isOffCurveAddress(referrer as Address)) warnings.push('off-curve');
  return warnings;
}
