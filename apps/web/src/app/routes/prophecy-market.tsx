import { useState } from 'react';
import { Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';

import { ImageWithFallback } from '../../components/ui/image-with-fallback.tsx';
import { GameHelpButton } from '../../features/help/components/game-help.tsx';
import { formatDateTime, formatRelativeTime, formatSol, shortAddress } from '../../lib/format.ts';
import { ensureData } from './data/ensure-data.ts';
import { marketQueryOptions, useMarket } from './data/get-market.ts';
import { cdnImage } from './data/preload-image.ts';
import { gameFacts } from './game-facts.ts';
import { SectionTitle } from './game-hero.tsx';
import { MarketSides, marketStatus } from './market-card.tsx';
import { isMissingResource, MissingResource } from './missing-resource.tsx';

/** The market page loads its market (spec §2); an unknown or malformed address is not a crash. */
export async function loader({ params }: LoaderFunctionArgs): Promise<{ readonly missing: boolean }> {
  try {
    await ensureData(marketQueryOptions(params['market'] ?? ''));
    return { missing: false };
  } catch (error) {
    if (isMissingResource(error)) return { missing: true };
    throw error;
  }
}

/** One Prophecy market, or a "Market not found" state for a link to none. */
export function Component() {
  const key = useParams()['market'] ?? '';
  const { missing } = useLoaderData<typeof loader>();
  if (missing) {
    return (
      <MissingResource
        title="Market not found"
        description="There is no Prophecy market at this address. The link may be mistyped or incomplete."
        id={key}
        back={{ to: '/prophecy', label: 'All markets' }}
      />
    );
  }
  return <MarketPage marketKey={key} />;
}

/** The market: its question, sides, rules, times and comments. */
function MarketPage({ marketKey: key }: { readonly marketKey: string }) {
  const { data } = useMarket(key);
  const { market, comments } = data;
  const [nowSecs] = useState(() => Math.floor(Date.now() / 1000));
  const status = marketStatus(market, nowSecs);
  const meta = market.marketMetadata;
  const facts = [
    { label: 'Pot', value: formatSol(market.totalPool) },
    { label: 'Predictions', value: String(market.totalCount) },
    {
      label: nowSecs < market.cutOffTime ? 'Betting closes' : 'Betting closed',
      value: formatDateTime(market.cutOffTime * 1000),
    },
    { label: 'Ends', value: formatDateTime(market.endTime * 1000) },
  ];
  return (
    <div className="mx-auto max-w-[1100px] animate-fade-in">
      <div className="mb-4 flex items-center justify-between gap-3">
        <Link
          to="/prophecy"
          className="inline-flex items-center gap-1.5 text-sm text-ink-dim hover:text-accent"
        >
          <span aria-hidden="true">←</span> All markets
        </Link>
        <GameHelpButton game="prophecy" />
      </div>
      <section className="@container card overflow-hidden" aria-labelledby="market-title">
        <div className="flex flex-col gap-5 p-5 sm:flex-row sm:p-8">
          <ImageWithFallback
            src={meta.image === null ? undefined : cdnImage(meta.image, 240)}
            alt=""
            loading="eager"
            className="size-20 shrink-0 rounded-2xl border border-edge object-cover shadow-[0_0_40px_-12px_#9945ff] sm:size-28"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded-md bg-white/5 px-2 py-0.5 text-[11px] font-bold tracking-wider text-ink-dim uppercase">
                {meta.category}
              </span>
              <span className={`rounded-md px-2 py-0.5 text-[11px] font-bold ${status.tone}`}>
                {status.label}
              </span>
            </div>
            <h1
              id="market-title"
              className="font-display text-2xl font-black tracking-tight text-ink sm:text-3xl"
            >
              {meta.name}
            </h1>
            <MarketSides market={market} />
          </div>
        </div>
        {/* Label/value rows until the card is wide enough for four columns that do not wrap the dates. */}
        <dl className="grid border-t border-edge/70 @3xl:grid-cols-[1fr_1fr_1.5fr_1.5fr]">
          {facts.map((fact) => (
            <div
              key={fact.label}
              className="flex items-baseline justify-between gap-3 border-edge/70 px-5 py-3 not-last:border-b @3xl:block @3xl:not-last:border-r @3xl:not-last:border-b-0"
            >
              <dt className="text-[10px] font-bold tracking-widest text-ink-faint uppercase">{fact.label}</dt>
              <dd className="font-display text-sm font-bold text-ink tabular @3xl:mt-0.5">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_320px]">
        <section aria-labelledby="rules-title" className="card p-5">
          <h2 id="rules-title" className="font-display text-base font-bold text-ink">
            Rules
          </h2>
          <p className="mt-3 text-sm leading-relaxed whitespace-pre-line text-ink-dim">{meta.rules}</p>
          <p className="mt-4 text-xs text-ink-faint">
            If the outcome cannot be determined the market resolves to “{meta.invalidOption}” and every
            prediction is refunded. Otherwise winners share the pot after a {gameFacts().poolFee} fee.
          </p>
        </section>
        <aside className="card flex flex-col gap-2 self-start p-5 text-xs" aria-label="Market details">
          <div className="flex justify-between gap-3">
            <span className="text-ink-faint">Opened</span>
            <span className="text-ink tabular">{formatDateTime(market.startTime * 1000)}</span>
          </div>
          <div className="flex justify-between gap-3">
            <span className="text-ink-faint">Settled predictions</span>
            <span className="text-ink tabular">
              {market.settledCount} / {market.totalCount}
            </span>
          </div>
          <div className="flex justify-between gap-3">
            <span className="text-ink-faint">Market</span>
            <span className="font-mono text-ink-dim" title={market.key}>
              {shortAddress(market.key)}
            </span>
          </div>
          {market.referrer !== null && (
            <div className="flex justify-between gap-3">
              <span className="text-ink-faint">Referrer</span>
              <span className="font-mono text-ink-dim" title={market.referrer}>
                {shortAddress(market.referrer)}
              </span>
            </div>
          )}
        </aside>
      </div>

      <SectionTitle
        aside={
          comments.length > 0 && <span className="text-xs text-ink-faint">{comments.length} latest</span>
        }
      >
        Comments
      </SectionTitle>
      {comments.length === 0 ? (
        <p className="card px-5 py-8 text-center text-sm text-ink-dim">No comments on this market yet.</p>
      ) : (
        <ul className="card divide-y divide-edge/70">
          {comments.map((comment) => (
            <li key={comment.id} className="flex flex-col gap-1 px-5 py-3">
              <div className="flex items-baseline justify-between gap-3 text-xs">
                <span className="font-semibold text-accent">
                  {comment.username ?? shortAddress(comment.user)}
                </span>
                <time className="text-ink-faint" dateTime={new Date(comment.timestamp).toISOString()}>
                  {formatRelativeTime(comment.timestamp)}
                </time>
              </div>
              <p className="text-sm break-words text-ink">{comment.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
