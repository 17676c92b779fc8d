import { infiniteQueryOptions, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { activityDetail } from '#contract/activities';
import { emptyData } from '#contract/envelope';
import { feed } from '#contract/feeds';
import {
  componentMoveBody,
  componentServiceBody,
  gear,
  gearComponent,
  gearDetail,
  gearList,
  gearPickable,
  shareGearBody,
  sportEquipmentOptions,
  type ComponentInput,
  type GearInput,
  type GearList,
} from '#contract/gear';
import { notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { api } from '../../lib/api-client';
import { idFromSearch } from '../../lib/id-search';
import { loadOrNotFound } from '../../lib/load-or-not-found';
import { getNextPageParam, initialPageParam, pageSearchParams, type PageParam, type Pages } from '../../lib/paging';
import { uploadImage, type UploadOptions } from '../../lib/upload';

/** Whose gear, and of which sport: no handle is the viewer's own (drafts and retired included); undefined is "all". */
export type GearFilters = { handleName?: string | undefined; sportId?: number | undefined };

/**
 * Every gear query key, generic to specific: `['gear']`, `['gear','list',filters]`, `['gear','detail',id]`,
 * `['gear','options',sportId]`, `['gear','pickable']`. A save, retire or delete refreshes everything under `['gear']`.
 */
export const gearKeys = {
  all: ['gear'] as const,
  lists: () => [...gearKeys.all, 'list'] as const,
  list: (filters: GearFilters) => [...gearKeys.all, 'list', normalize(filters)] as const,
  detail: (id: number) => [...gearKeys.all, 'detail', id] as const,
  options: (sportId: number) => [...gearKeys.all, 'options', sportId] as const,
  pickable: () => [...gearKeys.all, 'pickable'] as const,
};

function normalize(filters: GearFilters): GearFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as GearFilters;
}

export type GearPages = Pages<GearList>;

/** `GET /api/getUserProfileSportEquipment`: yours (drafts and retired too) or a member's published gear, 50 a page. */
export const gearListQuery = (filters: GearFilters) =>
  infiniteQueryOptions<GearList, Error, GearPages, QueryKey, PageParam>({
    queryKey: gearKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get(gearList, 'getUserProfileSportEquipment', { searchParams: { ...normalize(filters), ...pageSearchParams(pageParam) }, signal }).then((r) => r.data),
    initialPageParam,
    getNextPageParam,
  });

/** `GET /api/sportEquipmentOptions?sportId=`: the fields a sport's gear has, as the server describes them. */
export const gearOptionsQuery = (sportId: number) =>
  queryOptions({
    queryKey: gearKeys.options(sportId),
    queryFn: ({ signal }) => api.get(sportEquipmentOptions, 'sportEquipmentOptions', { searchParams: { sportId }, signal }).then((r) => r.data),
    // They change only with a deploy.
    staleTime: Infinity,
  });

/** `GET /api/equipment/:gearId`. A 404 (missing, or not the viewer's to see) is the page's not-found state, not a toast. */
export const gearDetailQuery = (gearId: number) =>
  queryOptions({
    queryKey: gearKeys.detail(gearId),
    queryFn: ({ signal }) => api.get(gearDetail, `equipment/${gearId}`, { signal }).then((r) => r.data),
    // Its totals and wear move with activities saved anywhere (an import's job, another device): each visit shows
    // what the cache holds at once and asks again, so a "service due" notice leads to a page that says so.
    staleTime: 0,
    meta: { silent: true },
  });

/** Gear ids as the address carries them. */
export const gearIdParam = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

/** The loader of a piece's page: it in the cache, and its id; a bad id, a missing or hidden piece → not found. */
export async function loadGearDetail(queryClient: QueryClient, rawId: string): Promise<{ gearId: number }> {
  const gearId = idFromSearch(rawId);
  if (gearId === undefined) throw notFound();
  await loadOrNotFound(queryClient, gearDetailQuery(gearId));
  return { gearId };
}

/** `GET /api/equipment/pickable`: your pieces in use, each sport's default first (an activity's gear picker). */
export const gearPickableQuery = () =>
  queryOptions({
    queryKey: gearKeys.pickable(),
    queryFn: ({ signal }) => api.get(gearPickable, 'equipment/pickable', { signal }).then((r) => r.data),
  });

/** `POST /api/userSaveEquipment`: a new piece, or an edit with `id`; answers it and the server's message. */
export const saveGear = (body: GearInput) => api.post(gear, 'userSaveEquipment', body);

/** `DELETE /api/deleteEquipment`; answers the server's message. */
export const deleteGear = (id: number) => api.delete(emptyData, 'deleteEquipment', { id });

/** `POST /api/shareEquipment`: a post about your published piece, with your words; answers the post and the message. */
export const shareGear = (body: z.infer<typeof shareGearBody>) => api.post(feed, 'shareEquipment', body);

/** `POST /api/equipment/retire`: retire a piece (out of the pickers, totals kept) or bring it back. */
export const retireGear = (id: number, retired: boolean) => api.post(gear, 'equipment/retire', { id, retired }).then((r) => r.data);

/** What an activity's gear is on the wire: `activityDetail.gear`, which `POST /api/activity/gear` answers too. */
const activityGearList = activityDetail.shape.gear;
export type ActivityGearList = z.infer<typeof activityGearList>;

/** `POST /api/activity/gear`: the gear an activity used (empty for none); answers the list as saved. */
export const setActivityGear = (activityId: number, gearIds: number[]) =>
  api.post(activityGearList, 'activity/gear', { activityId, gearIds }).then((r) => r.data);

/** One photo of a piece through the image pipeline (purpose `gear`), with upload progress. */
export const uploadGearPhoto = (file: File, options: UploadOptions) => uploadImage(file, 'gear', options);

export type ComponentMoveBody = z.infer<typeof componentMoveBody>;
export type ComponentServiceBody = z.infer<typeof componentServiceBody>;

/** `POST /api/equipment/component`: fit a component to your piece, or change one with `id`; answers it and the message. */
export const saveComponent = (body: ComponentInput) => api.post(gearComponent, 'equipment/component', body);

/** `DELETE /api/equipment/component`; answers the server's message. */
export const removeComponent = (id: number) => api.delete(emptyData, 'equipment/component', { id });

/** `POST /api/equipment/component/move`: onto another piece of yours from `movedAt` on, its totals kept. */
export const moveComponent = (body: ComponentMoveBody) => api.post(gearComponent, 'equipment/component/move', body);

/** `POST /api/equipment/component/service`: log a service; the component comes back with its interval counting afresh. */
export const logComponentService = (body: ComponentServiceBody) =>
  api.post(gearComponent, 'equipment/component/service', body);
