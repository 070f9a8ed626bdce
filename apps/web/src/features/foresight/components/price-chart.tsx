/**
 * The SOL/USD line (lightweight-charts), loaded after the page with `React.lazy`: the library is ~50 KB
 * gzipped, so it is kept out of the entry and off the page's critical path.
 *
 * @module
 */

import {
  AreaSeries,
  ColorType,
  createChart,
  LineSeries,
  LineStyle,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  TickMarkType,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';

import { formatUsd } from '../../../lib/format.ts';
import { chartSeries, type ChartPoint, type PricePoint } from '../utils/price-history.ts';
import { priceToUsd } from '../utils/round-view.ts';

/** The theme's colours (`styles.css`); the chart draws on a canvas, which cannot read CSS variables. */
const COLOURS = {
  accent: '#c8f135',
  grid: 'rgba(42, 36, 64, 0.55)',
  edge: '#2a2440',
  text: '#a49cbc',
  lock: '#4da3ff',
} as const;

function clockTime(unixSeconds: number, seconds: boolean): string {
  return new Date(unixSeconds * 1000).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  });
}

/** Props of {@link PriceChart}. */
export interface PriceChartProps {
  readonly points: readonly PricePoint[];
  /** Seconds of history shown when the line is (re)drawn: the rest is a scroll away. */
  readonly windowSecs: number;
  /** The locked round's lock price, drawn as a dashed line. */
  readonly lock: { readonly id: number; readonly price: bigint } | null;
}

/** Longest stretch of time the chart's time grid covers (two hours of seconds). */
const MAX_GRID_SECS = 7_200;

/** The logical range first shown for `slots` seconds: the last `windowSecs` of them and a small gap. */
export function initialRange(slots: number, windowSecs: number): { from: number; to: number } {
  return { from: Math.max(0, slots - windowSecs), to: slots + 2 };
}

/**
 * Where the visible logical range goes when the line grew from `slotsBefore` to `slots` seconds: when the
 * last second was on screen it moves right with the new seconds (growing from the first second up to
 * `windowSecs`, then sliding at the width the user chose); when the user scrolled back, null (it stays).
 */
export function followRange(
  shown: { readonly from: number; readonly to: number },
  slotsBefore: number,
  slots: number,
  windowSecs: number,
): { from: number; to: number } | null {
  const added = slots - slotsBefore;
  if (added <= 0 || shown.to < slotsBefore - 1.5) return null;
  const to = shown.to + added;
  const width = Math.max(shown.to - shown.from, windowSecs + 2);
  const from = shown.from <= 0 ? Math.max(shown.from, to - width) : shown.from + added;
  return { from, to };
}

/**
 * The price line with the lock price of the running round. lightweight-charts gives every data point one
 * slot whatever the time between them, so the sparse round prices and the dense live updates would share
 * an uneven axis; an empty series with a slot for every second (whitespace, drawing nothing) keeps the
 * axis linear in time.
 */
export default function PriceChart({ points, windowSecs, lock }: PriceChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{
    api: IChartApi;
    series: ISeriesApi<'Area'>;
    grid: ISeriesApi<'Line'>;
  } | null>(null);
  const drawn = useRef<ChartPoint[]>([]);
  const gridRange = useRef<{ from: number; to: number } | null>(null);
  const lockLine = useRef<IPriceLine | null>(null);

  useEffect(() => {
    const element = container.current;
    if (element === null) return;
    const api = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: COLOURS.text,
        fontFamily: 'Space Grotesk Variable, ui-sans-serif, system-ui, sans-serif',
      },
      grid: { vertLines: { color: COLOURS.grid }, horzLines: { color: COLOURS.grid } },
      rightPriceScale: { borderColor: COLOURS.edge },
      timeScale: {
        borderColor: COLOURS.edge,
        timeVisible: true,
        secondsVisible: true,
        tickMarkFormatter: (time: UTCTimestamp, type: TickMarkType) =>
          clockTime(time, type === TickMarkType.TimeWithSeconds),
      },
      localization: {
        timeFormatter: (time: UTCTimestamp) => clockTime(time, true),
        priceFormatter: (price: number) => formatUsd(price),
      },
      handleScroll: { vertTouchDrag: false },
    });
    const series = api.addSeries(AreaSeries, {
      lineColor: COLOURS.accent,
      lineWidth: 2,
      topColor: 'rgba(200, 241, 53, 0.28)',
      bottomColor: 'rgba(200, 241, 53, 0)',
      priceLineColor: COLOURS.accent,
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    });
    const grid = api.addSeries(LineSeries, {
      lastValueVisible: false,
      priceLineVisible: false,
      crosshairMarkerVisible: false,
    });
    chart.current = { api, series, grid };
    drawn.current = [];
    gridRange.current = null;
    // The chart is hidden from assistive tech (the panel says the price in text): nothing in it may take the
    // keyboard focus either, such as the library's attribution link (axe: aria-hidden-focus).
    const unfocusable = () => {
      for (const node of element.querySelectorAll<HTMLElement>('a[href], button, input, [tabindex]')) {
        if (node.getAttribute('tabindex') !== '-1') node.setAttribute('tabindex', '-1');
      }
    };
    unfocusable();
    const observer = new MutationObserver(unfocusable);
    observer.observe(element, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      chart.current = null;
      lockLine.current = null;
      api.remove();
    };
  }, []);

  useEffect(() => {
    const current = chart.current;
    if (current === null) return;
    const next = chartSeries(points, priceToUsd);
    const first = next[0];
    const end = next[next.length - 1];
    if (first === undefined || end === undefined) return;
    const timeScale = current.api.timeScale();
    const range = gridRange.current;
    // What the user looks at before the update: the right edge (followed), or a stretch scrolled back to.
    const shown = range === null ? null : timeScale.getVisibleLogicalRange();
    const shownTimes = range === null ? null : timeScale.getVisibleRange();
    const slotsBefore = range === null ? 0 : range.to - range.from + 1;
    const following = shown === null || shown.to >= slotsBefore - 1.5;
    // The grid: one whitespace slot per second from the first point (or two hours back) to the last.
    const from = Math.max(first.time, end.time - MAX_GRID_SECS);
    const to = Math.max(end.time, range?.to ?? end.time);
    const gridReset = range === null || range.from !== from;
    if (gridReset) {
      const slots: { time: UTCTimestamp }[] = [];
      for (let time = from; time <= to; time++) slots.push({ time: time as UTCTimestamp });
      current.grid.setData(slots);
    } else {
      for (let time = range.to + 1; time <= to; time++) current.grid.update({ time: time as UTCTimestamp });
    }
    gridRange.current = { from, to };
    const before = drawn.current;
    const last = before[before.length - 1];
    // New seconds at the end only: update in place; anything else (older points arrived): redraw.
    const appendOnly =
      last !== undefined &&
      before.length <= next.length &&
      next[0]?.time === before[0]?.time &&
      next[before.length - 1]?.time === last.time;
    if (appendOnly) {
      for (let i = before.length - 1; i < next.length; i++) {
        const point = next[i]!;
        current.series.update({ time: point.time as UTCTimestamp, value: point.value });
      }
    } else {
      current.series.setData(next.map((point) => ({ time: point.time as UTCTimestamp, value: point.value })));
    }
    drawn.current = next;
    const slots = to - from + 1;
    if (!gridReset && shown !== null) {
      // The same slots as before: follow the right edge, or stay where the user scrolled back to.
      const target = followRange(shown, slotsBefore, slots, windowSecs);
      if (target !== null) timeScale.setVisibleLogicalRange(target);
    } else if (following || shownTimes === null) {
      timeScale.setVisibleLogicalRange(initialRange(slots, windowSecs));
    } else {
      timeScale.setVisibleRange(shownTimes);
    }
  }, [points, windowSecs]);

  const lockId = lock?.id ?? null;
  const lockPrice = lock?.price ?? null;
  useEffect(() => {
    const current = chart.current;
    if (current === null) return;
    if (lockLine.current !== null) current.series.removePriceLine(lockLine.current);
    lockLine.current =
      lockPrice === null || lockId === null
        ? null
        : current.series.createPriceLine({
            price: priceToUsd(lockPrice),
            color: COLOURS.lock,
            lineWidth: 1,
            lineStyle: LineStyle.Dashed,
            axisLabelVisible: true,
            title: `Lock #${lockId}`,
          });
  }, [lockId, lockPrice]);

  return <div ref={container} className="size-full" aria-hidden="true" />;
}
