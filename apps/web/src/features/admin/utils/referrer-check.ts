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
import { RESERVED_ACCOUNT_KEYS } from '@arcade/sdk/api/prophecy';

/** A reason to look twice at a referrer. */
export type ReferrerWarning = 'requester' | 'program' | 'sysvar' | 'reserved' | 'off-curve' | 'invalid';

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
  // The server's list (Agave's reserved account keys and the burn address); its sysvars start 'Sysvar'.
  if (RESERVED_ACCOUNT_KEYS.has(referrer))
    warnings.push(referrer.startsWith('Sysvar') ? 'sysvar' : 'reserved');
  else if (executable === true) warnings.push('program');
  else if (isOffCurveAddress(referrer as Address)) warnings.push('off-curve');
  return warnings;
}
