/**
 * SPL Token (and Token-2022 base) account and mint layouts, and the validator's `UiTokenAmount`.
 *
 * Token-2022 extensions are not decoded: an account or mint carrying extensions is still recognised
 * (its base layout is the same), but `jsonParsed` output for it falls back to base64 (see docs/localnet.md).
 *
 * @module
 */

import { encodeBase58 } from './base58.ts';

/** Size of a token account's base layout. */
export const TOKEN_ACCOUNT_SIZE = 165;
/** Size of a mint's base layout. */
export const MINT_SIZE = 82;
/** Size of a multisig account (never a token account, whatever its bytes). */
const MULTISIG_SIZE = 355;
/** Token-2022 account-type byte after the padded base layout. */
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;

/** The token account fields the node reports. */
export interface TokenAccountState {
  readonly mint: Uint8Array;
  readonly owner: Uint8Array;
  readonly amount: bigint;
  readonly delegate: Uint8Array | null;
  readonly state: 'initialized' | 'frozen';
  readonly isNative: bigint | null;
  readonly delegatedAmount: bigint;
  readonly closeAuthority: Uint8Array | null;
  /** Whether Token-2022 extensions follow the base layout. */
  readonly hasExtensions: boolean;
}

/** The mint fields the node reports. */
export interface MintState {
  readonly mintAuthority: Uint8Array | null;
  readonly supply: bigint;
  readonly decimals: number;
  readonly isInitialized: boolean;
  readonly freezeAuthority: Uint8Array | null;
  readonly hasExtensions: boolean;
}

function u64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
}

function optionalKey(data: Uint8Array, offset: number): Uint8Array | null {
  return data[offset] === 1 ? data.subarray(offset + 4, offset + 36) : null;
}

/**
 * Reads an initialized token account, or `null` when the data is not one (the validator's
 * `TokenAccountState` filter).
 */
export function readTokenAccount(
  data: Uint8Array,
  program: 'spl-token' | 'spl-token-2022',
): TokenAccountState | null {
  let hasExtensions = false;
  if (data.length !== TOKEN_ACCOUNT_SIZE) {
    if (
      program !== 'spl-token-2022' ||
      data.length <= TOKEN_ACCOUNT_SIZE ||
      data.length === MULTISIG_SIZE ||
      data[TOKEN_ACCOUNT_SIZE] !== ACCOUNT_TYPE_ACCOUNT
    ) {
      return null;
    }
    hasExtensions = true;
  }
  const stateByte = data[108];
  if (stateByte !== 1 && stateByte !== 2) return null;
  return {
    mint: data.subarray(0, 32),
    owner: data.subarray(32, 64),
    amount: u64(data, 64),
    delegate: optionalKey(data, 72),
    state: stateByte === 1 ? 'initialized' : 'frozen',
    isNative: data[109] === 1 ? u64(data, 113) : null,
    delegatedAmount: u64(data, 121),
    closeAuthority: optionalKey(data, 129),
    hasExtensions,
  };
}

/** Reads an initialized mint, or `null` when the data is not one. */
export function readMint(data: Uint8Array, program: 'spl-token' | 'spl-token-2022'): MintState | null {
  let hasExtensions = false;
  if (data.length !== MINT_SIZE) {
    if (
      program !== 'spl-token-2022' ||
      data.length <= TOKEN_ACCOUNT_SIZE ||
      data.length === MULTISIG_SIZE ||
      data[TOKEN_ACCOUNT_SIZE] !== ACCOUNT_TYPE_MINT
    ) {
      return null;
    }
    hasExtensions = true;
  }
  if (data[45] !== 1) return null;
  return {
    mintAuthority: optionalKey(data, 0),
    supply: u64(data, 36),
    decimals: data[44]!,
    isInitialized: true,
    freezeAuthority: optionalKey(data, 46),
    hasExtensions,
  };
}

/** The validator's token amount: raw amount, decimals and two human forms. */
export interface UiTokenAmount {
  readonly amount: string;
  readonly decimals: number;
  readonly uiAmount: number;
  readonly uiAmountString: string;
}

/**
 * Agave's `token_amount_to_ui_amount`: `uiAmountString` has trailing zeros trimmed.
 *
 * @example uiTokenAmount(420n, 2) // { amount: '420', decimals: 2, uiAmount: 4.2, uiAmountString: '4.2' }
 */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  let text = amount.toString();
  if (decimals > 0) {
    text = text.padStart(decimals + 1, '0');
    text = `${text.slice(0, text.length - decimals)}.${text.slice(text.length - decimals)}`;
    text = text.replace(/0+$/, '').replace(/\.$/, '');
  }
  return {
    amount: amount.toString(),
    decimals,
    uiAmount: Number(amount) / 10 ** decimals,
    uiAmountString: text,
  };
}

/** The `parsed.info` object of a token account in `jsonParsed` encoding. */
export function tokenAccountInfo(account: TokenAccountState, decimals: number): Record<string, unknown> {
  const info: Record<string, unknown> = {
    isNative: account.isNative !== null,
    mint: encodeBase58(account.mint),
    owner: encodeBase58(account.owner),
    state: account.state,
    tokenAmount: uiTokenAmount(account.amount, decimals),
  };
  if (account.delegate) {
    info.delegate = encodeBase58(account.delegate);
    info.delegatedAmount = uiTokenAmount(account.delegatedAmount, decimals);
  }
  if (account.isNative !== null) info.rentExemptReserve = uiTokenAmount(account.isNative, decimals);
  if (account.closeAuthority) info.closeAuthority = encodeBase58(account.closeAuthority);
  return info;
}

/** The `parsed.info` object of a mint in `jsonParsed` encoding. */
export function mintInfo(mint: MintState): Record<string, unknown> {
  return {
    decimals: mint.decimals,
    freezeAuthority: mint.freezeAuthority ? encodeBase58(mint.freezeAuthority) : null,
    isInitialized: mint.isInitialized,
    mintAuthority: mint.mintAuthority ? encodeBase58(mint.mintAuthority) : null,
    supply: mint.supply.toString(),
  };
}
