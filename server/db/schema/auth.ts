import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './users';

/** A signed-in device. Only the SHA-256 of the bearer token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    deviceType: smallint('device_type').notNull(),
    deviceToken: text('device_token'),
    // What the member sees in "Where you're signed in": read from the User-Agent at sign-in, e.g. "Chrome on Linux".
    device: text('device'),
    createdAt: ts('created_at').notNull().defaultNow(),
    // Moved forward at most once a minute (sessions.ts), so a busy session costs no write per request.
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_id').on(t.userId)],
);

/**
 * One code sent to an address. purpose 1 = sign-up, 2 = password reset (the `type` of verify_otp), both to an e-mail;
 * 3 = phone change, to a phone number in E.164 form and bound to the member asking (`userId`); 4 = account deletion;
 * 5 = e-mail change, to the new address and bound to the member asking.
 * After a sign-up code is verified it carries the sign-up ticket; a reset code carries its request token from the start.
 * (The table and the `email` column keep the names they were born with; `address` is what they hold.)
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: smallint('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    requestTokenHash: text('request_token_hash'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    verifiedAt: ts('verified_at'),
    // Set when the code can no longer be used: superseded, too many tries, or its ticket consumed.
    deadAt: ts('dead_at'),
    ticketHash: text('ticket_hash'),
    ticketExpiresAt: ts('ticket_expires_at'),
  },
  (t) => [
    index('email_codes_email_purpose_created').on(t.email, t.purpose, t.createdAt),
    uniqueIndex('email_codes_ticket_unique').on(t.ticketHash),
    uniqueIndex('email_codes_request_token_unique').on(t.requestTokenHash),
  ],
);

/** Every wrong code, kept for the 24-hour per-account limit (check 1). */
export const codeFailures = pgTable(
  'code_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('code_failures_email_created').on(t.email, t.createdAt)],
);

/**
 * Every failed password sign-in, kept for the per-account limit (issue 17 item 8): counted per address signed in to,
 * whatever network it came from, so spreading guesses over many addresses gains nothing. Keyed by the e-mail, not the
 * account, so an address nobody owns is paused exactly like a member's and the pause tells no one which is which.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sign_in_failures_email_created').on(t.email, t.createdAt)],
);

/** A member's link to a social provider, by the provider's subject (never by e-mail). */
export const identities = pgTable(
  'identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identities_provider_subject').on(t.provider, t.subject), index('identities_user_id').on(t.userId)],
);

/** A verified provider identity waiting for its member to sign in or finish the profile (spec §4 social login). */
export const socialTickets = pgTable(
  'social_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketHash: text('ticket_hash').notNull(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    picture: text('picture'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('social_tickets_hash').on(t.ticketHash)],
);

/** Every change of a member's sign-in e-mail, kept for the member's own record (their data export). */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    changedAt: ts('changed_at').notNull(),
  },
  (t) => [index('email_changes_user_id').on(t.userId)],
);
