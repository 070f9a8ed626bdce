import { PREDICTION_ACCOUNT_SIZE } from '@arcade/sdk/wager/accounts';
import { address as toAddress, type Address } from '@solana/kit';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';

import { ImageWithFallback } from '../../../components/ui/image-with-fallback.tsx';
import { formatDateTime, formatPercent, formatSol, shortAddress } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session.tsx';
import { usePlaySound } from '../../../lib/sound.ts';
import { ui } from '../../../lib/store.ts';
import { useProfile } from '../../../lib/user-profile.ts';
import { useRent } from '../../../lib/wallet/rent.ts';
import { useSendTransaction } from '../../../lib/wallet/use-send-transaction.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { POOL_FEE_BPS } from '@arcade/sdk/constants';
import { useSolBalanceQuery } from '../../../lib/wallet/get-sol-balance.ts';
import { useLiveMarket, withLiveFields } from '../api/get-market-account.ts';
import { useMarketBets } from '../api/get-market-bets.ts';
import type { MarketWithRules } from '../api/get-market.ts';
import { usePrediction } from '../api/get-prediction.ts';
import { usePlacePrediction } from '../api/place-prediction.ts';
import { useSettlePrediction } from '../api/settle-prediction.ts';
import { useNow } from '../../../lib/use-now.ts';
import { marketImage } from '../utils/market-image.ts';
import { marketStatus } from '../utils/market-phase.ts';
import { predictionOutcome } from '../utils/position.ts';
import { Comments, type CommentViewer } from './comments.tsx';
import { Countdown } from './countdown.tsx';
import { MarketSides } from './market-card.tsx';
import { ClosedPanel, ResolvedPanel } from './outcome-panel.tsx';
import { PositionCard } from './position-card.tsx';
import { PredictionPanel } from './prediction-panel.tsx';

const FEE = formatPercent(Number(POOL_FEE_BPS) / 100);

/**
 * One market's page: its question and live pools, the Yes/No form until the cutoff (with a countdown),
 * then the wait for the result, then the result and the wallet's payout; the wallet's position, the rules
 * and the comments.
 */
export function MarketView({
  market: served,
  help,
}: {
  readonly market: MarketWithRules;
  readonly help?: ReactNode;
}) {
  const marketAddress = toAddress(served.key);
  const now = useNow(1_000);
  const nowSecs = Math.floor(now / 1000);
  const { wallet } = useWallet();
  const user: Address | null = wallet?.address ?? null;
  const live = useLiveMarket(marketAddress);
  const market = withLiveFields(served, live.data);
  const predictionQuery = usePrediction(marketAddress, user);
  // Unreadable (RPC down) counts as none: the form stays usable, and placing re-reads it to pick create
  // or update anyway.
  const prediction = user === null || predictionQuery.isError ? null : predictionQuery.data;
  const balance = useSolBalanceQuery(user);
  const predictionRent = useRent(PREDICTION_ACCOUNT_SIZE);
  const bets = useMarketBets(user, served.key);
  const send = useSendTransaction();
  const meta = market.marketMetadata;
  const place = usePlacePrediction(marketAddress, user, send, { yes: meta.yesOption, no: meta.noOption });
  const settle = useSettlePrediction(marketAddress, user, send);
  const status = marketStatus(market, nowSecs);
  const playSound = usePlaySound();
  const connect = () => {
    ui.openModal('connect');
  };

  // The result sounds when it arrives while the page is open (not on a visit to an old market).
  const seenResult = useRef(market.result);
  const settling = useRef(false);
  useEffect(() => {
    if (seenResult.current === null && market.result !== null && prediction) {
      const outcome = predictionOutcome(market, prediction);
      if (outcome !== null) playSound(outcome.kind === 'lost' ? 'loss' : 'win');
    }
    seenResult.current = market.result;
  }, [market, prediction, playSound]);

  const titleId = useId();
  const facts = [
    { label: 'Pot', value: formatSol(market.totalPool) },
    { label: 'Predictions', value: String(market.totalCount) },
    {
      label: status.phase === 'open' ? 'Betting closes' : 'Betting closed',
      value: formatDateTime(market.cutOffTime * 1000),
    },
    { label: 'Ends', value: formatDateTime(market.endTime * 1000) },
  ];

  return (
    <div className="@container/market mx-auto max-w-[1200px] animate-fade-in">
      <div className="mb-4 flex items-center justify-between gap-3">
        <Link
          to="/prophecy"
          className="inline-flex items-center gap-1.5 text-sm text-ink-dim hover:text-accent"
        >
          <span aria-hidden="true">←</span> All markets
        </Link>
        {help}
      </div>
      <section className="@container card overflow-hidden" aria-labelledby={titleId}>
        <div className="flex flex-col gap-5 p-5 sm:flex-row sm:p-8">
          <ImageWithFallback
            src={marketImage(meta.image, 112)}
            alt=""
            loading="eager"
            className="size-20 shrink-0 rounded-2xl border border-edge object-cover shadow-[0_0_40px_-12px_#9945ff] sm:size-28"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded-md bg-white/5 px-2 py-0.5 text-[11px] font-bold tracking-wider text-ink-dim uppercase">
                {meta.category}
              </span>
              <span
                className={`rounded-md px-2 py-0.5 text-[11px] font-bold ${status.tone}`}
                data-testid="market-status"
              >
                {status.label}
              </span>
              {status.phase === 'open' && (
                <span className="text-[11px] text-ink-dim">
                  Closes in{' '}
                  <Countdown untilSecs={market.cutOffTime} now={now} className="font-bold text-ink" />
                </span>
              )}
            </div>
            <h1 id={titleId} className="font-display text-2xl font-black tracking-tight text-ink sm:text-3xl">
              {meta.name}
            </h1>
            <MarketSides market={market} winner={market.result} mine={prediction?.side ?? null} size="lg" />
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

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] items-start gap-6 @3xl/market:grid-cols-[minmax(0,1fr)_340px] @5xl/market:grid-cols-[minmax(0,1fr)_360px]">
        <div className="flex min-w-0 flex-col gap-6 @3xl/market:sticky @3xl/market:top-20 @3xl/market:col-start-2 @3xl/market:row-start-1">
          {status.phase === 'open' ? (
            <PredictionPanel
              market={market}
              now={now}
              wallet={user}
              prediction={prediction}
              balance={balance.data ?? null}
              rent={predictionRent.data ?? null}
              pending={place.isPending}
              onPredict={async (order) => {
                await place.mutateAsync(order);
                playSound('bet');
              }}
              onConnect={connect}
            />
          ) : status.phase === 'closed' ? (
            <ClosedPanel market={market} wallet={user} prediction={prediction} onConnect={connect} />
          ) : (
            <ResolvedPanel
              market={market}
              wallet={user}
              prediction={prediction}
              settling={settle.isPending}
              onSettle={() => {
                // isPending shows only after a render: one settlement per click burst.
                if (settling.current) return;
                settling.current = true;
                settle
                  .mutateAsync()
                  .catch(() => undefined) // the toasts said it
                  .finally(() => {
                    settling.current = false;
                  });
              }}
              onConnect={connect}
            />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6 @3xl/market:col-start-1 @3xl/market:row-start-1">
          <PositionCard market={market} phase={status.phase} prediction={prediction} bets={bets.data ?? []} />
          <RulesCard market={market} />
          <CommentsFor market={market.key} />
        </div>
      </div>
    </div>
  );
}

function RulesCard({ market }: { readonly market: MarketWithRules }) {
  const titleId = useId();
  const meta = market.marketMetadata;
  const details = [
    { label: 'Opened', value: formatDateTime(market.startTime * 1000) },
    { label: 'Market', value: shortAddress(market.key), title: market.key, mono: true },
    ...(market.referrer === null
      ? []
      : [{ label: 'Referrer', value: shortAddress(market.referrer), title: market.referrer, mono: true }]),
  ];
  return (
    <section aria-labelledby={titleId} className="@container card p-5">
      <h2 id={titleId} className="font-display text-[1rem] font-bold text-ink">
        Rules
      </h2>
      <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-line text-ink-dim">
        {meta.rules}
      </p>
      <p className="mt-4 text-xs text-ink-faint">
        If the outcome cannot be determined the market resolves to “{meta.invalidOption}” and every prediction
        is refunded. Otherwise winners share the pot after a {FEE} fee, in proportion to their stakes.
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-1.5 border-t border-edge/70 pt-4 text-xs @lg:grid-cols-3">
        {details.map((detail) => (
          <div key={detail.label} className="flex justify-between gap-3 @lg:block">
            <dt className="text-ink-faint">{detail.label}</dt>
            <dd
              className={`text-ink tabular ${detail.mono === true ? 'font-mono text-ink-dim' : ''}`}
              title={detail.title}
            >
              {detail.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The comments with the viewer's session: signed in (the form), signing in, or signed out. */
function CommentsFor({ market }: { readonly market: string }) {
  const auth = useSession();
  const { wallet } = useWallet();
  const profile = useProfile(auth.session?.address ?? null);
  let viewer: CommentViewer;
  if (auth.status === 'signed-in' && auth.session !== null) {
    viewer = {
      kind: 'signed-in',
      commenter: {
        token: auth.session.token,
        address: auth.session.address,
        username: profile.data?.username ?? null,
      },
    };
  } else if (auth.status === 'signing-in') {
    viewer = { kind: 'signing-in' };
  } else {
    viewer = {
      kind: 'signed-out',
      onSignIn: () => {
        // Connecting signs in by itself; a connected wallet that is signed out signs in now.
        if (wallet === null) ui.openModal('connect');
        else void auth.signIn();
      },
    };
  }
  return <Comments market={market} viewer={viewer} />;
}
