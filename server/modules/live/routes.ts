import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import {
  liveIdParams,
  liveLinkBody,
  liveLinkMade,
  liveLinkParams,
  liveNow,
  liveNowQuery,
  liveOkBody,
  livePeopleBody,
  livePositionsAck,
  livePositionsBody,
  liveSession,
  liveStartBody,
  liveStateBody,
  liveStopBody,
  liveStopped,
  liveTokenParams,
  ownLiveSession,
  sharedLive,
  LIVE_STARTED,
} from '#contract/live';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { viewerId } from '../../plugins/authenticate';
import { memberRateLimit } from '../../plugins/rate-limit';
import { loadOwnLive } from '../../policy/live-access';
import { answerCheck, setLiveStatus, stopLive } from './live-end';
import { sharedLiveOf } from './live-links';
import { receivePositions } from './live-positions';
import { addLink, revokeLink, setPeople, startLive } from './live-start';
import { liveNowFor, liveSessionFor, ownSessionOf } from './live-views';

/** Where the app is served, as the member's browser reached it (behind a proxy, as it says: TRUST_PROXY). */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * Live activities (issue 26; spec §2 `/activities/live`): start, send positions, pause, answer the safety check, stop
 * into an activity; the people and links that may watch; the list of who is live and one session. Signed-in members
 * only; what one may watch is the Guardian's (`canWatchLive`). The share link's page is `sharedLiveRoutes`.
 */
export function liveRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['live'];
  const own = { 200: okEnvelope(ownLiveSession) };

  r.post('/api/live', {
    config: { ...memberRateLimit(10), permission: 'share_live' },
    schema: { tags, operationId: 'startLive', refuses: [403, 409], summary: 'Start sharing your live location (one session at a time; it ends by itself after 12 hours)', body: liveStartBody, response: own },
    handler: async (req) => ok(LIVE_STARTED, await startLive(deps, viewerId(req), req.body, originOf(req))),
  });

  r.get('/api/live', {
    schema: { tags, operationId: 'liveNow', summary: 'Your own session going on, and the sessions you may watch now (of one event with `eventId`)', querystring: liveNowQuery, response: { 200: okEnvelope(liveNow) } },
    handler: async (req) => ok('Live now.', await liveNowFor(deps, viewerId(req), req.query)),
  });

  r.get('/api/live/:liveId', {
    schema: { tags, operationId: 'getLive', refuses: [404], summary: 'A session you may watch, with its track so far (never a position inside the sharer’s privacy zones)', params: liveIdParams, response: { 200: okEnvelope(liveSession) } },
    handler: async (req) => ok('Live session.', await liveSessionFor(deps, viewerId(req), req.params.liveId)),
  });

  r.post('/api/live/:liveId/positions', {
    // One batch every few seconds, more while a phone catches up after a dead zone.
    config: { ...memberRateLimit(240), permission: 'share_live' },
    schema: { tags, operationId: 'sendLivePositions', refuses: [403, 404], summary: 'A batch of your positions (the socket’s `live-positions` is the other way)', params: liveIdParams, body: livePositionsBody, response: { 200: okEnvelope(livePositionsAck) } },
    handler: async (req) => ok('Positions stored.', await receivePositions(deps, viewerId(req), req.params.liveId, req.body.points)),
  });

  r.post('/api/live/:liveId/state', {
    schema: { tags, operationId: 'setLiveState', refuses: [404, 409], summary: 'Pause or resume your session', params: liveIdParams, body: liveStateBody, response: own },
    handler: async (req) => ok(req.body.status === 'paused' ? 'Paused.' : 'You are live again.', await setLiveStatus(deps, viewerId(req), req.params.liveId, req.body.status)),
  });

  r.post('/api/live/:liveId/ok', {
    schema: { tags, operationId: 'answerLiveCheck', refuses: [404, 409], summary: '“I’m OK”: answers the safety check, and may move your expected return', params: liveIdParams, body: liveOkBody, response: own },
    handler: async (req) => ok('Thanks — glad you are OK.', await answerCheck(deps, viewerId(req), req.params.liveId, req.body.expectedReturnAt)),
  });

  r.post('/api/live/:liveId/stop', {
    schema: { tags, operationId: 'stopLive', refuses: [404, 409], summary: 'End your session, saving its track as an activity or discarding it', params: liveIdParams, body: liveStopBody, response: { 200: okEnvelope(liveStopped) } },
    handler: async (req) => {
      const stopped = await stopLive(deps, viewerId(req), req.params.liveId, req.body);
      return ok(stopped.activityId ? 'Saved as an activity.' : 'Live session ended.', stopped);
    },
  });

  r.put('/api/live/:liveId/people', {
    schema: { tags, operationId: 'setLivePeople', refuses: [404, 409], summary: 'The members who may watch and your safety contacts, as you want them now', params: liveIdParams, body: livePeopleBody, response: own },
    handler: async (req) => ok('Saved.', await setPeople(deps, viewerId(req), req.params.liveId, req.body)),
  });

  r.post('/api/live/:liveId/links', {
    config: memberRateLimit(20),
    schema: { tags, operationId: 'addLiveLink', refuses: [404, 409], summary: 'A share link for a safety contact without an account, e-mailed to them (shown once here)', params: liveIdParams, body: liveLinkBody, response: { 200: okEnvelope(liveLinkMade) } },
    handler: async (req) => ok(`Link sent to ${req.body.email}.`, await addLink(deps, viewerId(req), req.params.liveId, req.body.email, originOf(req))),
  });

  r.delete('/api/live/:liveId/links/:linkId', {
    schema: { tags, operationId: 'revokeLiveLink', refuses: [404], summary: 'Turn a share link off at once', params: liveLinkParams, response: own },
    handler: async (req) => ok('Link turned off.', await revokeLink(deps, viewerId(req), req.params.liveId, req.params.linkId)),
  });

  // The sharer's own view of one session (the list carries it too); kept for the apps, which open it by id.
  r.get('/api/live/:liveId/own', {
    schema: { tags, operationId: 'getOwnLive', refuses: [404], summary: 'Your own session, whole: track, people, links and who is watching', params: liveIdParams, response: own },
    handler: async (req) => ok('Live session.', await ownSessionOf(deps, await loadOwnLive(deps.db, viewerId(req), req.params.liveId))),
  });
}

/** `GET /api/live/shared/:token`: a share link's page, without an account (only what the link opens). */
export function sharedLiveRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/live/shared/:token', {
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags: ['live'], operationId: 'getSharedLive', refuses: [404], summary: 'What a share link shows: this session’s map and the sharer’s first name', params: liveTokenParams, response: { 200: okEnvelope(sharedLive) } },
    handler: async (req) => ok('Live session.', await sharedLiveOf(deps, req.params.token)),
  });
}
