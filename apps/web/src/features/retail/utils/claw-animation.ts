/**
 * The claw animation's data, `/claw.json`, and how a frame is read
 * from it. The file is ours; its shape:
 *
 * ```jsonc
 * {
 *   "version": 1,
 *   "viewBox": [0, 0, 320, 360],          // the SVG coordinate space of every track below
 *   "railY": 44,                           // where the claw's cable hangs from
 *   "floorY": 300,                         // the top of the prize floor
 *   "chute": { "x": 18, "width": 84 },     // the prize chute's opening in the floor (left edge, width)
 *   "prizeSize": 72,                       // the NFT's width and height
 *   "phases": {                            // idle (before a bet), waiting (for the draw), win, loss
 *     "waiting": {
 *       "durationMs": 2600,
 *       "loop": true,
 *       "tracks": {                        // keyframes [timeMs, value], sorted by time
 *         "clawX":  [[0, 160], [1300, 230], [2600, 160]], // the carriage's x
 *         "cable":  [[0, 40]],             // cable length: the claw's hub is at railY + cable
 *         "open":   [[0, 0.8]],            // 0 closed … 1 wide open
 *         "prizeX": [[0, 210]],            // the NFT's centre
 *         "prizeY": [[0, 262]],
 *         "prizeRotate": [[0, 0]],         // degrees
 *         "glow":   [[0, 0.2]]             // the cabinet lights, 0 … 1
 *       }
 *     }
 *   }
 * }
 * ```
 *
 * A track left out holds its default ({@link TRACK_DEFAULTS}). The win phase grabs the NFT and drops it
 * down the chute; the loss phase grabs it and lets it slip back to the floor.
 *
 * A play runs on one clock from the moment the bet is sent ({@link playTime}): the claw plays the win and
 * loss phases' common opening (over the NFT, down, closed on it: the first {@link GRAB_MS}) at
 * {@link PLAY_SPEED} while the result is awaited, holds on to the NFT if it is not known by then (the
 * `waiting` phase's lights pulse), and once it is known goes straight on into the result's own part,
 * still at {@link PLAY_SPEED}. The result is shown when the play reaches {@link RESULT_SHOWN_AT} (the NFT
 * released over the chute, or slipped back to the floor); the rest plays on under it.
 *
 * @module
 */

import { interpolate } from '../../../components/animation/json-animation.ts';

/** The animation file's URL. */
export const CLAW_ANIMATION_URL = '/claw.json';

/** The animation's phases. */
export const CLAW_PHASES = ['idle', 'waiting', 'win', 'loss'] as const;
/** One of {@link CLAW_PHASES}. */
export type ClawPhase = (typeof CLAW_PHASES)[number];

/** The animated values. */
export const CLAW_TRACKS = ['clawX', 'cable', 'open', 'prizeX', 'prizeY', 'prizeRotate', 'glow'] as const;
/** One of {@link CLAW_TRACKS}. */
export type ClawTrack = (typeof CLAW_TRACKS)[number];

/** A track's keyframes: `[timeMs, value]`, sorted by time. */
export type Keyframes = readonly (readonly [number, number])[];

/** One phase of the animation. */
export interface ClawPhaseData {
  readonly durationMs: number;
  readonly loop: boolean;
  readonly tracks: Readonly<Record<ClawTrack, Keyframes>>;
}

/** The parsed `/claw.json`. */
export interface ClawAnimation {
  readonly version: 1;
  readonly viewBox: readonly [number, number, number, number];
  readonly railY: number;
  readonly floorY: number;
  readonly chute: { readonly x: number; readonly width: number };
  readonly prizeSize: number;
  readonly phases: Readonly<Record<ClawPhase, ClawPhaseData>>;
}

/** The values of one frame. */
export type ClawFrame = Readonly<Record<ClawTrack, number>>;

/** A track's value when a phase leaves it out. */
export const TRACK_DEFAULTS: ClawFrame = {
  clawX: 160,
  cable: 40,
  open: 0.7,
  prizeX: 210,
  prizeY: 262,
  prizeRotate: 0,
  glow: 0.2,
};

/** A malformed `/claw.json`. */
export class ClawAnimationError extends Error {
  override readonly name = 'ClawAnimationError';
}

function fail(what: string): never {
  throw new ClawAnimationError(`${CLAW_ANIMATION_URL}: ${what}`);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function numberAt(record: Record<string, unknown>, key: string, where: string): number {
  const value = record[key];
  if (!isFiniteNumber(value)) fail(`${where}${key} must be a number`);
  return value;
}

function parseKeyframes(raw: unknown, where: string): Keyframes {
  if (!Array.isArray(raw) || raw.length === 0) fail(`${where} must be a non-empty list of [timeMs, value]`);
  let previous = Number.NEGATIVE_INFINITY;
  return raw.map((pair: unknown, index) => {
    if (!Array.isArray(pair) || pair.length !== 2 || !isFiniteNumber(pair[0]) || !isFiniteNumber(pair[1])) {
      fail(`${where}[${index}] must be [timeMs, value]`);
    }
    const [time, value] = pair as [number, number];
    if (time < previous) fail(`${where} must be sorted by time`);
    previous = time;
    return [time, value] as const;
  });
}

function parsePhase(raw: unknown, name: ClawPhase): ClawPhaseData {
  const where = `phases.${name}`;
  if (!isRecord(raw)) fail(`${where} is missing`);
  const durationMs = numberAt(raw, 'durationMs', `${where}.`);
  if (durationMs <= 0) fail(`${where}.durationMs must be positive`);
  if (typeof raw['loop'] !== 'boolean') fail(`${where}.loop must be true or false`);
  const tracksRaw = raw['tracks'] ?? {};
  if (!isRecord(tracksRaw)) fail(`${where}.tracks must be an object`);
  const tracks = {} as Record<ClawTrack, Keyframes>;
  for (const track of CLAW_TRACKS) {
    const value = tracksRaw[track];
    tracks[track] =
      value === undefined ? [[0, TRACK_DEFAULTS[track]]] : parseKeyframes(value, `${where}.tracks.${track}`);
  }
  return { durationMs, loop: raw['loop'], tracks };
}

/**
 * Validates `/claw.json` and returns it typed.
 *
 * @throws ClawAnimationError naming the first field that is missing or malformed.
 */
export function parseClawAnimation(raw: unknown): ClawAnimation {
  if (!isRecord(raw)) fail('must be a JSON object');
  if (raw['version'] !== 1) fail('version must be 1');
  const viewBox = raw['viewBox'];
  if (!Array.isArray(viewBox) || viewBox.length !== 4 || !viewBox.every(isFiniteNumber)) {
    fail('viewBox must be [x, y, width, height]');
  }
  const chute = raw['chute'];
  if (!isRecord(chute)) fail('chute is missing');
  if (!isRecord(raw['phases'])) fail('phases is missing');
  const phasesRaw = raw['phases'];
  const phases = {} as Record<ClawPhase, ClawPhaseData>;
  for (const phase of CLAW_PHASES) phases[phase] = parsePhase(phasesRaw[phase], phase);
  return {
    version: 1,
    viewBox: viewBox as [number, number, number, number],
    railY: numberAt(raw, 'railY', ''),
    floorY: numberAt(raw, 'floorY', ''),
    chute: { x: numberAt(chute, 'x', 'chute.'), width: numberAt(chute, 'width', 'chute.') },
    prizeSize: numberAt(raw, 'prizeSize', ''),
    phases,
  };
}

/** The values of `phase` at `timeMs` into it (looping phases wrap; others hold their last frame). */
export function clawFrame(phase: ClawPhaseData, timeMs: number): ClawFrame {
  const t = phase.loop ? ((timeMs % phase.durationMs) + phase.durationMs) % phase.durationMs : timeMs;
  const frame = {} as Record<ClawTrack, number>;
  for (const track of CLAW_TRACKS) frame[track] = interpolate(phase.tracks[track], t);
  return frame;
}

/** Where the win and loss phases part: before it both move over the NFT, lower the claw and close it. */
export const GRAB_MS = 1_600;
/** How much faster than `/claw.json`'s times a play runs: the whole grab is the wait for the result. */
export const PLAY_SPEED = 2.5;
/**
 * When, in the result's phase time, the result is shown: a win once the claw has opened over the chute, a
 * loss once the NFT has fallen back to the floor.
 */
export const RESULT_SHOWN_AT: Readonly<Record<'win' | 'loss', number>> = { win: 3_100, loss: 2_500 };

/**
 * Where a play is in its phase's time (ms of `/claw.json`), `sinceSentMs` after the bet was sent, the
 * result known `knownAtMs` after it (null while awaited): the opening runs at {@link PLAY_SPEED} up to
 * {@link GRAB_MS} and waits there for the result; once known the play goes on from where it is, at the
 * same speed (so the claw never jumps), up to `durationMs`.
 */
export function playTime(sinceSentMs: number, knownAtMs: number | null, durationMs: number): number {
  const opening = Math.min(GRAB_MS, Math.max(0, sinceSentMs) * PLAY_SPEED);
  if (knownAtMs === null || sinceSentMs <= knownAtMs) return opening;
  const from = Math.min(GRAB_MS, Math.max(0, knownAtMs) * PLAY_SPEED);
  return Math.min(durationMs, from + (sinceSentMs - knownAtMs) * PLAY_SPEED);
}

/**
 * How long after the result is known it is shown (ms of real time): what is left of the opening and the
 * result's own part up to {@link RESULT_SHOWN_AT}, at {@link PLAY_SPEED}.
 */
export function landingMs(result: 'win' | 'loss', knownAtMs: number): number {
  const from = Math.min(GRAB_MS, Math.max(0, knownAtMs) * PLAY_SPEED);
  return Math.max(0, RESULT_SHOWN_AT[result] - from) / PLAY_SPEED;
}

/**
 * The frame of a play at `time` (its phase time, {@link playTime}): the result's phase once known; before,
 * the opening (the same in both) and, held at the grab, the `waiting` phase's pulsing lights.
 */
export function playFrame(
  data: ClawAnimation,
  result: 'win' | 'loss' | null,
  time: number,
  sinceSentMs: number,
): ClawFrame {
  if (result !== null) return clawFrame(data.phases[result], time);
  const frame = clawFrame(data.phases.win, Math.min(time, GRAB_MS));
  if (time < GRAB_MS) return frame;
  return { ...frame, glow: clawFrame(data.phases.waiting, sinceSentMs).glow };
}
