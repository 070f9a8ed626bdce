/**
 * Resize slots: at most `concurrency` tasks run, up to `queue` more wait in order, and one more is refused
 * with 503 without running.
 */

import { describe, expect, it } from 'vitest';

import { IMAGE_BUSY, ResizeSlots } from './resize-slots.ts';

/** A promise and its resolver. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('ResizeSlots', () => {
  it('runs `concurrency` tasks, queues `queue` more in order and refuses the next with 503', async () => {
    const slots = new ResizeSlots({ concurrency: 2, queue: 1 });
    const started: string[] = [];
    const gates = { a: deferred(), b: deferred(), c: deferred() };
    const task = (name: keyof typeof gates) => () => {
      started.push(name);
      return gates[name].promise.then(() => name);
    };
    const a = slots.run(task('a'));
    const b = slots.run(task('b'));
    const c = slots.run(task('c'));
    expect(started).toEqual(['a', 'b']);
    expect([slots.running, slots.waiting]).toEqual([2, 1]);
    let ranRefused = false;
    await expect(
      slots.run(async () => {
        ranRefused = true;
      }),
    ).rejects.toMatchObject({ statusCode: 503, message: IMAGE_BUSY });
    expect(ranRefused).toBe(false);

    gates.a.resolve();
    expect(await a).toBe('a');
    await Promise.resolve();
    expect(started).toEqual(['a', 'b', 'c']);
    expect([slots.running, slots.waiting]).toEqual([2, 0]);
    gates.b.resolve();
    gates.c.resolve();
    expect(await Promise.all([b, c])).toEqual(['b', 'c']);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it('frees its slot when a task fails', async () => {
    const slots = new ResizeSlots({ concurrency: 1, queue: 0 });
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
    expect(slots.running).toBe(0);
  });
});
