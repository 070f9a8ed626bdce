/**
 * Linking a wallet to a social account: start an authorization request (state + PKCE + the browser's
 * binding cookie), finish it at the callback (check and consume the state, check the browser is the one
 * that started it, trade the code, read the profile, store the link), unlink.
 *
 * @module
 */

import { ApiErrorCode, type ApiErrorCodeWithMessage } from '@arcade/sdk/api/error-codes';

import { apiErrorMessage } from '../http/errors.ts';
import type { Database } from '../db/database.ts';
import {
  createPkcePair,
  OAuthProviderError,
  PROVIDER_DISPLAY_NAMES,
  type OAuthProfile,
  type OAuthProvider,
  type ProviderName,
} from './oauth-provider.ts';
import { BlockedWalletRepository } from '../repositories/blocked-wallet-repository.ts';
import { bindingMatches, createBinding } from './browser-binding.ts';
import { callbackUrl } from './local-idp.ts';
import { SocialLinkRepository } from './social-link-repository.ts';
import { OAuthStateStore } from './state-store.ts';

/** The message when a provider has no client credentials configured. */
export function notConfiguredMessage(provider: ProviderName): string {
  return `${PROVIDER_DISPLAY_NAMES[provider]} linking is not configured`;
}

/** A link that failed: its catalogue code, and a message that is safe to show. */
export class OAuthLinkError extends Error {
  override readonly name = 'OAuthLinkError';
  readonly code: ApiErrorCode;

  /** `message` defaults to the catalogue's for a code with a fixed message. */
  constructor(code: ApiErrorCodeWithMessage, message?: string, options?: ErrorOptions);
  constructor(code: ApiErrorCode, message: string, options?: ErrorOptions);
  constructor(code: ApiErrorCode, message?: string, options?: ErrorOptions) {
    super(message ?? apiErrorMessage(code), options);
    this.code = code;
  }
}

/** What the provider sent to the callback. */
export interface CallbackQuery {
  readonly code?: string | undefined;
  readonly state?: string | undefined;
  readonly error?: string | undefined;
}

/** A started authorization request. */
export interface StartedLink {
  /** The provider's authorization URL, to send the browser to. */
  readonly url: string;
  /** The binding cookie's value, for the browser that goes there (see `browser-binding.ts`). */
  readonly browserCookie: string;
}

/** The outcome of a finished link. */
export interface LinkedAccount {
  readonly address: string;
  readonly provider: ProviderName;
  readonly profile: OAuthProfile;
}

/** Starts and finishes links; every time decision uses `now`. */
export class OAuthService {
  readonly #publicUrl: string;
  readonly #providers: Partial<Record<ProviderName, OAuthProvider>>;
  readonly #states: OAuthStateStore;
  readonly #links: SocialLinkRepository;
  readonly #blocked: BlockedWalletRepository;
  readonly #onChange: (address: string) => void;

  constructor(options: {
    db: Database;
    now: () => number;
    publicUrl: string;
    /** The configured providers; a missing one refuses links with {@link notConfiguredMessage}. */
    providers: Partial<Record<ProviderName, OAuthProvider>>;
    /** Called after a wallet's links change (to drop cached profiles). */
    onChange?: (address: string) => void;
  }) {
    this.#publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.#providers = options.providers;
    this.#states = new OAuthStateStore(options.db, options.now);
    this.#links = new SocialLinkRepository(options.db);
    this.#blocked = new BlockedWalletRepository(options.db);
    this.#onChange = options.onChange ?? (() => undefined);
  }

  /**
   * The provider's authorization URL for `address`, with a new single-use state bound to a new browser
   * cookie, which the caller sets on the browser it sends there.
   *
   * @throws OAuthLinkError when the provider is not configured.
   */
  async start(address: string, provider: ProviderName): Promise<StartedLink> {
    const adapter = this.#provider(provider);
    const { codeVerifier, codeChallenge } = createPkcePair();
    const binding = createBinding();
    const state = await this.#states.create({ address, provider, codeVerifier, browserHash: binding.hash });
    const url = adapter.authorizationUrl({ state, codeChallenge, redirectUri: this.callbackUrl(provider) });
    return { url, browserCookie: binding.cookie };
  }

  /**
   * Finishes the request the callback belongs to and links the account, when `browserCookie` (the binding
   * cookie the browser brought back) is the one {@link start} gave out for it.
   *
   * @throws OAuthLinkError with the message for the web app.
   */
  async complete(
    provider: ProviderName,
    query: CallbackQuery,
    browserCookie: string | undefined,
  ): Promise<LinkedAccount> {
    // A denial still uses up its state: the request is over either way.
    const pending =
      query.state === undefined || query.state === '' ? null : await this.#states.consume(query.state);
    if (query.error !== undefined) {
      throw query.error === 'access_denied'
        ? new OAuthLinkError(ApiErrorCode.OAUTH_DENIED)
        : new OAuthLinkError(
            ApiErrorCode.OAUTH_PROVIDER_FAILED,
            `${PROVIDER_DISPLAY_NAMES[provider]} refused the authorization`,
          );
    }
    if (pending?.provider !== provider || query.code === undefined || query.code === '') {
      throw new OAuthLinkError(ApiErrorCode.OAUTH_LINK_INVALID);
    }
    // Another browser than the starter's (a provider URL passed on): refused before the code is traded.
    if (!bindingMatches(browserCookie, pending.browserHash))
      throw new OAuthLinkError(ApiErrorCode.OAUTH_OTHER_BROWSER);
    const adapter = this.#provider(provider);
    if (await this.#isBlocked(pending.address)) throw new OAuthLinkError(ApiErrorCode.WALLET_BLOCKED);
    let profile: OAuthProfile;
    try {
      const accessToken = await adapter.exchangeCode({
        code: query.code,
        codeVerifier: pending.codeVerifier,
        redirectUri: this.callbackUrl(provider),
      });
      profile = await adapter.fetchProfile(accessToken);
    } catch (error) {
      if (error instanceof OAuthProviderError)
        throw new OAuthLinkError(ApiErrorCode.OAUTH_PROVIDER_FAILED, error.message, { cause: error });
      throw error;
    }
    if ((await this.#links.link(pending.address, provider, profile)) === 'linked_to_another_wallet') {
      throw new OAuthLinkError(ApiErrorCode.OAUTH_LINKED_TO_ANOTHER_WALLET);
    }
    this.#onChange(pending.address);
    return { address: pending.address, provider, profile };
  }

  /** Clears `address`'s account of `provider`. */
  async unlink(address: string, provider: ProviderName): Promise<void> {
    await this.#links.unlink(address, provider);
    this.#onChange(address);
  }

  /** Our callback URL for `provider`: the redirect URI registered with it. */
  callbackUrl(provider: ProviderName): string {
    return callbackUrl(this.#publicUrl, provider);
  }

  /** Where the browser goes after a successful link. */
  linkedRedirect(provider: ProviderName): string {
    return `${this.#publicUrl}/?${new URLSearchParams({ linked: provider }).toString()}`;
  }

  /** Where the browser goes after a failed one. */
  errorRedirect(code: ApiErrorCode, message: string, provider?: ProviderName): string {
    const params = new URLSearchParams({ oauthError: message, errorCode: String(code) });
    if (provider !== undefined) params.set('provider', provider);
    return `${this.#publicUrl}/?${params.toString()}`;
  }

  #provider(provider: ProviderName): OAuthProvider {
    const adapter = this.#providers[provider];
    if (adapter === undefined)
      throw new OAuthLinkError(ApiErrorCode.OAUTH_NOT_CONFIGURED, notConfiguredMessage(provider));
    return adapter;
  }

  async #isBlocked(address: string): Promise<boolean> {
    return this.#blocked.isBlocked(address);
  }
}
