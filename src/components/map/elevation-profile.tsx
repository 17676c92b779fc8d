import clsx from 'clsx';
import { useId, useMemo } from 'react';
import type { LngLat } from '#contract/map-routes';
import { formatDistance, formatElevation, useUnits } from '../../lib/units';
import { cumulativeMetres } from './distance';

export type ElevationProfileProps = {
  coordinates: LngLat[];
  /** Metres above sea level per point of `coordinates`; null when the route's elevation is unknown. */
  elevations: number[] | null;
  className?: string;
};

export type ElevationSummary = { min: number; max: number; gain: number; loss: number; distance: number };

/** Lowest, highest, total climb and descent (metres) and length of a profile. */
export function summarise(distances: readonly number[], elevations: readonly number[]): ElevationSummary {
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < elevations.length; i++) {
    const step = elevations[i]! - elevations[i - 1]!;
    if (step > 0) gain += step;
    else loss -= step;
  }
  return { min: elevations.reduce((a, b) => Math.min(a, b)), max: elevations.reduce((a, b) => Math.max(a, b)), gain, loss, distance: distances[distances.length - 1] ?? 0 };
}

// The plot's own coordinate space; the SVG stretches it to the box (lines keep their width: non-scaling-stroke).
const W = 1000;
const H = 300;
/** Past this many points the outline is thinned to one per plot unit: the eye cannot tell, the DOM stays small. */
const PLOT_POINTS_MAX = W;

/**
 * Elevation against distance along the route, as an area chart. Axis labels are HTML beside the plot (so they keep
 * their size however wide the chart is), in the member's units; screen readers get one sentence with the lowest and
 * highest points and the climb.
 */
export function ElevationProfile({ coordinates, elevations, className }: ElevationProfileProps) {
  const units = useUnits();
  // useId's characters are not all valid in a url(#…) reference.
  const gradientId = `elevation-${useId().replace(/[^\w-]/g, '')}`;
  const profile = useMemo(() => {
    if (!elevations) return null;
    const n = Math.min(coordinates.length, elevations.length);
    if (n < 2) return null;
    const distances = cumulativeMetres(coordinates.slice(0, n));
    const heights = elevations.slice(0, n);
    return { distances, heights, summary: summarise(distances, heights) };
  }, [coordinates, elevations]);

  if (!profile) {
    return (
      <div className={clsx('flex min-h-24 items-center justify-center rounded-xl border border-dashed border-line p-4 text-sm text-muted', className)}>
        Elevation unknown for this route
      </div>
    );
  }

  const { distances, heights, summary } = profile;
  // A flat route still gets a visible band; the scale starts a little under the lowest point.
  const span = Math.max(summary.max - summary.min, 10);
  const floor = summary.min - span * 0.1;
  const ceiling = summary.max + span * 0.05;
  const x = (d: number) => (summary.distance > 0 ? (d / summary.distance) * W : 0);
  const y = (e: number) => H - ((e - floor) / (ceiling - floor)) * H;
  const every = Math.max(1, Math.ceil(distances.length / PLOT_POINTS_MAX));
  const outline: string[] = [];
  distances.forEach((d, i) => {
    if (i % every === 0 || i === distances.length - 1) outline.push(`${x(d).toFixed(1)},${y(heights[i]!).toFixed(1)}`);
  });
  const line = `M${outline.join('L')}`;
  const area = `${line}L${W},${H}L0,${H}Z`;
  const label =
    `Elevation profile over ${formatDistance(summary.distance, units)}: lowest ${formatElevation(summary.min, units)}, ` +
    `highest ${formatElevation(summary.max, units)}, total climb ${formatElevation(summary.gain, units)}, total descent ${formatElevation(summary.loss, units)}.`;

  return (
    <figure className={clsx('flex flex-col gap-1', className)}>
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <div aria-hidden="true" className="flex h-32 flex-col justify-between py-0.5 text-right text-xs text-muted sm:h-40">
          <span>{formatElevation(summary.max, units)}</span>
          <span>{formatElevation(summary.min, units)}</span>
        </div>
        {/* Drawn here, not in icons.tsx: a chart of this route's elevations (data-driven). */}
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="h-32 w-full overflow-visible rounded-md bg-surface-2 sm:h-40"
        >
          <defs>
            <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="var(--brand)" stopOpacity="0.45" />
              <stop offset="100%" stopColor="var(--brand)" stopOpacity="0.05" />
            </linearGradient>
          </defs>
          {[0.25, 0.5, 0.75].map((f) => (
            <line key={f} x1="0" x2={W} y1={H * f} y2={H * f} className="stroke-line" strokeWidth="1" vectorEffect="non-scaling-stroke" />
          ))}
          <path d={area} fill={`url(#${gradientId})`} />
          <path d={line} fill="none" className="stroke-brand" strokeWidth="2" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        </svg>
        <span />
        <div aria-hidden="true" className="flex justify-between text-xs text-muted">
          <span>{formatDistance(0, units)}</span>
          <span>{formatDistance(summary.distance / 2, units)}</span>
          <span>{formatDistance(summary.distance, units)}</span>
        </div>
      </div>
      <figcaption className="text-sm">
        Climb <span className="font-semibold">{formatElevation(summary.gain, units)}</span> · Descent{' '}
        <span className="font-semibold">{formatElevation(summary.loss, units)}</span> · Highest{' '}
        <span className="font-semibold">{formatElevation(summary.max, units)}</span>
      </figcaption>
    </figure>
  );
}
