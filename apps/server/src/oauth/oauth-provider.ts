/**
 * Linking social accounts: the one interface every OAuth 2.0 provider adapter implements (Discord, X and
 * the local identity provider), PKCE, and the generic authorization-code adapter they are all built on.
 *
 * @module
 */

import { createHash, randomBytes } from 'node:crypto';

import { OAUTH_PROVIDER_NAMES as PROVIDER_NAMES } from '@arcade/sdk/api/oauth';
import { z } from 'zod';

/** A social account provider's name, as it appears in the URLs. */
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** Whether `value` names a provider. */
export function isProviderName(value: string): value is ProviderName {
  return (PROVIDER_NAMES as readonly string[]).includes(value);
}

/** The names users know the providers by. */
export const PROVIDER_DISPLAY_NAMES: Readonly<Record<ProviderName, string>> = Object.freeze({
  discord: 'Discord',
  twitter: 'X',
});

/** The linked account as the provider reports it. */
export interface OAuthProfile {
  readonly id: string;
  readonly username: string;
}

/** `fetch`, or a stand-in for it (recorded responses in tests, the server itself for the local provider). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** One OAuth 2.0 provider: the authorization-code flow with PKCE (S256) and `state`. */
export interface OAuthProvider {
  readonly name: ProviderName;
  /** Where to send the browser. */
  authorizationUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  /**
   * Trades the authorization code for an access token.
   *
   * @throws OAuthProviderError
   */
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<string>;
  /**
   * The account the access token belongs to.
   *
   * @throws OAuthProviderError
   */
  fetchProfile(accessToken: string): Promise<OAuthProfile>;
}

/** Why talking to a provider failed. */
export type OAuthFailure = 'rejected_code' | 'rejected_token' | 'bad_response' | 'unreachable';

/** A provider call that failed; the message is safe to show (no upstream bodies, no secrets). */
export class OAuthProviderError extends Error {
  override readonly name = 'OAuthProviderError';
  readonly failure: OAuthFailure;

  constructor(failure: OAuthFailure, message: string, options?: ErrorOptions) {
    super(message, options);
    this.failure = failure;
  }
}

/** A PKCE pair: the verifier stays with us, the challenge goes to the provider. */
export interface PkcePair {
  readonly codeVerifier: string;
  readonly codeChallenge: string;
}

/**
 * The S256 challenge of a PKCE verifier (RFC 7636 §4.2).
 *
 * @example pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk') === 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
 */
export function pkceChallenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

/** A fresh PKCE pair: a 43-character verifier from 32 random bytes, and its S256 challenge. */
export function createPkcePair(): PkcePair {
  const codeVerifier = randomBytes(32).toString('base64url');
  return { codeVerifier, codeChallenge: pkceChallenge(codeVerifier) };
}

/** How the client authenticates at the token endpoint. */
export type TokenEndpointAuth = 'client_secret_post' | 'client_secret_basic';

/** Everything that differs between providers. */
export interface GenericOAuthProviderConfig {
  readonly name: ProviderName;
  /** For messages: 'Discord', 'X'. */
  readonly displayName: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly profileEndpoint: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes: readonly string[];
  readonly tokenEndpointAuth: TokenEndpointAuth;
  /** Reads the profile endpoint's JSON; returns null when it is not the expected shape. */
  readonly parseProfile: (body: unknown) => OAuthProfile | null;
  /** Extra authorization parameters (the local provider asks for a fresh login every time). */
  readonly extraAuthorizationParams?: Readonly<Record<string, string>>;
  readonly fetch?: FetchLike;
  /** Per call; default 10 s. */
  readonly timeoutMs?: number;
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer'),
});

/**
 * The authorization-code flow with PKCE against any OAuth 2.0 provider described by `config`.
 *
 * @example
 * const discord = new GenericOAuthProvider({ name: 'discord', ... });
 * const url = discord.authorizationUrl({ state, codeChallenge, redirectUri });
 */
export class GenericOAuthProvider implements OAuthProvider {
  readonly name: ProviderName;
  readonly #config: GenericOAuthProviderConfig;
  readonly #fetch: FetchLike;

  constructor(config: GenericOAuthProviderConfig) {
    this.name = config.name;
    this.#config = config;
    this.#fetch = config.fetch ?? ((input, init) => fetch(input, init));
  }

  authorizationUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string {
    const url = new URL(this.#config.authorizationEndpoint);
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: this.#config.clientId,
      redirect_uri: input.redirectUri,
      scope: this.#config.scopes.join(' '),
      state: input.state,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
      ...this.#config.extraAuthorizationParams,
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.href;
  }

  async exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<string> {
    const config = this.#config;
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (config.tokenEndpointAuth === 'client_secret_basic') {
      // RFC 6749 §2.3.1: both halves are form-encoded before base64.
      const credentials = `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    } else {
      form.set('client_id', config.clientId);
      form.set('client_secret', config.clientSecret);
    }
    const response = await this.#call(config.tokenEndpoint, {
      method: 'POST',
      headers,
      body: form.toString(),
    });
    const body = await this.#json(response);
    if (!response.ok) {
      // A refused code (invalid_grant and friends) is a 400 or 401 with an OAuth error body.
      if (response.status >= 400 && response.status < 500) {
        throw new OAuthProviderError('rejected_code', `${config.displayName} refused the authorization`);
      }
      throw this.#badResponse();
    }
    const parsed = tokenResponseSchema.safeParse(body);
    if (!parsed.success) throw this.#badResponse();
    return parsed.data.access_token;
  }

  async fetchProfile(accessToken: string): Promise<OAuthProfile> {
    const response = await this.#call(this.#config.profileEndpoint, {
      method: 'GET',
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new OAuthProviderError('rejected_token', `${this.#config.displayName} refused the access token`);
    }
    const body = await this.#json(response);
    if (!response.ok) throw this.#badResponse();
    const profile = this.#config.parseProfile(body);
    if (profile === null) throw this.#badResponse();
    return profile;
  }

  async #call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.#fetch(url, {
        ...init,
        redirect: 'error',
        signal: AbortSignal.timeout(this.#config.timeoutMs ?? 10_000),
      });
    } catch (cause) {
      throw new OAuthProviderError('unreachable', `${this.#config.displayName} is unreachable`, { cause });
    }
  }

  /** The body as JSON, or a clean error: upstream bodies never reach the user. */
  async #json(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch (cause) {
      throw this.#badResponse(cause);
    }
  }

  #badResponse(cause?: unknown): OAuthProviderError {
    return new OAuthProviderError(
      'bad_response',
      `${this.#config.displayName} sent an unexpected response`,
      cause === undefined ? undefined : { cause },
    );
  }
}
