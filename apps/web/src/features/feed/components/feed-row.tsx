import { ImageWithFallback } from '../../../components/ui/image-with-fallback.tsx';
import { formatLamports, formatPercent, formatRelativeTime, shortAddress } from '../../../lib/format.ts';
import { useFeedPlayer } from '../api/get-player.ts';
import {
  feedItemAmount,
  feedItemGame,
  feedItemOutcome,
  isGlowing,
  skillLabel,
  type FeedItem,
} from '../utils/feed-items.ts';

/** Pixel size the avatar is requested at: twice its CSS size, for sharp high-DPI screens. */
const AVATAR_PX = 64;

const SKILL_STYLES = {
  Bozo: 'text-loss bg-loss/12',
  Degen: 'text-accent-2 bg-accent-2/12',
  Manlet: 'text-juice bg-juice/12',
  Safu: 'text-win bg-win/12',
} as const;

const GAME_STYLES = {
  TailSpin: 'text-accent',
  ReTail: 'text-accent-2',
  Foresight: 'text-info',
  Prophecy: 'text-juice',
} as const;

/** The image CDN URL of a picture at avatar size. */
function avatarUrl(src: string): string {
  const query = new URLSearchParams({ src, width: String(AVATAR_PX), height: String(AVATAR_PX) });
  return `/api/images?${query.toString()}`;
}

/** A stable hue per address, so players without a picture still look distinct. */
function hueOf(address: string): number {
  let hash = 0;
  for (let i = 0; i < address.length; i += 1) hash = (hash * 31 + address.charCodeAt(i)) % 360;
  return hash;
}

function Avatar({ address, name }: { readonly address: string; readonly name: string }) {
  const player = useFeedPlayer(address);
  const src = player?.pfpImage ?? null;
  if (src !== null) {
    return (
      <ImageWithFallback
        src={avatarUrl(src)}
        alt=""
        width={32}
        height={32}
        className="size-8 shrink-0 rounded-full border border-edge object-cover"
      />
    );
  }
  const hue = hueOf(address);
  return (
    <span
      aria-hidden="true"
      className="grid size-8 shrink-0 place-items-center rounded-full font-display text-[11px] font-bold text-black/80"
      style={{
        background: `linear-gradient(135deg, hsl(${hue} 90% 65%), hsl(${(hue + 60) % 360} 85% 55%))`,
      }}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** What the item was: odds and skill for bets, the side for Foresight and Prophecy. */
function Detail({ item }: { readonly item: FeedItem }) {
  switch (item.kind) {
    case 'bet': {
      const label = skillLabel(item.odds);
      return (
        <span className="flex items-center gap-1.5">
          <span className="tabular text-ink-dim">{formatPercent(item.odds)}</span>
          <span className={`rounded-md px-1.5 py-px text-[10px] font-bold uppercase ${SKILL_STYLES[label]}`}>
            {label}
          </span>
        </span>
      );
    }
    case 'prediction':
      return (
        <span className={`font-semibold ${item.prediction === 'up' ? 'text-win' : 'text-loss'}`}>
          {item.prediction === 'up' ? '▲ Up' : '▼ Down'}
        </span>
      );
    case 'marketbet':
      return (
        <span className={`font-semibold ${item.result === 'yes' ? 'text-win' : 'text-loss'}`}>
          {item.result === 'yes' ? 'Yes' : 'No'}
        </span>
      );
  }
}

/** Props of {@link FeedRow}. */
export interface FeedRowProps {
  readonly item: FeedItem;
  readonly now: number;
  /** True when the item is the connected wallet's own. */
  readonly own: boolean;
}

/** One feed item: who, which game, how much, at what odds, the outcome and when. */
export function FeedRow({ item, now, own }: FeedRowProps) {
  const amount = feedItemAmount(item);
  const glowing = isGlowing(amount);
  const outcome = feedItemOutcome(item);
  const game = feedItemGame(item);
  const name = item.user ?? shortAddress(item.userId);
  return (
    <li
      data-glow={glowing || undefined}
      data-signature={item.signature}
      className={`animate-pop-in flex items-center gap-2.5 rounded-xl border px-2.5 py-2 ${
        glowing ? 'animate-glow border-accent/40 bg-accent/5' : 'border-edge/60 bg-panel-2/60'
      } ${own ? 'ring-1 ring-accent/40' : ''}`}
    >
      <Avatar address={item.userId} name={name} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <span className="truncate text-sm font-semibold text-ink" title={item.userId}>
            {name}
            {own && <span className="ml-1 text-[10px] font-bold uppercase text-accent">you</span>}
          </span>
          <span className="tabular shrink-0 font-display text-sm font-semibold text-ink">
            {formatLamports(amount)} <span className="text-[10px] text-ink-faint">SOL</span>
          </span>
        </div>
        <div className="mt-0.5 flex items-center justify-between gap-2 text-xs">
          <span className="flex min-w-0 items-center gap-1.5 truncate">
            <span className={`font-semibold ${GAME_STYLES[game]}`}>{game}</span>
            <span className="text-ink-faint" aria-hidden="true">
              ·
            </span>
            <Detail item={item} />
          </span>
          <span className="flex shrink-0 items-center gap-1.5">
            {outcome === 'won' && <span className="font-bold text-win">Won</span>}
            {outcome === 'lost' && <span className="font-bold text-loss">Lost</span>}
            <time dateTime={new Date(item.timestamp).toISOString()} className="tabular text-ink-faint">
              {formatRelativeTime(item.timestamp, now)}
            </time>
          </span>
        </div>
      </div>
    </li>
  );
}
