import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Feed } from '#contract/feeds';
import type { Gear, GearDetail, GearInput } from '#contract/gear';
import { toast } from '../../lib/toast';
import { deleteGear, gearKeys, retireGear, saveGear, setActivityGear, shareGear } from './api';
import { gearWords } from './gear-words';

/** A piece as the server answered it: its page shows it at once; the lists, totals and pickers are asked again. */
function replaceGear(queryClient: QueryClient, saved: Gear) {
  queryClient.setQueryData<GearDetail>(gearKeys.detail(saved.id), (detail) => (detail ? { ...detail, gear: saved } : detail));
  void queryClient.invalidateQueries({ queryKey: gearKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: gearKeys.pickable() });
}

/** `POST /api/userSaveEquipment`. The form words the toast (created, draft, saved) and puts a 400 under its fields. */
export function useSaveGear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...gearKeys.all, 'save'],
    mutationFn: (body: GearInput) => saveGear(body),
    onSuccess: ({ data }) => replaceGear(queryClient, data),
  });
}

/** Retire a piece or bring it back (`POST /api/equipment/retire`). */
export function useRetireGear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...gearKeys.all, 'retire'],
    mutationFn: ({ id, retired }: { id: number; retired: boolean }) => retireGear(id, retired),
    onSuccess: (saved, { retired }) => {
      replaceGear(queryClient, saved);
      toast.success(retired ? gearWords.retired : gearWords.unretired);
    },
  });
}

/**
 * `DELETE /api/deleteEquipment`. `leave` runs first (the page goes to the list), so the page never flashes a
 * not-found before the piece leaves the caches.
 */
export function useDeleteGear(leave: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...gearKeys.all, 'delete'],
    mutationFn: deleteGear,
    onSuccess: async ({ message }, id) => {
      toast.success(message || gearWords.deleted);
      await leave();
      queryClient.removeQueries({ queryKey: gearKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: gearKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: gearKeys.pickable() });
    },
  });
}

/**
 * `POST /api/activity/gear`: the gear an activity used. The pieces' totals change with it, so every gear query is
 * asked again; the activity's own page is its area's to update (the caller hears the saved list).
 */
export function useSetActivityGear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...gearKeys.all, 'activity'],
    mutationFn: ({ activityId, gearIds }: { activityId: number; gearIds: number[] }) => setActivityGear(activityId, gearIds),
    onSuccess: () => {
      toast.success(gearWords.activityGearSaved);
      void queryClient.invalidateQueries({ queryKey: gearKeys.all });
    },
  });
}

/**
 * `POST /api/shareEquipment`: a post about the owner's published piece. The toast is the server's; `posted` (the
 * route's: the feed lists are another area's cache) and the way to the new post are the caller's. A 400 lands under
 * the dialog's field, what was typed kept.
 */
export function useShareGear(posted?: (post: Feed) => unknown) {
  return useMutation({
    mutationKey: [...gearKeys.all, 'share'],
    mutationFn: ({ id, text }: { id: number; text: string }) => shareGear({ id, ...(text ? { text } : {}) }),
    onSuccess: ({ message, data }) => {
      toast.success(message || gearWords.posted);
      void posted?.(data);
    },
  });
}
