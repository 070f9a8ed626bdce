/**
 * The demo's wallets as users: signed in through the API like a wallet would (nonce, signed Sign-In With
 * Solana message, token) and given a username, so the feed, the chat and the leaderboards show names.
 *
 * @module
 */

import { USERNAME_MAX_LENGTH } from '@arcade/sdk/constants';
import { getBase58Decoder, signBytes, type KeyPairSigner } from '@solana/kit';
import type { FastifyInstance } from 'fastify';

import type { Random } from './random.ts';

const base58 = getBase58Decoder();

/**
 * Signs `signer` in through `POST /api/user/nonce` and `/api/user/authenticate`; returns the session token.
 *
 * @throws Error when the API refuses either step.
 */
export async function signInWallet(app: FastifyInstance, signer: KeyPairSigner): Promise<string> {
  const nonce = await app.inject({
    method: 'POST',
    url: '/api/user/nonce',
    payload: { address: signer.address },
  });
  if (nonce.statusCode !== 200) throw new Error(`nonce refused: ${nonce.body}`);
  const { nonce: issued, message } = nonce.json<{ nonce: string; message: string }>();
  const signature = await signBytes(signer.keyPair.privateKey, new TextEncoder().encode(message));
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/authenticate',
    payload: { address: signer.address, nonce: issued, signature: base58.decode(signature), ledger: false },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in refused: ${response.body}`);
  return response.json<{ token: string }>().token;
}

/**
 * The wallet's username: the one it has, or `wanted` (then `wanted` with a number, when taken) set through
 * `POST /api/user/updateUsername`. Null when five tries are all taken.
 */
export async function ensureUsername(
  app: FastifyInstance,
  input: {
    readonly address: string;
    readonly token: string;
    readonly wanted: string;
    readonly random: Random;
  },
): Promise<string | null> {
  const profile = await app.inject({ method: 'GET', url: `/api/user/${input.address}` });
  const current = profile.statusCode === 200 ? profile.json<{ username: string | null }>().username : null;
  if (current !== null) return current;
  for (let attempt = 0; attempt < 5; attempt++) {
    const suffix = attempt === 0 ? '' : String(Math.floor(input.random() * 1_000));
    const username = `${input.wanted.slice(0, USERNAME_MAX_LENGTH - suffix.length)}${suffix}`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/updateUsername',
      headers: { authorization: `Bearer ${input.token}` },
      payload: { username },
    });
    if (response.statusCode === 200) return username;
  }
  return null;
}
