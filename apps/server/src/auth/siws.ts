/**
 * Sign-In With Solana messages: the text a wallet signs to prove it owns an address.
 *
 * The format is the one wallets build from a `solana:signIn` input (EIP-4361 adapted to Solana):
 *
 * ```text
 * 127.0.0.1:8080 wants you to sign in with your Solana account:
 * <address>
 *
 * <statement>
 *
 * URI: http://127.0.0.1:8080
 * Version: 1
 * Chain ID: localnet
 * Nonce: <nonce>
 * Issued At: 2026-11-22T10:00:00.000Z
 * Expiration Time: 2026-11-22T10:05:00.000Z
 * ```
 *
 * A wallet given every field builds exactly the text {@link formatSignInMessage} does, and a signed message
 * is accepted only when it equals the issued one; {@link parseSignInMessage} only finds which nonce (and so
 * which issued message) a wallet-built text or a Ledger memo claims to be.
 *
 * @module
 */

/** The fields of a sign-in message (a `solana:signIn` input). */
export interface SignInFields {
  readonly domain: string;
  readonly address: string;
  readonly statement: string;
  readonly uri: string;
  readonly version: '1';
  readonly chainId: string;
  readonly nonce: string;
  readonly issuedAt: string;
  readonly expirationTime: string;
}

/** The statement every sign-in message carries. */
export const SIGN_IN_STATEMENT =
  'Sign in to play TailSpin, ReTail, Foresight and Prophecy. This request costs nothing.';

/** The message text of `fields`. */
export function formatSignInMessage(fields: SignInFields): string {
  return [
    `${fields.domain} wants you to sign in with your Solana account:`,
    fields.address,
    '',
    fields.statement,
    '',
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
    `Expiration Time: ${fields.expirationTime}`,
  ].join('\n');
}

const FIELD_LINES: readonly [keyof SignInFields, string][] = [
  ['uri', 'URI'],
  ['version', 'Version'],
  ['chainId', 'Chain ID'],
  ['nonce', 'Nonce'],
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
];

/**
 * The fields of a sign-in message a wallet built itself (`solana:signIn`), or `null` when the text is
 * not a sign-in message. Optional lines the wallet omitted come back as empty strings. Sign-in uses it
 * to find the nonce only; what counts is that the text equals the issued message.
 */
export function parseSignInMessage(text: string): SignInFields | null {
  const lines = text.split('\n');
  const header = /^(.+) wants you to sign in with your Solana account:$/.exec(lines[0] ?? '');
  const address = lines[1];
  if (header?.[1] === undefined || address === undefined || address === '') return null;
  let index = 2;
  let statement = '';
  if (
    lines[index] === '' &&
    lines[index + 1] !== undefined &&
    !/^[A-Z][A-Za-z ]+: /.test(lines[index + 1] ?? '')
  ) {
    statement = lines[index + 1] ?? '';
    index += 2;
  }
  const fields: Record<string, string> = {};
  for (const line of lines.slice(index)) {
    if (line === '') continue;
    const separator = line.indexOf(': ');
    if (separator < 0) return null;
    const label = line.slice(0, separator);
    const key = FIELD_LINES.find(([, name]) => name === label)?.[0];
    if (key !== undefined) fields[key] = line.slice(separator + 2);
  }
  return {
    domain: header[1],
    address,
    statement,
    uri: fields.uri ?? '',
    version: '1',
    chainId: fields.chainId ?? '',
    nonce: fields.nonce ?? '',
    issuedAt: fields.issuedAt ?? '',
    expirationTime: fields.expirationTime ?? '',
  };
}
