/**
 * Sign-in and session tokens under attack: nobody can evict another wallet's nonce, the nonce table stays
 * bounded, a signed message must be the issued one line for line, forged tokens are refused, and a signed-out
 * token is refused everywhere (every instance, the chat's check included).
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { randomBytes } from 'node:crypto';

import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type KeyPairSigner,
} from '@solana/kit';
import { Redis } from 'ioredis';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  createTestApp,
  signIn,
  signMessageText,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.ts';
import { TokenError } from '../../../auth/tokens.ts';

const SECRET = randomBytes(32);
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { NONCE_TTL_SECS: '300', JWT_TTL_SECS: '3600' }, jwtSecret: SECRET });
});
afterAll(() => t.close());

interface NonceBody {
  nonce: string;
  message: string;
  input: Record<string, string>;
}

async function nonceFor(who: string): Promise<NonceBody> {
  const response = await t.app.inject({ method: 'POST', url: '/api/user/nonce', payload: { address: who } });
  expect(response.statusCode).toBe(200);
  return response.json<NonceBody>();
}

function authenticate(payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/user/authenticate', payload });
}

async function memoTransaction(feePayer: KeyPairSigner, text: string): Promise<string> {
  const memo = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
  const transaction = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 0n },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [{ programAddress: memo, data: new TextEncoder().encode(text) }],
          m,
        ),
    ),
  );
  return getBase64EncodedWireTransaction(transaction);
}

/** Five more nonces for `victim`, asked by someone else. */
async function flood(victim: string): Promise<void> {
  for (let i = 0; i < 5; i += 1) await nonceFor(victim);
}

describe('nonces', () => {
  it("signs the victim in after anyone asked for five more nonces for the victim's address", async () => {
    const victim = await generateKeyPairSigner();
    const { nonce, message } = await nonceFor(victim.address);
    await flood(victim.address);
    const response = await authenticate({
      address: victim.address,
      nonce,
      signature: await signMessageText(victim, message),
      ledger: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, address: victim.address });
  });

  it('signs in with a wallet-built message or a Ledger memo after the same flood', async () => {
    const victim = await generateKeyPairSigner();
    const first = await nonceFor(victim.address);
    const second = await nonceFor(victim.address);
    await flood(victim.address);
    const walletBuilt = await authenticate({
      address: victim.address,
      signature: await signMessageText(victim, first.message),
      message: first.message,
      ledger: false,
    });
    expect(walletBuilt.statusCode).toBe(200);
    const ledger = await authenticate({
      address: victim.address,
      signature: await memoTransaction(victim, second.message),
      ledger: true,
    });
    expect(ledger.statusCode).toBe(200);
  });

  it("refuses another address's nonce, and a nonce field that is not the one the message carries", async () => {
    const [alice, mallory] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    const aliceNonce = await nonceFor(alice.address);
    const malloryNonce = await nonceFor(mallory.address);
    const borrowed = await authenticate({
      address: mallory.address,
      nonce: aliceNonce.nonce,
      signature: await signMessageText(mallory, aliceNonce.message),
      ledger: false,
    });
    expect(borrowed.statusCode).toBe(401);
    expect(borrowed.json()).toEqual({
      success: false,
      error: 'Request a nonce first',
      code: ApiErrorCode.NONCE_NOT_REQUESTED,
    });
    const mismatched = await authenticate({
      address: mallory.address,
      nonce: aliceNonce.nonce,
      signature: await signMessageText(mallory, malloryNonce.message),
      message: malloryNonce.message,
      ledger: false,
    });
    expect(mismatched.statusCode).toBe(401);
    expect(mismatched.json()).toEqual({
      success: false,
      error: 'Invalid signature',
      code: ApiErrorCode.INVALID_SIGNATURE,
    });
  });

  it('answers 400 when a signed message names no nonce, and for a malformed one', async () => {
    const user = await generateKeyPairSigner();
    const { message } = await nonceFor(user.address);
    const signature = await signMessageText(user, message);
    const missing = await authenticate({ address: user.address, signature, ledger: false });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      error: 'Nonce is required',
      code: ApiErrorCode.NONCE_REQUIRED,
    });
    const malformed = await authenticate({ address: user.address, nonce: 'x', signature, ledger: false });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      success: false,
      error: 'Invalid nonce',
      code: ApiErrorCode.VALIDATION_FAILED,
    });
  });

  it('deletes expired nonces of every address when a new one is issued', async () => {
    const [stale, used, fresh] = await Promise.all([
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
    ]);
    const staleNonce = await nonceFor(stale.address);
    await signIn(t.app, used);
    const count = async (who: string) =>
      (await t.db.query('SELECT 1 FROM auth_nonces WHERE address = $1', [who])).length;
    expect([await count(stale.address), await count(used.address)]).toEqual([1, 1]);
    t.clock.advance(300_000);
    await nonceFor(fresh.address);
    expect([await count(stale.address), await count(used.address), await count(fresh.address)]).toEqual([
      0, 0, 1,
    ]);
    // Its row gone, the stale nonce is one the server does not know.
    const late = await authenticate({
      address: stale.address,
      nonce: staleNonce.nonce,
      signature: await signMessageText(stale, staleNonce.message),
      ledger: false,
    });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({
      success: false,
      error: 'Request a nonce first',
      code: ApiErrorCode.NONCE_NOT_REQUESTED,
    });
  });

  it('rate-limits POST /api/user/nonce per IP', async () => {
    const limited = await createTestApp({ db: t.db, chain: t.chain, env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const who = (await generateKeyPairSigner()).address;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/user/nonce',
          payload: { address: who },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429)
          expect(response.json()).toEqual({
            success: false,
            error: 'Too many requests',
            code: ApiErrorCode.RATE_LIMITED,
          });
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the signed message', () => {
  /** The issued message with one line replaced (or dropped, with `null`). */
  function altered(message: string, label: string, value: string | null): string {
    const lines = message.split('\n');
    const index = lines.findIndex((line) => line.startsWith(label));
    expect(index).toBeGreaterThanOrEqual(0);
    if (value === null) lines.splice(index, 1);
    else lines[index] = value;
    return lines.join('\n');
  }

  it('refuses a wallet-built message whose statement, URI, version, chain, dates differ or are missing', async () => {
    const user = await generateKeyPairSigner();
    const { message, input } = await nonceFor(user.address);
    const variants: [string, string | null][] = [
      [input.statement!, 'Free airdrop! Sign to claim.'],
      ['URI: ', 'URI: https://evil.example'],
      ['Version: ', 'Version: 2'],
      ['Chain ID: ', 'Chain ID: solana:mainnet'],
      ['Issued At: ', 'Issued At: 2020-01-01T00:00:00.000Z'],
      ['Expiration Time: ', 'Expiration Time: 2099-01-01T00:00:00.000Z'],
      ['Expiration Time: ', null],
      ['Chain ID: ', null],
      ['URI: ', null],
    ];
    for (const [label, value] of variants) {
      const text = altered(message, label, value);
      const response = await authenticate({
        address: user.address,
        signature: await signMessageText(user, text),
        message: text,
        ledger: false,
      });
      expect({ label, value, status: response.statusCode, body: response.json<unknown>() }).toEqual({
        label,
        value,
        status: 401,
        body: { success: false, error: 'Invalid signature', code: ApiErrorCode.INVALID_SIGNATURE },
      });
    }
    // A line the issued message does not have.
    const extra = `${message}\nResources:\n- https://evil.example/claim`;
    const withExtra = await authenticate({
      address: user.address,
      signature: await signMessageText(user, extra),
      message: extra,
      ledger: false,
    });
    expect(withExtra.json()).toEqual({
      success: false,
      error: 'Invalid signature',
      code: ApiErrorCode.INVALID_SIGNATURE,
    });
    // The issued message itself is still good: nothing above consumed the nonce.
    const ok = await authenticate({
      address: user.address,
      signature: await signMessageText(user, message),
      message,
      ledger: false,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a Ledger memo carrying a message with another statement', async () => {
    const user = await generateKeyPairSigner();
    const { message, input } = await nonceFor(user.address);
    const memo = message.replace(input.statement!, 'Free airdrop! Sign to claim.');
    const response = await authenticate({
      address: user.address,
      signature: await memoTransaction(user, memo),
      ledger: true,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      error: 'Invalid signature',
      code: ApiErrorCode.INVALID_SIGNATURE,
    });
  });
});

describe('tokens', () => {
  /** A token signed with the server's key, with the claims `edit` leaves. */
  async function forge(sub: string, edit: (jwt: SignJWT, nowSecs: number) => SignJWT): Promise<string> {
    const nowSecs = Math.floor(t.clock.now() / 1000);
    const jwt = new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(t.env.PUBLIC_URL)
      .setAudience('arcade');
    return edit(jwt, nowSecs).sign(SECRET);
  }

  async function verifyWith(token: string, who: string) {
    return t.app.inject({ url: `/api/user/verify/${who}`, headers: { authorization: `Bearer ${token}` } });
  }

  it('accepts a token forged with every claim (the key is right), so the refusals below are the claims', async () => {
    const user = await generateKeyPairSigner();
    const token = await forge(user.address, (jwt, now) =>
      jwt
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .setJti('forged-but-complete'),
    );
    expect((await verifyWith(token, user.address)).statusCode).toBe(200);
  });

  it('refuses tokens without exp, iat or jti, issued in the future, or for a subject that is no address', async () => {
    const user = await generateKeyPairSigner();
    const cases: [string, string, string][] = [
      ['no exp', user.address, await forge(user.address, (jwt, now) => jwt.setIssuedAt(now).setJti('a'))],
      [
        'no iat',
        user.address,
        await forge(user.address, (jwt, now) => jwt.setExpirationTime(now + 60).setJti('b')),
      ],
      [
        'no jti',
        user.address,
        await forge(user.address, (jwt, now) => jwt.setIssuedAt(now).setExpirationTime(now + 60)),
      ],
      [
        'issued in an hour',
        user.address,
        await forge(user.address, (jwt, now) =>
          jwt
            .setIssuedAt(now + 3600)
            .setExpirationTime(now + 7200)
            .setJti('c'),
        ),
      ],
      [
        'subject not an address',
        user.address,
        await forge('admin', (jwt, now) =>
          jwt
            .setIssuedAt(now)
            .setExpirationTime(now + 60)
            .setJti('d'),
        ),
      ],
    ];
    for (const [name, who, token] of cases) {
      const response = await verifyWith(token, who);
      expect({ name, status: response.statusCode, body: response.json<unknown>() }).toEqual({
        name,
        status: 401,
        body: { success: false, error: 'Invalid token', code: ApiErrorCode.INVALID_TOKEN },
      });
    }
    // A subject that is no address gets nowhere else either.
    const notAddress = await forge('admin', (jwt, now) =>
      jwt
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .setJti('e'),
    );
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/user/updateUsername',
      payload: { username: 'forged' },
      headers: { authorization: `Bearer ${notAddress}` },
    });
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toEqual({
      success: false,
      error: 'Invalid token',
      code: ApiErrorCode.INVALID_TOKEN,
    });
  });

  it('accepts an issue time less than a minute ahead (another clock)', async () => {
    const user = await generateKeyPairSigner();
    const token = await forge(user.address, (jwt, now) =>
      jwt
        .setIssuedAt(now + 30)
        .setExpirationTime(now + 600)
        .setJti('skew'),
    );
    expect((await verifyWith(token, user.address)).statusCode).toBe(200);
  });
});

describe('POST /api/user/signout', () => {
  it('revokes the token: 200, then 401 Token revoked everywhere it is used; other sessions live on', async () => {
    const user = await generateKeyPairSigner();
    const [token, other] = [await signIn(t.app, user), await signIn(t.app, user)];
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/signout',
      headers: { authorization: token },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    const verify = await t.app.inject({
      url: `/api/user/verify/${user.address}`,
      headers: { authorization: token },
    });
    expect(verify.statusCode).toBe(401);
    expect(verify.json()).toEqual({
      success: false,
      error: 'Token revoked',
      code: ApiErrorCode.TOKEN_REVOKED,
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/signout',
      headers: { authorization: token },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      success: false,
      error: 'Token revoked',
      code: ApiErrorCode.TOKEN_REVOKED,
    });
    // The chat checks tokens through the same service.
    await expect(t.app.tokens.verify(token.slice('Bearer '.length))).rejects.toEqual(
      new TokenError(ApiErrorCode.TOKEN_REVOKED),
    );
    const still = await t.app.inject({
      url: `/api/user/verify/${user.address}`,
      headers: { authorization: other },
    });
    expect(still.statusCode).toBe(200);
  });

  it('answers 401 without a token, 400 for a body that is not JSON and 403 for a blocked wallet', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/user/signout' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      success: false,
      error: 'Missing token',
      code: ApiErrorCode.MISSING_TOKEN,
    });
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/user/signout',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({
      success: false,
      error: 'Malformed JSON body',
      code: ApiErrorCode.MALFORMED_JSON,
    });
    const blocked = await generateKeyPairSigner();
    const token = await signIn(t.app, blocked);
    await t.app.repositories.blockedWallets.block(blocked.address, 'spam', t.admins[0]!.address);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/signout',
      headers: { authorization: token },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      error: 'Wallet is blocked',
      code: ApiErrorCode.WALLET_BLOCKED,
    });
  });

  it('deletes revocations of expired tokens, of every wallet, as new ones are recorded', async () => {
    const [early, late] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/signout',
      headers: { authorization: await signIn(t.app, early) },
    });
    const rows = async (who: string) =>
      (await t.db.query('SELECT 1 FROM token_revocations WHERE address = $1', [who])).length;
    expect(await rows(early.address)).toBe(1);
    t.clock.advance(3_600_000);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/signout',
      headers: { authorization: await signIn(t.app, late) },
    });
    expect([await rows(early.address), await rows(late.address)]).toEqual([0, 1]);
  });

  it('is declared in the OpenAPI document with its statuses', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode, docs.body.slice(0, 300)).toBe(200);
    const document = docs.json<{
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    }>();
    const operation = document.paths['/api/user/signout']?.['post'];
    expect(operation?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '429']),
    );
  });
});

describe('revocation across instances', () => {
  it('refuses on one instance a token signed out on another (shared database, no Redis)', async () => {
    const env = { JWT_TTL_SECS: '3600' };
    const a = await createTestApp({ db: t.db, chain: t.chain, env, jwtSecret: SECRET });
    const b = await createTestApp({ db: t.db, chain: t.chain, env, jwtSecret: SECRET });
    try {
      const user = await generateKeyPairSigner();
      const token = await signIn(a.app, user);
      const url = `/api/user/verify/${user.address}`;
      expect((await b.app.inject({ url, headers: { authorization: token } })).statusCode).toBe(200);
      const out = await a.app.inject({
        method: 'POST',
        url: '/api/user/signout',
        headers: { authorization: token },
      });
      expect(out.statusCode).toBe(200);
      const refused = await b.app.inject({ url, headers: { authorization: token } });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        success: false,
        error: 'Token revoked',
        code: ApiErrorCode.TOKEN_REVOKED,
      });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'refuses on one instance a token signed out on another, through Redis, and after Redis lost its copy',
    async () => {
      const url = process.env.TEST_REDIS_URL!;
      const [redisA, redisB] = [new Redis(url), new Redis(url)];
      // Redis outlives the test: a deployment (issuer) of its own.
      const env = { JWT_TTL_SECS: '3600', PUBLIC_URL: `https://t${randomBytes(4).toString('hex')}.example` };
      const a = await createTestApp({ db: t.db, chain: t.chain, env, jwtSecret: SECRET, redis: redisA });
      const b = await createTestApp({ db: t.db, chain: t.chain, env, jwtSecret: SECRET, redis: redisB });
      const key = `arcade-token-revocations:${a.env.PUBLIC_URL}`;
      try {
        const user = await generateKeyPairSigner();
        const [token, other] = [await signIn(a.app, user), await signIn(a.app, user)];
        const verify = `/api/user/verify/${user.address}`;
        expect((await b.app.inject({ url: verify, headers: { authorization: token } })).statusCode).toBe(200);
        await vi.waitFor(async () => {
          expect(await redisB.hget(key, ':ready')).toBe('1');
        });
        const out = await a.app.inject({
          method: 'POST',
          url: '/api/user/signout',
          headers: { authorization: token },
        });
        expect(out.statusCode).toBe(200);
        const refused = await b.app.inject({ url: verify, headers: { authorization: token } });
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({
          success: false,
          error: 'Token revoked',
          code: ApiErrorCode.TOKEN_REVOKED,
        });
        await redisA.del(key);
        const afterLoss = await b.app.inject({ url: verify, headers: { authorization: token } });
        expect(afterLoss.json()).toEqual({
          success: false,
          error: 'Token revoked',
          code: ApiErrorCode.TOKEN_REVOKED,
        });
        expect((await b.app.inject({ url: verify, headers: { authorization: other } })).statusCode).toBe(200);
      } finally {
        await Promise.all([a.close(), b.close()]);
        await redisA.del(key);
        redisA.disconnect();
        redisB.disconnect();
      }
    },
  );
});
