import { asc, eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import type { ExportSection } from '../account/export-registry';
import { listSettings } from './settings-service';

/** Every notification the member was sent, with who it was from (their public handle only). */
export const notificationsExportSection: ExportSection = {
  name: 'notifications',
  collect: (db, userId) =>
    db
      .select({
        kind: notifications.kind,
        message: notifications.message,
        fromHandleName: users.handleName,
        subjectType: notifications.subjectType,
        subjectId: notifications.subjectId,
        parentId: notifications.parentId,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt), asc(notifications.id)),
};

/** The member's choice per kind and channel, defaults included, as the settings screen shows it. */
export const notificationSettingsExportSection: ExportSection = {
  name: 'notificationSettings',
  collect: (db, userId) => listSettings(db, userId),
};
