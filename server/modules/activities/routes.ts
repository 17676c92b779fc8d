import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  activity,
  activityDetail,
  activityIdBody,
  activityIdParams,
  activityIdQuery,
  activityLikeBody,
  activityLikersQuery,
  activityList,
  activityListBody,
  activitySummary,
  activitySummaryQuery,
  activityTrack,
  activityUpdate,
  manualActivityInput,
  privacySettings,
  privacySettingsInput,
  sportActivities,
  sportActivitiesQuery,
} from '#contract/activities';
import { activityCommentSchemas } from '#contract/activity-comments';
import { emptyData, okEnvelope } from '#contract/envelope';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { viewerId } from '../../plugins/authenticate';
import { memberRateLimit } from '../../plugins/rate-limit';
import { loadViewableActivity } from '../../policy/activity-access';
import { subjectThreadRoutes } from '../subjects/thread-routes';
import { listActivities, sportActivitiesOf } from './activity-list';
import { createManualActivity, deleteActivity, updateActivity } from './activity-save';
import { activitySubject } from './activity-subject';
import { activitySummary as summaryOf } from './activity-summary';
import { activitiesByIds, activityDetailOf } from './activity-wire';
import { activityGpxFile, activityOriginalFile, activityTrackJson } from './activity-files';
import { privacySettingsOf, savePrivacySettings } from './privacy/privacy-service';

/**
 * Sends text already in the wire's shape. The route's typed reply expects the object its schema describes; a string
 * with a JSON content type goes out as it is (Fastify skips the serializer), so the type is set aside here alone.
 */
const sendText = (reply: FastifyReply, text: string) => reply.send(text);

/**
 * Activities (issue 21; spec §7 `/api/getActivity`, `/api/getSportsActivity`, `/api/getActivityCoordinate`): the log,
 * one activity, its track, its files, manual entry and edits, privacy zones, and (the shared subject routes) kudos and
 * comments. Imports are import-routes.ts. Every route is for signed-in members; every read asks the Guardian.
 */
export function activityRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['activities'];
  const oneActivity = { 200: okEnvelope(activityDetail) };
  const file = (description: string, type: string) => ({ 200: { description, content: { [type]: { schema: z.string() } } } });

  r.post('/api/getActivity', {
    schema: {
      tags,
      operationId: 'listActivities',
      refuses: [404],
      summary: 'A member’s activities (yours by default) the viewer may see, newest first, keyset-paged; filter by title, sport, days, or one activity by id',
      body: activityListBody,
      response: { 200: okEnvelope(activityList) },
    },
    handler: async (req) => ok('Activities.', await listActivities(deps, viewerId(req), req.body)),
  });

  r.get('/api/getSportsActivity', {
    schema: { tags, operationId: 'listActivitySports', refuses: [404], summary: 'The sports of a member’s activities (yours by default), with how many', querystring: sportActivitiesQuery, response: { 200: okEnvelope(sportActivities) } },
    handler: async (req) => ok('Sports.', await sportActivitiesOf(deps, viewerId(req), req.query)),
  });

  r.get('/api/activity/summary', {
    schema: {
      tags,
      operationId: 'activitySummary',
      refuses: [404],
      summary: 'This week, month and year per sport, and the last 12 weeks or months as bars, on the clocks of `timeZone`',
      querystring: activitySummaryQuery,
      response: { 200: okEnvelope(activitySummary) },
    },
    handler: async (req) => ok('Summary.', await summaryOf(deps, viewerId(req), req.query)),
  });

  r.get('/api/activity/:activityId', {
    schema: { tags, operationId: 'getActivity', refuses: [404], summary: 'One activity with its splits, laps and zones (404 when the viewer may not see it)', params: activityIdParams, response: oneActivity },
    handler: async (req) => {
      const row = await loadViewableActivity(deps.db, viewerId(req), req.params.activityId);
      return ok('Activity.', await activityDetailOf(deps, viewerId(req), row.id));
    },
  });

  r.get('/api/getActivityCoordinate', {
    schema: {
      tags,
      operationId: 'getActivityTrack',
      refuses: [404],
      summary: 'An activity’s track for the map and charts (at most 2,000 points; trimmed at the owner’s privacy zones for anyone else)',
      querystring: activityIdQuery,
      response: { 200: okEnvelope(activityTrack) },
    },
    // Made once per audience and kept as JSON text (activity-views.ts): sent as it is, not parsed and written again.
    handler: async (req, reply) => {
      const track = await activityTrackJson(deps, viewerId(req), req.query.activityId);
      return sendText(reply.header('content-type', 'application/json; charset=utf-8'), `{"code":200,"message":"Track.","data":${track}}`);
    },
  });

  r.get('/api/activity/:activityId/gpx', {
    config: memberRateLimit(60),
    schema: {
      tags,
      operationId: 'downloadActivityGpx',
      refuses: [404],
      summary: 'An activity as a GPX 1.1 file with times, elevation and sensor data (trimmed at the owner’s privacy zones for anyone else)',
      params: activityIdParams,
      response: file('A GPX 1.1 file, as an attachment named after the activity', 'application/gpx+xml'),
    },
    handler: async (req, reply) => {
      const { name, body } = await activityGpxFile(deps, viewerId(req), req.params.activityId);
      return reply
        .header('content-type', 'application/gpx+xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  });

  r.get('/api/activity/:activityId/original', {
    config: memberRateLimit(60),
    schema: {
      tags,
      operationId: 'downloadActivityOriginal',
      refuses: [404],
      summary: 'The file an activity was imported from, as sent: its owner only',
      params: activityIdParams,
      response: file('The original file, as an attachment', 'application/octet-stream'),
    },
    handler: async (req, reply) => {
      const original = await activityOriginalFile(deps, viewerId(req), req.params.activityId);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${original.name}"`)
        .header('content-length', original.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(original.stream as never);
    },
  });

  r.post('/api/activity', {
    config: { ...memberRateLimit(30), permission: 'record_activities' },
    schema: { tags, operationId: 'createManualActivity', summary: 'Log an activity by hand (no track): sport, start, duration, distance, climb', body: manualActivityInput, response: oneActivity },
    handler: async (req) => ok('Activity saved.', await createManualActivity(deps, viewerId(req), req.body)),
  });

  r.put('/api/activity', {
    config: { permission: 'record_activities' },
    schema: { tags, operationId: 'updateActivity', refuses: [404], summary: 'Change your activity’s title, description, sport or who sees it', body: activityUpdate, response: oneActivity },
    handler: async (req) => ok('Activity updated.', await updateActivity(deps, viewerId(req), req.body)),
  });

  r.delete('/api/activity', {
    schema: { tags, operationId: 'deleteActivity', refuses: [404], summary: 'Delete your activity with its track, kudos and comments', body: activityIdBody, response: { 200: okEnvelope(emptyData) } },
    handler: async (req) => {
      await deleteActivity(deps, viewerId(req), req.body.activityId);
      return ok('Activity deleted.', {});
    },
  });

  r.get('/api/privacy-zones', {
    schema: { tags, operationId: 'getPrivacyZones', summary: 'Your privacy zones (their stored, offset centres) and how much of each activity’s start and end is hidden', response: { 200: okEnvelope(privacySettings) } },
    handler: async (req) => ok('Privacy zones.', await privacySettingsOf(deps.db, viewerId(req))),
  });

  r.put('/api/privacy-zones', {
    config: memberRateLimit(20),
    schema: {
      tags,
      operationId: 'savePrivacyZones',
      summary: 'Save your privacy zones and hidden ends, all at once; they apply to every activity at once',
      body: privacySettingsInput,
      response: { 200: okEnvelope(privacySettings) },
    },
    handler: async (req) => ok('Privacy zones saved. Your activities are hidden inside them from everyone else.', await savePrivacySettings(deps, viewerId(req), req.body)),
  });

  subjectThreadRoutes(app, deps, {
    spec: activitySubject,
    prefix: '/api/activity',
    tag: 'activities',
    noun: 'activity',
    comments: activityCommentSchemas,
    likeBody: activityLikeBody,
    likersQuery: activityLikersQuery,
    answer: { schema: activity, load: async (d, viewer, id) => (await activitiesByIds(d, viewer, [id]))[0]! },
  });
}
