/* global window, config */
/**
 * The E2E test wallet, installed into every page before the app's own scripts (plain JS: it is injected
 * as text by `test-wallet.ts`, wrapped as `(function (window, config) { <this file> })(window, {...})`).
 *
 * A Wallet Standard wallet named `config.name` on `config.chains`, with `standard:connect`,
 * `standard:disconnect`, `standard:events`, `solana:signTransaction` (legacy and v0), `solana:signMessage`
 * and `solana:signIn`. It holds one Ed25519 key (`config.pkcs8`, made in node) imported with WebCrypto,
 * and approves every request on its own, unless a test sets `window.__e2eWallet.reject = true` (then
 * every request fails as a user rejection, code 4001, until it is set back to false).
 *
 * Registration follows `@wallet-standard/wallet`'s `registerWallet`: dispatch
 * `wallet-standard:register-wallet` (heard by an app that is already listening) and answer every later
 * `wallet-standard:app-ready` (sent by the app's `getWallets()` when it starts).
 *
 * Known rolls (`harness/fairness.ts`): a test may set `window.__e2eWallet.grind = { seed, betAddress, odds,
 * want, computeBudget }` (byte arrays as number[]). The next transaction to sign that holds `betAddress`
 * among its keys and a ComputeBudget `SetComputeUnitPrice` is then ground: its price is raised by one
 * micro-lamport at a time until HMAC-SHA256(seed, betAddress ‖ signature) gives a roll (u64 LE of the first
 * 8 bytes mod 100) that wins (roll < odds) or loses as `want` says, and only then signed. The app's sender
 * sends what the wallet returns. `grind` is cleared and `lastGrind = { tries, roll, price }` recorded.
 *
 * `config`: { name, icon, chains, address, publicKey: number[32], pkcs8: number[48] }.
 */

const SIGN_IN_FIELDS = [
  ['uri', 'URI'],
  ['version', 'Version'],
  ['chainId', 'Chain ID'],
  ['nonce', 'Nonce'],
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
  ['notBefore', 'Not Before'],
  ['requestId', 'Request ID'],
];
const ACCOUNT_FEATURES = ['solana:signTransaction', 'solana:signMessage', 'solana:signIn'];

const subtle = window.crypto.subtle;
const publicKey = Uint8Array.from(config.publicKey);
const privateKey = subtle.importKey('pkcs8', Uint8Array.from(config.pkcs8), { name: 'Ed25519' }, false, [
  'sign',
]);
const control = { address: config.address, reject: false, signatures: 0, grind: null, lastGrind: null };
const MAX_GRIND_TRIES = 5000;
const ROLL_RANGE = 100n;
const listeners = new Set();
let account = null;

function rejection() {
  const error = new Error('User rejected the request.');
  error.name = 'WalletSignTransactionError';
  error.code = 4001;
  return error;
}

async function rawSign(bytes) {
  return new Uint8Array(await subtle.sign({ name: 'Ed25519' }, await privateKey, bytes));
}

async function sign(bytes) {
  if (control.reject) throw rejection();
  const signature = await rawSign(bytes);
  control.signatures += 1;
  return signature;
}

function sameKey(bytes, offset, key) {
  for (let j = 0; j < 32; j++) if (bytes[offset + j] !== key[j]) return false;
  return true;
}

/** The roll a signature gives: u64 LE of HMAC-SHA256(seed, betAddress ‖ signature)[0..8] mod 100. */
async function rollOf(hmacKey, betAddress, signature) {
  const message = new Uint8Array(96);
  message.set(betAddress, 0);
  message.set(signature, 32);
  const digest = new DataView(await subtle.sign('HMAC', hmacKey, message));
  return Number(digest.getBigUint64(0, true) % ROLL_RANGE);
}

/**
 * Where the u64 of a `SetComputeUnitPrice` (ComputeBudget instruction 3) sits in `message`, or -1.
 * `keysOffset`/`keyCount`: the static account keys.
 */
function computeUnitPriceOffset(message, keysOffset, keyCount, computeBudget) {
  let offset = keysOffset + keyCount * 32 + 32; // keys, then the recent blockhash
  const [instructionCount, countLength] = readShortVec(message, offset);
  offset += countLength;
  for (let i = 0; i < instructionCount; i++) {
    const programIndex = message[offset];
    offset += 1;
    const [accountCount, accountLength] = readShortVec(message, offset);
    offset += accountLength + accountCount;
    const [dataLength, dataLengthLength] = readShortVec(message, offset);
    offset += dataLengthLength;
    const isBudget =
      programIndex < keyCount && sameKey(message, keysOffset + programIndex * 32, computeBudget);
    if (isBudget && dataLength === 9 && message[offset] === 3) return offset + 1;
    offset += dataLength;
  }
  return -1;
}

/** Raises the price (u64 LE at `offset`) by one micro-lamport. */
function bumpPrice(message, offset) {
  const view = new DataView(message.buffer, message.byteOffset + offset, 8);
  view.setBigUint64(0, view.getBigUint64(0, true) + 1n, true);
  return view.getBigUint64(0, true);
}

function emit() {
  for (const listener of listeners) listener({ accounts: wallet.accounts });
}

function requireAccount(requested) {
  if (account === null) throw new Error(`${config.name} is not connected`);
  if (requested !== undefined && requested.address !== account.address) throw new Error('Unknown account');
  return account;
}

/** A compact-u16 ("shortvec") at `offset`: [value, byteLength]. */
function readShortVec(bytes, offset) {
  let value = 0;
  for (let size = 0; size < 3; size++) {
    const byte = bytes[offset + size];
    if (byte === undefined) throw new Error('Truncated transaction');
    value |= (byte & 0x7f) << (size * 7);
    if ((byte & 0x80) === 0) return [value, size + 1];
  }
  throw new Error('Malformed transaction: shortvec longer than 3 bytes');
}

/**
 * Signs a wire transaction: finds this key among the message's signers (legacy or versioned), signs the
 * message bytes and writes the signature into its slot. The other slots are left as they are, so a
 * co-signer can add its signature later.
 */
async function signWireTransaction(wire) {
  const bytes = Uint8Array.from(wire);
  const [signatureCount, countLength] = readShortVec(bytes, 0);
  const messageOffset = countLength + signatureCount * 64;
  if (messageOffset > bytes.length) throw new Error('Truncated transaction');
  const message = bytes.subarray(messageOffset);
  // A versioned message starts with 0x80 | version; a legacy one starts with its header.
  const headerOffset = (message[0] & 0x80) !== 0 ? 1 : 0;
  const requiredSignatures = message[headerOffset];
  if (requiredSignatures !== signatureCount) throw new Error('Malformed transaction: signature count');
  const [keyCount, keyCountLength] = readShortVec(message, headerOffset + 3);
  const keysOffset = headerOffset + 3 + keyCountLength;
  let index = -1;
  for (let i = 0; i < Math.min(requiredSignatures, keyCount); i++) {
    const key = message.subarray(keysOffset + i * 32, keysOffset + (i + 1) * 32);
    if (key.every((byte, j) => byte === publicKey[j])) {
      index = i;
      break;
    }
  }
  if (index === -1) throw new Error(`The transaction does not need ${config.name}’s signature`);
  const grind = control.grind;
  if (grind !== null && index === 0) {
    const betAddress = Uint8Array.from(grind.betAddress);
    let holdsBet = false;
    for (let i = 0; i < keyCount; i++) if (sameKey(message, keysOffset + i * 32, betAddress)) holdsBet = true;
    if (holdsBet) {
      if (control.reject) throw rejection();
      const priceOffset = computeUnitPriceOffset(
        message,
        keysOffset,
        keyCount,
        Uint8Array.from(grind.computeBudget),
      );
      if (priceOffset === -1) throw new Error('The bet transaction has no SetComputeUnitPrice to grind');
      control.grind = null;
      const hmacKey = await subtle.importKey(
        'raw',
        Uint8Array.from(grind.seed),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      );
      for (let tries = 1; tries <= MAX_GRIND_TRIES; tries++) {
        const signature = await rawSign(message);
        const roll = await rollOf(hmacKey, betAddress, signature);
        if (roll < grind.odds === (grind.want === 'win')) {
          control.signatures += 1;
          const view = new DataView(message.buffer, message.byteOffset + priceOffset, 8);
          control.lastGrind = { tries, roll, price: String(view.getBigUint64(0, true)) };
          bytes.set(signature, countLength);
          return bytes;
        }
        bumpPrice(message, priceOffset);
      }
      throw new Error(`No ${grind.want} within ${MAX_GRIND_TRIES} compute-unit prices`);
    }
  }
  const signature = await sign(message);
  bytes.set(signature, countLength + index * 64);
  return bytes;
}

function signInText(input) {
  let text = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`;
  if (input.statement) text += `\n\n${input.statement}`;
  const lines = [];
  for (const [key, label] of SIGN_IN_FIELDS) {
    const value = input[key];
    if (typeof value === 'string' && value !== '') lines.push(`${label}: ${value}`);
  }
  if (input.resources && input.resources.length > 0) {
    lines.push('Resources:', ...input.resources.map((resource) => `- ${resource}`));
  }
  if (lines.length > 0) text += `\n\n${lines.join('\n')}`;
  return text;
}

async function connect() {
  if (control.reject) throw rejection();
  if (account === null) {
    account = Object.freeze({
      address: config.address,
      publicKey: publicKey.slice(),
      chains: config.chains.slice(),
      features: ACCOUNT_FEATURES.slice(),
      label: config.name,
    });
    emit();
  }
  return { accounts: wallet.accounts };
}

const features = Object.freeze({
  'standard:connect': { version: '1.0.0', connect },
  'standard:disconnect': {
    version: '1.0.0',
    disconnect: async () => {
      if (account !== null) {
        account = null;
        emit();
      }
    },
  },
  'standard:events': {
    version: '1.0.0',
    on: (event, listener) => {
      if (event !== 'change') return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  },
  'solana:signTransaction': {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    signTransaction: async (...inputs) => {
      const outputs = [];
      for (const input of inputs) {
        requireAccount(input.account);
        outputs.push({ signedTransaction: await signWireTransaction(input.transaction) });
      }
      return outputs;
    },
  },
  'solana:signMessage': {
    version: '1.0.0',
    signMessage: async (...inputs) => {
      const outputs = [];
      for (const input of inputs) {
        requireAccount(input.account);
        const signedMessage = Uint8Array.from(input.message);
        outputs.push({ signedMessage, signature: await sign(signedMessage), signatureType: 'ed25519' });
      }
      return outputs;
    },
  },
  'solana:signIn': {
    version: '1.0.0',
    signIn: async (...inputs) => {
      const outputs = [];
      for (const input of inputs) {
        await connect();
        const signer = requireAccount();
        if (input.address !== undefined && input.address !== signer.address) {
          throw new Error('The sign-in request is for another address');
        }
        const text = signInText({
          ...input,
          domain: input.domain ?? window.location.host,
          address: signer.address,
        });
        const signedMessage = new TextEncoder().encode(text);
        outputs.push({
          account: signer,
          signedMessage,
          signature: await sign(signedMessage),
          signatureType: 'ed25519',
        });
      }
      return outputs;
    },
  },
});

const wallet = Object.freeze({
  version: '1.0.0',
  name: config.name,
  icon: config.icon,
  get chains() {
    return config.chains.slice();
  },
  get accounts() {
    return account === null ? [] : [account];
  },
  features,
});

window.__e2eWallet = control;

const register = (api) => api.register(wallet);
class RegisterWalletEvent extends Event {
  constructor() {
    super('wallet-standard:register-wallet', { bubbles: false, cancelable: false, composed: false });
  }
  get detail() {
    return register;
  }
}
try {
  window.dispatchEvent(new RegisterWalletEvent());
} catch (error) {
  console.error('wallet-standard:register-wallet event could not be dispatched', error);
}
window.addEventListener('wallet-standard:app-ready', (event) => register(event.detail));
