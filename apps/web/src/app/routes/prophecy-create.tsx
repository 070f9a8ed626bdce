import { Link } from 'react-router';

import { useWallet } from '../../lib/wallet/wallet-context.tsx';
import { runtimeConfig } from '../../config/runtime-config.ts';
import { ui } from '../../lib/store.ts';
import { ARTWORK } from './data/preload-image.ts';
import { gameFacts } from './game-facts.ts';
import { GameHero } from './game-hero.tsx';

/**
 * Creating a market: markets are opened on chain by the operators (game-rules: `create_market` is signed by
 * the authority), so admins are sent to the console and everyone else to a request.
 */
export function Component() {
  const { wallet } = useWallet();
  const isAdmin = wallet !== null && runtimeConfig().admins.includes(wallet.address);
  return (
    <div className="mx-auto max-w-[1400px] animate-fade-in">
      <GameHero
        eyebrow="Prophecy"
        title="Create a market"
        pitch="Every market is opened on chain by the Prophecy operators, with its question, sides, cutoff and end time."
        cover={ARTWORK.prophecy}
        tone="violet"
        stats={[
          { label: 'Pot fee', value: gameFacts().poolFee },
          { label: 'Referrer share', value: `${gameFacts().referralShare} of fee` },
          { label: 'Min bet', value: gameFacts().minBet },
          { label: 'Sides', value: 'Yes / No' },
        ]}
        rules={[
          <>The cutoff, when betting closes, must come before or at the end time.</>,
          <>A market's referrer earns {gameFacts().referralShare} of its fee when it resolves.</>,
        ]}
      />
      <div className="mt-6 flex flex-wrap gap-3">
        {isAdmin ? (
          <button
            type="button"
            onClick={() => {
              ui.openModal('admin');
            }}
            className="inline-flex h-12 items-center rounded-xl bg-accent px-6 font-display text-sm font-bold text-black shadow-[0_0_32px_-6px_var(--color-accent)] hover:brightness-110"
          >
            Open the admin console
          </button>
        ) : (
          <Link
            to="/prophecy/request"
            className="inline-flex h-12 items-center rounded-xl bg-accent px-6 font-display text-sm font-bold text-black shadow-[0_0_32px_-6px_var(--color-accent)] hover:brightness-110"
          >
            Request a market
          </Link>
        )}
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
