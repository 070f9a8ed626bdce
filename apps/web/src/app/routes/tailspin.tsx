import { ImageWithFallback } from '../../components/ui/image-with-fallback.tsx';
import { GameHelpButton } from '../../features/help/components/game-help.tsx';
import { tokensQueryOptions, useTokens } from './data/get-tokens.ts';
import { ensureData } from './data/ensure-data.ts';
import { ARTWORK, preloadImages } from './data/preload-image.ts';
import { gameFacts } from './game-facts.ts';
import { EmptyState, GameHero, SectionTitle } from './game-hero.tsx';

/** TailSpin loads the token list and its banner (spec §2). */
export async function loader(): Promise<null> {
  preloadImages(ARTWORK.tailspin);
  await ensureData(tokensQueryOptions());
  return null;
}

/** TailSpin: the rules and the tokens prizes are paid in. */
export function Component() {
  const { data: tokens } = useTokens();
  return (
    <div className="mx-auto max-w-[1400px] animate-fade-in">
      <GameHero
        help={<GameHelpButton game="tailspin" className="border border-edge bg-void/60 backdrop-blur" />}
        eyebrow="Odds game"
        title="TailSpin"
        pitch="Choose your win chance, set the stake, and spin for a prize in SOL or a stablecoin."
        cover={ARTWORK.tailspin}
        tone="lime"
        stats={[
          { label: 'Win chance', value: gameFacts().oddsRange },
          { label: 'Fee', value: gameFacts().tailspinFee },
          { label: 'Min stake', value: gameFacts().minBet },
          { label: 'Prize tokens', value: String(tokens.length) },
        ]}
        rules={[
          <>
            Pick a win chance from {gameFacts().oddsRange}. Your prize is your stake × 100 ÷ the chance: the
            lower the odds, the bigger the win.
          </>,
          <>
            A {gameFacts().tailspinFee} fee is paid on top of the stake; the smallest stake is{' '}
            {gameFacts().minBet}.
          </>,
          <>
            Results come from a published hash chain of seeds, so every spin can be re-derived and checked.
          </>,
          <>One live bet at a time: claim a win (or take the loss) before the next spin.</>,
        ]}
      />
      <SectionTitle>Prize tokens</SectionTitle>
      {tokens.length === 0 ? (
        <EmptyState title="No prize tokens are offered right now" />
      ) : (
        <ul className="flex flex-wrap gap-3">
          {tokens.map((token) => (
            <li
              key={token.id}
              className="card flex items-center gap-3 py-2.5 pr-5 pl-2.5 transition hover:border-accent/40"
            >
              <ImageWithFallback src={token.image} alt="" className="size-10 rounded-full" />
              <div>
                <p className="font-display text-sm font-bold text-ink">{token.symbol}</p>
                <p className="text-xs text-ink-dim">
                  {token.name} · {token.decimals} decimals
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
