import { and, between, eq, or } from 'drizzle-orm';
import type { ActivityDetail, ActivityUpdate, ActivityVisibility, ManualActivityInput } from '#contract/activities';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { activities, activityStreams, activityViews } from '../../db/schema/activities';
import { notifications } from '../../db/schema/notifications';
import { enqueue } from '../../jobs/queue';
import { fieldError } from '../../lib/errors';
import { loadOwnActivity } from '../../policy/activity-access';
import { REMOVE_FILES_JOB } from '../account/delete-service';
import { useDefaultGear } from '../gear/activity-gear';
import { noticeServiceDue } from '../gear/component-save';
import { withOutbox } from '../notifications/outbox';
import { deleteSubjects, newSubject } from '../subjects/subject-rows';
import { activityDetailOf } from './activity-wire';
import { checkedZone } from './activity-owner';
import { makeViews, removePictures } from './activity-views';
import { defaultTitle } from './track/default-title';
import type { ParsedFile } from './worker/activity-tasks';

type SaveDeps = Deps;

/** An activity read from a file, as the import stores it: the file's streams and numbers, and where the file is kept. */
export type ImportedActivity = Extract<ParsedFile, { ok: true }> & {
  originalKey: string | null;
  originalName: string;
  timeZone: string;
  /** A file's, unless a live session's track (issue 26), which also says who sees it. */
  source?: 'file' | 'live';
  visibility?: ActivityVisibility;
};

/**
 * Stores an activity read from a file (the import job): its subject, its row and its streams, in `tx`. Its views are
 * made after the commit (`makeViews`), since the worker must not run inside a transaction. Answers its id.
 */
export async function insertImported(tx: Db, now: Date, userId: number, a: ImportedActivity): Promise<number> {
  const [row] = await tx
    .insert(activities)
    .values({
      subjectId: await newSubject(tx, 'activity', userId),
      userId,
      sportId: a.sportId,
      title: a.title,
      description: a.description,
      source: a.source ?? 'file',
      visibility: a.visibility ?? 'everyone',
      startAt: new Date(a.startAt * 1000),
      timeZone: a.timeZone,
      ...a.stats,
      hasTrack: a.hasTrack,
      line: a.line,
      fileSha256: a.sha256,
      originalKey: a.originalKey,
      originalName: a.originalName,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: activities.id });
  await tx.insert(activityStreams).values({ activityId: row!.id, data: Buffer.from(a.streams), laps: a.laps, deviceTotals: a.totals });
  await useDefaultGear(tx, { id: row!.id, userId, sportId: a.sportId });
  return row!.id;
}

/**
 * An activity of the member's that this one duplicates: the same file, or one that started within a second of it (a
 * member cannot start two at once; the same ride exported twice, or from two devices, starts so).
 */
export async function findDuplicate(db: Db, userId: number, sha256: string, startAt: Date): Promise<{ id: number; title: string; originalKey: string | null } | undefined> {
  const within = (ms: number) => new Date(startAt.getTime() + ms);
  const [row] = await db
    .select({ id: activities.id, title: activities.title, originalKey: activities.originalKey })
    .from(activities)
    .where(
      and(
        eq(activities.userId, userId),
        or(eq(activities.fileSha256, sha256), between(activities.startAt, within(-1000), within(1000))),
      ),
    )
    .limit(1);
  return row;
}

/**
 * `POST /api/activity`: an activity typed in by hand (spec: the gym session, the hike without a watch). No track, so
 * no views; its numbers are what the member says. Answers it as its page shows it.
 */
export async function createManualActivity(deps: SaveDeps, userId: number, input: ManualActivityInput): Promise<ActivityDetail> {
  const zone = checkedZone(input.timeZone);
  const startAt = new Date(input.startDate);
  const now = deps.clock.now();
  if (startAt.getTime() > now.getTime() + 60_000) throw fieldError('startDate', 'That start is in the future: log an activity once it happened.');
  const distanceM = input.distance ?? 0;
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(activities)
      .values({
        subjectId: await newSubject(tx, 'activity', userId),
        userId,
        sportId: input.sportId,
        title: input.title || defaultTitle(startAt.getTime() / 1000, input.sportId, zone),
        description: input.description ?? '',
        visibility: input.visibility ?? 'everyone',
        source: 'manual',
        startAt,
        timeZone: zone,
        distanceM,
        movingS: input.duration,
        elapsedS: input.duration,
        elevationGainM: input.elevationGain ?? null,
        averageSpeedMps: distanceM > 0 ? distanceM / input.duration : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: activities.id });
    await useDefaultGear(tx, { id: row!.id, userId, sportId: input.sportId });
    return row!.id;
  });
  await noticeServiceDue(deps, userId);
  return activityDetailOf(deps, userId, id);
}

/** `PUT /api/activity`: the owner's title, description, sport and visibility (anyone else's is a 404). */
export async function updateActivity(deps: SaveDeps, userId: number, input: ActivityUpdate): Promise<ActivityDetail> {
  const own = await loadOwnActivity(deps.db, userId, input.id);
  const [before] = await deps.db.select({ sportId: activities.sportId }).from(activities).where(eq(activities.id, own.id));
  await deps.db
    .update(activities)
    .set({ title: input.title, description: input.description, sportId: input.sportId, visibility: input.visibility, updatedAt: deps.clock.now() })
    .where(eq(activities.id, own.id));
  // The sport sets what counts as a stop (moving time, splits' paces): the views are made again under it.
  if (before && before.sportId !== input.sportId) await makeViews(deps, own.id, { remake: true });
  return activityDetailOf(deps, userId, own.id);
}

/**
 * `DELETE /api/activity`: the owner's activity (anyone else's is a 404), with its streams, views, kudos, comments and
 * the notifications about them; posts that shared it stay, without it. Its map pictures and original file are removed.
 */
export async function deleteActivity(deps: SaveDeps, userId: number, activityId: number) {
  await withOutbox(deps, async (tx, outbox) => {
    const own = await loadOwnActivity(tx, userId, activityId, { removedToo: true });
    const [row] = await tx.select({ originalKey: activities.originalKey }).from(activities).where(eq(activities.id, own.id));
    const pictures = await tx.select({ key: activityViews.mapKey }).from(activityViews).where(eq(activityViews.activityId, own.id));
    await deleteSubjects(tx, [own.subjectId]);
    const gone = await tx
      .delete(notifications)
      .where(
        or(
          and(eq(notifications.subjectType, 'activity'), eq(notifications.subjectId, own.id)),
          and(eq(notifications.subjectType, 'activity_comment'), eq(notifications.parentId, own.id)),
        ),
      )
      .returning({ userId: notifications.userId });
    for (const member of new Set(gone.map((g) => g.userId))) outbox.badge(member);
    if (row?.originalKey) await enqueue(tx, deps.clock, REMOVE_FILES_JOB, { keys: [row.originalKey] });
    return [...new Set(pictures.map((p) => p.key))].filter((k): k is string => k !== null);
  }).then((pictures) => removePictures(deps, pictures));
}
