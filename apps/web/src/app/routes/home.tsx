import { FORESIGHT_SYMBOLS } from '@arcade/sdk/constants';
import { Link } from 'react-router';

import { ImageWithFallback } from '../../components/ui/image-with-fallback.tsx';
import { useRoundLength } from '../../features/foresight/api/get-round-length.ts';
import { ARTWORK } from './data/preload-image.ts';
import { gameFacts, type GameFacts } from './game-facts.ts';

// No loader: a route with one starts the router uninitialised, so the first render would be the loading
// logo and the page (the largest paint) a second render later. Home is in the entry and its <img>s (and
// index.html's preload of the hero) start the artwork as early as a loader could.

interface GameCard {
  readonly to: string;
  readonly name: string;
  readonly pitch: string;
  readonly cover: string;
  readonly facts: readonly { readonly label: string; readonly value: string }[];
  readonly glow: string;
}

/** The game cards; built on first render, with the {@link gameFacts}. */
const gameCards = (facts: GameFacts, roundLength: string): readonly GameCard[] => [
  {
    to: '/tailspin',
    name: 'TailSpin',
    pitch: 'Pick your odds, name your prize, spin. Win SOL or tokens.',
    cover: ARTWORK.tailspin,
    facts: [
      { label: 'Odds', value: facts.oddsRange },
      { label: 'Fee', value: facts.tailspinFee },
    ],
    glow: 'hover:shadow-[0_0_0_1px_var(--color-accent),0_20px_60px_-20px_var(--color-accent)]',
  },
  {
    to: '/retail',
    name: 'ReTail',
    pitch: 'Bet a slice of the price to win a listed NFT outright.',
    cover: ARTWORK.retail,
    facts: [
      { label: 'Odds', value: facts.oddsRange },
      { label: 'Fee', value: facts.tailspinFee },
    ],
    glow: 'hover:shadow-[0_0_0_1px_var(--color-accent-2),0_20px_60px_-20px_var(--color-accent-2)]',
  },
  {
    to: `/foresight/${FORESIGHT_SYMBOLS[0]}`,
    name: 'Foresight',
    pitch: 'Up or down? Call the SOL price in fast oracle-settled rounds.',
    cover: ARTWORK.foresight,
    facts: [
      { label: 'Rounds', value: roundLength },
      { label: 'Pot fee', value: facts.poolFee },
    ],
    glow: 'hover:shadow-[0_0_0_1px_var(--color-win),0_20px_60px_-20px_var(--color-win)]',
  },
  {
    to: '/prophecy',
    name: 'Prophecy',
    pitch: 'Yes or no on real-world events. Winners split the pot.',
    cover: ARTWORK.prophecy,
    facts: [
      { label: 'Markets', value: 'Yes / No' },
      { label: 'Pot fee', value: facts.poolFee },
    ],
    glow: 'hover:shadow-[0_0_0_1px_#9945ff,0_20px_60px_-20px_#9945ff]',
  },
];

/** Home: the hero and the four games. */
export function Component() {
  const facts = gameFacts();
  // The configured length (LOCALNET_FORESIGHT_TIMELOCK, the operator's config), never a guess.
  const rounds = useRoundLength() ?? '…';
  return (
    <div className="mx-auto max-w-[1400px] animate-fade-in">
      <section
        className="relative overflow-hidden rounded-3xl border border-edge"
        aria-labelledby="home-title"
      >
        <ImageWithFallback
          src={ARTWORK.homeHero}
          alt=""
          loading="eager"
          className="absolute inset-0 size-full object-cover object-[70%_50%]"
        />
        <div
          className="absolute inset-0 bg-gradient-to-r from-void via-void/85 to-void/30 md:via-void/55 md:to-transparent"
          aria-hidden="true"
        />
        <div className="relative flex min-h-[340px] flex-col justify-center gap-5 p-6 sm:min-h-[400px] sm:p-10 lg:p-14">
          <p className="w-fit rounded-full border border-accent/40 bg-accent/10 px-3 py-1 text-[11px] font-bold tracking-[0.25em] text-accent uppercase">
            On-chain · Provably fair
          </p>
          <h1
            id="home-title"
            className="max-w-2xl font-display text-4xl leading-[1.05] font-black tracking-tight text-ink sm:text-6xl"
          >
            Pick your odds.
            <br />
            <span className="bg-gradient-to-r from-accent via-[#e8ff8a] to-accent-2 bg-clip-text text-transparent">
              Own the outcome.
            </span>
          </h1>
          <p className="max-w-lg text-base text-ink-dim sm:text-lg">
            Four games, one wallet. Every bet settles on Solana, every result can be re-derived, and every
            play earns Juice.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link
              to="/tailspin"
              className="inline-flex h-12 items-center rounded-xl bg-accent px-6 font-display text-sm font-bold text-black shadow-[0_0_32px_-6px_var(--color-accent)] transition hover:brightness-110"
            >
              Play TailSpin
            </Link>
            <Link
              to="/prophecy"
              className="inline-flex h-12 items-center rounded-xl border border-edge bg-white/5 px-6 font-display text-sm font-bold text-ink backdrop-blur transition hover:bg-white/10"
            >
              Browse markets
            </Link>
          </div>
          <dl className="mt-2 flex flex-wrap gap-x-8 gap-y-3">
            <div>
              <dt className="text-[10px] font-bold tracking-widest text-ink-faint uppercase">Min bet</dt>
              <dd className="font-display text-xl font-bold text-ink tabular">{facts.minBet}</dd>
            </div>
            <div>
              <dt className="text-[10px] font-bold tracking-widest text-ink-faint uppercase">
                Referral share
              </dt>
              <dd className="font-display text-xl font-bold text-ink tabular">
                {facts.referralShare} of fees
              </dd>
            </div>
            <div>
              <dt className="text-[10px] font-bold tracking-widest text-ink-faint uppercase">
                Foresight round
              </dt>
              <dd className="font-display text-xl font-bold text-ink tabular">{rounds}</dd>
            </div>
          </dl>
        </div>
      </section>

      <h2 className="mt-10 mb-4 font-display text-xl font-bold tracking-tight text-ink">Games</h2>
      <ul className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
        {gameCards(facts, rounds).map((game) => (
          <li key={game.to}>
            <Link
              to={game.to}
              className={`group card flex h-full flex-col overflow-hidden transition duration-200 hover:-translate-y-1 ${game.glow}`}
            >
              <div className="relative aspect-[16/9] overflow-hidden">
                <ImageWithFallback
                  src={game.cover}
                  alt=""
                  loading="eager"
                  className="size-full object-cover transition duration-500 group-hover:scale-105"
                />
                <div
                  className="absolute inset-0 bg-gradient-to-t from-panel via-transparent to-transparent"
                  aria-hidden="true"
                />
              </div>
              <div className="flex flex-1 flex-col gap-3 p-5">
                <h3 className="font-display text-xl font-black tracking-tight text-ink">{game.name}</h3>
                <p className="text-sm text-ink-dim">{game.pitch}</p>
                <dl className="mt-auto flex gap-2 pt-2">
                  {game.facts.map((fact) => (
                    <div
                      key={fact.label}
                      className="flex-1 rounded-lg border border-edge bg-void/50 px-3 py-2"
                    >
                      <dt className="text-[10px] font-bold tracking-widest text-ink-faint uppercase">
                        {fact.label}
                      </dt>
                      <dd className="font-display text-sm font-bold text-ink tabular">{fact.value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
