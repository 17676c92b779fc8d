import { useMutation } from '@tanstack/react-query';
import { getFile } from '../../lib/file-download';
import { saveFile } from '../../lib/save-file';
import { eventKeys } from './api';

/**
 * "Add to calendar": `GET /api/challenge/<id>/calendar.ics` (the times in the event's zone, with its repeats), fetched
 * with the session's token — a plain link could not send it — and handed to the browser's download under the name
 * the server gives it (after the event). A failure is the one toast of the MutationCache.
 */
export function useCalendarDownload() {
  return useMutation({
    mutationKey: [...eventKeys.all, 'calendar'],
    mutationFn: (eventId: number) => getFile(`challenge/${eventId}/calendar.ics`),
    onSuccess: ({ blob, filename }, eventId) => saveFile(blob, filename ?? `event-${eventId}.ics`),
  });
}
