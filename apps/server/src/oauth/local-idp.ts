/**
 * The local identity provider: a real OAuth 2.0 / OpenID Connect provider (`oidc-provider`) that stands in
 * for Discord and X on the embedded default, so linking works offline through the same code path.
 *
 * - Issuer `${PUBLIC_URL}/api/oauth/local-idp`; two confidential clients, `local-discord` (secret in the
 *   form, as Discord) and `local-twitter` (HTTP Basic, as X), each allowed only our callback URL, PKCE
 *   (S256) required.
 * - Login: the user types a display name; each provider and name map to a stable account id. Consent is
 *   granted automatically, since both clients are this server.
 * - Keys (the ES256 signing key, the cookie keys and the two client secrets) are generated once and kept
 *   in `<DATA_DIR>/oauth/local-idp.json` (mode 0600), so they survive restarts; instances started on one
 *   machine with the same `DATA_DIR` use the same keys, whichever writes the file first.
 * - Interactions, sessions, grants, codes and tokens live in the database (`database-adapter.ts`), as do
 *   the names typed at login (`local-accounts.ts`), so a sign-in started on one server instance finishes
 *   on any other. All of them expire within minutes.
 *
 * @module
 */

import { createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { OAUTH_PROVIDER_NAMES as PROVIDER_NAMES } from '@arcade/sdk/api/oauth';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';

import type { Database } from '../db/database.ts';
import { createDatabaseAdapterFactory } from './database-adapter.ts';
import { LocalAccountStore } from './local-accounts.ts';
import { PROVIDER_DISPLAY_NAMES, type ProviderName } from './oauth-provider.ts';

/** Where the provider is mounted, below `PUBLIC_URL`. */
export const LOCAL_IDP_PATH = '/api/oauth/local-idp';

/** The provider's endpoints, below its issuer. */
export const LOCAL_IDP_ROUTES = Object.freeze({
  authorization: '/auth',
  token: '/token',
  userinfo: '/me',
  jwks: '/jwks',
  interaction: '/interaction',
});

/** The client each spec provider uses at the local provider. */
export const LOCAL_CLIENT_IDS: Readonly<Record<ProviderName, string>> = Object.freeze({
  discord: 'local-discord',
  twitter: 'local-twitter',
});

/** The scopes our clients ask for: `sub` and `preferred_username` from the userinfo endpoint. */
export const LOCAL_SCOPES = ['openid', 'profile'] as const;

/** What the login form accepts as a display name. */
export const LOCAL_NAME_PATTERN = /^[\p{L}\p{N}_.-]{1,32}$/u;

/** The login form's message for a name it refuses. */
export const LOCAL_NAME_MESSAGE = 'Use 1 to 32 letters, digits, _, . or -';

/** Seconds each artifact lives: a sign-in takes minutes. */
const TTL_SECS = Object.freeze({
  AccessToken: 300,
  AuthorizationCode: 60,
  IdToken: 300,
  Interaction: 600,
  Session: 600,
  Grant: 600,
});

/** The callback URL of `provider` on this server. */
export function callbackUrl(publicUrl: string, provider: ProviderName): string {
  return `${trimSlash(publicUrl)}/api/oauth/${provider}/callback`;
}

/** The issuer for `publicUrl`. */
export function localIssuer(publicUrl: string): string {
  return `${trimSlash(publicUrl)}${LOCAL_IDP_PATH}`;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * The stable account id of a local account: Discord-style decimal digits from a hash of the provider and
 * the name (ignoring case), so typing the same name again is the same account.
 *
 * @example localAccountId('discord', 'alice') === localAccountId('discord', 'Alice')
 */
export function localAccountId(provider: ProviderName, name: string): string {
  const digest = createHash('sha256').update(`${provider}\0${name.toLowerCase()}`).digest();
  // 63 bits: a positive int8, like a real snowflake.
  return (digest.readBigUInt64BE(0) >> 1n).toString();
}

const secretsSchema = z.object({
  signingKey: z.record(z.string(), z.unknown()),
  cookieKeys: z.array(z.string().min(32)).min(1),
  clientSecrets: z.object({ discord: z.string().min(32), twitter: z.string().min(32) }),
});

/** The local provider's long-lived secrets. */
export type LocalIdpSecrets = z.output<typeof secretsSchema>;

/**
 * The secrets in `<dataDir>/oauth/local-idp.json`, generated on first use (mode 0600).
 *
 * @throws Error when the file exists but is not ours.
 */
export async function loadOrCreateLocalIdpSecrets(dataDir: string): Promise<LocalIdpSecrets> {
  const dir = join(dataDir, 'oauth');
  const path = join(dir, 'local-idp.json');
  try {
    return secretsSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${path} is not a valid local identity provider key file`, { cause: error });
    }
  }
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const signingKey: JWK = { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'ES256', use: 'sig' };
  const secrets: LocalIdpSecrets = {
    signingKey,
    cookieKeys: [randomBytes(32).toString('base64url')],
    clientSecrets: {
      discord: randomBytes(32).toString('base64url'),
      twitter: randomBytes(32).toString('base64url'),
    },
  };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Written whole under a name of its own, then linked into place: the link fails if another process got
  // there first, and a reader never sees a half-written file.
  const draft = join(dir, `local-idp.json.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(draft, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, path);
    return secrets;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return await loadOrCreateLocalIdpSecrets(dataDir);
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/** The running local provider. */
export interface LocalIdp {
  readonly provider: Provider;
  readonly issuer: string;
  readonly clientSecrets: Readonly<Record<ProviderName, string>>;
  /** Remembers the display name behind an account id, for the userinfo endpoint of every instance. */
  rememberAccount(accountId: string, name: string): Promise<void>;
}

/** The spec provider a local client stands in for, or null for anything else. */
export function providerOfClient(clientId: unknown): ProviderName | null {
  return PROVIDER_NAMES.find((name) => LOCAL_CLIENT_IDS[name] === clientId) ?? null;
}

/**
 * Builds the local provider for `publicUrl`, with its secrets under `dataDir` and its state in `db`: every
 * instance built on the same directory and database is the same provider.
 */
export async function createLocalIdp(options: {
  publicUrl: string;
  dataDir: string;
  /** Where its sign-ins and the names typed at login live. */
  db: Database;
  /** Whether `X-Forwarded-*` headers are trusted (`TRUST_PROXY`). */
  trustProxy?: boolean;
  /** Where the provider's own failures go. */
  onServerError?: (error: unknown) => void;
}): Promise<LocalIdp> {
  const secrets = await loadOrCreateLocalIdpSecrets(options.dataDir);
  const issuer = localIssuer(options.publicUrl);
  const accounts = new LocalAccountStore(options.db);

  const configuration: Configuration = {
    adapter: createDatabaseAdapterFactory(options.db),
    clients: PROVIDER_NAMES.map((name) => ({
      client_id: LOCAL_CLIENT_IDS[name],
      client_secret: secrets.clientSecrets[name],
      client_name: `Local ${PROVIDER_DISPLAY_NAMES[name]}`,
      redirect_uris: [callbackUrl(options.publicUrl, name)],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      // The same client authentication as the service it stands in for.
      token_endpoint_auth_method: name === 'discord' ? 'client_secret_post' : 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
    })),
    jwks: { keys: [secrets.signingKey] },
    cookies: { keys: secrets.cookieKeys },
    claims: { openid: ['sub'], profile: ['preferred_username'] },
    scopes: [...LOCAL_SCOPES],
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes: {
      authorization: LOCAL_IDP_ROUTES.authorization,
      token: LOCAL_IDP_ROUTES.token,
      userinfo: LOCAL_IDP_ROUTES.userinfo,
      jwks: LOCAL_IDP_ROUTES.jwks,
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
    },
    ttl: { ...TTL_SECS },
    clientBasedCORS: () => false,
    interactions: {
      url: (_ctx, interaction) => `${issuer}${LOCAL_IDP_ROUTES.interaction}/${interaction.uid}`,
    },
    findAccount: async (_ctx, sub) => {
      const name = await accounts.nameOf(sub);
      if (name === undefined) return undefined;
      return { accountId: sub, claims: () => ({ sub, preferred_username: name }) };
    },
    // Both clients are this server: consent is implied, so a grant is made for what they ask.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, result, provider } = ctx.oidc;
      const grantId =
        (result?.consent as { grantId?: string } | undefined)?.grantId ??
        (client === undefined ? undefined : session?.grantIdFor(client.clientId));
      if (grantId !== undefined) return provider.Grant.find(grantId);
      if (
        client === undefined ||
        providerOfClient(client.clientId) === null ||
        session?.accountId === undefined
      ) {
        return undefined;
      }
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(LOCAL_SCOPES.join(' '));
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderPage(
        'Sign-in failed',
        `<p>${escapeHtml(out.error_description ?? out.error)}</p><p>Start again from the app.</p>`,
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = options.trustProxy ?? false;
  provider.on('server_error', (_ctx, error) => options.onServerError?.(error));

  return {
    provider,
    issuer,
    clientSecrets: secrets.clientSecrets,
    rememberAccount: (accountId, name) => accounts.remember(accountId, name),
  };
}

/** Text made safe for HTML element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A page: plain HTML, inline styles only, no scripts, no external assets. */
export function renderPage(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#111;color:#eee;display:flex;justify-content:center;margin:0;padding:48px 16px}
main{background:#1d1d1d;border-radius:8px;padding:24px 32px;max-width:360px;width:100%}
h1{font-size:1.4em;margin-top:0}label{display:block;margin-bottom:8px}
input{box-sizing:border-box;width:100%;padding:8px;font-size:1em;margin-bottom:12px}
button{padding:8px 16px;font-size:1em;margin-right:8px;cursor:pointer}
.error{color:#ff6b6b}.note{color:#aaa;font-size:.9em}
</style>
</head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body>
</html>
`;
}

/** The login page of one interaction: a display name for the local account, then Continue or Cancel. */
export function renderLoginPage(options: {
  action: string;
  provider: ProviderName;
  name?: string;
  error?: string;
}): string {
  const display = PROVIDER_DISPLAY_NAMES[options.provider];
  const error =
    options.error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(options.error)}</p>`;
  return renderPage(
    `Sign in to local ${display}`,
    `<p class="note">This is the local stand-in for ${escapeHtml(display)}. Any name works; the same name is the same account.</p>
${error}
<form method="post" action="${escapeHtml(options.action)}">
<label for="name">Display name</label>
<input id="name" name="name" type="text" autocomplete="off" autofocus required maxlength="32" value="${escapeHtml(options.name ?? '')}">
<button type="submit" name="action" value="login">Continue</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`,
  );
}
