import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import {
  followRequestSummary,
  markReadBody,
  notificationBadge,
  notificationList,
  notificationListQuery,
  notificationSettings,
} from '#contract/notifications';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { viewerId } from '../../plugins/authenticate';
import { badgeOf } from './badge';
import * as notifications from './service';
import { listSettings, saveSettings } from './settings-service';

/** The member's notifications, their counts and their settings (issue 4). Every route is for signed-in members. */
export function notificationRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  r.get('/api/notifications', {
    schema: {
      tags,
      operationId: 'listNotifications',
      summary: 'Your notifications, newest first',
      querystring: notificationListQuery,
      response: { 200: okEnvelope(notificationList) },
    },
    handler: async (req) => ok('Your notifications.', await notifications.listNotifications(deps, viewerId(req), req.query)),
  });

  r.post('/api/notifications/read', {
    schema: {
      tags,
      operationId: 'markNotificationsRead',
      summary: 'Mark one notification read, or all of them; answers your counts',
      refuses: [404],
      body: markReadBody,
      response: { 200: okEnvelope(notificationBadge) },
    },
    handler: async (req) => {
      const { notificationId } = req.body;
      const badge = await notifications.markRead(deps, viewerId(req), notificationId);
      return ok(notificationId === undefined ? 'All notifications marked as read.' : 'Notification marked as read.', badge);
    },
  });

  r.get('/api/notifications/badge', {
    schema: {
      tags,
      operationId: 'getNotificationBadge',
      summary: 'Your unread notification and waiting follow-request counts',
      response: { 200: okEnvelope(notificationBadge) },
    },
    handler: async (req) => ok('Your notification counts.', await badgeOf(deps.db, viewerId(req))),
  });

  r.get('/api/notificationRequestFollowList', {
    schema: {
      tags,
      operationId: 'getFollowRequestSummary',
      summary: 'Follow requests waiting for you: how many and the newest requesters',
      response: { 200: okEnvelope(followRequestSummary) },
    },
    handler: async (req) => ok('Follow requests waiting for you.', await notifications.followRequestSummary(deps.db, viewerId(req))),
  });

  r.get('/api/notification-setting', {
    schema: {
      tags,
      operationId: 'getNotificationSettings',
      summary: 'Which notifications you get, in the app and by e-mail',
      response: { 200: okEnvelope(notificationSettings) },
    },
    handler: async (req) => ok('Your notification settings.', { settings: await listSettings(deps.db, viewerId(req)) }),
  });

  r.post('/api/notification-setting', {
    schema: {
      tags,
      operationId: 'saveNotificationSettings',
      summary: 'Choose which notifications you get, in the app and by e-mail',
      body: notificationSettings,
      response: { 200: okEnvelope(notificationSettings) },
    },
    handler: async (req) => ok('Notification settings saved.', { settings: await saveSettings(deps.db, viewerId(req), req.body.settings) }),
  });
}
