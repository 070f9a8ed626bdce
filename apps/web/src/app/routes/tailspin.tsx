import { ImageWithFallback } from '../../components/ui/image-with-fallback.tsx';
import { GameHelpButton } from '../../features/help/components/game-help.tsx';
import { tokensQueryOptions, useTokens } from '../../features/tailspin/api/get-tokens.ts';
import { BetHistory } from '../../features/tailspin/components/bet-history.tsx';
import { TailSpinGame } from '../../features/tailspin/components/tailspin-game.tsx';
import { useHouseLimits } from '../../features/wager-bet/index.ts';
import { formatSol } from '../../lib/format.ts';
import { ensureData } from './data/ensure-data.ts';
import { ARTWORK, preloadImages } from './data/preload-image.ts';
import { gameFacts } from './game-facts.ts';
import { EmptyState } from './game-hero.tsx';

/** TailSpin loads the token list and its banner (spec §2). */
export async function loader(): Promise<null> {
  preloadImages(ARTWORK.tailspin);
  await ensureData(tokensQueryOptions());
  return null;
}

function Stat({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <div className="rounded-lg border border-edge bg-void/60 px-2.5 py-1.5 backdrop-blur">
      <dt className="text-[10px] font-bold tracking-widest text-ink-faint uppercase">{label}</dt>
      <dd className="tabular font-display text-sm font-bold whitespace-nowrap text-ink">{value}</dd>
    </div>
  );
}

/** The banner: the game's name, how it works in one line, its numbers and the rules button. */
function Banner() {
  const { maxPrize } = useHouseLimits();
  const facts = gameFacts();
  return (
    <header className="card relative overflow-hidden" aria-labelledby="game-title">
      <ImageWithFallback
        src={ARTWORK.tailspin}
        alt=""
        loading="eager"
        className="absolute top-0 right-0 size-36 object-contain opacity-20 [mask-image:linear-gradient(90deg,transparent,#000_45%)] sm:inset-y-0 sm:h-full sm:w-1/2 sm:object-cover sm:opacity-60"
      />
      <div
        className="absolute inset-0 bg-gradient-to-br from-accent/20 via-transparent to-transparent"
        aria-hidden="true"
      />
      <div className="relative flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-[11px] font-bold tracking-[0.3em] text-accent uppercase">Odds game</p>
            <h1
              id="game-title"
              className="mt-1 font-display text-3xl font-black tracking-tight text-ink sm:text-4xl"
            >
              TailSpin
            </h1>
          </div>
          <GameHelpButton game="tailspin" className="border border-edge bg-void/60 backdrop-blur" />
        </div>
        <p className="max-w-xl text-sm text-ink-dim sm:max-w-[58%] sm:text-[1rem]">
          Pick a win chance and a stake: your prize is stake × 100 ÷ chance, so the lower the chance, the
          bigger the win. A {facts.tailspinFee} fee is added, and every roll can be verified.
        </p>
        <dl className="flex flex-wrap gap-2">
          <Stat label="Win chance" value={facts.oddsRange} />
          <Stat label="Fee" value={facts.tailspinFee} />
          <Stat label="Min stake" value={facts.minBet} />
          <Stat label="Max prize now" value={maxPrize === null ? '…' : formatSol(maxPrize)} />
        </dl>
      </div>
    </header>
  );
}

/** TailSpin: bet SOL at chosen odds to win SOL or a token. */
export function Component() {
  const { data: tokens } = useTokens();
  return (
    <div className="mx-auto flex max-w-[1400px] animate-fade-in flex-col gap-5">
      <Banner />
      {tokens.length === 0 ? (
        <EmptyState title="TailSpin is not available right now">No prize tokens are offered.</EmptyState>
      ) : (
        <TailSpinGame tokens={tokens} />
      )}
      <BetHistory tokens={tokens} />
    </div>
  );
}
