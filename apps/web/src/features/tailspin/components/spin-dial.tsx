import { useEffect, useEffectEvent, useRef } from 'react';

import {
  interpolate,
  prefersReducedMotion,
  useAnimationData,
  useTimeline,
} from '../../../components/animation/json-animation.ts';
import { holdResultAnnouncements } from '../../../lib/result-hold.ts';
import {
  landingProgress,
  LAND_MAX_MS,
  landingRoll,
  parseSpinAnimation,
  planLanding,
  rollAngle,
  SPIN_ANIMATION_URL,
  spinSpeed,
  type SpinAnimation,
} from '../utils/spin-animation.ts';

/** What the dial is doing. */
export type DialMode = 'idle' | 'spinning' | 'landing' | 'result';

/** Props of {@link SpinDial}. */
export interface SpinDialProps {
  /** The win chance: the green zone is the first `odds` cells. */
  readonly odds: number;
  readonly mode: DialMode;
  /** The result, while landing and after. */
  readonly result: 'win' | 'loss' | null;
  /** The house's roll, 0–99, when known. */
  readonly roll: number | null;
  /** The needle stopped: reveal the result. */
  readonly onLanded: () => void;
  /** The needle passed a few cells while landing (a tick sound). */
  readonly onTick?: () => void;
  /** What the centre of the dial says. */
  readonly children?: React.ReactNode;
}

const SIZE = 240;
const C = SIZE / 2;
const RING = 96;
const CIRCUMFERENCE = 2 * Math.PI * RING;

function polar(angle: number, radius: number): { x: number; y: number } {
  const rad = ((angle - 90) * Math.PI) / 180;
  return { x: C + radius * Math.cos(rad), y: C + radius * Math.sin(rad) };
}

/**
 * The TailSpin dial: 100 cells, one per roll, green below the odds (a win) and pink above. The needle
 * sways at rest, turns from the moment the bet is sent while the house rolls, and lands on the roll as
 * soon as it is known: it carries on at its speed and eases onto the cell in under a second
 * (`utils/spin-animation.ts` `planLanding`), driven by `/bet.json`. The needle is moved outside React (an
 * attribute per frame), so spinning costs no re-render. With reduced motion it does not spin and jumps to
 * the result. From the spin until the needle has landed, other announcements of the result wait
 * (`lib/result-hold.ts`): the unclaimed-winnings banner must not tell the result first.
 */
export function SpinDial({ odds, mode, result, roll, onLanded, onTick, children }: SpinDialProps) {
  const animation = useAnimationData(SPIN_ANIMATION_URL, parseSpinAnimation);
  const segments = animation?.dial.segments ?? 100;
  const majorEvery = animation?.dial.majorEvery ?? 10;
  const needle = useRef<SVGGElement>(null);
  const angle = useRef(0);
  const landed = useEffectEvent(onLanded);
  const tick = useEffectEvent(() => onTick?.());
  // Whether the needle was spinning when the landing starts: the landing carries its speed on.
  const spinning = useRef(false);

  // The result is being revealed while the dial spins or lands: nothing else announces it meanwhile.
  const revealing = mode === 'spinning' || mode === 'landing';
  useEffect(() => {
    if (!revealing) return;
    return holdResultAnnouncements();
  }, [revealing]);

  useEffect(() => {
    const set = (value: number) => {
      angle.current = value;
      needle.current?.setAttribute('transform', `rotate(${value.toFixed(2)} ${C} ${C})`);
    };
    const rest = (odds * 360) / segments;
    const target = result === null ? null : rollAngle(landingRoll(result, odds, roll, segments), segments);
    const wasSpinning = spinning.current;
    spinning.current = false;
    if (mode === 'result') {
      if (target !== null) set(target);
      return;
    }
    const data: SpinAnimation | undefined = animation;
    const still = prefersReducedMotion() || data === undefined;
    if (still) {
      if (mode === 'landing') {
        if (target !== null) set(target);
        landed();
      } else if (mode === 'idle') {
        set(rest);
      }
      return;
    }
    let frame = 0;
    const start = performance.now();
    const from = angle.current;
    let step: (t: number) => boolean;
    if (mode === 'idle') {
      step = (t) => {
        set(rest + interpolate(data.idle.sway, t % data.idle.durationMs));
        return true;
      };
    } else if (mode === 'spinning') {
      spinning.current = true;
      step = (t) => {
        const turn = Math.floor(t / data.spin.durationMs) * 360;
        set(from + turn + interpolate(data.spin.rotation, t % data.spin.durationMs));
        return true;
      };
    } else {
      const plan = planLanding(
        from,
        target ?? 0,
        wasSpinning ? spinSpeed(data) : 0,
        Math.min(data.land.durationMs, LAND_MAX_MS),
      );
      const cell = 360 / segments;
      let lastTick = Math.floor(from / (cell * data.land.tickEvery));
      step = (t) => {
        const done = t >= plan.durationMs;
        const value = from + plan.travel * landingProgress(t / plan.durationMs, plan.startSlope);
        set(value);
        const passed = Math.floor(value / (cell * data.land.tickEvery));
        if (passed !== lastTick) {
          lastTick = passed;
          tick();
        }
        if (done) landed();
        return !done;
      };
    }
    const loop = (now: number) => {
      if (step(now - start)) frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [mode, odds, result, roll, segments, animation]);

  const revealT = useTimeline(mode === 'result', animation?.reveal.durationMs ?? 0);
  const scale = mode === 'result' && animation ? interpolate(animation.reveal.scale, revealT) : 1;
  const glow =
    mode === 'result' && animation
      ? interpolate(animation.reveal.glow, revealT)
      : mode === 'result'
        ? 0.6
        : 0;
  const winShare = Math.min(Math.max(odds, 0), segments) / segments;
  const glowColour = result === 'loss' ? 'var(--color-loss)' : 'var(--color-win)';
  const tickMarks = [];
  for (let i = 0; i < segments; i++) {
    const major = i % majorEvery === 0;
    const a = (i * 360) / segments;
    const outer = polar(a, 116);
    const inner = polar(a, major ? 106 : 110);
    tickMarks.push(
      <line
        key={i}
        x1={outer.x}
        y1={outer.y}
        x2={inner.x}
        y2={inner.y}
        stroke={i < odds ? 'var(--color-win)' : 'var(--color-ink-faint)'}
        strokeOpacity={major ? 0.9 : 0.45}
        strokeWidth={major ? 2 : 1}
      />,
    );
  }

  return (
    <div className="relative mx-auto aspect-square w-full max-w-[340px]">
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className="size-full" aria-hidden="true">
        <defs>
          <radialGradient id="tailspin-face" cx="50%" cy="45%" r="60%">
            <stop offset="0%" stopColor="var(--color-panel-2)" />
            <stop offset="100%" stopColor="var(--color-void)" />
          </radialGradient>
        </defs>
        <circle
          cx={C}
          cy={C}
          r={118}
          fill="url(#tailspin-face)"
          stroke={glowColour}
          strokeOpacity={glow * 0.8}
          strokeWidth={glow > 0 ? 3 : 0}
          style={
            glow > 0 ? { filter: `drop-shadow(0 0 ${(12 * glow).toFixed(1)}px ${glowColour})` } : undefined
          }
        />
        {tickMarks}
        {/* The loss zone under the win zone: one ring, two strokes. */}
        <circle
          cx={C}
          cy={C}
          r={RING}
          fill="none"
          stroke="var(--color-accent-2)"
          strokeOpacity={0.55}
          strokeWidth={12}
        />
        <circle
          cx={C}
          cy={C}
          r={RING}
          fill="none"
          stroke="var(--color-win)"
          strokeWidth={12}
          strokeDasharray={`${(CIRCUMFERENCE * winShare).toFixed(2)} ${CIRCUMFERENCE.toFixed(2)}`}
          transform={`rotate(-90 ${C} ${C})`}
          style={{ transition: 'stroke-dasharray 200ms ease-out' }}
        />
        <g ref={needle}>
          <line
            x1={C}
            y1={C + 14}
            x2={C}
            y2={C - 88}
            stroke="var(--color-ink)"
            strokeWidth={3.5}
            strokeLinecap="round"
          />
          <circle cx={C} cy={C - 88} r={4} fill="var(--color-accent)" />
        </g>
        <circle cx={C} cy={C} r={9} fill="var(--color-accent)" />
        <circle cx={C} cy={C} r={4} fill="var(--color-void)" />
      </svg>
      <div className="pointer-events-none absolute inset-x-0 top-[60%] flex justify-center">
        <div
          className="flex min-w-[7.5rem] flex-col items-center rounded-2xl border border-edge/80 bg-void/85 px-4 py-1.5 text-center backdrop-blur"
          style={scale === 1 ? undefined : { transform: `scale(${scale.toFixed(3)})` }}
        >
          {children}
        </div>
      </div>
    </div>
  );
}
