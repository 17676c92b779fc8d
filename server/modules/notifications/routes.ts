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
import { currentUser, requireUser } from '../../plugins/authenticate';
import { badgeOf } from './badge';
// The notifications section of the member's data export registers itself at load, beside these routes.
import './export-section';
import * as notifications from './service';
import { listSettings, saveSettings } from './settings-service';

/** The member's notifications, their counts and their settings (issue 4). Every route is for signed-in members. */
export function notificationRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const security = [{ bearer: [] }];
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).user.id;

  r.get('/api/notifications', {
    preHandler: requireUser,
    schema: { tags, security, querystring: notificationListQuery, response: { 200: okEnvelope(notificationList) } },
    handler: async (req) => ok('Your notifications.', await notifications.listNotifications(deps.db, me(req), req.query)),
  });

  r.post('/api/notifications/read', {
    preHandler: requireUser,
    schema: { tags, security, body: markReadBody, response: { 200: okEnvelope(notificationBadge) } },
    handler: async (req) => {
      const { notificationId } = req.body;
      const badge = await notifications.markRead(deps, me(req), notificationId);
      return ok(notificationId === undefined ? 'All notifications marked as read.' : 'Notification marked as read.', badge);
    },
  });

  r.get('/api/notifications/badge', {
    preHandler: requireUser,
    schema: { tags, security, response: { 200: okEnvelope(notificationBadge) } },
    handler: async (req) => ok('Your notification counts.', await badgeOf(deps.db, me(req))),
  });

  r.get('/api/notificationRequestFollowList', {
    preHandler: requireUser,
    schema: { tags, security, response: { 200: okEnvelope(followRequestSummary) } },
    handler: async (req) => ok('Follow requests waiting for you.', await notifications.followRequestSummary(deps.db, me(req))),
  });

  r.get('/api/notification-setting', {
    preHandler: requireUser,
    schema: { tags, security, response: { 200: okEnvelope(notificationSettings) } },
    handler: async (req) => ok('Your notification settings.', { settings: await listSettings(deps.db, me(req)) }),
  });

  r.post('/api/notification-setting', {
    preHandler: requireUser,
    schema: { tags, security, body: notificationSettings, response: { 200: okEnvelope(notificationSettings) } },
    handler: async (req) => ok('Notification settings saved.', { settings: await saveSettings(deps.db, me(req), req.body.settings) }),
  });
}
