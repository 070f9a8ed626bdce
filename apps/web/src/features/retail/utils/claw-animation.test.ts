import { describe, expect, it } from 'vitest';

import claw from '../../../../public/claw.json' with { type: 'json' };

import {
  CLAW_PHASES,
  CLAW_TRACKS,
  ClawAnimationError,
  clawFrame,
  parseClawAnimation,
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
