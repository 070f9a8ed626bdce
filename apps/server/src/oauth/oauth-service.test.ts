import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, TestClock, type TestDatabase } from '../../test/harness.ts';
import { fakeFetch, fixture, type Reply } from '../../test/fixtures/oauth/fake-fetch.ts';
import { createDiscordProvider } from './discord-provider.ts';
import { pkceChallenge } from './oauth-provider.ts';
import { OAuthLinkError, OAuthService } from './oauth-service.ts';
import { createXProvider } from './x-provider.ts';

const PUBLIC_URL = 'https://arcade.example/';
const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const OTHER_WALLET = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';

/** A started link's state and binding cookie. */
async function started(
  link: Promise<{ url: string; browserCookie: string }>,
): Promise<{ state: string; browserCookie: string }> {
  const { url, browserCookie } = await link;
  return { state: new URL(url).searchParams.get('state')!, browserCookie };
}

/** The refusal `promise` ends with: its catalogue code and its message. */
async function failure(promise: Promise<unknown>): Promise<[number, string]> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthLinkError);
  return [(error as OAuthLinkError).code, (error as OAuthLinkError).message];
}

describe('OAuthService with the Discord and X adapters on recorded responses', () => {
  let database: TestDatabase;
  const clock = new TestClock();
  const changed: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);

  afterAll(async () => {
    await database.close();
  });

  function service(...replies: Reply[]) {
    const fake = fakeFetch(...replies);
    return {
      ...fake,
      service: new OAuthService({
        db: database.db,
        now: clock.now,
        publicUrl: PUBLIC_URL,
        providers: {
          discord: createDiscordProvider({ clientId: 'id', clientSecret: 'secret', fetch: fake.fetch }),
          twitter: createXProvider({ clientId: 'id', clientSecret: 'secret', fetch: fake.fetch }),
        },
        onChange: (address) => changed.push(address),
      }),
    };
  }

  it('starts with a state and challenge bound to our callback, then links the Discord account', async () => {
    const { service: oauth, requests } = service(
      { status: 200, body: fixture('discord-token.json') },
      { status: 200, body: fixture('discord-user.json') },
    );
    const started = await oauth.start(WALLET, 'discord');
    const url = new URL(started.url);
    expect(url.searchParams.get('redirect_uri')).toBe('https://arcade.example/api/oauth/discord/callback');
    expect(started.browserCookie).toMatch(/^[\w-]{43}$/);
    const state = url.searchParams.get('state')!;
    const linked = await oauth.complete('discord', { code: 'code', state }, started.browserCookie);
    expect(linked).toEqual({
      address: WALLET,
      provider: 'discord',
      profile: { id: '80351110224678912', username: 'nelly' },
    });
    // The verifier sent with the code is the one behind the challenge.
    const verifier = new URLSearchParams(requests[0]!.body).get('code_verifier')!;
    expect(pkceChallenge(verifier)).toBe(url.searchParams.get('code_challenge'));
    expect(
      await database.db.query('SELECT discord_id, discord_username FROM users WHERE address = $1', [WALLET]),
    ).toEqual([{ discord_id: '80351110224678912', discord_username: 'nelly' }]);
    expect(changed).toContain(WALLET);
    expect(oauth.linkedRedirect('discord')).toBe('https://arcade.example/?linked=discord');
    expect(oauth.errorRedirect(ApiErrorCode.OAUTH_PROVIDER_FAILED, 'Bad & worse', 'twitter')).toBe(
      'https://arcade.example/?oauthError=Bad+%26+worse&errorCode=3012&provider=twitter',
    );
  });

  it('links the X account, and refuses it for a second wallet', async () => {
    const first = service(
      { status: 200, body: fixture('x-token.json') },
      { status: 200, body: fixture('x-users-me.json') },
    );
    const one = await started(first.service.start(WALLET, 'twitter'));
    await first.service.complete('twitter', { code: 'c', state: one.state }, one.browserCookie);
    const second = service(
      { status: 200, body: fixture('x-token.json') },
      { status: 200, body: fixture('x-users-me.json') },
    );
    const two = await started(second.service.start(OTHER_WALLET, 'twitter'));
    expect(
      await failure(second.service.complete('twitter', { code: 'c', state: two.state }, two.browserCookie)),
    ).toEqual([ApiErrorCode.OAUTH_LINKED_TO_ANOTHER_WALLET, 'This account is linked to another wallet']);
    expect(
      await database.db.query('SELECT address FROM users WHERE twitter_id = $1', ['2244994945']),
    ).toEqual([{ address: WALLET }]);
  });

  it('reports provider failures cleanly and uses up the state', async () => {
    const cases: [Reply[], string][] = [
      [
        [{ status: 400, body: fixture('discord-token-invalid-grant.json') }],
        'Discord refused the authorization',
      ],
      [
        [
          { status: 200, body: fixture('discord-token.json') },
          { status: 401, body: fixture('discord-unauthorized.json') },
        ],
        'Discord refused the access token',
      ],
      [[{ status: 200, body: 'not json', contentType: 'text/plain' }], 'Discord sent an unexpected response'],
      [[new TypeError('fetch failed')], 'Discord is unreachable'],
    ];
    for (const [replies, message] of cases) {
      const { service: oauth, requests } = service(...replies);
      const { state, browserCookie } = await started(oauth.start(OTHER_WALLET, 'discord'));
      expect(await failure(oauth.complete('discord', { code: 'c', state }, browserCookie))).toEqual([
        ApiErrorCode.OAUTH_PROVIDER_FAILED,
        message,
      ]);
      const count = requests.length;
      expect(await failure(oauth.complete('discord', { code: 'c', state }, browserCookie))).toEqual([
        ApiErrorCode.OAUTH_LINK_INVALID,
        'This link request is invalid or has expired',
      ]);
      // A used state never reaches the provider again.
      expect(requests).toHaveLength(count);
    }
  });

  it('refuses a callback without the starting browser’s cookie, before asking the provider, and uses up the state', async () => {
    const { service: oauth, requests } = service();
    for (const cookie of [undefined, '', 'A'.repeat(43)]) {
      const link = await started(oauth.start(WALLET, 'discord'));
      expect(await failure(oauth.complete('discord', { code: 'c', state: link.state }, cookie))).toEqual([
        ApiErrorCode.OAUTH_OTHER_BROWSER,
        'This link was started in another browser. Start again from your profile.',
      ]);
      expect(
        await failure(oauth.complete('discord', { code: 'c', state: link.state }, link.browserCookie)),
      ).toEqual([ApiErrorCode.OAUTH_LINK_INVALID, 'This link request is invalid or has expired']);
    }
    // A cookie of another request does not fit either.
    const first = await started(oauth.start(WALLET, 'discord'));
    const second = await started(oauth.start(WALLET, 'discord'));
    expect(
      await failure(oauth.complete('discord', { code: 'c', state: second.state }, first.browserCookie)),
    ).toEqual([
      ApiErrorCode.OAUTH_OTHER_BROWSER,
      'This link was started in another browser. Start again from your profile.',
    ]);
    expect(requests).toHaveLength(0);
  });

  it('expires states after ten minutes and clears them from the table', async () => {
    const { service: oauth } = service();
    const { state, browserCookie } = await started(oauth.start(WALLET, 'discord'));
    clock.advance(10 * 60_000);
    expect(await failure(oauth.complete('discord', { code: 'c', state }, browserCookie))).toEqual([
      ApiErrorCode.OAUTH_LINK_INVALID,
      'This link request is invalid or has expired',
    ]);
    await oauth.start(WALLET, 'discord');
    const rows = await database.db.query<{ expires_at: Date }>('SELECT expires_at FROM oauth_states');
    expect(rows.every((row) => row.expires_at.getTime() > clock.now())).toBe(true);
  });

  it('refuses to start or finish with a provider that is not configured', async () => {
    const oauth = new OAuthService({ db: database.db, now: clock.now, publicUrl: PUBLIC_URL, providers: {} });
    expect(await failure(oauth.start(WALLET, 'discord'))).toEqual([
      ApiErrorCode.OAUTH_NOT_CONFIGURED,
      'Discord linking is not configured',
    ]);
    expect(await failure(oauth.start(WALLET, 'twitter'))).toEqual([
      ApiErrorCode.OAUTH_NOT_CONFIGURED,
      'X linking is not configured',
    ]);
  });

  it('unlinks', async () => {
    const { service: oauth } = service();
    await oauth.unlink(WALLET, 'twitter');
    expect(
      await database.db.query(
        'SELECT twitter_id, twitter_username, discord_id FROM users WHERE address = $1',
        [WALLET],
      ),
    ).toEqual([{ twitter_id: null, twitter_username: null, discord_id: '80351110224678912' }]);
  });
});
