import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { PricePoint } from '../utils/price-history.ts';
import { priceToUsd } from '../utils/round-view.ts';

/**
 * A stand-in for the canvas chart (jsdom has no canvas) that keeps what the component gives it: like
 * lightweight-charts, the visible logical range stays where it was set until it is set again.
 */
const fake = vi.hoisted(() => {
  const state = {
    series: [] as { time: number; value: number }[],
    grid: [] as number[],
    range: null as { from: number; to: number } | null,
    rangeSets: 0,
  };
  const upsert = <T extends { time: number }>(list: T[], item: T) => {
    const last = list[list.length - 1];
    if (last !== undefined && last.time === item.time) list[list.length - 1] = item;
    else list.push(item);
  };
  const timeScale = {
    getVisibleLogicalRange: () => state.range,
    setVisibleLogicalRange: (range: { from: number; to: number }) => {
      state.range = { ...range };
      state.rangeSets += 1;
    },
    getVisibleRange: () => null,
    setVisibleRange: () => undefined,
  };
  const chart = {
    addSeries: (kind: string) =>
      kind === 'Area'
        ? {
            setData: (data: { time: number; value: number }[]) => {
              state.series = [...data];
            },
            update: (point: { time: number; value: number }) => {
              upsert(state.series, point);
            },
            createPriceLine: () => ({}),
            removePriceLine: () => undefined,
          }
        : {
            setData: (data: { time: number }[]) => {
              state.grid = data.map((slot) => slot.time);
            },
            update: (slot: { time: number }) => {
              if (state.grid[state.grid.length - 1] !== slot.time) state.grid.push(slot.time);
            },
          },
    timeScale: () => timeScale,
    remove: () => undefined,
  };
  return { state, chart };
});

vi.mock('lightweight-charts', () => ({
  AreaSeries: 'Area',
  LineSeries: 'Line',
  ColorType: { Solid: 'solid' },
  LineStyle: { Dashed: 2 },
  TickMarkType: { TimeWithSeconds: 4 },
  createChart: () => fake.chart,
}));

const { default: PriceChart, followRange } = await import('./price-chart.tsx');

const T0 = 1_800_000_000;
const points = (from: number, to: number): PricePoint[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    time: T0 + from + i,
    price: 15_000_000_000n + BigInt(from + i) * 1_000_000n,
    observed: true,
  }));

beforeEach(() => {
  fake.state.series = [];
  fake.state.grid = [];
  fake.state.range = null;
  fake.state.rangeSets = 0;
});

describe('PriceChart', () => {
  it('draws a second batch of points and keeps the right edge in view', () => {
    const first = points(0, 9);
    const { rerender } = render(<PriceChart points={first} windowSecs={5} lock={null} />);
    expect(fake.state.series).toHaveLength(10);
    expect(fake.state.range).toEqual({ from: 5, to: 12 });

    const second = [...first, ...points(10, 19)];
    rerender(<PriceChart points={second} windowSecs={5} lock={null} />);
    // Every new second drawn, the grid extended to the last one, and the window moved with it.
    expect(fake.state.series).toHaveLength(20);
    expect(fake.state.series[19]).toEqual({ time: T0 + 19, value: priceToUsd(second[19]!.price) });
    expect(fake.state.grid).toHaveLength(20);
    expect(fake.state.range).toEqual({ from: 15, to: 22 });
  });

  it('grows from the first point up to the window, then slides', () => {
    const { rerender } = render(<PriceChart points={points(0, 0)} windowSecs={10} lock={null} />);
    expect(fake.state.range).toEqual({ from: 0, to: 3 });
    rerender(<PriceChart points={points(0, 4)} windowSecs={10} lock={null} />);
    expect(fake.state.range).toEqual({ from: 0, to: 7 });
    rerender(<PriceChart points={points(0, 19)} windowSecs={10} lock={null} />);
    expect(fake.state.range).toEqual({ from: 10, to: 22 });
  });

  it('stays where the user scrolled back to', () => {
    const first = points(0, 29);
    const { rerender } = render(<PriceChart points={first} windowSecs={10} lock={null} />);
    fake.state.range = { from: 2, to: 12 };
    const sets = fake.state.rangeSets;
    rerender(<PriceChart points={[...first, ...points(30, 34)]} windowSecs={10} lock={null} />);
    expect(fake.state.series).toHaveLength(35);
    expect(fake.state.rangeSets).toBe(sets);
    expect(fake.state.range).toEqual({ from: 2, to: 12 });
  });
});

describe('followRange', () => {
  it('moves by the added seconds when the last one was visible', () => {
    expect(followRange({ from: 20, to: 32 }, 30, 35, 10)).toEqual({ from: 25, to: 37 });
    expect(followRange({ from: 20, to: 32 }, 30, 30, 10)).toBeNull();
    expect(followRange({ from: 5, to: 15 }, 30, 35, 10)).toBeNull();
  });
});
