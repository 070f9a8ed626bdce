/**
 * The Sign-In With Solana text a wallet builds from a `solana:signIn` input. The layout is the one the
 * server parses and formats (`apps/server/src/auth/siws.ts`): header, address, statement, then one
 * `Label: value` line per field that is present.
 *
 * @module
 */

import type { SolanaSignInInput } from '@solana/wallet-standard-features';

const FIELDS: readonly [keyof SolanaSignInInput, string][] = [
  ['uri', 'URI'],
  ['version', 'Version'],
  ['chainId', 'Chain ID'],
  ['nonce', 'Nonce'],
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
  ['notBefore', 'Not Before'],
  ['requestId', 'Request ID'],
];

/** The message text of a sign-in input whose `domain` and `address` are filled in. */
export function createSignInMessageText(
  input: SolanaSignInInput & { readonly domain: string; readonly address: string },
): string {
  let text = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`;
  if (input.statement) text += `\n\n${input.statement}`;
  const lines: string[] = [];
  for (const [key, label] of FIELDS) {
    const value = input[key];
    if (typeof value === 'string' && value !== '') lines.push(`${label}: ${value}`);
  }
  if (input.resources && input.resources.length > 0) {
    lines.push('Resources:', ...input.resources.map((resource) => `- ${resource}`));
  }
  if (lines.length > 0) text += `\n\n${lines.join('\n')}`;
  return text;
}
