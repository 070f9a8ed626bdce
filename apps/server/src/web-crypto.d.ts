// Kit's signatures name the Web Crypto types `CryptoKey` and `CryptoKeyPair`, which TypeScript declares only
// in the DOM library; on Node they are `node:crypto`'s webcrypto types.
import type { webcrypto } from 'node:crypto';

declare global {
  type CryptoKey = webcrypto.CryptoKey;
  type CryptoKeyPair = webcrypto.CryptoKeyPair;
}
