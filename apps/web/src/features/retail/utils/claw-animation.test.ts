import { describe, expect, it } from 'vitest';

import claw from '../../../../public/claw.json' with { type: 'json' };

import fc from 'fast-check';

import {
  CLAW_PHASES,
  CLAW_TRACKS,
  ClawAnimationError,
  clawFrame,
  GRAB_MS,
  landingMs,
  parseClawAnimation,
  playFrame,
  playTime,
  RESULT_SHOWN_AT,
  TRACK_DEFAULTS,
} from './claw-animation.ts';

const FILE = claw as Record<string, unknown>;

describe('/parsed.json', () => {
  const parsed = parseClawAnimation(FILE);

  it('is valid, with the four phases', () => {
    expect(Object.keys(parsed.phases).sort()).toEqual([...CLAW_PHASES].sort());
    expect(parsed.phases.waiting.loop).toBe(true);
    expect(parsed.phases.win.loop).toBe(false);
    expect(parsed.phases.loss.loop).toBe(false);
  });

  it('grabs the NFT and drops it down the chute on a win', () => {
    const win = parsed.phases.win;
    const end = clawFrame(win, win.durationMs);
    // The prize ends below the floor, inside the chute's opening.
    expect(end.prizeY).toBeGreaterThan(parsed.floorY + parsed.prizeSize / 2);
    expect(end.prizeX).toBeGreaterThanOrEqual(parsed.chute.x);
    expect(end.prizeX).toBeLessThanOrEqual(parsed.chute.x + parsed.chute.width);
    // While carried, the prize hangs under the parsed.
    for (let t = 1_700; t <= 2_900; t += 100) {
      const frame = clawFrame(win, t);
      expect(frame.open).toBe(0);
      expect(Math.abs(frame.prizeX - frame.clawX)).toBeLessThan(1);
    }
  });

  it('lets the NFT slip back to the floor on a loss', () => {
    const loss = parsed.phases.loss;
    const start = clawFrame(loss, 0);
    const lifted = Math.min(...Array.from({ length: 35 }, (_, i) => clawFrame(loss, i * 100).prizeY));
    const end = clawFrame(loss, loss.durationMs);
    expect(lifted).toBeLessThan(start.prizeY);
    expect(end.prizeY).toBe(start.prizeY);
    expect(end.prizeY).toBeLessThan(parsed.floorY);
  });

  it('loops the waiting phase and holds the last frame of the others', () => {
    const waiting = parsed.phases.waiting;
    expect(clawFrame(waiting, waiting.durationMs + 300)).toEqual(clawFrame(waiting, 300));
    const win = parsed.phases.win;
    expect(clawFrame(win, win.durationMs * 3)).toEqual(clawFrame(win, win.durationMs));
  });
});

describe('parseClawAnimation', () => {
  it('fills a missing track with its default', () => {
    const tracks = (FILE['phases'] as Record<string, { tracks: Record<string, unknown> }>)['idle']!.tracks;
    const rest = Object.fromEntries(Object.entries(tracks).filter(([track]) => track !== 'glow'));
    const phases = { ...(FILE['phases'] as object), idle: { durationMs: 1000, loop: true, tracks: rest } };
    const parsed = parseClawAnimation({ ...FILE, phases });
    expect(clawFrame(parsed.phases.idle, 500).glow).toBe(TRACK_DEFAULTS.glow);
    expect(Object.keys(clawFrame(parsed.phases.idle, 0))).toEqual([...CLAW_TRACKS]);
  });

  it.each([
    [null, 'must be a JSON object'],
    [{ ...FILE, version: 2 }, 'version must be 1'],
    [{ ...FILE, viewBox: [0, 0, 320] }, 'viewBox must be [x, y, width, height]'],
    [{ ...FILE, phases: { ...(FILE['phases'] as object), win: undefined } }, 'phases.win is missing'],
    [
      { ...FILE, phases: { ...(FILE['phases'] as object), loss: { durationMs: 0, loop: false } } },
      'phases.loss.durationMs must be positive',
    ],
    [
      {
        ...FILE,
        phases: {
          ...(FILE['phases'] as object),
          idle: {
            durationMs: 10,
            loop: true,
            tracks: {
              clawX: [
                [5, 1],
                [1, 2],
              ],
            },
          },
        },
      },
      'phases.idle.tracks.clawX must be sorted by time',
    ],
    [{ ...FILE, railY: '44' }, 'railY must be a number'],
  ])('names what is wrong (%#)', (raw, message) => {
    expect(() => parseClawAnimation(raw)).toThrow(new ClawAnimationError(`/claw.json: ${message}`));
  });
});

describe('a play from the bet to its result', () => {
  const parsed = parseClawAnimation(FILE);

  it('grabs the NFT the same way whatever the result, so the result can come at any moment', () => {
    for (const track of CLAW_TRACKS) {
      if (track === 'glow') continue;
      for (let t = 0; t <= GRAB_MS; t += 50) {
        expect(clawFrame(parsed.phases.win, t)[track], `${track} at ${t}`).toBeCloseTo(
          clawFrame(parsed.phases.loss, t)[track],
          6,
        );
      }
    }
  });

  it('runs on without a jump when the result arrives, and waits at the grab while it does not', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 3_000, noNaN: true }),
        fc.constantFrom<'win' | 'loss'>('win', 'loss'),
        (knownAt, result) => {
          const duration = parsed.phases[result].durationMs;
          let last = 0;
          for (let t = 0; t <= 4_000; t += 10) {
            const time = playTime(t, knownAt, duration);
            // Forward only, never faster than the play's speed: no jump when the result arrives.
            expect(time).toBeGreaterThanOrEqual(last);
            expect(time - last).toBeLessThanOrEqual(10 * 2.5 + 1e-9);
            if (t <= knownAt) expect(time).toBeLessThanOrEqual(GRAB_MS);
            last = time;
          }
          expect(playTime(1e9, knownAt, duration)).toBe(duration);
        },
      ),
      { numRuns: 30 },
    );
    // Held closed on the NFT while the result is awaited.
    expect(playTime(5_000, null, 3_400)).toBe(GRAB_MS);
    expect(playFrame(parsed, null, GRAB_MS, 5_000).open).toBe(0);
  });

  it('shows the result within a second of knowing it (a result takes at least a slot, 400 ms, to come)', () => {
    for (const result of ['win', 'loss'] as const) {
      for (const knownAt of [0, 100, 400, 800, 5_000]) {
        if (knownAt >= 400) expect(landingMs(result, knownAt)).toBeLessThanOrEqual(1_000);
        // Never longer than the whole play to the result, sped up.
        expect(landingMs(result, knownAt)).toBeLessThanOrEqual(RESULT_SHOWN_AT[result] / 2.5);
        // And at the moment the play reaches it.
        const shownAt = knownAt + landingMs(result, knownAt);
        expect(playTime(shownAt, knownAt, parsed.phases[result].durationMs)).toBeCloseTo(
          RESULT_SHOWN_AT[result],
          6,
        );
      }
    }
  });
});
