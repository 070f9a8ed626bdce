/**
 * The node's PubSub endpoint over WebSocket, like the validator's on port 8900 (the RPC port + 1):
 * accountSubscribe, programSubscribe, signatureSubscribe, logsSubscribe and slotSubscribe, with their
 * unsubscribe calls, in the JSON-RPC framing `@solana/kit`'s `createSolanaRpcSubscriptions` speaks.
 * Requests are answered as on the HTTP side (batches included, same error codes); notifications are
 * `{ jsonrpc, method: '<kind>Notification', params: { result, subscription } }`.
 *
 * @example
 * const chain = new LocalChain();
 * const pubsub = await startPubsubServer({ chain });
 * console.log(pubsub.url); // ws://127.0.0.1:8900
 * await pubsub.close();
 *
 * @module
 */

import '../no-native-ws.ts';

import type { AddressInfo } from 'node:net';

import { WebSocketServer, type WebSocket } from 'ws';

import type { LocalChain } from '../chain/local-chain.ts';
import { handleJsonRpc } from '../rpc/json-rpc.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../rpc/rpc-server.ts';
import { SubscriptionHub } from './subscriptions.ts';

/** Options of {@link startPubsubServer}. */
export interface PubsubServerOptions {
  readonly chain: LocalChain;
  /** Default 8900; 0 picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Largest message accepted, in bytes (a larger one closes the socket with 1009). Default 50 KiB. */
  readonly maxMessageBytes?: number;
  /** Receives handler failures that were not the caller's fault (bugs). Default `console.error`. */
  readonly onInternalError?: (error: unknown) => void;
}

/** A running PubSub server. */
export interface PubsubServer {
  /** `ws://host:port`, the URL clients use. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Open connections. */
  readonly connectionCount: number;
  /** Open subscriptions, over all connections. */
  readonly subscriptionCount: number;
  /** Stops accepting connections, closes every open socket and stops listening to the chain. */
  close(): Promise<void>;
}

/**
 * Starts the PubSub server for `chain`.
 *
 * @example const pubsub = await startPubsubServer({ chain, port: rpc.port + 1 });
 */
export async function startPubsubServer(options: PubsubServerOptions): Promise<PubsubServer> {
  const host = options.host ?? '127.0.0.1';
  const onInternalError =
    options.onInternalError ??
    ((error: unknown) => {
      console.error('localnet: internal error while answering a PubSub request', error);
    });
  const server = new WebSocketServer({
    host,
    port: options.port ?? 8900,
    maxPayload: options.maxMessageBytes ?? DEFAULT_MAX_BODY_BYTES,
    perMessageDeflate: false,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', onInternalError);

  const hub = new SubscriptionHub(options.chain);
  server.on('connection', (socket: WebSocket) => {
    const send = (text: string): void => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    };
    const connection = hub.connect(send);
    socket.on('message', (data) => {
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : data instanceof ArrayBuffer
          ? Buffer.from(data).toString('utf8')
          : data.toString('utf8');
      const answer = handleJsonRpc(text, connection.methods, onInternalError);
      if (answer !== null) send(answer);
      connection.flush();
    });
    socket.on('close', () => {
      connection.close();
    });
    // A socket error (a bad frame, a message too large) ends in 'close'; nothing else to do.
    socket.on('error', () => {});
  });

  let closing: Promise<void> | undefined;
  async function shutDown(): Promise<void> {
    hub.dispose();
    const sockets = [...server.clients].map((socket) => {
      const closed = new Promise<void>((resolve) =>
        socket.once('close', () => {
          resolve();
        }),
      );
      socket.terminate();
      return closed;
    });
    await new Promise<void>((resolve, reject) => {
      server.close((error) => {
        if (error) reject(error);
        else resolve();
      });
    });
    await Promise.all(sockets);
  }

  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `ws://${urlHost}:${port}`,
    host,
    port,
    get connectionCount() {
      return server.clients.size;
    },
    get subscriptionCount() {
      return hub.size;
    },
    close: () => (closing ??= shutDown()),
  };
}
