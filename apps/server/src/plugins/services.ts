/**
 * The services (sign-in, Juice, Prophecy), decorated on the instance as `app.services`, after the
 * repositories they use.
 *
 * @module
 */

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { SignInService } from '../auth/sign-in-service.ts';
import { JuiceService } from '../services/juice-service.ts';
import { ProphecyService } from '../services/prophecy-service.ts';

/** Every service of the server. */
export interface Services {
  readonly signIn: SignInService;
  readonly juice: JuiceService;
  readonly prophecy: ProphecyService;
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('services', {
      signIn: new SignInService({
        db: app.db,
        tokens: app.tokens,
        publicUrl: app.env.PUBLIC_URL,
        cluster: app.chain.cluster,
        nonceTtlSecs: app.env.NONCE_TTL_SECS,
        now: app.now,
      }),
      juice: new JuiceService({ db: app.db, chain: app.chain, now: app.now }),
      prophecy: new ProphecyService({ db: app.db, chain: app.chain, now: app.now }),
    } satisfies Services);
  },
  { name: 'services', dependencies: ['auth', 'repositories'] },
);
