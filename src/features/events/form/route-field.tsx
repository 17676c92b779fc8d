import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { GPX_MAX_BYTES, ROUTE_NAME_MAX, ROUTE_POINTS_MAX, type LngLat, type Route } from '#contract/map-routes';
import { startCentre, useMapStart } from '../../../components/map/map-start';
import { RouteEditor } from '../../../components/map/route-editor';
import { Button } from '../../../components/ui/button';
import { FileButton } from '../../../components/ui/file-button';
import { UploadProgress, useReportBusy, useUploadProgress } from '../../../components/ui/upload-progress';
import { errorMessage } from '../../../lib/api-error';
import { RouteFigures } from '../components/route-figures';
import { importGpx, saveDrawnRoute } from '../api';
import { routeNeedsSaving, type EventFormInput, type EventFormValues } from './event-form-schema';
import { useMapStartInput } from './map-start-input';

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

type Props = { form: Form; saver: RouteSaver; onBusyChange(busy: boolean): void };

/**
 * The event's route: drawn by clicking points on the map (drag to move, undo, clear), or read from a GPX file. The
 * server measures it (distance, climb, expected time) once it is saved: on leaving the step, or at once for a GPX.
 */
export function RouteField({ form, saver, onBusyChange }: Props) {
  const inputId = useId();
  const [points, saved, latitude, longitude] = useWatch({ control: form.control, name: ['routePoints', 'route', 'latitude', 'longitude'] });
  const [problem, setProblem] = useState<string | null>(null);
  // With neither a route nor a meeting point to show, the map opens where the member is (map-start.ts).
  const [blank] = useState(() => points.length === 0 && (latitude === null || longitude === null));
  const start = useMapStart(useMapStartInput(), blank);
  const bar = useUploadProgress();
  const gpx = useMutation({
    mutationFn: async ({ file, signal, onProgress }: { file: File; signal: AbortSignal; onProgress(fraction: number): void }): Promise<Route | null> => {
      try {
        return await importGpx(file, { name: routeName(form), sportId: Number(form.getValues('sportId')) }, { signal, onProgress });
      } catch (error) {
        if (signal.aborted) return null;
        throw error;
      }
    },
    meta: { silent: true },
  });
  const { progress, fileName } = bar;
  const importing = bar.uploading;
  const busy = importing || saver.isSaving;
  useReportBusy(busy, onBusyChange);

  const setPoints = (next: LngLat[]) => {
    saver.clearProblem();
    setProblem(null);
    form.setValue('routePoints', next, { shouldDirty: true, shouldValidate: form.formState.errors.routePoints !== undefined });
    // A cleared map is no route at all.
    if (next.length === 0) form.setValue('route', null, { shouldDirty: true });
  };

  const choose = ([file]: File[]) => {
    if (!file) return;
    setProblem(null);
    saver.clearProblem();
    if (!file.name.toLowerCase().endsWith('.gpx')) return setProblem('Choose a .gpx file (exported from your GPS or app).');
    if (file.size > GPX_MAX_BYTES) return setProblem(`Choose a GPX file under ${GPX_MAX_BYTES / 1024 / 1024} MB.`);
    const { signal, onProgress, done } = bar.start(file.name);
    gpx.mutate(
      { file, signal, onProgress },
      {
        onSuccess: (route) => {
          if (!route) return;
          form.setValue('route', route, { shouldDirty: true });
          form.setValue('routePoints', route.coordinates, { shouldDirty: true, shouldValidate: form.formState.errors.routePoints !== undefined });
        },
        onError: (error) => setProblem(`The GPX file could not be read: ${errorMessage(error)}`),
        onSettled: done,
      },
    );
  };

  const remove = () => {
    bar.cancel();
    setPoints([]);
  };

  const unsaved = routeNeedsSaving(points, saved);
  const message = problem ?? saver.problem ?? form.formState.errors.routePoints?.message ?? form.formState.errors.route?.message;
  const meetingPoint: LngLat | null = latitude !== null && longitude !== null ? [longitude, latitude] : null;

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={message ? `${inputId}-error` : undefined}>
      <legend className="mb-1 text-base font-semibold">Route</legend>
      <p className="text-sm text-muted">Optional. Click the map to add points along the way, drag a point to move it, or import a GPX file.</p>
      {!blank || start ? (
        <RouteEditor
          ariaLabel="Route map: click to add points"
          value={points}
          onChange={setPoints}
          meetingPoint={meetingPoint}
          maxPoints={ROUTE_POINTS_MAX}
          {...(start ? startCentre(start) : {})}
        />
      ) : (
        <div role="status" className="flex h-72 w-full items-center justify-center rounded-xl border border-line bg-surface-2 text-sm text-muted sm:h-96">
          Finding where you are…
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <FileButton accept=".gpx,application/gpx+xml" disabled={busy} onFiles={choose}>
          Import GPX
        </FileButton>
        {points.length > 0 && !importing && (
          <Button variant="ghost" onClick={remove} disabled={saver.isSaving}>
            Remove route
          </Button>
        )}
      </div>
      {/* Cancelling an import keeps whatever route was there before it. */}
      {progress !== null && <UploadProgress label={`Uploading ${fileName}`} progress={progress} caption={fileName} doneText="Reading the route" onCancel={bar.cancel} />}
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
