import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import betJson from '../../../../public/bet.json' with { type: 'json' };
import { fakeFrames, Held, reducedMotion } from '../../../testing/animation.tsx';
import { SpinDial, type SpinDialProps } from './spin-dial.tsx';

let client: QueryClient;
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function dial(props: Partial<SpinDialProps> & { onLanded: () => void }) {
  return (
    <>
      <SpinDial odds={50} mode="idle" result={null} roll={null} {...props} />
      <Held />
    </>
  );
}

const held = (container: HTMLElement) => container.querySelector('[data-testid=held]')?.textContent;

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(betJson), { headers: { 'content-type': 'application/json' } }),
      ),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SpinDial', () => {
  it('holds other announcements of the result from the spin until the needle has landed', async () => {
    reducedMotion(false);
    const frames = fakeFrames({ clock: true });
    const onLanded = vi.fn();
    const { container, rerender } = render(dial({ onLanded }), { wrapper });
    await waitFor(() => {
      expect(client.getQueryData(['animation', '/bet.json'])).toBeDefined();
    });
    expect(held(container)).toBe('free');

    rerender(dial({ onLanded, mode: 'spinning' }));
    expect(held(container)).toBe('held');
    frames.advance(500);

    // The result is known: the needle lands on its cell, in under a second, while the hold stays.
    rerender(dial({ onLanded, mode: 'landing', result: 'win', roll: 12 }));
    expect(held(container)).toBe('held');
    expect(onLanded).not.toHaveBeenCalled();
    frames.advance(1_000);
    expect(onLanded).toHaveBeenCalledTimes(1);
    const needle = container.querySelector('svg g');
    // Roll 12's cell centre: 12.5 × 3.6° (plus whole turns).
    const angle = Number(/rotate\(([-\d.]+)/.exec(needle?.getAttribute('transform') ?? '')?.[1]);
    expect(((angle % 360) + 360) % 360).toBeCloseTo(45, 1);

    rerender(dial({ onLanded, mode: 'result', result: 'win', roll: 12 }));
    expect(held(container)).toBe('free');
  });

  it('releases the hold when it goes away mid-spin', () => {
    reducedMotion(false);
    fakeFrames({ clock: true });
    const { container, rerender } = render(dial({ onLanded: () => {}, mode: 'spinning' }), { wrapper });
    expect(held(container)).toBe('held');
    rerender(<Held />);
    expect(held(container)).toBe('free');
  });

  it('does not spin with reduced motion, and shows the roll at once', async () => {
    reducedMotion(true);
    const frames = fakeFrames({ clock: true });
    const onLanded = vi.fn();
    const { container, rerender } = render(dial({ onLanded, mode: 'spinning' }), { wrapper });
    await waitFor(() => {
      expect(client.getQueryData(['animation', '/bet.json'])).toBeDefined();
    });
    const needle = () => container.querySelector('svg g')?.getAttribute('transform') ?? null;
    const before = needle();
    frames.advance(500);
    expect(needle()).toBe(before);
    rerender(dial({ onLanded, mode: 'landing', result: 'loss', roll: 80 }));
    expect(onLanded).toHaveBeenCalledTimes(1);
    expect(needle()).toBe('rotate(289.80 120 120)');
  });
});
