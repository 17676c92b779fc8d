import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Activity, ActivityDetail } from '#contract/activities';
import type { MemberSummary } from '#contract/social';
import type { Deps } from '../../deps';
import { activities, activityStreams } from '../../db/schema/activities';
import { subjects } from '../../db/schema/subjects';
import { users } from '../../db/schema/users';
import { activityPublicToMembersSql } from '../../policy/activity-policy';
import { DISPLAY_FILE, mediaUrl, THUMB_FILE } from '../media/upload-files';
import { mediaUrlSigner, type MediaUrlSigner } from '../media/url-signing';
import { gearOfActivity } from '../gear/gear-views';
import { likesOf } from '../reactions/reaction-service';
import { FAMILY_TRAITS, sportFamily } from './track/sport-family';
import { SPLIT_M } from './track/splits';
import { freshViews, type StoredView } from './activity-views';
import type { ViewDetail } from './views/derive-views';

/** An activity's own columns without the search text and the owner-only line, with what a view needs beside them. */
const { searchText: _searchText, line: _line, ...activityOwnColumns } = getTableColumns(activities);
export const activityColumns = {
  ...activityOwnColumns,
  // Whether the picture everyone else sees is every member's (the policy's rule, in SQL): then it goes unsigned.
  publicToMembers: activityPublicToMembersSql(),
  author: sql<MemberSummary>`json_build_object('userId', ${users.id}, 'handleName', ${users.handleName}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'profileImage', ${users.profileImage})`,
  commentCount: subjects.commentCount,
  hasStreams: sql<boolean>`exists (select 1 from ${activityStreams} st where st.activity_id = ${activities.id})`,
};

const EMPTY_DETAIL: ViewDetail = { splits: { metric: [], imperial: [] }, laps: [], heartRateZones: null, elevationMin: null, elevationMax: null, series: [] };

/**
 * The activities of `rows` as `viewerId` sees them (contract `activity`), in order: the owner's view for the owner,
 * everyone else's for anyone else (activity-views.ts), kudos and comment counts, and the map picture's URLs, signed
 * unless every member may see the activity (check 14). The rows must have passed the policy already.
 */
export async function activityViewsFor(deps: Pick<Deps, 'db' | 'storage' | 'clock' | 'activityWorker'>, viewerId: number, rows: ActivityRow[]) {
  const views = await freshViews(
    deps,
    rows.map((r) => ({ id: r.id, userId: r.userId, hasStreams: r.hasStreams, audience: r.userId === viewerId ? 'owner' : 'others' })),
  );
  const likes = await likesOf(deps.db, viewerId, rows.map((r) => r.subjectId));
  let sign: MediaUrlSigner | undefined;
  const out: { activity: Activity; view: StoredView | undefined }[] = [];
  for (const row of rows) {
    const view = views.get(row.id);
    // The owner's picture (the whole track) is never every member's; everyone else's is when the activity is.
    const unsigned = row.userId !== viewerId && row.publicToMembers;
    const url = async (file: string) => {
      if (!view?.mapKey) return null;
      const plain = mediaUrl(view.mapKey, file);
      if (unsigned) return plain;
      sign ??= await mediaUrlSigner(deps);
      return sign(view.mapKey, file, plain);
    };
    out.push({
      view,
      activity: {
        id: row.id,
        author: row.author,
        sportId: row.sportId,
        title: row.title,
        description: row.description,
        visibility: row.visibility,
        source: row.source,
        startDate: row.startAt.toISOString(),
        timeZone: row.timeZone,
        distance: row.distanceM,
        movingTime: row.movingS,
        elapsedTime: row.elapsedS,
        elevationGain: row.elevationGainM,
        elevationLoss: row.elevationLossM,
        averageSpeed: row.averageSpeedMps,
        maxSpeed: row.maxSpeedMps,
        averageHeartRate: row.averageHeartRate,
        maxHeartRate: row.maxHeartRate,
        averagePower: row.averagePower,
        maxPower: row.maxPower,
        averageCadence: row.averageCadence,
        calories: row.calories,
        caloriesSource: row.caloriesSource,
        // A track wholly inside the owner's zones has no line to show anyone else, and so no picture.
        hasTrack: row.hasTrack && view?.mapKey != null,
        mapImage: await url(DISPLAY_FILE),
        mapThumbnail: await url(THUMB_FILE),
        hasHiddenParts: view?.hasHiddenParts ?? false,
        commentCount: row.commentCount,
        likes: likes.get(row.subjectId) ?? { total: 0, mine: null, byCode: [] },
        createdAt: row.createdAt.toISOString(),
      },
    });
  }
  return out;
}

/** Activities with their owners and subject rows, as `activityViewsFor` takes them. */
export function selectActivityRows(deps: Pick<Deps, 'db'>) {
  return deps.db.select(activityColumns).from(activities).innerJoin(users, eq(users.id, activities.userId)).innerJoin(subjects, eq(subjects.id, activities.subjectId));
}

export type ActivityRow = Awaited<ReturnType<typeof selectActivityRows>>[number];

/** The activities of `ids` as the viewer sees them, in that order; the caller has checked the viewer may see each. */
export async function activitiesByIds(deps: Pick<Deps, 'db' | 'storage' | 'clock' | 'activityWorker'>, viewerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await selectActivityRows(deps).where(inArray(activities.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.map((id) => byId.get(id)).filter((r): r is ActivityRow => r !== undefined);
  return (await activityViewsFor(deps, viewerId, ordered)).map((v) => v.activity);
}

/** One activity's page (`activityDetail`) as `viewerId` sees it; the caller has checked they may. */
export async function activityDetailOf(deps: Pick<Deps, 'db' | 'storage' | 'clock' | 'activityWorker'>, viewerId: number, activityId: number): Promise<ActivityDetail> {
  const rows = await selectActivityRows(deps).where(eq(activities.id, activityId));
  const [{ activity, view }] = (await activityViewsFor(deps, viewerId, rows)) as [{ activity: Activity; view: StoredView | undefined }];
  const detail: ViewDetail = view ? (JSON.parse(view.detail) as ViewDetail) : EMPTY_DETAIL;
  const row = rows[0]!;
  const paced = FAMILY_TRAITS[sportFamily(row.sportId)].paced && row.distanceM > 0 && row.movingS > 0;
  return {
    ...activity,
    ...detail,
    pacePerKm: paced ? row.movingS / (row.distanceM / SPLIT_M.metric) : null,
    pacePerMile: paced ? row.movingS / (row.distanceM / SPLIT_M.imperial) : null,
    isOwner: row.userId === viewerId,
    hasOriginalFile: row.userId === viewerId && row.originalKey !== null,
    gear: await gearOfActivity(deps.db, viewerId, activityId),
  };
}
