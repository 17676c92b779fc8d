import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { COMPONENT_KINDS } from '../../../contract/gear';
import { activities } from './activities';
import { ts } from './columns';
import { users } from './users';

/**
 * Gear (issue 24): one row per bike, e-bike, pair of shoes or piece of kit, of one sport, with the details its
 * sport's options name (contract/gear.ts GEAR_OPTIONS) as columns of their own, so they are typed and a form's
 * field is one column. Totals are never stored: they are summed from `activity_gear` when read, so an edited or
 * deleted activity is counted right at once. Lists read (user_id, created_at, id) newest first, scanned backward.
 */
export const gear = pgTable(
  'gear',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sportId: integer('sport_id').notNull(),
    title: text('title').notNull(),
    brand: text('brand').notNull().default(''),
    model: text('model').notNull().default(''),
    year: integer('year'),
    notes: text('notes').notNull().default(''),
    isDraft: boolean('is_draft').notNull().default(false),
    // The owner's default for its sport (one at most, the partial unique index): new activities of the sport get it.
    isDefault: boolean('is_default').notNull().default(false),
    retiredAt: ts('retired_at'),
    wheelSize: text('wheel_size'),
    frameSize: text('frame_size'),
    frontTravelMm: integer('front_travel_mm'),
    rearTravelMm: integer('rear_travel_mm'),
    buildKit: text('build_kit'),
    motor: text('motor'),
    batteryWh: integer('battery_wh'),
    category: text('category'),
    size: text('size'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('gear_user_created_id').on(t.userId, t.createdAt, t.id),
    uniqueIndex('gear_one_default_per_sport').on(t.userId, t.sportId).where(sql`${t.isDefault}`),
  ],
);

/** A piece's photos, in the order shown (media/ordered-photos.ts); each upload (purpose `gear`) belongs to one piece. */
export const gearImages = pgTable(
  'gear_images',
  {
    gearId: integer('gear_id')
      .notNull()
      .references(() => gear.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    uploadKey: text('upload_key').notNull(),
    url: text('url').notNull(),
    thumbnail: text('thumbnail').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gearId, t.position] }), uniqueIndex('gear_images_upload_key').on(t.uploadKey)],
);

/** Which gear an activity was done with: its owner's pieces, any number (a bike and shoes). */
export const activityGear = pgTable(
  'activity_gear',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    gearId: integer('gear_id')
      .notNull()
      .references(() => gear.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.gearId] }), index('activity_gear_gear_activity').on(t.gearId, t.activityId)],
);

/**
 * A part of a piece (chain, fork, tyres…) with its own service interval. `gear_id` is the piece it is fitted to now;
 * where it was before is `component_mounts`, so a part moved to another bike keeps what it did on the first.
 * `due_notified_at`: the owner was told its service is due (once; a logged service clears it).
 */
export const gearComponents = pgTable(
  'gear_components',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gearId: integer('gear_id')
      .notNull()
      .references(() => gear.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: COMPONENT_KINDS }).notNull(),
    name: text('name').notNull(),
    installedAt: ts('installed_at').notNull(),
    serviceIntervalKm: doublePrecision('service_interval_km'),
    serviceIntervalHours: doublePrecision('service_interval_hours'),
    dueNotifiedAt: ts('due_notified_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('gear_components_gear').on(t.gearId), index('gear_components_user').on(t.userId)],
);

/** Where a component was fitted and when: `[from_at, to_at)`, the open one (`to_at` null) where it is now. */
export const componentMounts = pgTable(
  'component_mounts',
  {
    componentId: integer('component_id')
      .notNull()
      .references(() => gearComponents.id, { onDelete: 'cascade' }),
    gearId: integer('gear_id')
      .notNull()
      .references(() => gear.id, { onDelete: 'cascade' }),
    fromAt: ts('from_at').notNull(),
    toAt: ts('to_at'),
  },
  (t) => [primaryKey({ columns: [t.componentId, t.fromAt] }), index('component_mounts_gear').on(t.gearId)],
);

/** A component's service log: what was done and when; its interval counts again from the latest. */
export const componentServices = pgTable(
  'component_services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    componentId: integer('component_id')
      .notNull()
      .references(() => gearComponents.id, { onDelete: 'cascade' }),
    servicedAt: ts('serviced_at').notNull(),
    what: text('what').notNull(),
    note: text('note').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('component_services_component_at').on(t.componentId, t.servicedAt)],
);
