/**
 * TailSpin's spin animation, driven by `/bet.json`.
 *
 * The file's shape (version 1):
 * - `dial.segments`: the dial's cells, one per possible roll (100: rolls 0–99). Cell `i` spans
 *   `[i, i + 1) × 360 / segments` degrees clockwise from the top. A bet wins iff its roll is below its odds,
 *   so the win zone is the first `odds` cells. `dial.majorEvery`: every n-th tick is drawn longer.
 * - `idle`: while nothing is in play the needle sways: `sway` keyframes (degrees around its rest
 *   position) over `durationMs`, looped.
 * - `spin`: while waiting for the house's roll the needle turns: `rotation` keyframes over `durationMs`,
 *   looped (one turn per loop).
 * - `land`: once the result is known the needle lands on the centre of the rolled cell. The landing is
 *   planned from where the spinning needle is and how fast it turns ({@link planLanding}): it carries on at
 *   the spin's speed and eases to a stop on the cell, in at most {@link LAND_MAX_MS} (or `durationMs` when
 *   shorter), so the result shows a moment after it is known. A tick sounds each time the needle passes
 *   `tickEvery` cells. `turns` and `progress` (a fixed multi-turn landing) are still validated but no
 *   longer drive it.
 * - `reveal`: the result badge's `scale` and `glow` (0–1) keyframes over `durationMs`.
 *
 * Times are milliseconds, angles degrees, keyframes `[timeMs, value]` sorted by time.
 *
 * @module
 */

/** Keyframes `[timeMs, value]`, sorted by time. */
export type Keyframes = readonly (readonly [number, number])[];

/** The parsed `/bet.json`. */
export interface SpinAnimation {
  readonly dial: { readonly segments: number; readonly majorEvery: number };
  readonly idle: { readonly durationMs: number; readonly sway: Keyframes };
  readonly spin: { readonly durationMs: number; readonly rotation: Keyframes };
  readonly land: {
    readonly durationMs: number;
    readonly turns: number;
    readonly progress: Keyframes;
    readonly tickEvery: number;
  };
  readonly reveal: { readonly durationMs: number; readonly scale: Keyframes; readonly glow: Keyframes };
}

/** A `/bet.json` that is not version 1's shape. */
export class SpinAnimationError extends Error {
  override readonly name = 'SpinAnimationError';
}

type Json = Record<string, unknown>;

function record(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SpinAnimationError(`bet.json: ${path} must be an object`);
  }
  return value as Json;
}

function positive(value: unknown, path: string, integer = false): number {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value <= 0 ||
    (integer && !Number.isInteger(value))
  ) {
    throw new SpinAnimationError(`bet.json: ${path} must be a positive ${integer ? 'integer' : 'number'}`);
  }
  return value;
}

function keyframes(value: unknown, path: string): Keyframes {
  if (!Array.isArray(value) || value.length === 0) {
    throw new SpinAnimationError(`bet.json: ${path} must be a non-empty list of [timeMs, value]`);
  }
  let last = Number.NEGATIVE_INFINITY;
  return value.map((frame: unknown, index) => {
    if (
      !Array.isArray(frame) ||
      frame.length !== 2 ||
      typeof frame[0] !== 'number' ||
      typeof frame[1] !== 'number' ||
      !Number.isFinite(frame[0]) ||
      !Number.isFinite(frame[1]) ||
      frame[0] < last
    ) {
      throw new SpinAnimationError(`bet.json: ${path}[${index}] must be [timeMs, value] in time order`);
    }
    last = frame[0];
    return [frame[0], frame[1]] as const;
  });
}

/**
 * Validates `/bet.json`.
 *
 * @throws SpinAnimationError naming the first field that is missing or wrong.
 */
export function parseSpinAnimation(raw: unknown): SpinAnimation {
  const root = record(raw, 'the file');
  if (root['version'] !== 1) throw new SpinAnimationError('bet.json: version must be 1');
  const dial = record(root['dial'], 'dial');
  const idle = record(root['idle'], 'idle');
  const spin = record(root['spin'], 'spin');
  const land = record(root['land'], 'land');
  const reveal = record(root['reveal'], 'reveal');
  return {
    dial: {
      segments: positive(dial['segments'], 'dial.segments', true),
      majorEvery: positive(dial['majorEvery'], 'dial.majorEvery', true),
    },
    idle: {
      durationMs: positive(idle['durationMs'], 'idle.durationMs'),
      sway: keyframes(idle['sway'], 'idle.sway'),
    },
    spin: {
      durationMs: positive(spin['durationMs'], 'spin.durationMs'),
      rotation: keyframes(spin['rotation'], 'spin.rotation'),
    },
    land: {
      durationMs: positive(land['durationMs'], 'land.durationMs'),
      turns: positive(land['turns'], 'land.turns', true),
      progress: keyframes(land['progress'], 'land.progress'),
      tickEvery: positive(land['tickEvery'], 'land.tickEvery', true),
    },
    reveal: {
      durationMs: positive(reveal['durationMs'], 'reveal.durationMs'),
      scale: keyframes(reveal['scale'], 'reveal.scale'),
      glow: keyframes(reveal['glow'], 'reveal.glow'),
    },
  };
}

/** The URL of the animation file. */
export const SPIN_ANIMATION_URL = '/bet.json';

/** The angle (degrees clockwise from the top) of the centre of the cell of `roll` on a dial of `segments`. */
export function rollAngle(roll: number, segments: number): number {
  return ((roll + 0.5) * 360) / segments;
}

/**
 * Where the needle lands for a result: the rolled cell's centre when the roll is known, otherwise the
 * middle of the zone the result is in (win: below the odds; loss: from the odds up), so the needle never
 * points at a cell that contradicts the result.
 */
export function landingRoll(
  result: 'win' | 'loss',
  odds: number,
  roll: number | null,
  segments: number,
): number {
  if (roll !== null) return roll;
  return result === 'win' ? (odds - 1) / 2 : (odds + segments - 1) / 2;
}

/** Degrees in [0, 360). */
export function normalizeAngle(angle: number): number {
  const normalized = ((angle % 360) + 360) % 360;
  // (-1e-14 % 360) + 360 rounds to 360.
  return normalized >= 360 ? 0 : normalized;
}

/**
 * The total clockwise travel from `from` to land on `target` after `turns` full turns: always forward, at
 * least `turns` × 360 and less than (`turns` + 1) × 360.
 */
export function landingTravel(from: number, target: number, turns: number): number {
  const travel = turns * 360 + normalizeAngle(target - from);
  // A gap a hair under a full turn (from 1e-14° before the target) can round the sum up to the next whole
  // turn; landing there is landing on the target, so the extra turn is dropped.
  return travel < (turns + 1) * 360 ? travel : turns * 360;
}

/** The longest landing once the result is known, ms: the result is on screen a moment after it is known. */
export const LAND_MAX_MS = 500;
/** The shortest landing, ms: a needle never snaps onto the cell. */
export const LAND_MIN_MS = 280;
/** The least travel of a landing, degrees: closer than this, the needle goes once more round. */
export const LAND_MIN_TRAVEL = 120;
/**
 * The largest starting slope of the landing curve (share of the travel per share of the time) for which it
 * still only moves forward (a cubic Hermite curve ending at rest stays monotonic up to 3).
 */
const MAX_START_SLOPE = 3;

/** A landing: how far the needle travels, for how long, and how steeply its curve starts. */
export interface LandingPlan {
  /** Degrees, forward, ending on the target. */
  readonly travel: number;
  readonly durationMs: number;
  /** The curve's slope at the start: the spin's speed as a share of travel per share of the time. */
  readonly startSlope: number;
}

/**
 * Plans the landing of a needle at `from` spinning at `speed` degrees per ms onto `target`: the way forward
 * to the target (once more round when closer than {@link LAND_MIN_TRAVEL}), over a time that lets the
 * needle go on at its speed and slow down evenly (1.5 × travel ÷ speed), kept within
 * [{@link LAND_MIN_MS}, `maxMs`].
 */
export function planLanding(from: number, target: number, speed: number, maxMs = LAND_MAX_MS): LandingPlan {
  const gap = normalizeAngle(target - from);
  const travel = gap < LAND_MIN_TRAVEL ? gap + 360 : gap;
  const cap = Math.max(LAND_MIN_MS, maxMs);
  const durationMs = speed > 0 ? Math.min(cap, Math.max(LAND_MIN_MS, (1.5 * travel) / speed)) : cap;
  const startSlope = Math.min(MAX_START_SLOPE, Math.max(0, (speed * durationMs) / travel));
  return { travel, durationMs, startSlope };
}

/**
 * The share of a landing's travel done at `t` (0–1 of its duration): a cubic Hermite curve from slope
 * `startSlope` (the spin's speed) to rest, 0 at the start and exactly 1 at the end.
 */
export function landingProgress(t: number, startSlope: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  const t2 = t * t;
  const t3 = t2 * t;
  return startSlope * (t - 2 * t2 + t3) + 3 * t2 - 2 * t3;
}

/** The spin's average speed, degrees per ms (the `spin` keyframes' turn over its duration). */
export function spinSpeed(animation: SpinAnimation): number {
  const frames = animation.spin.rotation;
  const first = frames[0]?.[1] ?? 0;
  const last = frames[frames.length - 1]?.[1] ?? 0;
  return Math.abs(last - first) / animation.spin.durationMs;
}
