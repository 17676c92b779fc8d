import { asc, eq, inArray } from 'drizzle-orm';
import { eventAttendees, eventCohostInvites, eventCohosts, eventInterests, events } from '../../db/schema/events';
import type { ExportSection } from '../account/export-registry';

/**
 * What a member's data export holds about events: the events they organise (drafts included) with their co-hosts'
 * ids and those invited to co-host, where they are going or waiting, what they marked interesting, and the co-host
 * invitations waiting for their answer. Other members' events are named by id only:
 * their text is theirs. The banners' original files come with every upload of the member's (the `uploads` section).
 */
export const eventsExportSection: ExportSection = {
  name: 'events',
  collect: async (db, userId) => {
    const organised = await db
      .select({
        id: events.id,
        eventName: events.eventName,
        activityType: events.activityType,
        sportId: events.sportId,
        difficulty: events.difficulty,
        icon: events.icon,
        bannerImage: events.bannerImage,
        description: events.description,
        isDraft: events.isDraft,
        cancelledAt: events.cancelledAt,
        whoCanSee: events.whoCanSee,
        repeats: events.repeats,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        timeZone: events.timeZone,
        latitude: events.latitude,
        longitude: events.longitude,
        location: events.location,
        city: events.city,
        state: events.state,
        country: events.country,
        zipCode: events.zipCode,
        routeId: events.routeId,
        goalCalories: events.goalCalories,
        goalElevationM: events.goalElevationM,
        goalDistanceM: events.goalDistanceM,
        capacity: events.capacity,
        goingCount: events.goingCount,
        waitlistCount: events.waitlistCount,
        interestedCount: events.interestedCount,
        createdAt: events.createdAt,
        updatedAt: events.updatedAt,
        publishedAt: events.publishedAt,
      })
      .from(events)
      .where(eq(events.userId, userId))
      .orderBy(asc(events.createdAt), asc(events.id));
    const cohosts = organised.length
      ? await db
          .select({ eventId: eventCohosts.eventId, userId: eventCohosts.userId })
          .from(eventCohosts)
          .where(inArray(eventCohosts.eventId, organised.map((e) => e.id)))
      : [];
    const asked = organised.length
      ? await db
          .select({ eventId: eventCohostInvites.eventId, userId: eventCohostInvites.userId })
          .from(eventCohostInvites)
          .where(inArray(eventCohostInvites.eventId, organised.map((e) => e.id)))
      : [];
    return organised.map((e) => ({
      ...e,
      coHostIds: cohosts.filter((c) => c.eventId === e.id).map((c) => c.userId),
      invitedCoHostIds: asked.filter((c) => c.eventId === e.id).map((c) => c.userId),
    }));
  },
};

export const eventCohostInvitationsExportSection: ExportSection = {
  name: 'eventCohostInvitations',
  collect: (db, userId) =>
    db
      .select({ eventId: eventCohostInvites.eventId, invitedBy: eventCohostInvites.invitedBy, invitedAt: eventCohostInvites.createdAt })
      .from(eventCohostInvites)
      .where(eq(eventCohostInvites.userId, userId))
      .orderBy(asc(eventCohostInvites.createdAt), asc(eventCohostInvites.eventId)),
};

export const eventAttendanceExportSection: ExportSection = {
  name: 'eventAttendance',
  collect: (db, userId) =>
    db
      .select({ eventId: eventAttendees.eventId, status: eventAttendees.status, joinedAt: eventAttendees.createdAt, statusAt: eventAttendees.statusAt })
      .from(eventAttendees)
      .where(eq(eventAttendees.userId, userId))
      .orderBy(asc(eventAttendees.createdAt), asc(eventAttendees.id)),
};

export const eventInterestsExportSection: ExportSection = {
  name: 'eventInterests',
  collect: (db, userId) =>
    db
      .select({ eventId: eventInterests.eventId, createdAt: eventInterests.createdAt })
      .from(eventInterests)
      .where(eq(eventInterests.userId, userId))
      .orderBy(asc(eventInterests.createdAt), asc(eventInterests.id)),
};
