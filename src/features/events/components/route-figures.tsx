import type { Route } from '#contract/map-routes';
import { formatEstimate } from '../../../lib/duration-format';
import { formatElevation, useUnits } from '../../../lib/units';
import { formatRouteDistance } from '../event-format';

/**
 * A stored route's figures, as the server measured them, in the member's units: distance, climb and descent
 * ("unknown" where there was no elevation source) and the expected time. On the event's page, in the form once the
 * route is saved, and in its preview.
 */
export function RouteFigures({ route }: { route: Route }) {
  const units = useUnits();
  const climb = (metres: number | null) => (metres === null ? 'unknown' : formatElevation(metres, units));
  const figures = [
    { term: 'Distance', value: formatRouteDistance(route, units) },
    { term: 'Elevation gain', value: climb(route.elevationGain) },
    { term: 'Elevation loss', value: climb(route.elevationLoss) },
    { term: 'Expected time', value: formatEstimate(route.expectedTime) },
  ];
  return (
    <dl aria-label="Route figures" className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
      {figures.map((f) => (
        <div key={f.term} className="flex flex-col rounded-xl bg-surface-2 px-3 py-2">
          <dt className="text-xs font-medium text-muted">{f.term}</dt>
          <dd className="font-semibold tabular-nums">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
