/**
 * The node's JSON-RPC 2.0 endpoint over HTTP (node:http), like the validator's on port 8899: POST a
 * request or a batch to `/`; `GET /health` answers `ok`. Any origin may call it (as on the validator),
 * so the web app and browser wallets reach it from another port.
 *
 * @example
 * const chain = new LocalChain();
 * chain.start();
 * const server = await startRpcServer({ chain });
 * console.log(server.url); // http://127.0.0.1:8899
 * await server.close();
 *
 * @module
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { LocalChain } from '../chain/local-chain.ts';
import { handleJsonRpc, type RpcHandler } from './json-rpc.ts';
import { accountMethods } from './methods/accounts.ts';
import { airdropFeeMethods } from './methods/airdrop-fees.ts';
import { blockhashFeeMethods } from './methods/blockhash-fees.ts';
import { clusterMethods } from './methods/cluster.ts';
import { historyMethods } from './methods/history.ts';
import { pythMethods } from './methods/pyth.ts';
import { sendSimulateMethods } from './methods/send-simulate.ts';
import { tokenMethods } from './methods/tokens.ts';

/** The validator's default request body limit (`MAX_REQUEST_BODY_SIZE`, 50 KiB). */
export const DEFAULT_MAX_BODY_BYTES = 50 * 1024;

/** Options of {@link startRpcServer}. */
export interface RpcServerOptions {
  readonly chain: LocalChain;
  /** Default 8899; 0 picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Largest request body accepted, in bytes. Default {@link DEFAULT_MAX_BODY_BYTES}. */
  readonly maxBodyBytes?: number;
  /** Receives handler failures that were not the caller's fault (bugs). Default `console.error`. */
  readonly onInternalError?: (error: unknown) => void;
}

/** A running server. */
export interface RpcServer {
  /** `http://host:port`, the URL clients use. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Stops accepting connections and closes the open ones. */
  close(): Promise<void>;
}

/** Every method the node answers, by name. */
export function rpcMethods(chain: LocalChain): ReadonlyMap<string, RpcHandler> {
  return new Map(
    Object.entries({
      ...clusterMethods(chain),
      ...blockhashFeeMethods(chain),
      ...accountMethods(chain),
      ...tokenMethods(chain),
      ...historyMethods(chain),
      ...sendSimulateMethods(chain),
      ...airdropFeeMethods(chain),
      ...pythMethods(chain),
    }),
  );
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
  'access-control-max-age': '86400',
};

function reply(
  response: ServerResponse,
  status: number,
  body: string,
  type = 'text/plain; charset=utf-8',
): void {
  response.writeHead(status, {
    ...CORS_HEADERS,
    'content-type': type,
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

/**
 * Starts the JSON-RPC server for `chain`.
 *
 * @example const { url } = await startRpcServer({ chain, port: 0 });
 */
export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const methods = rpcMethods(options.chain);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const onInternalError =
    options.onInternalError ??
    ((error: unknown) => {
      console.error('localnet: internal error while answering a request', error);
    });

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS_HEADERS);
      response.end();
      return;
    }
    if (request.method === 'GET') {
      if (request.url === '/health') reply(response, 200, 'ok');
      else reply(response, 405, 'Used HTTP Method is not allowed. POST or OPTIONS is required');
      return;
    }
    if (request.method !== 'POST') {
      reply(response, 405, 'Used HTTP Method is not allowed. POST or OPTIONS is required');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > maxBodyBytes) {
        tooLarge = true;
        reply(response, 413, 'Payload Too Large');
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (tooLarge) return;
      const body = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
      const answer = handleJsonRpc(body, methods, onInternalError);
      if (answer === null) {
        response.writeHead(204, CORS_HEADERS);
        response.end();
      } else {
        reply(response, 200, answer, 'application/json; charset=utf-8');
      }
    });
    request.on('error', () => {
      response.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8899, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    host,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}
