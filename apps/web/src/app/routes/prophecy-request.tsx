import { Link } from 'react-router';

import { runtimeConfig } from '../../config/runtime-config.ts';
import { ARTWORK } from './data/preload-image.ts';
import { gameFacts } from './game-facts.ts';
import { GameHero } from './game-hero.tsx';

/** Requesting a market: what a request needs and how the operators review it. */
export function Component() {
  const { communityChatUrl } = runtimeConfig();
  return (
    <div className="mx-auto max-w-[1400px] animate-fade-in">
      <GameHero
        eyebrow="Prophecy"
        title="Request a market"
        pitch="Propose an event with a clear yes/no outcome. The operators review every request and open the good ones on chain."
        cover={ARTWORK.prophecy}
        tone="violet"
        stats={[
          { label: 'Pot fee', value: gameFacts().poolFee },
          { label: 'Min bet', value: gameFacts().minBet },
          { label: 'Sides', value: 'Yes / No' },
          { label: 'Review', value: 'By operators' },
        ]}
        rules={[
          <>Ask a question with one verifiable answer and a public source that will settle it.</>,
          <>Give a cutoff for bets, at or before the moment the answer is known.</>,
          <>Requests that are ambiguous, unverifiable or harmful are rejected with a reason.</>,
        ]}
      />
      <div className="mt-6 flex flex-wrap gap-3">
        <a
          href={communityChatUrl}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex h-12 items-center rounded-xl bg-accent px-6 font-display text-sm font-bold text-black shadow-[0_0_32px_-6px_var(--color-accent)] hover:brightness-110"
        >
          Discuss it on the community chat
        </a>
        <Link
          to="/prophecy"
          className="inline-flex h-12 items-center rounded-xl border border-edge bg-white/5 px-6 font-display text-sm font-bold text-ink hover:bg-white/10"
        >
          Browse markets
        </Link>
      </div>
    </div>
  );
}
