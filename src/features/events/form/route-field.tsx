import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { GPX_MAX_BYTES, ROUTE_NAME_MAX, ROUTE_POINTS_MAX, type LngLat, type Route } from '#contract/map-routes';
import { RouteEditor } from '../../../components/map/route-editor';
import { Button, buttonClass } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-error';
import { formatDistance, formatElevation, useUnits } from '../../../lib/units';
import { formatDuration } from '../components/detail-route';
import { importGpx, saveDrawnRoute } from './event-form-api';
import { routeNeedsSaving, type EventFormInput, type EventFormValues } from './event-form-schema';


type Form = UseFormReturn<EventFormInput, unknown, EventFormValues>;

const routeName = (form: Form) => (form.getValues('eventName').trim() || 'Event route').slice(0, ROUTE_NAME_MAX);

/**
 * Saves the drawn points as a route (`POST /api/route`) when they are not stored yet, so the event can point at it.
 * Called when the member leaves the step and before the event is saved; answers whether the form may go on.
 */
export function useRouteSaver(form: Form) {
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveDrawnRoute,
    // The failure is said under the route itself, where the member is looking.
    meta: { silent: true },
  });
  const ensureSaved = async (): Promise<boolean> => {
    const points = form.getValues('routePoints');
    if (points.length === 0) {
      if (form.getValues('route') !== null) form.setValue('route', null, { shouldDirty: true });
      return true;
    }
    if (!routeNeedsSaving(points, form.getValues('route'))) return true;
    setProblem(null);
    try {
      const saved = await save.mutateAsync({ name: routeName(form), sportId: Number(form.getValues('sportId')), coordinates: points });
      form.setValue('route', saved, { shouldDirty: true });
      // The server simplifies the line: the map shows what was stored, and it counts as saved.
      form.setValue('routePoints', saved.coordinates, { shouldDirty: true });
      return true;
    } catch (error) {
      setProblem(`The route could not be saved: ${errorMessage(error)}`);
      return false;
    }
  };
  return { ensureSaved, isSaving: save.isPending, problem, clearProblem: () => setProblem(null) };
}

export type RouteSaver = ReturnType<typeof useRouteSaver>;

/** The stored route's figures: the server's measurements, in the member's units; "unknown" where it had no data. */
export function RouteFigures({ route }: { route: Route }) {
  const units = useUnits();
  const rows: [string, string][] = [
    ['Distance', formatDistance(route.distance, units)],
    ['Elevation gain', route.elevationGain === null ? 'unknown' : formatElevation(route.elevationGain, units)],
    ['Elevation loss', route.elevationLoss === null ? 'unknown' : formatElevation(route.elevationLoss, units)],
    ['Expected time', formatDuration(route.expectedTime)],
  ];
  return (
    <dl aria-label="Route figures" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {rows.map(([term, value]) => (
        <div key={term} className="rounded-lg bg-surface-2 px-3 py-2">
          <dt className="text-xs text-muted">{term}</dt>
          <dd className="text-sm font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Props = { form: Form; saver: RouteSaver; onBusyChange(busy: boolean): void };

/**
 * The event's route: drawn by clicking points on the map (drag to move, undo, clear), or read from a GPX file. The
 * server measures it (distance, climb, expected time) once it is saved: on leaving the step, or at once for a GPX.
 */
export function RouteField({ form, saver, onBusyChange }: Props) {
  const inputId = useId();
  const [points, saved, latitude, longitude] = useWatch({ control: form.control, name: ['routePoints', 'route', 'latitude', 'longitude'] });
  const [progress, setProgress] = useState<number | null>(null);
  const [fileName, setFileName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const gpx = useMutation({
    mutationFn: async ({ file, signal }: { file: File; signal: AbortSignal }): Promise<Route | null> => {
      try {
        return await importGpx(
          file,
          { name: routeName(form), sportId: Number(form.getValues('sportId')) },
          { signal, onProgress: (f) => !signal.aborted && setProgress(Math.round(f * 100)) },
        );
      } catch (error) {
        if (signal.aborted) return null;
        throw error;
      }
    },
    meta: { silent: true },
  });
  const importing = progress !== null;
  const busy = importing || saver.isSaving;

  const onBusyChangeRef = useRef(onBusyChange);
  useLayoutEffect(() => {
    onBusyChangeRef.current = onBusyChange;
  });
  useLayoutEffect(() => onBusyChangeRef.current(busy), [busy]);
  useEffect(() => () => controller.current?.abort(), []);

  const setPoints = (next: LngLat[]) => {
    saver.clearProblem();
    setProblem(null);
    form.setValue('routePoints', next, { shouldDirty: true, shouldValidate: form.formState.errors.routePoints !== undefined });
    // A cleared map is no route at all.
    if (next.length === 0) form.setValue('route', null, { shouldDirty: true });
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    saver.clearProblem();
    if (!file.name.toLowerCase().endsWith('.gpx')) return setProblem('Choose a .gpx file (exported from your GPS or app).');
    if (file.size > GPX_MAX_BYTES) return setProblem(`Choose a GPX file under ${GPX_MAX_BYTES / 1024 / 1024} MB.`);
    const abort = new AbortController();
    controller.current = abort;
    setFileName(file.name);
    setProgress(0);
    gpx.mutate(
      { file, signal: abort.signal },
      {
        onSuccess: (route) => {
          if (!route) return;
          form.setValue('route', route, { shouldDirty: true });
          form.setValue('routePoints', route.coordinates, { shouldDirty: true, shouldValidate: form.formState.errors.routePoints !== undefined });
        },
        onError: (error) => setProblem(`The GPX file could not be read: ${errorMessage(error)}`),
        onSettled: () => setProgress(null),
      },
    );
  };

  const remove = () => {
    controller.current?.abort();
    setProgress(null);
    setPoints([]);
  };

  const unsaved = routeNeedsSaving(points, saved);
  const message = problem ?? saver.problem ?? form.formState.errors.routePoints?.message ?? form.formState.errors.route?.message;
  const meetingPoint: LngLat | null = latitude !== null && longitude !== null ? [longitude, latitude] : null;

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={message ? `${inputId}-error` : undefined}>
      <legend className="mb-1 text-base font-semibold">Route</legend>
      <p className="text-sm text-muted">Optional. Click the map to add points along the way, drag a point to move it, or import a GPX file.</p>
      <RouteEditor ariaLabel="Route map: click to add points" value={points} onChange={setPoints} meetingPoint={meetingPoint} maxPoints={ROUTE_POINTS_MAX} />
      <div className="flex flex-wrap items-center gap-2">
        <input id={inputId} type="file" accept=".gpx,application/gpx+xml" className="peer sr-only" disabled={busy} onChange={choose} />
        <label
          htmlFor={inputId}
          className={buttonClass(
            'secondary',
            'cursor-pointer peer-disabled:cursor-not-allowed peer-disabled:opacity-60 peer-focus-visible:[outline:3px_solid_var(--focus)] peer-focus-visible:[outline-offset:2px]',
          )}
        >
          Import GPX
        </label>
        {(points.length > 0 || importing) && (
          <Button variant="ghost" onClick={remove} disabled={saver.isSaving}>
            Remove route
          </Button>
        )}
      </div>
      {importing && (
        <div className="flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label={`Uploading ${fileName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={progress < 100 ? `${progress}%` : 'Reading the route'}
            className="h-2 overflow-hidden rounded-full bg-surface-2"
          >
            <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${progress}%` }} />
          </div>
          <p className="text-xs text-muted" aria-hidden="true">
            {progress < 100 ? `Uploading ${fileName}… ${progress}%` : 'Reading the route…'}
          </p>
        </div>
      )}
      <div role="status" className="text-sm text-muted empty:hidden">
        {saver.isSaving ? 'Saving the route…' : unsaved ? 'The route is measured and saved when you go on.' : ''}
      </div>
      {saved && !unsaved && points.length > 0 && <RouteFigures route={saved} />}
      {message && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-danger">
          {message}
        </p>
      )}
    </fieldset>
  );
}
