import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { emptyData, okEnvelope } from '#contract/envelope';
import {
  cancelBody,
  challengeIdBody,
  cohostDeclined,
  cohostInvitesQuery,
  deleteEventBody,
  event,
  eventCalendarParams,
  eventIdQuery,
  eventInput,
  eventList,
  eventListQuery,
  eventPeople,
  eventPeopleQuery,
  eventStatus,
  invited,
  inviteBody,
} from '#contract/events';
import { eventProgress, eventProgressQuery } from '#contract/activities';
import type { Deps } from '../../deps';
import { eventProgress as eventProgressOf } from './event-progress';
import { fieldError } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { viewerId } from '../../plugins/authenticate';
import { joinEvent, leaveEvent, toggleInterest } from './attendance';
import { eventCalendarFile } from './calendar-download';
import { acceptCohostInvite, declineCohostInvite, listCohostInvites } from './cohosts';
import { loadViewableEvent } from '../../policy/event-access';
import { cancelEvent, deleteEvent } from './event-lifecycle';
import { listEvents } from './event-list';
import { publishEvent } from './event-publish';
import { saveEvent } from './event-save';
import { eventView } from './event-views';
import { inviteMembers } from './invites';
import { listPeople } from './people';

/**
 * Events, called challenges on the wire (issue 6, spec §7 paths). Every route is for signed-in members and starts
 * from the policy (event-access.ts, event-policy.ts). Comments and reactions live beside these in their own files.
 */
export function eventRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];
  const oneEvent = { 200: okEnvelope(event) };
  const status = { 200: okEnvelope(eventStatus) };
  /**
   * What a save says (spec §8 gives 'Event Created Successfully' for the event form, and no words for an edit): a
   * draft is saved, an event published for the first time is created, any other edit is an update.
   */
  const savedMessage = (isDraft: boolean, firstPublish: boolean) =>
    isDraft ? 'Draft saved.' : firstPublish ? 'Event Created Successfully' : 'Event Updated Successfully';

  r.get('/api/challengeActivity', {
    schema: {
      tags,
      operationId: 'listEvents',
      summary:
        'Events the viewer may see, by tab (upcoming, past, mine, going, interested), sport, distance (`range` km from `lat`/`lng`) and text; keyset-paged (page on with next_cursor)',
      querystring: eventListQuery,
      response: { 200: okEnvelope(eventList) },
    },
    handler: async (req) => ok('Events.', await listEvents(deps, viewerId(req), req.query, deps.clock.now())),
  });

  r.get('/api/challenge/progress', {
    schema: {
      tags,
      operationId: 'getEventProgress',
      refuses: [404],
      summary: 'Each going member’s progress toward the event’s goals from their activities in its window (following its route when it has one)',
      querystring: eventProgressQuery,
      response: { 200: okEnvelope(eventProgress) },
    },
    handler: async (req) => ok('Progress.', await eventProgressOf(deps.db, viewerId(req), req.query.challengeId)),
  });

  r.get('/api/getChallengeDetails', {
    schema: {
      tags,
      operationId: 'getEvent',
      refuses: [404],
      summary: 'One event (404 when the viewer may not see it)',
      querystring: eventIdQuery,
      response: oneEvent,
    },
    handler: async (req) => {
      const found = await loadViewableEvent(deps.db, viewerId(req), req.query.id);
      return ok('Event.', await eventView(deps, viewerId(req), found.id));
    },
  });

  r.post('/api/challenge', {
    config: { permission: 'create_events' },
    schema: { tags, operationId: 'createEvent', summary: 'Create an event, published or as a draft', body: eventInput, response: oneEvent },
    handler: async (req) => {
      if (req.body.id !== undefined) throw fieldError('id', 'To change an event, send it with PUT.');
      const saved = await saveEvent(deps, viewerId(req), req.body);
      return ok(savedMessage(req.body.isDraft, saved.firstPublish), saved.event);
    },
  });

  r.put('/api/challenge', {
    config: { permission: 'create_events' },
    schema: {
      tags,
      operationId: 'updateEvent',
      refuses: [403, 404],
      summary: 'Edit an event you organise or co-host (publishing a draft included)',
      body: eventInput,
      response: oneEvent,
    },
    handler: async (req) => {
      if (req.body.id === undefined) throw fieldError('id', 'Say which event to change.');
      const saved = await saveEvent(deps, viewerId(req), req.body);
      return ok(savedMessage(req.body.isDraft, saved.firstPublish), saved.event);
    },
  });

  r.post('/api/challenge/publish', {
    config: { permission: 'create_events' },
    schema: {
      tags,
      operationId: 'publishEvent',
      refuses: [403, 404, 409],
      summary: 'Publish a draft as it stands (organiser or co-host); its start must still be to come. The organiser is going from then on',
      body: challengeIdBody,
      response: oneEvent,
    },
    handler: async (req) => {
      const published = await publishEvent(deps, viewerId(req), req.body.challengeId);
      return ok(published.firstPublish ? 'Event Created Successfully' : 'This event is already published.', published.event);
    },
  });

  r.delete('/api/challenge', {
    schema: {
      tags,
      operationId: 'deleteEvent',
      refuses: [403, 404],
      summary: 'Delete an event you organise',
      body: deleteEventBody,
      response: { 200: okEnvelope(emptyData) },
    },
    handler: async (req) => {
      await deleteEvent(deps, viewerId(req), req.body.challengeId);
      return ok('Event Deleted Successfully', {});
    },
  });

  r.post('/api/challenge/cancel', {
    schema: {
      tags,
      operationId: 'cancelEvent',
      refuses: [403, 404, 409],
      summary: 'Cancel an event you organise; everyone going, waiting or interested is told',
      body: cancelBody,
      response: oneEvent,
    },
    handler: async (req) => ok('Event Cancelled', await cancelEvent(deps, viewerId(req), req.body.challengeId)),
  });

  r.post('/api/challenge/interestedChallengetoggle', {
    config: { permission: 'join_events' },
    schema: {
      tags,
      operationId: 'toggleEventInterest',
      refuses: [404, 409],
      summary: 'Mark or unmark interest in an event; answers your state and the counts',
      body: challengeIdBody,
      response: status,
    },
    handler: async (req) => {
      const now = await toggleInterest(deps, viewerId(req), req.body.challengeId);
      return ok(now.isInterested ? 'Marked as interested.' : 'No longer interested.', now);
    },
  });

  r.post('/api/challenge/join', {
    config: { permission: 'join_events' },
    schema: {
      tags,
      operationId: 'joinEvent',
      refuses: [404, 409],
      summary: 'Go to an event, or join its waitlist when it is full; answers your state and the counts',
      body: challengeIdBody,
      response: status,
    },
    handler: async (req) => {
      const now = await joinEvent(deps, viewerId(req), req.body.challengeId);
      return ok(now.isGoing ? 'You are going.' : `The event is full: you are number ${now.waitlistPosition} on the waitlist.`, now);
    },
  });

  r.post('/api/challenge/opt-out', {
    schema: {
      tags,
      operationId: 'leaveEvent',
      refuses: [404, 409],
      summary: 'Leave an event or its waitlist; answers your state and the counts',
      body: challengeIdBody,
      response: status,
    },
    handler: async (req) => ok('You are no longer going.', await leaveEvent(deps, viewerId(req), req.body.challengeId)),
  });

  r.post('/api/challenge/member/invite', {
    config: { permission: 'create_events' },
    schema: {
      tags,
      operationId: 'inviteToEvent',
      refuses: [403, 404, 409],
      summary: 'Invite members to an event you organise or co-host; each is notified',
      body: inviteBody,
      response: { 200: okEnvelope(invited) },
    },
    handler: async (req) => {
      const answer = await inviteMembers(deps, viewerId(req), req.body.challengeId, req.body.userIds);
      return ok(answer.invited.length === 1 ? 'Invitation sent.' : `${answer.invited.length} invitations sent.`, answer);
    },
  });

  r.get('/api/challenge/cohost-invites', {
    schema: {
      tags,
      operationId: 'listCohostInvites',
      summary: 'Your co-host invitations waiting for an answer (events not cancelled or over), newest first; keyset-paged',
      querystring: cohostInvitesQuery,
      response: { 200: okEnvelope(eventList) },
    },
    handler: async (req) => ok('Co-host invitations.', await listCohostInvites(deps, viewerId(req), req.query)),
  });

  r.post('/api/challenge/cohost/accept', {
    config: { permission: 'create_events' },
    schema: {
      tags,
      operationId: 'acceptCohostInvite',
      refuses: [404],
      summary: 'Accept your invitation to co-host an event: you may edit it from now on, and the organiser is told',
      body: challengeIdBody,
      response: oneEvent,
    },
    handler: async (req) => ok('You’re a co-host of this event now.', await acceptCohostInvite(deps, viewerId(req), req.body.challengeId)),
  });

  r.post('/api/challenge/cohost/decline', {
    schema: {
      tags,
      operationId: 'declineCohostInvite',
      refuses: [404],
      summary: 'Decline your invitation to co-host an event; answers the event, or null when you may no longer see it',
      body: challengeIdBody,
      response: { 200: okEnvelope(cohostDeclined) },
    },
    handler: async (req) => ok('Invitation declined.', await declineCohostInvite(deps, viewerId(req), req.body.challengeId)),
  });

  r.get('/api/challenge/people', {
    schema: {
      tags,
      operationId: 'listEventPeople',
      refuses: [404],
      summary: 'Who is going (in order of getting a place), interested (newest first) or waiting (queue order)',
      querystring: eventPeopleQuery,
      response: { 200: okEnvelope(eventPeople) },
    },
    handler: async (req) => ok('People.', await listPeople(deps.db, viewerId(req), req.query)),
  });

  r.get('/api/challenge/:challengeId/calendar.ics', {
    schema: {
      tags,
      operationId: 'getEventCalendar',
      refuses: [404],
      summary: 'The event as an iCalendar file (RFC 5545) in its own time zone, with its repeats, to add to a calendar',
      params: eventCalendarParams,
      response: {
        200: {
          description: 'An iCalendar file (`text/calendar; charset=utf-8`), sent as an attachment named after the event',
          content: { 'text/calendar': { schema: z.string() } },
        },
      },
    },
    handler: async (req, reply) => {
      const file = await eventCalendarFile(deps, viewerId(req), req.params.challengeId, { origin: `${req.protocol}://${req.host}`, host: req.hostname });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.text);
    },
  });
}
