/**
 * The repositories, one per table group, decorated on the instance as `app.repositories` so every route
 * and service shares them.
 *
 * @module
 */

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { BlockedWalletRepository } from '../repositories/blocked-wallet-repository.ts';
import { CommentRepository } from '../repositories/comment-repository.ts';
import { FeedRepository } from '../repositories/feed-repository.ts';
import { HistoryRepository } from '../repositories/history-repository.ts';
import { JuiceRepository } from '../repositories/juice-repository.ts';
import { MarketRepository, MarketRequestRepository } from '../repositories/market-repository.ts';
import { ReferralRepository } from '../repositories/referral-repository.ts';
import { UserRepository } from '../repositories/user-repository.ts';

/** Every repository of the server. */
export interface Repositories {
  readonly users: UserRepository;
  readonly blockedWallets: BlockedWalletRepository;
  readonly referrals: ReferralRepository;
  readonly history: HistoryRepository;
  readonly juice: JuiceRepository;
  readonly markets: MarketRepository;
  readonly marketRequests: MarketRequestRepository;
  readonly comments: CommentRepository;
  readonly feed: FeedRepository;
}

export default fp(
  async (app: FastifyInstance) => {
    const { db } = app;
    app.decorate('repositories', {
      users: new UserRepository(db),
      blockedWallets: new BlockedWalletRepository(db),
      referrals: new ReferralRepository(db),
      history: new HistoryRepository(db),
      juice: new JuiceRepository(db),
      markets: new MarketRepository(db),
      marketRequests: new MarketRequestRepository(db),
      comments: new CommentRepository(db),
      feed: new FeedRepository(db),
    } satisfies Repositories);
  },
  { name: 'repositories' },
);
