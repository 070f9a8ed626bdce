import type { TokenJson } from '@arcade/sdk/api/nfts';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { useCallback, useEffect, useRef, useState } from 'react';

import { formatLamports } from '../../../lib/format.ts';
import { prefersReducedMotion } from '../../../components/animation/json-animation.ts';
import { usePlaySound } from '../../../lib/sound.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import {
  refundedOwedText,
  refundStatusOf,
  refundStatusTitle,
  type RefundStatus,
} from '../../../lib/wager-bet/utils/refund.ts';
import { useTailSpinGame } from '../hooks/use-tailspin-game.ts';
import type { GamePhase } from '../utils/game-state.ts';
import { multiplierText } from '../utils/stake.ts';
import { BetForm, type BetSettings } from './bet-form.tsx';
import { ResultPanel } from './result-panel.tsx';
import { SpinDial, type DialMode } from './spin-dial.tsx';

/** Where a new player starts: a coin flip for a tenth of a SOL. */
const DEFAULT_ODDS = 50;
const DEFAULT_STAKE = '0.1';

function dialMode(phase: GamePhase): DialMode {
  switch (phase.kind) {
    case 'waiting':
      return 'spinning';
    case 'landing':
      return 'landing';
    case 'won':
    case 'lost':
    case 'claimed':
      return 'result';
    default:
      return 'idle';
  }
}

/**
 * One sentence for screen readers and the line under the dial. After a refund, `refund` is what the live
 * record says of it (its late roll's outcome, when revealed).
 */
export function phaseStatus(phase: GamePhase, refund: RefundStatus | null = null): string {
  switch (phase.kind) {
    case 'idle':
      return 'Set your win chance and stake, then spin.';
    case 'placing':
      return 'Approve the bet in your wallet…';
    case 'waiting':
      return 'Spinning: waiting for your roll to be revealed…';
    case 'landing':
      return 'Landing…';
    case 'won':
      return phase.afterRefund === true
        ? refundedOwedText(phase.ticket.prize)
        : `You won ${formatLamports(phase.ticket.prize)} SOL!`;
    case 'lost':
      return 'No luck this time.';
    case 'timeout':
      return 'Bet timed out!';
    case 'failed':
      return 'The bet did not settle.';
    case 'refunded':
      return refund === null ? 'Refunded.' : `${refundStatusTitle(refund)}.`;
    case 'claimed':
      return `Claimed ${phase.received}.`;
  }
}

/** The dial's words after a refund: the late roll's outcome once revealed, else the refund itself. */
const REFUND_DIAL: Readonly<Record<RefundStatus['kind'], { text: string; note: string; tone: string }>> = {
  pending: { text: 'REFUNDED', note: 'roll to come', tone: 'text-ink' },
  won: { text: 'WIN', note: 'after refund', tone: 'text-win' },
  owed: { text: 'WIN', note: 'after refund', tone: 'text-win' },
  lost: { text: 'LOSS', note: 'after refund', tone: 'text-loss' },
  void: { text: 'REFUNDED', note: 'no roll', tone: 'text-ink' },
};

function DialCentre({
  phase,
  odds,
  refund,
}: {
  readonly phase: GamePhase;
  readonly odds: number;
  readonly refund: RefundStatus | null;
}) {
  if (phase.kind === 'refunded') {
    const dial = refund === null ? REFUND_DIAL.pending : REFUND_DIAL[refund.kind];
    return (
      <>
        <span className={`font-display text-xl font-black tracking-tight ${dial.tone}`}>{dial.text}</span>
        <span className="text-xs text-ink-dim">{dial.note}</span>
      </>
    );
  }
  if (phase.kind === 'won' || phase.kind === 'lost' || phase.kind === 'claimed') {
    const win = phase.kind !== 'lost';
    const roll = phase.kind === 'claimed' ? null : phase.roll;
    return (
      <>
        <span className={`font-display text-3xl font-black tracking-tight ${win ? 'text-win' : 'text-loss'}`}>
          {phase.kind === 'claimed' ? 'PAID' : win ? 'WIN' : 'LOSS'}
        </span>
        {roll !== null && <span className="tabular text-xs text-ink-dim">Roll {roll}</span>}
      </>
    );
  }
  if (phase.kind === 'waiting' || phase.kind === 'landing') {
    return (
      <>
        <span className="font-display text-[1rem] font-bold text-ink">Rolling…</span>
        <span className="tabular text-xs text-ink-dim">under {odds} wins</span>
      </>
    );
  }
  return (
    <>
      <span className="tabular font-display text-3xl font-black tracking-tight text-ink">
        {multiplierText(odds)}
      </span>
      <span className="text-[11px] font-bold tracking-widest text-ink-faint uppercase">{odds}% chance</span>
    </>
  );
}

/**
 * The TailSpin table: the dial on one side and the bet (or its result) on the other, side by side when
 * the game's column is wide enough (a container query, since the chat sidebar changes the width) and
 * stacked otherwise.
 */
export function TailSpinGame({
  tokens,
  onOddsChange,
}: {
  readonly tokens: readonly TokenJson[];
  /** Told the odds the dial shows (the chosen ones, or the bet's in play), e.g. for the banner's art. */
  readonly onOddsChange?: (odds: number) => void;
}) {
  const { wallet } = useWallet();
  // Another wallet, another game: nothing of the last one's bet stays on screen.
  return (
    <TailSpinTable
      key={wallet?.address ?? 'no-wallet'}
      tokens={tokens}
      {...(onOddsChange === undefined ? {} : { onOddsChange })}
    />
  );
}

/** Phases that show a result (or an end) the player must see. */
const RESULT_KINDS: ReadonlySet<GamePhase['kind']> = new Set([
  'won',
  'lost',
  'claimed',
  'timeout',
  'failed',
  'refunded',
]);

/**
 * Brings the table into view when its result arrives, only if the result is not already on screen: the
 * sticky header (`--shell-top`) is the table's scroll margin, so nothing ends up under it.
 */
export function revealResult(table: HTMLElement | null, result: HTMLElement | null): void {
  if (table === null || typeof table.scrollIntoView !== 'function') return;
  const top = Number.parseFloat(getComputedStyle(table).scrollMarginTop) || 0;
  const tableBox = table.getBoundingClientRect();
  const resultBox = (result ?? table).getBoundingClientRect();
  const visible = tableBox.top >= top - 1 && resultBox.top < window.innerHeight - 96;
  if (visible) return;
  table.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

function TailSpinTable({
  tokens,
  onOddsChange,
}: {
  readonly tokens: readonly TokenJson[];
  readonly onOddsChange?: (odds: number) => void;
}) {
  const sol = tokens.find((token) => token.id === NATIVE_MINT_ADDRESS) ?? tokens[0];
  const [settings, setSettings] = useState<BetSettings>({
    mint: sol?.id ?? NATIVE_MINT_ADDRESS,
    odds: DEFAULT_ODDS,
    stakeText: DEFAULT_STAKE,
  });
  const decimals = useCallback(
    (mint: string) => tokens.find((token) => token.id === mint)?.decimals ?? 0,
    [tokens],
  );
  const game = useTailSpinGame(tokens, decimals);
  const { phase } = game;
  const play = usePlaySound();

  // Sounds follow what the player sees: the chips when the bet is in, the jingle when the needle stops.
  const previous = useRef(phase.kind);
  useEffect(() => {
    const before = previous.current;
    previous.current = phase.kind;
    if (before === phase.kind) return;
    if (before === 'placing' && phase.kind === 'waiting') play('bet');
    // From the spin, whether or not a render showed its landing (a still dial lands at once).
    const fromSpin = before === 'landing' || before === 'waiting';
    if (fromSpin && phase.kind === 'won') play('win');
    if (fromSpin && phase.kind === 'lost') play('loss');
  }, [phase.kind, play]);

  const inPlay = phase.kind !== 'idle' && phase.kind !== 'placing';
  const odds = 'ticket' in phase ? phase.ticket.odds : settings.odds;
  const result =
    phase.kind === 'landing'
      ? phase.result
      : phase.kind === 'won' || phase.kind === 'claimed'
        ? 'win'
        : phase.kind === 'lost'
          ? 'loss'
          : null;
  const roll = phase.kind === 'landing' || phase.kind === 'won' || phase.kind === 'lost' ? phase.roll : null;
  const refund = phase.kind === 'refunded' ? refundStatusOf(game.lastBet) : null;

  useEffect(() => {
    onOddsChange?.(odds);
  }, [odds, onOddsChange]);

  // The result in place: when it lands, the table is scrolled into view only if it is not already.
  const table = useRef<HTMLElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const showsResult = RESULT_KINDS.has(phase.kind);
  useEffect(() => {
    if (showsResult) revealResult(table.current, panel.current);
  }, [showsResult]);

  return (
    <section
      ref={table}
      aria-label="TailSpin table"
      className="card @container scroll-mt-[calc(var(--shell-top,64px)+0.75rem)] overflow-hidden"
    >
      <div className="grid grid-cols-1 @2xl:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)]">
        <div className="relative flex flex-col items-center justify-center gap-2 border-b border-edge bg-gradient-to-b from-accent/5 to-transparent p-4 @2xl:justify-start @2xl:border-r @2xl:border-b-0 sm:gap-3 sm:p-7">
          {/* Beside a tall form the dial stays at the top of its column, in view with the Spin button. */}
          <div className="flex w-full flex-col items-center gap-2 @2xl:sticky @2xl:top-[calc(var(--shell-top,64px)+1rem)] sm:gap-3">
            <div className="w-full max-w-[172px] @md:max-w-[290px] @2xl:max-w-[340px] @5xl:max-w-[400px]">
              <SpinDial
                odds={odds}
                mode={dialMode(phase)}
                result={result}
                roll={roll}
                onLanded={game.landed}
                onTick={() => {
                  play('tick');
                }}
              >
                <DialCentre phase={phase} odds={odds} refund={refund} />
              </SpinDial>
            </div>
            <p role="status" aria-live="polite" className="min-h-5 text-center text-sm text-ink-dim">
              {phaseStatus(phase, refund)}
            </p>
          </div>
        </div>
        <div ref={panel} className="p-4 sm:p-7">
          {inPlay ? (
            <ResultPanel
              phase={phase}
              claiming={game.claiming}
              claimError={game.claimError}
              onClaim={(asToken) => void game.claim(asToken)}
              onAgain={game.reset}
              onKeepWaiting={game.keepWaiting}
              openBet={game.openBet}
              lastBet={game.lastBet}
              onRefunded={game.refunded}
            />
          ) : (
            <BetForm
              tokens={tokens}
              settings={settings}
              onChange={setSettings}
              onPlace={(ticket) => void game.place(ticket)}
              pending={phase.kind === 'placing'}
              loading={game.loadingRecord}
              error={game.placeError}
              lastBet={game.lastBet}
            />
          )}
        </div>
      </div>
    </section>
  );
}
