/**
 * Where the local test wallet keeps its key: one non-extractable ed25519 `CryptoKeyPair` in IndexedDB.
 * A `CryptoKey` is structured-cloneable, so the browser stores it without the private key ever being
 * readable by script, and it survives reloads without touching local storage.
 *
 * @module
 */

/** Loads and saves the wallet's key pair; injectable so tests can keep it in memory. */
export interface KeyStore {
  load(): Promise<CryptoKeyPair | null>;
  save(keyPair: CryptoKeyPair): Promise<void>;
}

const DB_NAME = 'arcade-local-wallet';
const STORE = 'keys';
const KEY = 'default';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => {
      resolve(req.result);
    };
    req.onerror = () => {
      reject(req.error ?? new Error('IndexedDB request failed'));
    };
  });
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const req = factory.open(DB_NAME, 1);
  req.onupgradeneeded = () => {
    req.result.createObjectStore(STORE);
  };
  return request(req);
}

/** The IndexedDB key store of the browser. */
export function createIndexedDbKeyStore(factory?: IDBFactory): KeyStore {
  return {
    async load() {
      const db = await open(factory ?? indexedDB);
      try {
        const value: unknown = await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY));
        return (value as CryptoKeyPair | undefined) ?? null;
      } finally {
        db.close();
      }
    },
    async save(keyPair) {
      const db = await open(factory ?? indexedDB);
      try {
        await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(keyPair, KEY));
      } finally {
        db.close();
      }
    },
  };
}

/** A key store that forgets on reload (tests, and browsers without IndexedDB). */
export function createMemoryKeyStore(): KeyStore {
  let stored: CryptoKeyPair | null = null;
  return {
    load: () => Promise.resolve(stored),
    save(keyPair) {
      stored = keyPair;
      return Promise.resolve();
    },
  };
}
