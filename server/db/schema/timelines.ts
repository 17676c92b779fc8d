import { FEED_KINDS } from '#contract/feeds';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { feeds } from './feeds';
import { users } from './users';

/**
 * A member's following feed, kept per member and kind (P14; server/modules/feeds/timelines.ts): reading page 1 of
 * "following" for someone who follows 2,000 members would otherwise mean finding the newest posts among 2,000 authors
 * on every request. Made when the member first opens that feed, fed on every publish and follow since, trimmed to
 * the newest entries; a member who has not looked for `TIMELINE_IDLE_DAYS` is no longer fed, and theirs is made anew.
 *
 * `covers_from`: every published post of the member and of those they follow (accepted), of this kind, published at
 * or after it has its entry; null when the entries go back to the first post. Older pages come from the posts
 * themselves (feed-list.ts).
 */
export const timelines = pgTable(
  'timelines',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FEED_KINDS }).notNull(),
    coversFrom: ts('covers_from'),
    // The last day its page 1 was read: who is fed, and when it is next trimmed.
    usedAt: ts('used_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);

/**
 * One post in one member's following feed. A candidate, not a verdict: the read asks the post's rules again (still
 * followed, not muted, not reported, not removed, who may see it), so an entry left behind by a change is harmless,
 * while a missing one would hide a post: every path that makes a post visible there adds entries.
 */
export const timelineEntries = pgTable(
  'timeline_entries',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FEED_KINDS }).notNull(),
    // The post's own, copied so the page reads (member, kind) in order from the key alone.
    publishedAt: ts('published_at').notNull(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.kind, t.publishedAt, t.feedId] }),
    // A post deleted takes its entries with it (the cascade finds them by this, not by a scan).
    index('timeline_entries_feed').on(t.feedId),
  ],
);
