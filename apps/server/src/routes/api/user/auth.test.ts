/**
 * Wallet sign-in through the API: nonces, signed messages, Ledger memo transactions, tokens.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signIn, signMessageText, startTestServer, type TestServer } from '../../../../test/harness.ts';
import { SIGN_IN_STATEMENT } from '../../../auth/siws.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { NONCE_TTL_SECS: '300', JWT_TTL_SECS: '3600' } });
});
afterAll(() => t.close());

interface NonceBody {
  success: boolean;
  nonce: string;
  message: string;
  input: Record<string, string>;
}

async function nonceFor(signer: KeyPairSigner): Promise<NonceBody> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/nonce',
    payload: { address: signer.address },
  });
  expect(response.statusCode).toBe(200);
  return response.json<NonceBody>();
}

function authenticate(payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/user/authenticate', payload: payload as object });
}

const MEMO = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

function memoInstruction(text: string): Instruction {
  return { programAddress: MEMO, data: new TextEncoder().encode(text) };
}

async function ledgerTransaction(feePayer: KeyPairSigner, instructions: Instruction[]): Promise<string> {
  const transaction = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      // Never broadcast: any blockhash will do, as on a Ledger that signs offline.
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 0n },
          m,
        ),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  );
  return getBase64EncodedWireTransaction(transaction);
}

describe('POST /api/user/nonce', () => {
  it('issues a Sign-In With Solana message with a 5-minute life', async () => {
    const user = await generateKeyPairSigner();
    const body = await nonceFor(user);
    expect(body.success).toBe(true);
    expect(body.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(body.input).toMatchObject({
      domain: '127.0.0.1:8080',
      address: user.address,
      statement: SIGN_IN_STATEMENT,
      uri: 'http://127.0.0.1:8080',
      version: '1',
      chainId: 'solana:localnet',
      nonce: body.nonce,
    });
    expect(Date.parse(body.input.expirationTime!) - Date.parse(body.input.issuedAt!)).toBe(300_000);
    expect(body.message).toBe(
      [
        `127.0.0.1:8080 wants you to sign in with your Solana account:`,
        user.address,
        '',
        SIGN_IN_STATEMENT,
        '',
        'URI: http://127.0.0.1:8080',
        'Version: 1',
        'Chain ID: solana:localnet',
        `Nonce: ${body.nonce}`,
        `Issued At: ${body.input.issuedAt}`,
        `Expiration Time: ${body.input.expirationTime}`,
      ].join('\n'),
    );
  });

  it('refuses a malformed address', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/nonce',
      payload: { address: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Invalid address',
      code: ApiErrorCode.VALIDATION_FAILED,
    });
  });
});

describe('POST /api/user/authenticate', () => {
  it('exchanges a signed message for a token that GET /api/user/verify accepts', async () => {
    const user = await generateKeyPairSigner();
    const { nonce, message } = await nonceFor(user);
    const response = await authenticate({
      address: user.address,
      nonce,
      signature: await signMessageText(user, message),
      ledger: false,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; token: string; expiresAt: number; address: string }>();
    expect(body).toMatchObject({ success: true, address: user.address });
    expect(body.expiresAt).toBe(Math.floor(t.clock.now() / 1000) + 3600);
    const verify = await t.app.inject({
      url: `/api/user/verify/${user.address}`,
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ success: true });
    // Signing in creates the user.
    const profile = await t.app.inject({ url: `/api/user/${user.address}` });
    expect(profile.json()).toMatchObject({
      success: true,
      address: user.address,
      username: null,
      blocked: false,
    });
  });

  it('refuses a replayed nonce', async () => {
    const user = await generateKeyPairSigner();
    const { nonce, message } = await nonceFor(user);
    const payload = {
      address: user.address,
      nonce,
      signature: await signMessageText(user, message),
      ledger: false,
    };
    expect((await authenticate(payload)).statusCode).toBe(200);
    const replay = await authenticate(payload);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      success: false,
      error: 'Nonce already used',
      code: ApiErrorCode.NONCE_USED,
    });
  });

  it('consumes a nonce once when two requests race', async () => {
    const user = await generateKeyPairSigner();
    const { nonce, message } = await nonceFor(user);
    const payload = {
      address: user.address,
      nonce,
      signature: await signMessageText(user, message),
      ledger: false,
    };
    const results = await Promise.all([authenticate(payload), authenticate(payload), authenticate(payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('refuses an expired nonce', async () => {
    const user = await generateKeyPairSigner();
    const { nonce, message } = await nonceFor(user);
    t.clock.advance(300_001);
    const response = await authenticate({
      address: user.address,
      nonce,
      signature: await signMessageText(user, message),
      ledger: false,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      error: 'Nonce expired',
      code: ApiErrorCode.NONCE_EXPIRED,
    });
  });

  it('refuses a signature over another message, by another key, or without a nonce', async () => {
    const user = await generateKeyPairSigner();
    const other = await generateKeyPairSigner();
    const { nonce, message } = await nonceFor(user);
    const tampered = await authenticate({
      address: user.address,
      nonce,
      signature: await signMessageText(user, message.replace('Version: 1', 'Version: 2')),
      ledger: false,
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({
      success: false,
      error: 'Invalid signature',
      code: ApiErrorCode.INVALID_SIGNATURE,
    });
    const wrongKey = await authenticate({
      address: user.address,
      nonce,
      signature: await signMessageText(other, message),
      ledger: false,
    });
    expect(wrongKey.json()).toEqual({
      success: false,
      error: 'Invalid signature',
      code: ApiErrorCode.INVALID_SIGNATURE,
    });
    // `other` never asked for a nonce.
    const noNonce = await authenticate({
      address: other.address,
      nonce,
      signature: await signMessageText(other, message),
      ledger: false,
    });
    expect(noNonce.statusCode).toBe(401);
    expect(noNonce.json()).toEqual({
      success: false,
      error: 'Request a nonce first',
      code: ApiErrorCode.NONCE_NOT_REQUESTED,
    });
  });

  it('accepts the message a solana:signIn wallet built from the input, line for line', async () => {
    const user = await generateKeyPairSigner();
    const { input, message } = await nonceFor(user);
    // What a wallet builds from the input (all of whose fields it must keep): the issued message.
    const walletMessage = [
      `${input.domain} wants you to sign in with your Solana account:`,
      user.address,
      '',
      input.statement,
      '',
      `URI: ${input.uri}`,
      `Version: ${input.version}`,
      `Chain ID: ${input.chainId}`,
      `Nonce: ${input.nonce}`,
      `Issued At: ${input.issuedAt}`,
      `Expiration Time: ${input.expirationTime}`,
    ].join('\n');
    expect(walletMessage).toBe(message);
    const ok = await authenticate({
      address: user.address,
      signature: await signMessageText(user, walletMessage),
      message: walletMessage,
      ledger: false,
    });
    expect(ok.statusCode).toBe(200);

    const second = await nonceFor(user);
    const phishing = second.message.replace(input.domain!, 'evil.example');
    const refused = await authenticate({
      address: user.address,
      signature: await signMessageText(user, phishing),
      message: phishing,
      ledger: false,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Invalid signature',
      code: ApiErrorCode.INVALID_SIGNATURE,
    });

    // A wallet that leaves out a field it was sent (here the expiry) is refused too.
    const third = await nonceFor(user);
    const shortened = third.message.split('\n').slice(0, -1).join('\n');
    const partial = await authenticate({
      address: user.address,
      signature: await signMessageText(user, shortened),
      message: shortened,
      ledger: false,
    });
    expect(partial.statusCode).toBe(401);
    expect(partial.json()).toEqual({
      success: false,
      error: 'Invalid signature',
      code: ApiErrorCode.INVALID_SIGNATURE,
    });
  });

  it('accepts a Ledger memo transaction carrying the message, and never broadcasts it', async () => {
    const user = await generateKeyPairSigner();
    const { message } = await nonceFor(user);
    const wire = await ledgerTransaction(user, [memoInstruction(message)]);
    const response = await authenticate({ address: user.address, signature: wire, ledger: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, address: user.address });
    const signatures = await t.app.chain.rpc.getSignaturesForAddress(user.address).send();
    expect(signatures).toEqual([]);
  });

  it('refuses a Ledger transaction that does more than carry the memo, or is paid by another wallet', async () => {
    const user = await generateKeyPairSigner();
    const thief = await generateKeyPairSigner();
    const { message } = await nonceFor(user);
    const withTransfer = await ledgerTransaction(user, [
      memoInstruction(message),
      getTransferSolInstruction({ source: user, destination: thief.address, amount: lamports(1n) }),
    ]);
    const refused = await authenticate({ address: user.address, signature: withTransfer, ledger: true });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Invalid signature',
      code: ApiErrorCode.INVALID_SIGNATURE,
    });

    const otherPayer = await ledgerTransaction(thief, [memoInstruction(message)]);
    expect(
      (await authenticate({ address: user.address, signature: otherPayer, ledger: true })).statusCode,
    ).toBe(401);
    const garbage = await authenticate({ address: user.address, signature: 'AAAA', ledger: true });
    expect(garbage.json()).toEqual({
      success: false,
      error: 'Invalid signature',
      code: ApiErrorCode.INVALID_SIGNATURE,
    });
  });

  it('refuses a blocked wallet', async () => {
    const user = await generateKeyPairSigner();
    await t.app.db.query(
      "INSERT INTO blocked_wallets (address, reason, blocked_by) VALUES ($1, 'test', 'test')",
      [user.address],
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/nonce',
      payload: { address: user.address },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      error: 'Wallet is blocked',
      code: ApiErrorCode.WALLET_BLOCKED,
    });
  });

  it('answers malformed bodies with 400 and a message', async () => {
    const user = await generateKeyPairSigner();
    const cases: [unknown, string][] = [
      [{ address: user.address, ledger: false }, 'Invalid signature'],
      [{ address: user.address, signature: '', ledger: false }, 'Invalid signature'],
      [{ signature: 'abc', ledger: false }, 'Invalid address'],
      [{ address: user.address, signature: 'abc', ledger: 'yes' }, 'ledger must be true or false'],
    ];
    for (const [payload, error] of cases) {
      const response = await authenticate(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, error, code: ApiErrorCode.VALIDATION_FAILED });
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/user/authenticate',
      payload: '{"address":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({
      success: false,
      error: 'Malformed JSON body',
      code: ApiErrorCode.MALFORMED_JSON,
    });
    const array = await authenticate([1, 2, 3]);
    expect(array.statusCode).toBe(400);
    expect(array.json<{ success: boolean }>().success).toBe(false);
  });
});

describe('GET /api/user/verify/{address}', () => {
  it('answers 401 without a token, with a bad one, and with an expired one', async () => {
    const user = await generateKeyPairSigner();
    const missing = await t.app.inject({ url: `/api/user/verify/${user.address}` });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      success: false,
      error: 'Missing token',
      code: ApiErrorCode.MISSING_TOKEN,
    });
    const bad = await t.app.inject({
      url: `/api/user/verify/${user.address}`,
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(bad.json()).toEqual({ success: false, error: 'Invalid token', code: ApiErrorCode.INVALID_TOKEN });
    const forged = await t.app.inject({
      url: `/api/user/verify/${user.address}`,
      headers: { authorization: 'Basic abc' },
    });
    expect(forged.json()).toEqual({
      success: false,
      error: 'Invalid token',
      code: ApiErrorCode.INVALID_TOKEN,
    });

    const { token } = await t.app.tokens.issue(user.address, Math.floor(Date.now() / 1000) - 7200);
    const expired = await t.app.inject({
      url: `/api/user/verify/${user.address}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      success: false,
      error: 'Token expired',
      code: ApiErrorCode.TOKEN_EXPIRED,
    });
  });

  it("answers 403 for another address's token", async () => {
    const [alice, bob] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    const aliceToken = await signIn(t.app, alice);
    const response = await t.app.inject({
      url: `/api/user/verify/${bob.address}`,
      headers: { authorization: aliceToken },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      error: 'Token does not match this address',
      code: ApiErrorCode.TOKEN_ADDRESS_MISMATCH,
    });
  });

  it('answers 403 once the wallet is blocked, even with a valid token', async () => {
    const user = await generateKeyPairSigner();
    const token = await signIn(t.app, user);
    await t.app.db.query(
      "INSERT INTO blocked_wallets (address, reason, blocked_by) VALUES ($1, 'test', 'test')",
      [user.address],
    );
    const response = await t.app.inject({
      url: `/api/user/verify/${user.address}`,
      headers: { authorization: token },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      error: 'Wallet is blocked',
      code: ApiErrorCode.WALLET_BLOCKED,
    });
  });
});
