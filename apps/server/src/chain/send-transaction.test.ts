/**
 * `sendAndConfirm` over the SDK sender: against a real local chain (priced, confirmed, refused with the
 * program's code and logs) and against a scripted RPC for what a healthy chain does not show (timeouts,
 * landed failures, the fallback RPC, an RPC without `getPriorityFeeEstimate`).
 */

import { LocalChain } from '@arcade/localnet/local-chain';
import { startRpcServer, type RpcServer } from '@arcade/localnet/rpc-server';
import { PRIORITY_FEE_FLOOR_MICRO_LAMPORTS } from '@arcade/sdk/constants';
import {
  AccountRole,
  address,
  createSolanaRpc,
  generateKeyPairSigner,
  getU32Encoder,
  getU64Encoder,
  lamports,
  SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND,
  SolanaError,
  type AccountMeta,
  type AccountSignerMeta,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type SolanaRpcApi,
  type TransactionSigner,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ChainTransactionError, configureChainSender, sendAndConfirm } from './send-transaction.ts';

const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
const BASE_FEE_LAMPORTS = 5_000n;

/** System program `Transfer` (instruction 2: u32 discriminator, u64 lamports). */
function transfer(from: TransactionSigner, to: Address, amount: bigint): Instruction {
  const data = new Uint8Array(12);
  data.set(getU32Encoder().encode(2), 0);
  data.set(getU64Encoder().encode(amount), 4);
  const accounts: (AccountMeta | AccountSignerMeta)[] = [
    { address: from.address, role: AccountRole.WRITABLE_SIGNER, signer: from },
    { address: to, role: AccountRole.WRITABLE },
  ];
  return { programAddress: SYSTEM_PROGRAM, accounts, data };
}

describe('sendAndConfirm on a local chain', () => {
  let chain: LocalChain;
  let server: RpcServer;
  let rpc: Rpc<SolanaRpcApi>;
  /** What the sender logged: the chain answers every call, its fee estimate included, so nothing. */
  const warnings: unknown[] = [];

  async function funded(sol: bigint): Promise<KeyPairSigner> {
    const signer = await generateKeyPairSigner();
    const devnetRpc = createSolanaRpc<string>(server.url);
    await devnetRpc.requestAirdrop(signer.address, lamports(sol * 1_000_000_000n)).send();
    return signer;
  }

  beforeAll(async () => {
    chain = new LocalChain({ slotMs: 20 });
    server = await startRpcServer({ chain, port: 0, host: '127.0.0.1' });
    rpc = createSolanaRpc(server.url);
    configureChainSender(rpc, { log: (message, error) => warnings.push([message, error]) });
    chain.start();
  });
  afterAll(async () => {
    chain.stop();
    await server.close();
  });

  it('confirms a transfer, paying a priority fee of at least the floor', async () => {
    const payer = await funded(2n);
    const recipient = await generateKeyPairSigner();
    const amount = 10_000_000n;

    const signature = await sendAndConfirm(rpc, payer, [transfer(payer, recipient.address, amount)]);

    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send();
    expect(statuses[0]?.err).toBeNull();
    expect(['confirmed', 'finalized']).toContain(statuses[0]?.confirmationStatus);
    expect((await rpc.getBalance(recipient.address).send()).value).toBe(amount);
    // The sender's compute-budget instructions: a limit of at least 11,000 CU at no less than the floor.
    const spent = 2_000_000_000n - (await rpc.getBalance(payer.address).send()).value - amount;
    const minimumPriorityFee = (11_000n * PRIORITY_FEE_FLOOR_MICRO_LAMPORTS) / 1_000_000n;
    expect(spent).toBeGreaterThanOrEqual(BASE_FEE_LAMPORTS + minimumPriorityFee);
    expect(warnings).toEqual([]);
  });

  it("refuses a transfer that fails in simulation with the program's code and logs, without sending", async () => {
    const payer = await funded(1n);
    const recipient = await generateKeyPairSigner();

    const error: unknown = await sendAndConfirm(rpc, payer, [
      transfer(payer, recipient.address, 5_000_000_000n),
    ]).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ChainTransactionError);
    const refused = error as ChainTransactionError;
    // The system program's InsufficientFunds is custom error 1.
    expect(refused.programErrorCode).toBe(1);
    expect(refused.message).toBe('Error in transaction: instruction index 0, custom program error 1');
    expect(refused.logs.some((line) => line.includes('insufficient lamports'))).toBe(true);
    // Not sent: no fee was paid.
    expect((await rpc.getBalance(payer.address).send()).value).toBe(1_000_000_000n);
  });
});

/** One scripted answer per RPC method; a method missing from the script throws. */
type Script = Record<string, (...params: unknown[]) => unknown>;

/** An RPC whose methods answer from `script` and are counted in `calls`. */
function scriptedRpc(script: Script, calls: string[] = []): Rpc<SolanaRpcApi> {
  return new Proxy(
    {},
    {
      get:
        (_target, method: string) =>
        (...params: unknown[]) => ({
          // async: a throwing script answer becomes a rejected call, as a failed request would.
          send: async () => {
            calls.push(method);
            const answer = script[method];
            if (answer === undefined) throw new Error(`${method}: connection refused`);
            return answer(...params);
          },
        }),
    },
  ) as Rpc<SolanaRpcApi>;
}

/** A healthy chain up to the signature status, which `status` gives. */
function chainScript(status: () => unknown): Script {
  return {
    getLatestBlockhash: () => ({
      context: { slot: 1n },
      value: { blockhash: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY', lastValidBlockHeight: 1_000n },
    }),
    simulateTransaction: () => ({
      context: { slot: 1n },
      value: { err: null, logs: [], unitsConsumed: 20_000n },
    }),
    getPriorityFeeEstimate: () => ({ priorityFeeEstimate: 120_000n }),
    sendTransaction: () => 'sig',
    getSignatureStatuses: () => ({ context: { slot: 1n }, value: [status()] }),
    getBlockHeight: () => 10n,
  };
}

const CONFIRMED = { slot: 2n, confirmations: 0n, err: null, confirmationStatus: 'confirmed' };
const quiet = { log: () => {} };

describe('sendAndConfirm error mapping and wiring', () => {
  it('gives up after timeoutMs with a ChainTransactionError', async () => {
    const payer = await generateKeyPairSigner();
    const rpc = scriptedRpc(chainScript(() => null));
    configureChainSender(rpc, quiet);

    const started = Date.now();
    const error: unknown = await sendAndConfirm(rpc, payer, [transfer(payer, payer.address, 1n)], {
      timeoutMs: 1_000,
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ChainTransactionError);
    expect((error as ChainTransactionError).message).toBe('transaction was not confirmed within 1000 ms');
    expect((error as ChainTransactionError).programErrorCode).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('keeps the custom code of a transaction that landed and failed', async () => {
    const payer = await generateKeyPairSigner();
    const rpc = scriptedRpc(
      chainScript(() => ({ ...CONFIRMED, err: { InstructionError: [0, { Custom: 6011n }] } })),
    );
    configureChainSender(rpc, quiet);

    const error: unknown = await sendAndConfirm(rpc, payer, [transfer(payer, payer.address, 1n)]).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ChainTransactionError);
    expect((error as ChainTransactionError).programErrorCode).toBe(6011);
    expect((error as ChainTransactionError).message).toMatch(
      /^Error in transaction: instruction index 0, custom program error 6011 \(\w+\)$/,
    );
  });

  it('maps an RPC that is down to a ChainTransactionError without a code', async () => {
    const payer = await generateKeyPairSigner();
    const rpc = scriptedRpc({});
    configureChainSender(rpc, quiet);

    const error: unknown = await sendAndConfirm(rpc, payer, [transfer(payer, payer.address, 1n)]).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ChainTransactionError);
    expect((error as ChainTransactionError).message).toBe('Unknown RPC error');
    expect((error as ChainTransactionError).programErrorCode).toBeNull();
  });

  it('uses the configured fallback RPC when the primary is down', async () => {
    const payer = await generateKeyPairSigner();
    const primaryCalls: string[] = [];
    const fallbackCalls: string[] = [];
    const primary = scriptedRpc({}, primaryCalls);
    const fallback = scriptedRpc(
      chainScript(() => CONFIRMED),
      fallbackCalls,
    );
    configureChainSender(primary, { fallbackRpc: fallback, ...quiet });

    await expect(sendAndConfirm(primary, payer, [transfer(payer, payer.address, 1n)])).resolves.toBeTypeOf(
      'string',
    );

    expect(primaryCalls).toContain('sendTransaction');
    expect(fallbackCalls).toEqual(
      expect.arrayContaining(['getLatestBlockhash', 'simulateTransaction', 'sendTransaction']),
    );
  });

  it("asks the RPC's getPriorityFeeEstimate (High, base64), and stops asking an RPC without it", async () => {
    const payer = await generateKeyPairSigner();
    const requests: unknown[] = [];
    const calls: string[] = [];
    const rpc = scriptedRpc(
      {
        ...chainScript(() => CONFIRMED),
        getPriorityFeeEstimate: (request) => {
          requests.push(request);
          throw new SolanaError(SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND, { __serverMessage: 'nope' });
        },
      },
      calls,
    );
    const warnings: string[] = [];
    configureChainSender(rpc, { log: (message) => warnings.push(message) });

    await sendAndConfirm(rpc, payer, [transfer(payer, payer.address, 1n)]);
    await sendAndConfirm(rpc, payer, [transfer(payer, payer.address, 2n)]);

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ options: { transactionEncoding: 'Base64', priorityLevel: 'High' } });
    expect(typeof (requests[0] as { transaction?: unknown }).transaction).toBe('string');
    expect(calls.filter((method) => method === 'sendTransaction')).toHaveLength(2);
    expect(warnings).toEqual([]);
  });
});
