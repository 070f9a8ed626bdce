import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';

import {
  animationQueryOptions,
  prefersReducedMotion,
  useTimeline,
} from '../../../components/animation/json-animation.ts';
import { PLACEHOLDER_IMAGE } from '../../../components/ui/image-with-fallback.tsx';
import { holdResultAnnouncements } from '../../../lib/result-hold.ts';
import {
  CLAW_ANIMATION_URL,
  clawFrame,
  parseClawAnimation,
  playFrame,
  playTime,
  RESULT_SHOWN_AT,
  TRACK_DEFAULTS,
  type ClawAnimation,
  type ClawFrame,
  type ClawPhase,
} from '../utils/claw-animation.ts';

/** Props of {@link ClawMachine}. */
export interface ClawMachineProps {
  /** The NFT's art (already sized). */
  readonly image: string;
  /** The NFT's name, for the machine's label. */
  readonly name: string;
  readonly phase: ClawPhase;
  /**
   * Called once when a `win` or `loss` phase has played to the moment its result shows (at once with
   * reduced motion, and when `/claw.json` failed to load: a result is never held back by its animation).
   */
  readonly onPhaseEnd?: ((phase: ClawPhase) => void) | undefined;
}

const LABELS: Readonly<Record<ClawPhase, (name: string) => string>> = {
  idle: (name) => `Claw machine with ${name} inside`,
  waiting: (name) => `The claw is lining up over ${name}`,
  win: (name) => `The claw grabs ${name} and drops it down the prize chute`,
  loss: (name) => `The claw grabs ${name}, but it slips back`,
};

/**
 * ReTail's claw machine: an SVG cabinet with the NFT inside, animated from `/claw.json`. From the moment
 * the bet is sent the claw goes for the NFT and closes on it while the result is awaited; once the result
 * is known it carries the NFT to the chute (win) or lets it slip (loss) within about a second
 * (`utils/claw-animation.ts` `playTime`). Until then other announcements of the result wait
 * (`lib/result-hold.ts`): the unclaimed-winnings banner must not spoil it.
 */
export function ClawMachine({ image, name, phase, onPhaseEnd }: ClawMachineProps) {
  const query = useQuery(animationQueryOptions(CLAW_ANIMATION_URL, parseClawAnimation));
  const data = query.data;
  return (
    <div className="relative mx-auto w-full max-w-[440px] 2xl:max-w-[520px]">
      {data === undefined ? (
        <StillMachine image={image} name={name} phase={phase} onPhaseEnd={onPhaseEnd} ready={query.isError} />
      ) : phase === 'idle' ? (
        <IdleMachine data={data} image={image} name={name} />
      ) : (
        // One clock from the bet to its result: waiting and the result are one play.
        <PlayMachine data={data} image={image} name={name} phase={phase} onPhaseEnd={onPhaseEnd} />
      )}
    </div>
  );
}

/** Holds other announcements of the result while `active` (and until unmounted). */
function useResultHold(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    return holdResultAnnouncements();
  }, [active]);
}

function StillMachine({
  image,
  name,
  phase,
  onPhaseEnd,
  ready,
}: ClawMachineProps & { readonly ready: boolean }) {
  const ended = ready && (phase === 'win' || phase === 'loss');
  useResultHold(phase !== 'idle' && !ended);
  useEndOnce(phase, ended, onPhaseEnd);
  return <MachineSvg frame={TRACK_DEFAULTS} image={image} label={LABELS[phase](name)} phase={phase} />;
}

function IdleMachine({
  data,
  image,
  name,
}: {
  readonly data: ClawAnimation;
  readonly image: string;
  readonly name: string;
}) {
  const idle = data.phases.idle;
  const elapsed = useTimeline(true, idle.durationMs, idle.loop);
  return (
    <MachineSvg
      frame={clawFrame(idle, elapsed)}
      image={image}
      label={LABELS.idle(name)}
      phase="idle"
      geometry={data}
    />
  );
}

function PlayMachine({
  data,
  image,
  name,
  phase,
  onPhaseEnd,
}: ClawMachineProps & { readonly data: ClawAnimation }) {
  const result = phase === 'win' || phase === 'loss' ? phase : null;
  const [reduced] = useState(prefersReducedMotion);
  // Real time since the play started (the bet was sent), and when its result became known.
  const [sinceSent, setSinceSent] = useState(0);
  const [knownAt, setKnownAt] = useState<number | null>(null);
  const start = useRef<number | null>(null);
  const durationMs = result === null ? Number.POSITIVE_INFINITY : data.phases[result].durationMs;

  useEffect(() => {
    if (result === null || knownAt !== null) return;
    const id = requestAnimationFrame((now) => {
      setKnownAt(start.current === null ? 0 : now - start.current);
    });
    return () => {
      cancelAnimationFrame(id);
    };
  }, [result, knownAt]);

  const time = reduced
    ? result === null
      ? 0
      : durationMs
    : playTime(sinceSent, result === null ? null : knownAt, durationMs);
  const finished = result !== null && knownAt !== null && time >= durationMs;

  useEffect(() => {
    if (reduced || finished) return;
    let frame = 0;
    const tick = (now: number) => {
      start.current ??= now;
      setSinceSent(now - start.current);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [reduced, finished]);

  const ended = result !== null && (reduced || (knownAt !== null && time >= RESULT_SHOWN_AT[result]));
  useResultHold(!ended);
  useEndOnce(phase, ended, onPhaseEnd);
  return (
    <MachineSvg
      frame={playFrame(data, result, time, sinceSent)}
      image={image}
      label={LABELS[phase](name)}
      phase={phase}
      geometry={data}
    />
  );
}

/** Calls `onEnd(phase)` the first time `done` is true. */
function useEndOnce(phase: ClawPhase, done: boolean, onEnd: ((phase: ClawPhase) => void) | undefined) {
  const called = useRef(false);
  useEffect(() => {
    if (!done || called.current) return;
    called.current = true;
    onEnd?.(phase);
  }, [done, phase, onEnd]);
}

/** The cabinet's geometry when `/claw.json` is not (yet) there. */
const DEFAULT_GEOMETRY: Pick<ClawAnimation, 'viewBox' | 'railY' | 'floorY' | 'chute' | 'prizeSize'> = {
  viewBox: [0, 0, 320, 360],
  railY: 44,
  floorY: 300,
  chute: { x: 18, width: 84 },
  prizeSize: 72,
};

/** Decorative capsules on the prize floor: [x, radius, colour class]. */
const CAPSULES = [
  [128, 13, 'fill-accent-2/60'],
  [150, 10, 'fill-info/60'],
  [262, 14, 'fill-juice/60'],
  [290, 11, 'fill-win/55'],
  [242, 9, 'fill-accent/50'],
] as const;

function MachineSvg({
  frame,
  image,
  label,
  phase,
  geometry = DEFAULT_GEOMETRY,
}: {
  readonly frame: ClawFrame;
  readonly image: string;
  readonly label: string;
  readonly phase: ClawPhase;
  readonly geometry?: Pick<ClawAnimation, 'viewBox' | 'railY' | 'floorY' | 'chute' | 'prizeSize'>;
}) {
  const id = useId().replace(/:/g, '');
  const [imageFailed, setImageFailed] = useState(false);
  const [vx, vy, vw, vh] = geometry.viewBox;
  const { railY, floorY, chute, prizeSize } = geometry;
  const hubY = railY + frame.cable;
  const spread = 6 + frame.open * 26;
  const half = prizeSize / 2;
  const lights = phase === 'win' ? 'fill-win' : phase === 'loss' ? 'fill-loss' : 'fill-accent-2';
  return (
    <svg
      viewBox={`${vx} ${vy} ${vw} ${vh}`}
      role="img"
      aria-label={label}
      className="block h-auto w-full drop-shadow-[0_20px_40px_rgb(0_0_0/0.5)]"
    >
      <defs>
        <linearGradient id={`${id}-glass`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#241d3a" />
          <stop offset="1" stopColor="#120f1e" />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.35" r="0.7">
          <stop offset="0" stopColor="currentColor" stopOpacity="0.55" />
          <stop offset="1" stopColor="currentColor" stopOpacity="0" />
        </radialGradient>
        <clipPath id={`${id}-glass-clip`}>
          <rect x={vx + 10} y={vy + 28} width={vw - 20} height={vh - 28} rx="10" />
        </clipPath>
        <clipPath id={`${id}-prize-clip`}>
          <rect x={-half} y={-half} width={prizeSize} height={prizeSize} rx="14" />
        </clipPath>
      </defs>

      {/* Cabinet */}
      <rect
        x={vx}
        y={vy}
        width={vw}
        height={vh}
        rx="18"
        className="fill-panel-2 stroke-edge"
        strokeWidth="2"
      />
      <rect x={vx + 10} y={vy + 28} width={vw - 20} height={floorY - 28} rx="10" fill={`url(#${id}-glass)`} />
      <g
        className={phase === 'win' ? 'text-win' : phase === 'loss' ? 'text-loss' : 'text-accent-2'}
        opacity={Math.max(0, Math.min(1, frame.glow))}
      >
        <rect x={vx + 10} y={vy + 28} width={vw - 20} height={floorY - 28} fill={`url(#${id}-glow)`} />
      </g>
      {/* Marquee lights */}
      {Array.from({ length: 11 }, (_, i) => (
        <circle
          key={i}
          cx={vx + 22 + i * ((vw - 44) / 10)}
          cy={vy + 14}
          r="3.2"
          className={lights}
          opacity={0.35 + 0.65 * Math.max(0, Math.min(1, frame.glow)) * ((i % 2) * 0.6 + 0.4)}
        />
      ))}

      <g clipPath={`url(#${id}-glass-clip)`}>
        {/* Capsules and the prize */}
        {CAPSULES.map(([x, r, fill]) => (
          <circle key={x} cx={x} cy={floorY - r} r={r} className={fill} />
        ))}
        <g transform={`translate(${frame.prizeX} ${frame.prizeY}) rotate(${frame.prizeRotate})`}>
          <rect
            x={-half - 3}
            y={-half - 3}
            width={prizeSize + 6}
            height={prizeSize + 6}
            rx="16"
            className="fill-void stroke-accent/70"
            strokeWidth="2"
          />
          <image
            href={imageFailed ? PLACEHOLDER_IMAGE : image}
            x={-half}
            y={-half}
            width={prizeSize}
            height={prizeSize}
            preserveAspectRatio="xMidYMid slice"
            clipPath={`url(#${id}-prize-clip)`}
            onError={() => {
              setImageFailed(true);
            }}
          />
        </g>

        {/* Rail, carriage, cable and claw */}
        <rect x={vx + 14} y={railY - 5} width={vw - 28} height="6" rx="3" className="fill-edge" />
        <rect x={frame.clawX - 16} y={railY - 9} width="32" height="12" rx="4" className="fill-ink-faint" />
        <line
          x1={frame.clawX}
          y1={railY}
          x2={frame.clawX}
          y2={hubY}
          className="stroke-ink-dim"
          strokeWidth="2.5"
        />
        <g transform={`translate(${frame.clawX} ${hubY})`} className="fill-none stroke-ink" strokeWidth="5">
          <path d="M -2 4 L -9 26 Q -11 38 0 44" transform={`rotate(${spread})`} strokeLinecap="round" />
          <path d="M 2 4 L 9 26 Q 11 38 0 44" transform={`rotate(${-spread})`} strokeLinecap="round" />
          <circle r="9" className="fill-ink-faint stroke-ink" strokeWidth="3" />
        </g>
      </g>

      {/* Floor with the prize chute (in front, so a prize dropping down the chute disappears into it) */}
      <rect x={vx} y={floorY} width={vw} height={vh - floorY} rx="0" className="fill-panel-2" />
      <rect x={vx + 10} y={floorY} width={vw - 20} height="6" className="fill-edge" />
      <rect x={chute.x} y={floorY} width={chute.width} height="10" rx="3" className="fill-void" />
      <rect
        x={chute.x}
        y={floorY + 18}
        width={chute.width}
        height={vh - floorY - 30}
        rx="8"
        className="fill-void stroke-edge"
        strokeWidth="2"
      />
      <text
        x={chute.x + chute.width / 2}
        y={floorY + 18 + (vh - floorY - 30) / 2 + 4}
        textAnchor="middle"
        className="fill-ink-faint font-display text-[11px] font-bold tracking-[0.2em]"
      >
        PRIZE
      </text>
      <text
        x={(chute.x + chute.width + vw) / 2}
        y={floorY + 34}
        textAnchor="middle"
        className="fill-accent-2 font-display text-[15px] font-black tracking-[0.25em]"
      >
        RETAIL
      </text>
    </svg>
  );
}
