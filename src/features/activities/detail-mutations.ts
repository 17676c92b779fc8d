import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityUpdate } from '#contract/activities';
import { saveFile } from '../../lib/save-file';
import { toast } from '../../lib/toast';
import { activityKeys, deleteActivity, downloadActivityGpx, downloadActivityOriginal, updateActivity } from './api';
import { removeActivity, replaceActivityDetail } from './activity-cache';

/** The owner's actions on an activity's page, in words (the server's own message wins where it sends one). */
const detailWords = {
  saved: 'Activity saved.',
  deleted: 'Activity deleted.',
} as const;

/**
 * `PUT /api/activity`: the owner's new title, description, sport or visibility. The answer replaces the page's copy
 * and the lists refresh. A refusal for a field is put under it by the form; any other failure is the one toast of
 * the MutationCache.
 */
export function useUpdateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...activityKeys.all, 'update'],
    mutationFn: (body: ActivityUpdate) => updateActivity(body),
    onSuccess: ({ data, message }) => {
      replaceActivityDetail(queryClient, data);
      toast.success(message || detailWords.saved);
    },
  });
}

/**
 * `DELETE /api/activity`. `leave` runs first (the page goes to the list), so the page never flashes a not-found
 * before the activity leaves every cache.
 */
export function useDeleteActivity(leave: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...activityKeys.all, 'delete'],
    mutationFn: deleteActivity,
    onSuccess: async (_answer, activityId) => {
      toast.success(detailWords.deleted);
      await leave();
      removeActivity(queryClient, activityId);
    },
  });
}

/**
 * "Download GPX" (`GET /api/activity/:id/gpx`: for anyone but the owner, trimmed at the owner's privacy zones by the
 * server) and, for the owner, the file it was imported from (`/original`). Fetched with the session's token, which a
 * plain link could not send, and saved under the name the server gives.
 */
export function useActivityDownload(kind: 'gpx' | 'original') {
  return useMutation({
    mutationKey: [...activityKeys.all, 'download', kind],
    mutationFn: kind === 'gpx' ? downloadActivityGpx : downloadActivityOriginal,
    onSuccess: ({ blob, filename }, activityId) => saveFile(blob, filename ?? `activity-${activityId}${kind === 'gpx' ? '.gpx' : ''}`),
  });
}
