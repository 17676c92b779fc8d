import { and, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSetting } from '#contract/notifications';
import type { Db } from '../../db/client';
import { notificationSettings } from '../../db/schema/notifications';
import { badRequest } from '../../lib/errors';

/** What a member gets when they never chose: everything, in the app and by e-mail (spec §2 settings screen). */
const DEFAULT_CHANNELS = { inApp: true, email: true } as const;

/** Whether `userId` wants `kind` in the app and by e-mail; a missing row is the default. */
export async function channelsFor(db: Db, userId: number, kind: NotificationKind) {
  const [row] = await db
    .select({ inApp: notificationSettings.inApp, email: notificationSettings.email })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.kind, kind)))
    .limit(1);
  return row ?? DEFAULT_CHANNELS;
}

/** Every kind with its two channels, in the settings screen's order. */
export async function listSettings(db: Db, userId: number): Promise<NotificationSetting[]> {
  const rows = await db
    .select({ kind: notificationSettings.kind, inApp: notificationSettings.inApp, email: notificationSettings.email })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const chosen = new Map(rows.map((r) => [r.kind, r]));
  return NOTIFICATION_KINDS.map((kind) => ({ kind, ...DEFAULT_CHANNELS, ...chosen.get(kind) }));
}

/** Saves the kinds sent (any subset; the rest keep their choice) and answers every kind. */
export async function saveSettings(db: Db, userId: number, settings: NotificationSetting[]) {
  const seen = new Set<NotificationKind>();
  for (const s of settings) {
    if (seen.has(s.kind)) throw badRequest('Each kind of notification may appear only once.', { settings: [`"${s.kind}" appears more than once.`] });
    seen.add(s.kind);
  }
  if (settings.length > 0) {
    await db
      .insert(notificationSettings)
      .values(settings.map((s) => ({ userId, kind: s.kind, inApp: s.inApp, email: s.email })))
      .onConflictDoUpdate({
        target: [notificationSettings.userId, notificationSettings.kind],
        set: { inApp: sql`excluded.in_app`, email: sql`excluded.email` },
      });
  }
  return listSettings(db, userId);
}
