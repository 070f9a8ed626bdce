/**
 * Test support: a chain and its RPC server on a free port, a kit client for it, and helpers to fund
 * keypairs, build transactions and send raw JSON-RPC bodies.
 *
 * The chain is not started: tests advance slots with `chain.advanceSlot()` so they never race the clock.
 *
 * @module
 */

import {
  appendTransactionMessageInstructions,
  compressTransactionMessageUsingAddressLookupTables,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type SolanaRpcApi,
  type Signature,
  type Transaction,
  type TransactionSigner,
} from '@solana/kit';

import { LocalChain, type LocalChainOptions } from '../chain/local-chain.ts';
import { startRpcServer, type RpcServer } from '../rpc/rpc-server.ts';

/** A chain, its server and a kit RPC client. */
export interface TestNode {
  readonly chain: LocalChain;
  readonly server: RpcServer;
  readonly rpc: Rpc<SolanaRpcApi>;
  close(): Promise<void>;
}

/** Starts a chain (not producing slots) and its RPC server on a free port. */
export async function startTestNode(options: LocalChainOptions = {}): Promise<TestNode> {
  const chain = new LocalChain(options);
  const server = await startRpcServer({ chain, port: 0 });
  return {
    chain,
    server,
    // A plain URL types as any cluster's API; this node answers the test clusters' (requestAirdrop included).
    rpc: createSolanaRpc<string>(server.url),
    close: async () => {
      chain.stop();
      await server.close();
    },
  };
}

/** A new keypair with `sol` SOL, airdropped through the RPC. */
export async function fundedSigner(node: TestNode, sol = 10n): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  await node.rpc.requestAirdrop(signer.address, lamports(sol * 1_000_000_000n)).send();
  return signer;
}

/** Builds and signs a transaction with the node's latest blockhash (v0 unless `legacy`). */
export async function signedTransaction(
  node: TestNode,
  payer: TransactionSigner,
  instructions: Instruction[],
  options: { version?: 'legacy' | 0; lookupTables?: Record<Address, Address[]> } = {},
): Promise<Transaction> {
  const { value: blockhash } = await node.rpc.getLatestBlockhash().send();
  if (options.version === 'legacy') {
    return signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 'legacy' }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstructions(instructions, m),
      ),
    );
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return signTransactionMessageWithSigners(
    options.lookupTables
      ? compressTransactionMessageUsingAddressLookupTables(message, options.lookupTables)
      : message,
  );
}

/** Sends with `skipPreflight` and waits (by polling getSignatureStatuses) until the transaction lands. */
export async function sendAndConfirm(
  node: TestNode,
  transaction: Transaction,
  options: { skipPreflight?: boolean } = {},
): Promise<Signature> {
  const signature = await node.rpc
    .sendTransaction(getBase64EncodedWireTransaction(transaction), {
      encoding: 'base64',
      skipPreflight: options.skipPreflight ?? true,
    })
    .send();
  // The first transaction a process sends without preflight waits for the sigverify worker to start.
  for (let attempt = 0; attempt < 500; attempt++) {
    const { value } = await node.rpc.getSignatureStatuses([signature]).send();
    if (value[0]?.confirmationStatus === 'finalized') return signature;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Transaction ${signature} did not land`);
}

/** Posts a raw body and returns the HTTP status and parsed JSON (or text). */
export async function postRaw(node: TestNode, body: string): Promise<{ status: number; json: unknown }> {
  const response = await fetch(node.server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: the test sees the text.
  }
  return { status: response.status, json };
}

/** Calls one method with raw JSON params and returns the parsed response envelope. */
export async function callRaw(
  node: TestNode,
  method: string,
  params?: unknown[],
): Promise<Record<string, unknown>> {
  const { json } = await postRaw(node, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
  return json as Record<string, unknown>;
}
