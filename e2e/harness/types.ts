/**
 * The running product the e2e tests play against, as the global setup provides it.
 *
 * @module
 */

/** The running product. */
export interface Product {
  /** The product's origin (web app, API, sockets and the `/rpc` proxy), e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The local chain's own JSON-RPC (the browser goes through `${url}/rpc`, the same chain). */
  rpcUrl: string;
  /** The product's fresh data directory (removed at the end of the run). */
  dataDir: string;
  /** The two admin wallets' 64-byte secret keys (`<dataDir>/server/admins/admin-{1,2}.json`). */
  adminKeypairs: Uint8Array[];
}

/** What crosses from the global setup to the test workers (plain JSON). */
export interface ProvidedProduct {
  url: string;
  rpcUrl: string;
  dataDir: string;
  adminKeypairs: number[][];
  foresightTimelock: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eProduct: ProvidedProduct;
  }
}
