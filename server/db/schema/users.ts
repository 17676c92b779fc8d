import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Gender } from '../../../contract/rules';
import { searchFoldSql } from '../search-text';
import { ts } from './columns';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    // Null for members who only ever signed in with a social provider.
    passwordHash: text('password_hash'),
    handleName: text('handle_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dob: date('dob', { mode: 'string' }),
    // Spec §3's two values and, since issue 19, non_binary and prefer_not_to_say (contract/rules.ts GENDERS).
    gender: text('gender').$type<Gender>(),
    userType: text('user_type'),
    profileImage: text('profile_image'),
    profileCoverImage: text('profile_cover_image'),
    bio: text('bio'),
    // Sport type ids of spec §3 (contract/sports.ts).
    sports: integer('sports').array().notNull().default(sql`'{}'::integer[]`),
    location: text('location'),
    units: text('units', { enum: ['imperial', 'metric'] }).notNull().default('imperial'),
    isPrivate: boolean('is_private').notNull().default(false),
    // The phone's country: ISO 3166 alpha-2 id of `GET /api/country`, and its dial code (spec §3 countryCode).
    countryId: text('country_id'),
    countryCode: integer('country_code'),
    phone: text('phone'),
    referralCode: text('referral_code').notNull(),
    referredBy: integer('referred_by'),
    // Issue 20: moderators review reports (granted by ADMIN_EMAILS or `npm run admin -- grant`).
    role: text('role', { enum: ['member', 'moderator'] }).notNull().default('member'),
    // A suspension's end (9999-12-31 for good): no sign-in until then (server/modules/auth/sessions.ts).
    suspendedUntil: ts('suspended_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    // Handle and names folded for member search (server/db/search-text.ts); kept by the database, never written.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(searchFoldSql(`"handle_name" || ' ' || "first_name" || ' ' || "last_name"`))),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_handle_lower_unique').on(sql`lower(${t.handleName})`),
    uniqueIndex('users_referral_code_unique').on(t.referralCode),
    index('users_created_at_id').on(t.createdAt, t.id),
    // The member directory's search (`search_text LIKE '%…%'`), as feeds_search_trgm.
    index('users_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);
