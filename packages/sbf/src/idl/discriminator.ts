/**
 * Anchor's 8-byte discriminators: the first 8 bytes of sha256 of a namespaced name.
 *
 * @module
 */

import { createHash } from 'node:crypto';
import { toSnakeCase } from './c-names.ts';

/** What a discriminator identifies; each kind hashes its own namespace. */
export type DiscriminatorKind = 'instruction' | 'account' | 'event';

/**
 * The string Anchor hashes for an item: `global:<snake_name>` for instructions (Rust handlers are snake_case,
 * whatever case the IDL was converted to), `account:<Name>` and `event:<Name>` verbatim.
 *
 * @example anchorPreimage('instruction', 'placeBet') === 'global:place_bet'
 */
export function anchorPreimage(kind: DiscriminatorKind, name: string): string {
  switch (kind) {
    case 'instruction':
      return `global:${toSnakeCase(name)}`;
    case 'account':
      return `account:${name}`;
    case 'event':
      return `event:${name}`;
  }
}

/**
 * The discriminator Anchor computes for an item.
 *
 * @example anchorDiscriminator('account', 'Bet') // sha256('account:Bet')[0..8]
 */
export function anchorDiscriminator(kind: DiscriminatorKind, name: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(anchorPreimage(kind, name)).digest().subarray(0, 8));
}

/**
 * A discriminator read as a little-endian u64, the value C sees when it loads the first 8 bytes of
 * instruction or account data as a `uint64_t` (SBF is little-endian).
 */
export function discriminatorU64(discriminator: ArrayLike<number>): bigint {
  let value = 0n;
  for (let i = 7; i >= 0; i--) value = (value << 8n) | BigInt(discriminator[i] ?? 0);
  return value;
}
