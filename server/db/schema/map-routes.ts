import { doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './users';

/**
 * Routes (spec §3 Route): a line drawn on the map or read from a GPX file, measured and simplified on the server.
 * `coordinates` are `[lng, lat]` pairs of the simplified line; `elevations` one per point, or null when unknown.
 */
export const mapRoutes = pgTable(
  'map_routes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    sportId: integer('sport_id').notNull(),
    source: text('source', { enum: ['drawn', 'gpx'] }).notNull(),
    coordinates: jsonb('coordinates').$type<[number, number][]>().notNull(),
    elevations: jsonb('elevations').$type<number[]>(),
    distanceM: doublePrecision('distance_m').notNull(),
    elevationGainM: doublePrecision('elevation_gain_m'),
    elevationLossM: doublePrecision('elevation_loss_m'),
    expectedTimeS: integer('expected_time_s').notNull(),
    // Storage key of the server-drawn preview image, once made.
    staticImage: text('static_image'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('map_routes_user_created_id').on(t.userId, t.createdAt, t.id)],
);
