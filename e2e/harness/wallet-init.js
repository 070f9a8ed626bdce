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
 * Every approval is timed: `window.__e2eWalletApprovals` gets one `{ kind, requestedAt, signedAt }` per
 * `signTransaction`, `signMessage` or `signIn` request that returned its signatures (`kind` is
 * 'transaction', 'message' or 'signIn'; times in ms on the page's `performance.now()` clock), so a
 * benchmark can tell the wallet's own time apart from the app's.
 *
 * Registration follows `@wallet-standard/wallet`'s `registerWallet`: dispatch
 * `wallet-standard:register-wallet` (heard by an app that is already listening) and answer every later
 * `wallet-standard:app-ready` (sent by the app's `getWallets()` when it starts).
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
const control = { address: config.address, reject: false, signatures: 0 };
/** Each approval's timing, oldest first (`window.__e2eWalletApprovals`). */
const approvals = [];

/** Runs one signing request and records its approval time in {@link approvals}. */
async function timed(kind, request) {
  const requestedAt = performance.now();
  const result = await request();
  approvals.push({ kind, requestedAt, signedAt: performance.now() });
  return result;
}
const listeners = new Set();
let account = null;

function rejection() {
  const error = new Error('User rejected the request.');
  error.name = 'WalletSignTransactionError';
  error.code = 4001;
  return error;
}

async function sign(bytes) {
  if (control.reject) throw rejection();
  const signature = new Uint8Array(await subtle.sign({ name: 'Ed25519' }, await privateKey, bytes));
  control.signatures += 1;
  return signature;
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
    signTransaction: (...inputs) =>
      timed('transaction', async () => {
        const outputs = [];
        for (const input of inputs) {
          requireAccount(input.account);
          outputs.push({ signedTransaction: await signWireTransaction(input.transaction) });
        }
        return outputs;
      }),
  },
  'solana:signMessage': {
    version: '1.0.0',
    signMessage: (...inputs) =>
      timed('message', async () => {
        const outputs = [];
        for (const input of inputs) {
          requireAccount(input.account);
          const signedMessage = Uint8Array.from(input.message);
          outputs.push({ signedMessage, signature: await sign(signedMessage), signatureType: 'ed25519' });
        }
        return outputs;
      }),
  },
  'solana:signIn': {
    version: '1.0.0',
    signIn: (...inputs) =>
      timed('signIn', async () => {
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
      }),
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
window.__e2eWalletApprovals = approvals;

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
