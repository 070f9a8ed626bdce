import { useId, useState } from 'react';

import { GameHelpButton } from '../../features/help/components/game-help.tsx';
import { tokensQueryOptions, useTokens } from '../../features/tailspin/api/get-tokens.ts';
import { BetHistory } from '../../features/tailspin/components/bet-history.tsx';
import { TailSpinGame } from '../../features/tailspin/components/tailspin-game.tsx';
import { multiplierText } from '../../features/tailspin/utils/stake.ts';
import { useHouseLimits } from '../../lib/wager-bet/api/get-house-limits.ts';
import { formatSol } from '../../lib/format.ts';
import { ensureData } from './data/ensure-data.ts';
import { gameFacts } from './game-facts.ts';
import { ARTWORK, preloadImages } from './data/preload-image.ts';
import { EmptyState } from './game-hero.tsx';

/** TailSpin loads the token list and its banner. */
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

/** A point on the cover dial's ring (radius 140, 0 at the top, clockwise), at `share` of a turn. */
function ringPoint(share: number): string {
  const angle = share * 2 * Math.PI;
  return `${(140 * Math.sin(angle)).toFixed(1)} ${(-140 * Math.cos(angle)).toFixed(1)}`;
}

/**
 * The banner's art: the TailSpin dial, drawn here (the same art as `cover-tailspin.svg`) so it follows the
 * chosen odds: the green arc is the win chance, the red arc the rest, and the centre reads the multiplier.
 */
export function TailSpinCover({ odds, className }: { readonly odds: number; readonly className: string }) {
  const id = useId().replace(/:/g, '');
  const share = Math.min(Math.max(odds, 1), 99) / 100;
  const large = share > 0.5 ? 1 : 0;
  const win = `M0 -140A140 140 0 ${large} 1 ${ringPoint(share)}`;
  const lose = `M${ringPoint(share)}A140 140 0 ${1 - large} 1 0 -140`;
  return (
    <svg
      viewBox="0 0 800 450"
      preserveAspectRatio="xMidYMid slice"
      className={className}
      role="img"
      aria-label={`TailSpin dial at ${multiplierText(odds)}, ${odds}% chance`}
      data-odds={odds}
    >
      <defs>
        <radialGradient id={`${id}bg`} cx="0.7" cy="0.4" r="0.9">
          <stop offset="0" stopColor="#2b1740" />
          <stop offset="1" stopColor="#0b0916" />
        </radialGradient>
        <linearGradient id={`${id}arc`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#c8f135" />
          <stop offset="1" stopColor="#2ee6a6" />
        </linearGradient>
        <radialGradient id={`${id}hub`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#c8f135" stopOpacity="0.7" />
          <stop offset="0.45" stopColor="#c8f135" stopOpacity="0.3" />
          <stop offset="1" stopColor="#c8f135" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="800" height="450" fill={`url(#${id}bg)`} />
      <g stroke="#ffffff" strokeOpacity="0.05">
        <path d="M0 75H800M0 150H800M0 225H800M0 300H800M0 375H800M100 0V450M200 0V450M300 0V450M400 0V450M500 0V450M600 0V450M700 0V450" />
      </g>
      <g transform="translate(560 230)">
        <circle r="170" fill="#15121f" stroke="#2a2440" strokeWidth="4" />
        <circle
          r="170"
          fill="none"
          stroke="#ff4fa3"
          strokeOpacity="0.35"
          strokeWidth="26"
          strokeDasharray="8 14"
        />
        <g fill="none" stroke={`url(#${id}arc)`} strokeLinecap="round">
          <path d={win} strokeWidth="50" strokeOpacity="0.07" />
          <path d={win} strokeWidth="38" strokeOpacity="0.11" />
          <path d={win} strokeWidth="22" />
        </g>
        <path d={lose} fill="none" stroke="#ff4d6d" strokeWidth="22" strokeLinecap="round" opacity="0.75" />
        <circle r="100" fill="#0d0b17" stroke="#2a2440" strokeWidth="3" />
        <g transform={`rotate(${(share * 180).toFixed(1)})`}>
          <path
            d="M-7 0 0-128 7 0Z"
            fill="#fff"
            stroke="#fff"
            strokeOpacity="0.12"
            strokeWidth="14"
            strokeLinejoin="round"
            paintOrder="stroke"
          />
        </g>
        <circle r="38" fill={`url(#${id}hub)`} />
        <circle r="16" fill="#c8f135" />
        <text
          y="62"
          textAnchor="middle"
          fontFamily="Unbounded, sans-serif"
          fontWeight="800"
          fontSize="34"
          fill="#f2eefb"
        >
          {multiplierText(odds)}
        </text>
      </g>
      <g fill="#c8f135" opacity="0.9">
        <path
          d="M120 330l10 22 22 10-22 10-10 22-10-22-22-10 22-10z"
          stroke="#c8f135"
          strokeOpacity="0.15"
          strokeWidth="14"
          strokeLinejoin="round"
          paintOrder="stroke"
        />
      </g>
      <g fill="#ff4fa3" opacity="0.85">
        <path d="M230 110l6 13 13 6-13 6-6 13-6-13-13-6 13-6z" />
      </g>
    </svg>
  );
}

/** How TailSpin works in one line, and its numbers. */
function Facts({ className }: { readonly className: string }) {
  const { maxPrize } = useHouseLimits();
  const facts = gameFacts();
  return (
    <div className={className}>
      <p className="max-w-xl text-sm text-ink-dim sm:max-w-[58%] sm:text-[1rem]">
        Pick a win chance and a stake: your prize is stake × 100 ÷ chance, so the lower the chance, the bigger
        the win. A {facts.tailspinFee} fee is added, and every roll can be verified.
      </p>
      <dl className="flex flex-wrap gap-2">
        <Stat label="Win chance" value={facts.oddsRange} />
        <Stat label="Fee" value={facts.tailspinFee} />
        <Stat label="Min stake" value={facts.minBet} />
        <Stat label="Max prize now" value={maxPrize === null ? '…' : formatSol(maxPrize)} />
      </dl>
    </div>
  );
}

/**
 * The banner: the game's name, the rules button and the dial art at the chosen odds; on a phone only
 * that (the table must fit the first screen), the one-line rules and the numbers going below the table.
 */
function Banner({ odds }: { readonly odds: number }) {
  return (
    <header className="card relative overflow-hidden" aria-labelledby="game-title">
      <TailSpinCover
        odds={odds}
        className="absolute top-0 right-0 h-full w-40 opacity-40 [mask-image:linear-gradient(90deg,transparent,#000_45%)] sm:inset-y-0 sm:w-1/2 sm:opacity-60"
      />
      <div
        className="absolute inset-0 bg-gradient-to-br from-accent/20 via-transparent to-transparent"
        aria-hidden="true"
      />
      <div className="relative flex flex-col gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3 sm:items-start">
          <div className="min-w-0">
            <p className="text-[11px] font-bold tracking-[0.3em] text-accent uppercase">Odds game</p>
            <h1
              id="game-title"
              className="mt-1 font-display text-2xl font-black tracking-tight text-ink sm:text-4xl"
            >
              TailSpin
            </h1>
          </div>
          <GameHelpButton game="tailspin" className="border border-edge bg-void/60 backdrop-blur" />
        </div>
        <Facts className="hidden flex-col gap-4 sm:flex" />
      </div>
    </header>
  );
}

/** TailSpin: bet SOL at chosen odds to win SOL or a token. */
export function Component() {
  const { data: tokens } = useTokens();
  const [odds, setOdds] = useState(50);
  return (
    <div className="mx-auto flex max-w-[1400px] animate-fade-in flex-col gap-3 sm:gap-5">
      <Banner odds={odds} />
      {tokens.length === 0 ? (
        <EmptyState title="TailSpin is not available right now">No prize tokens are offered.</EmptyState>
      ) : (
        <TailSpinGame tokens={tokens} onOddsChange={setOdds} />
      )}
      <Facts className="card flex flex-col gap-3 p-4 sm:hidden" />
      <BetHistory tokens={tokens} />
    </div>
  );
}
