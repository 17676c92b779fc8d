import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { mapRoutes } from './map-routes';
import { searchFoldSql } from '../search-text';
import { subjects } from './subjects';
import { ts } from './columns';
import { users } from './users';

/**
 * Events (challenges, spec §3 Event). Times are instants; `time_zone` is the IANA zone they are shown in. Counts are
 * kept in the transaction that changes them; `going_count` never exceeds `capacity` (joins lock the event row).
 */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // The subject row its reactions and comments hang on (subjects, above); deleting the subject deletes this row.
    subjectId: integer('subject_id')
      .notNull()
      .unique()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventName: text('event_name').notNull(),
    activityType: text('activity_type').notNull().default(''),
    sportId: integer('sport_id').notNull(),
    difficulty: text('difficulty', { enum: ['easy', 'moderate', 'hard', 'expert'] }).notNull(),
    icon: text('icon').notNull(),
    // Upload key of the banner (image pipeline, purpose `event`).
    bannerImage: text('banner_image'),
    description: text('description').notNull().default(''),
    isDraft: boolean('is_draft').notNull(),
    cancelledAt: ts('cancelled_at'),
    whoCanSee: text('who_can_see', { enum: ['public', 'followers', 'invite'] }).notNull(),
    repeats: text('repeats', { enum: ['none', 'daily', 'weekly', 'monthly'] }).notNull().default('none'),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    location: text('location').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    routeId: integer('route_id').references(() => mapRoutes.id, { onDelete: 'set null' }),
    goalCalories: doublePrecision('goal_calories'),
    goalElevationM: doublePrecision('goal_elevation_m'),
    goalDistanceM: doublePrecision('goal_distance_m'),
    capacity: integer('capacity'),
    goingCount: integer('going_count').notNull().default(0),
    waitlistCount: integer('waitlist_count').notNull().default(0),
    interestedCount: integer('interested_count').notNull().default(0),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(searchFoldSql(`"event_name" || ' ' || "activity_type" || ' ' || "location" || ' ' || "city"`))),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    publishedAt: ts('published_at'),
  },
  (t) => [
    index('events_starts_id').on(t.startsAt, t.id),
    index('events_ends_id').on(t.endsAt, t.id),
    index('events_user_created_id').on(t.userId, t.createdAt, t.id),
    // The events list's search, as feeds_search_trgm.
    index('events_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    // The media policy finds a banner's or a route preview's event by these (check 14); a deleted route clears its events.
    index('events_banner_image').on(t.bannerImage).where(sql`${t.bannerImage} is not null`),
    index('events_route_id').on(t.routeId).where(sql`${t.routeId} is not null`),
    check('events_draft_unpublished', sql`${t.isDraft} = (${t.publishedAt} is null)`),
    check('events_end_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_going_within_capacity', sql`${t.capacity} is null or ${t.goingCount} <= ${t.capacity}`),
  ],
);

/** Co-hosts: may edit the event (not cancel or delete it). */
export const eventCohosts = pgTable(
  'event_cohosts',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('event_cohosts_event_user').on(t.eventId, t.userId), index('event_cohosts_user').on(t.userId)],
);

/** Who was invited to which event, by whom and when: the columns a co-host invitation and an event invitation share. */
const eventInvitationColumns = () => ({
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  invitedBy: integer('invited_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Co-host invitations waiting for an answer. Being named co-host is an invitation the member accepts (the row moves
 * to `event_cohosts`) or declines (the row goes); until then they have no rights on the event.
 */
export const eventCohostInvites = pgTable('event_cohost_invites', eventInvitationColumns(), (t) => [
  uniqueIndex('event_cohost_invites_event_user').on(t.eventId, t.userId),
  index('event_cohost_invites_user').on(t.userId),
  index('event_cohost_invites_invited_by_created').on(t.invitedBy, t.createdAt),
]);

/** Invitations: an invited member may see an invite-only event (and a private organiser's event). */
export const eventInvites = pgTable('event_invites', eventInvitationColumns(), (t) => [
  uniqueIndex('event_invites_event_user').on(t.eventId, t.userId),
  index('event_invites_user').on(t.userId),
  // The daily invitation cap counts a sender's invitations of the last 24 hours.
  index('event_invites_invited_by_created').on(t.invitedBy, t.createdAt),
]);

/** Members interested in an event. */
export const eventInterests = pgTable(
  'event_interests',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  },
  (t) => [uniqueIndex('event_interests_event_user').on(t.eventId, t.userId), index('event_interests_event_created_id').on(t.eventId, t.createdAt, t.id), index('event_interests_user').on(t.userId)],
);

/**
 * Who is going and who waits. `id` orders the waitlist (first come, first moved up); `status_at` is when the row took
 * its status, so the going list reads in the order people got their place.
 */
export const eventAttendees = pgTable(
  'event_attendees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['going', 'waitlisted'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    statusAt: ts('status_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('event_attendees_event_user').on(t.eventId, t.userId), index('event_attendees_event_status_id').on(t.eventId, t.status, t.id), index('event_attendees_user').on(t.userId)],
);
