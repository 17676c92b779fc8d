import { useMutation } from '@tanstack/react-query';
import { getFile } from '../../lib/file-download';
import { saveFile } from '../../lib/save-file';
import { eventKeys } from './api';

/**
 * "Download GPX": `GET /api/route/<id>/route.gpx` (GPX 1.1, the route's track), fetched with the session's token — a
 * plain link could not send it — and saved under the name the server gives it (after the route). A failure is the
 * one toast of the MutationCache.
 */
export function useRouteGpxDownload() {
  return useMutation({
    mutationKey: [...eventKeys.all, 'gpx'],
    mutationFn: (routeId: number) => getFile(`route/${routeId}/route.gpx`),
    onSuccess: ({ blob, filename }, routeId) => saveFile(blob, filename ?? `route-${routeId}.gpx`),
  });
}
