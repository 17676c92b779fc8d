import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { useDarkTheme } from '../../../components/map/use-dark-theme';
import type { ChartAxis, ChartSpec } from '../chart-series';

// uPlot: made for dense time series, ~50 KB, drawing on a canvas, it redraws 2,000 points × 6 synced series fast
// enough to follow the pointer; SVG chart libraries build a DOM node per point and weigh several times more.
// Loaded only by the activity page, lazily (activity-charts.tsx), so no other page's scripts carry it (check P1).

/** The plot's height in CSS pixels; the readout line above it takes the rest of the box activity-charts.tsx keeps. */
const PLOT_HEIGHT = 180;

type Props = {
  axis: ChartAxis;
  spec: ChartSpec;
  /** Charts with the same key move their cursors together. */
  syncKey: string;
  /** The track index under the cursor (a pointer or a finger), or null once it leaves. */
  onHover(index: number | null): void;
};

function themeColours() {
  const css = getComputedStyle(document.documentElement);
  const token = (name: string) => css.getPropertyValue(name).trim();
  const brand = token('--brand');
  // A translucent brand under the elevation line; a colour that is not #rrggbb gets no fill rather than a wrong one.
  return { muted: token('--muted'), line: token('--line'), surface: token('--surface'), brand, fill: /^#[0-9a-f]{6}$/i.test(brand) ? `${brand}33` : undefined };
}

/**
 * Runs the charts' drawing one chart a task, in the order asked: six charts of 2,000 points drawn at once were one task
 * long enough to block a phone's page (P10); apart, input and the map's frames run between them. Answers a cleanup
 * that cancels a draw still waiting, or undoes the one done.
 */
const waiting: (() => void)[] = [];
function drawInTurn(draw: () => () => void) {
  let undo: (() => void) | undefined;
  const turn = () => {
    undo = draw();
  };
  waiting.push(turn);
  if (waiting.length === 1) setTimeout(nextTurn);
  return () => {
    const at = waiting.indexOf(turn);
    if (at >= 0) waiting.splice(at, 1);
    undo?.();
  };
}
function nextTurn() {
  waiting.shift()?.();
  if (waiting.length > 0) setTimeout(nextTurn);
}

/**
 * One series of the activity over the distance, as a uPlot line (elevation filled). Its cursor moves with the
 * others' and reports the track index under it, so the map's marker follows; a finger drags it along (the page still
 * scrolls up and down under it). The value under the cursor reads above the plot. Redrawn for a theme switch, resized
 * with its box.
 */
export default function ActivityChart({ axis, spec, syncKey, onHover }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLParagraphElement>(null);
  const dark = useDarkTheme();
  const hover = useRef(onHover);
  useEffect(() => {
    hover.current = onHover;
  });

  useEffect(() => {
    const el = box.current!;
    return drawInTurn(() => {
      const colours = themeColours();
      const axisStyle = { stroke: colours.muted, grid: { stroke: colours.line, width: 1 }, ticks: { stroke: colours.line, width: 1 } };
      const show = (index: number | null) => {
        const value = index === null ? null : spec.values[index];
        if (readout.current) readout.current.textContent = index === null || value === null || value === undefined ? '' : `${spec.format(value)} at ${axis.format(axis.values[index]!)}`;
      };
      const plot = new uPlot(
        {
          width: Math.max(1, Math.floor(el.clientWidth)),
          height: PLOT_HEIGHT,
          legend: { show: false },
          cursor: {
            y: false,
            sync: { key: syncKey, setSeries: false },
            drag: { x: false, y: false, setScale: false },
            points: { size: 9, width: 2, fill: colours.brand, stroke: colours.surface },
          },
          scales: { x: { time: false }, y: { dir: spec.inverted ? -1 : 1 } },
          axes: [
            { ...axisStyle, values: (_u, ticks) => ticks.map((t) => axis.tick(t)) },
            { ...axisStyle, size: 56, values: (_u, ticks) => ticks.map((t) => spec.tick(t)), ...(spec.tickSteps ? { incrs: spec.tickSteps } : {}) },
          ],
          series: [
            {},
            {
              stroke: colours.brand,
              width: 2,
              points: { show: false },
              ...(spec.filled && colours.fill ? { fill: colours.fill, fillTo: (u: uPlot) => u.scales.y?.min ?? 0 } : {}),
            },
          ],
          hooks: {
            setCursor: [
              (u) => {
                const index = u.cursor.idx ?? null;
                show(index);
                hover.current(index);
              },
            ],
          },
        },
        [axis.values, spec.values],
        el,
      );

      // uPlot follows a mouse; a finger is followed here, across every synced chart, at the same place along the axis.
      const over = plot.over;
      over.style.touchAction = 'pan-y';
      const synced = () => uPlot.sync(syncKey).plots;
      const scrub = (e: PointerEvent) => {
        if (e.pointerType === 'mouse') return;
        const x = plot.posToVal(e.clientX - over.getBoundingClientRect().left, 'x');
        for (const p of synced()) p.setCursor({ left: p.valToPos(x, 'x'), top: 0 });
      };
      const release = (e: PointerEvent) => {
        if (e.pointerType === 'mouse') return;
        for (const p of synced()) p.setCursor({ left: -10, top: -10 });
      };
      over.addEventListener('pointerdown', scrub);
      over.addEventListener('pointermove', scrub);
      over.addEventListener('pointerup', release);
      over.addEventListener('pointercancel', release);

      const resize = new ResizeObserver(([entry]) => {
        const width = Math.floor(entry?.contentRect.width ?? 0);
        if (width > 0 && width !== plot.width) plot.setSize({ width, height: PLOT_HEIGHT });
      });
      resize.observe(el);
      return () => {
        resize.disconnect();
        over.removeEventListener('pointerdown', scrub);
        over.removeEventListener('pointermove', scrub);
        over.removeEventListener('pointerup', release);
        over.removeEventListener('pointercancel', release);
        plot.destroy();
        hover.current(null);
      };
    });
  }, [axis, spec, syncKey, dark]);

  return (
    <div className="flex flex-col">
      {/* What the pointer is on, for the eye; screen readers have the table. */}
      <p ref={readout} aria-hidden="true" className="h-5 truncate text-right text-xs text-muted tabular-nums" />
      <div ref={box} className="w-full" />
    </div>
  );
}
