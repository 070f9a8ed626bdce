/**
 * The local swap desk behind several server instances: two desks on one chain and one database (PGlite,
 * or PostgreSQL with `TEST_DATABASE_URL`) stand for two instances behind a load balancer. A quote issued
 * by one is served by the other (instructions and co-signature), a quote is spent once however many
 * instances co-sign it at the same time, and the open-quote cap counts every instance's quotes.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import type { JsonInstruction, SwapInstructions, SwapQuote } from '@arcade/sdk/api/market-data';
import { SWAP_SLIPPAGE_BPS } from '@arcade/sdk/constants';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { getTransferSolInstruction } from '@solana-program/system';
import { fetchMaybeToken, findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Base64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, startTestChain } from '../../../test/harness.ts';
import type { ChainContext } from '../../chain/chain-context.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { QUOTE_MEMORY_MS, QUOTE_TTL_MS, SwapDesk } from './swap-desk.ts';

let db: Database;
let chain: ChainContext;
/** Two instances' desks on the same chain and database. */
let first: SwapDesk;
let second: SwapDesk;
let teardown: () => Promise<void>;

function deskOn(database: Database, options: { readonly maxOpenQuotes?: number } = {}): SwapDesk {
  return new SwapDesk({ chain, local: chain.local!, db: database, ...options });
}

beforeAll(async () => {
  const [database, embedded] = await Promise.all([openTestDatabase(), startTestChain()]);
  db = database.db;
  chain = embedded.context;
  first = deskOn(db);
  second = deskOn(db);
  // The instances share the desk's key and lookup table: the first creates them, the second finds them.
  await first.lookupTable();
  await second.lookupTable();
  teardown = async () => {
    await embedded.stop();
    await database.close();
  };
}, 120_000);
afterAll(() => teardown());

async function confirmed(signature: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    const { value } = await chain.rpc.getSignatureStatuses([signature as never]).send();
    const status = value[0];
    if (status?.err) throw new Error(`transaction failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('not confirmed');
}

async function funded(): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  await confirmed(await chain.rpc.requestAirdrop(signer.address, lamports(10_000_000_000n)).send());
  return signer;
}

async function tokenBalance(owner: Address, mint: Address): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const account = await fetchMaybeToken(chain.rpc, ata, { commitment: 'confirmed' });
  return account.exists ? account.data.amount : 0n;
}

function fromJson(ix: JsonInstruction): Instruction {
  return {
    programAddress: address(ix.programId),
    accounts: ix.accounts.map((meta) => ({
      address: address(meta.pubkey),
      role: meta.isSigner
        ? meta.isWritable
          ? AccountRole.WRITABLE_SIGNER
          : AccountRole.READONLY_SIGNER
        : meta.isWritable
          ? AccountRole.WRITABLE
          : AccountRole.READONLY,
    })),
    data: Buffer.from(ix.data, 'base64'),
  };
}

/** The swap as a client composes it, paid and signed by `user`, with `extra` instructions after it. */
async function userSigned(
  user: KeyPairSigner,
  body: SwapInstructions,
  extra: readonly Instruction[] = [],
): Promise<string> {
  const { value: blockhash } = await chain.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(user.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstructions(
        [...[...body.setupInstructions, body.swapInstruction].map(fromJson), ...extra],
        m,
      ),
  );
  const signed = await partiallySignTransaction([user.keyPair], compileTransaction(message));
  return getBase64EncodedWireTransaction(signed);
}

function solToUsdc(amount: bigint) {
  return {
    inputMint: NATIVE_MINT_ADDRESS,
    outputMint: chain.addresses.usdcMint,
    amount,
    slippageBps: SWAP_SLIPPAGE_BPS,
  };
}

function instructionsRequest(quoteResponse: SwapQuote, user: Address) {
  return { quoteResponse, userPublicKey: user, wrapAndUnwrapSol: true };
}

/** The API error code `work` is refused with. */
async function refusal(work: Promise<unknown>): Promise<ApiErrorCode> {
  const error: unknown = await work.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.code;
}

describe('the swap desk on several instances', () => {
  it('serves a quote another instance issued: instructions, co-signature, then the swap lands', async () => {
    const { usdcMint } = chain.addresses;
    const user = await funded();
    const now = Date.now();
    const quote = await first.quote(solToUsdc(1_000_000_000n), now);
    const body = await second.swapInstructions(instructionsRequest(quote, user.address), now);
    expect(body).toMatchObject({ quoteId: quote.quoteId, requiresCosign: true });
    const wire = await userSigned(user, body);

    const cosigned = await second.cosign(wire, now);
    expect(cosigned).toMatchObject({ required: true, quoteId: quote.quoteId });
    if (!cosigned.required) throw new Error('unreachable');
    await confirmed(
      await chain.rpc
        .sendTransaction(cosigned.transaction as Base64EncodedWireTransaction, { encoding: 'base64' })
        .send(),
    );
    expect(await tokenBalance(user.address, usdcMint)).toBe(BigInt(quote.outAmount));

    // Spent on one instance is spent on every instance, and a replay is told why.
    expect(await refusal(first.cosign(wire, now))).toBe(ApiErrorCode.QUOTE_USED);
    expect(await refusal(first.swapInstructions(instructionsRequest(quote, user.address), now))).toBe(
      ApiErrorCode.QUOTE_USED,
    );
  });

  it('tells every instance that a quote expired, and that a quote it never saw is unknown', async () => {
    const user = await funded();
    const now = Date.now();
    const quote = await first.quote(solToUsdc(100_000_000n), now);
    const wire = await userSigned(
      user,
      await first.swapInstructions(instructionsRequest(quote, user.address), now),
    );
    const later = now + QUOTE_TTL_MS;
    expect(await refusal(second.swapInstructions(instructionsRequest(quote, user.address), later))).toBe(
      ApiErrorCode.QUOTE_EXPIRED,
    );
    expect(await refusal(second.cosign(wire, later))).toBe(ApiErrorCode.QUOTE_EXPIRED);
    expect(
      await refusal(
        second.swapInstructions(instructionsRequest({ ...quote, quoteId: 'nope' }, user.address), now),
      ),
    ).toBe(ApiErrorCode.QUOTE_UNKNOWN);
  });

  it('co-signs one quote once when two instances are asked at the same time', async () => {
    const user = await funded();
    const now = Date.now();
    // The same transaction sent to both instances.
    const quote = await first.quote(solToUsdc(200_000_000n), now);
    const body = await first.swapInstructions(instructionsRequest(quote, user.address), now);
    const wire = await userSigned(user, body);
    const same = await Promise.allSettled([first.cosign(wire, now), second.cosign(wire, now)]);
    expect(same.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [lost] = same.filter((result) => result.status === 'rejected');
    expect(lost?.reason).toBeInstanceOf(HttpError);
    expect((lost?.reason as HttpError).code).toBe(ApiErrorCode.QUOTE_USED);

    // Two different transactions carrying the same quote's transfers (one pays the user 1 lamport more
    // to itself, which the desk does not mind), each to its own instance.
    const other = await first.quote(solToUsdc(300_000_000n), now);
    const otherBody = await second.swapInstructions(instructionsRequest(other, user.address), now);
    const selfTransfer = (amount: bigint) =>
      getTransferSolInstruction({ source: user, destination: user.address, amount });
    const wires = await Promise.all([
      userSigned(user, otherBody, [selfTransfer(1n)]),
      userSigned(user, otherBody, [selfTransfer(2n)]),
    ]);
    const raced = await Promise.allSettled([first.cosign(wires[0], now), second.cosign(wires[1], now)]);
    expect(raced.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [refused] = raced.filter((result) => result.status === 'rejected');
    expect((refused?.reason as HttpError).code).toBe(ApiErrorCode.QUOTE_USED);
  });

  it('spends a second quote of the same amounts when the first is taken', async () => {
    const user = await funded();
    const now = Date.now();
    const quotes = await Promise.all([
      first.quote(solToUsdc(400_000_000n), now),
      second.quote(solToUsdc(400_000_000n), now),
    ]);
    expect(quotes[0].outAmount).toBe(quotes[1].outAmount);
    const body = await first.swapInstructions(instructionsRequest(quotes[0], user.address), now);
    const selfTransfer = (amount: bigint) =>
      getTransferSolInstruction({ source: user, destination: user.address, amount });
    const wires = await Promise.all([
      userSigned(user, body, [selfTransfer(1n)]),
      userSigned(user, body, [selfTransfer(2n)]),
    ]);
    const results = await Promise.all([first.cosign(wires[0], now), second.cosign(wires[1], now)]);
    const ids = results.map((result) => (result.required ? result.quoteId : null));
    expect(new Set(ids)).toEqual(new Set(quotes.map((quote) => quote.quoteId)));
    expect(await refusal(first.cosign(await userSigned(user, body, [selfTransfer(3n)]), now))).toBe(
      ApiErrorCode.QUOTE_USED,
    );
  });

  it('counts every instance’s quotes against the open-quote cap, and forgets old quotes', async () => {
    const a = deskOn(db, { maxOpenQuotes: 3 });
    const b = deskOn(db, { maxOpenQuotes: 3 });
    // A day on, the other tests' quotes are forgotten as these are issued: only these count.
    const now = Date.now() + 86_400_000;
    const oldest = await a.quote(solToUsdc(100_000_000n), now);
    await b.quote(solToUsdc(100_000_000n), now);
    await a.quote(solToUsdc(100_000_000n), now + 1);
    expect(await refusal(b.quote(solToUsdc(100_000_000n), now + 2))).toBe(ApiErrorCode.TOO_MANY_QUOTES);
    expect(await refusal(a.quote(solToUsdc(100_000_000n), now + 2))).toBe(ApiErrorCode.TOO_MANY_QUOTES);
    // Expired quotes still count while they are remembered (a replay is told they expired)...
    const expired = now + QUOTE_TTL_MS;
    expect(await refusal(b.quote(solToUsdc(100_000_000n), expired))).toBe(ApiErrorCode.TOO_MANY_QUOTES);
    const user = (await generateKeyPairSigner()).address;
    expect(await refusal(b.swapInstructions(instructionsRequest(oldest, user), expired))).toBe(
      ApiErrorCode.QUOTE_EXPIRED,
    );
    // ...and are forgotten after that: the cap frees up, and the old quote is unknown.
    const forgotten = now + 1 + QUOTE_TTL_MS + QUOTE_MEMORY_MS;
    await b.quote(solToUsdc(100_000_000n), forgotten);
    expect(await refusal(a.swapInstructions(instructionsRequest(oldest, user), forgotten))).toBe(
      ApiErrorCode.QUOTE_UNKNOWN,
    );
  });
});
