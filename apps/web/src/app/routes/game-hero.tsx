import type { ReactNode } from 'react';

import { ImageWithFallback } from '../../components/ui/image-with-fallback.tsx';

/** A headline number on a game's banner. */
export interface HeroStat {
  readonly label: string;
  readonly value: string;
}

/** Props of {@link GameHero}. */
export interface GameHeroProps {
  readonly eyebrow: string;
  readonly title: string;
  readonly pitch: string;
  readonly cover: string;
  readonly stats: readonly HeroStat[];
  /** The rules summary, one short sentence each. */
  readonly rules: readonly ReactNode[];
  /** Accent of the title glow: each game has its own colour. */
  readonly tone?: 'lime' | 'pink' | 'green' | 'violet';
  /** The game's "How to play" button, at the top of the banner. */
  readonly help?: ReactNode;
}

const TONES = {
  lime: 'from-accent/25 text-accent',
  pink: 'from-accent-2/25 text-accent-2',
  green: 'from-win/25 text-win',
  violet: 'from-[#9945ff]/30 text-[#b79cff]',
} as const;

/** The banner of a game page: title, pitch, key numbers from the SDK constants, the rules and the cover art. */
export function GameHero({ eyebrow, title, pitch, cover, stats, rules, tone = 'lime', help }: GameHeroProps) {
  const toneClass = TONES[tone];
  return (
    <section className="card relative overflow-hidden" aria-labelledby="game-title">
      <ImageWithFallback
        src={cover}
        alt=""
        loading="eager"
        className="absolute inset-0 size-full object-cover opacity-40 md:left-1/3 md:w-2/3 md:opacity-90 md:[mask-image:linear-gradient(90deg,transparent,#000_35%)]"
      />
      <div
        className={`absolute inset-0 bg-gradient-to-br ${toneClass} via-transparent to-transparent opacity-60`}
        aria-hidden="true"
      />
      <div className="relative flex flex-col gap-6 p-5 sm:p-8 md:max-w-[60%]">
        <div>
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p
              className={`text-[11px] font-bold tracking-[0.3em] uppercase ${toneClass.split(' ')[1] ?? ''}`}
            >
              {eyebrow}
            </p>
            {help}
          </div>
          <h1
            id="game-title"
            className="mt-2 font-display text-3xl font-black tracking-tight text-ink sm:text-5xl"
          >
            {title}
          </h1>
          <p className="mt-3 max-w-xl text-base text-ink-dim sm:text-lg">{pitch}</p>
        </div>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 md:grid-cols-2 2xl:grid-cols-4">
          {stats.map((stat) => (
            <div
              key={stat.label}
              className="rounded-xl border border-edge bg-void/60 px-3 py-2.5 backdrop-blur"
            >
              <dt className="text-[10px] font-bold tracking-widest text-ink-faint uppercase">{stat.label}</dt>
              <dd className="mt-0.5 font-display text-lg font-bold whitespace-nowrap text-ink tabular">
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
        <ul className="grid gap-2 text-sm text-ink-dim">
          {rules.map((rule, index) => (
            <li key={index} className="flex gap-2.5">
              <span
                className={`mt-1.5 size-1.5 shrink-0 rotate-45 bg-current ${toneClass.split(' ')[1] ?? ''}`}
                aria-hidden="true"
              />
              <span>{rule}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A section heading inside a page. */
export function SectionTitle({
  children,
  aside,
}: {
  readonly children: ReactNode;
  readonly aside?: ReactNode;
}) {
  return (
    <div className="mt-10 mb-4 flex items-end justify-between gap-4">
      <h2 className="font-display text-lg font-bold tracking-tight text-ink sm:text-xl">{children}</h2>
      {aside}
    </div>
  );
}

/** An empty state: what is missing and, when useful, what the user can do. */
export function EmptyState({ title, children }: { readonly title: string; readonly children?: ReactNode }) {
  return (
    <div className="card grid place-items-center gap-2 px-6 py-12 text-center">
      <p className="font-display text-base font-bold text-ink">{title}</p>
      {children && <div className="max-w-md text-sm text-ink-dim">{children}</div>}
    </div>
  );
}
