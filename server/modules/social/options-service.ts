import { and, asc, count, sql, type SQL } from 'drizzle-orm';
import type { HashTagOption, MemberList, UserTagOption } from '#contract/social';
import type { Db } from '../../db/client';
import type { PagedAnswer } from '../../db/keyset';
import { users } from '../../db/schema/users';
import { escapeLike, searchFold } from '../../db/search-text';
import { fieldError } from '../../lib/errors';
import { visibleHashtags } from '../feeds/hashtag-suggestions';
import { cardColumns, PER_PAGE, searchCondition, toList } from './service';
import { guardianFor } from '../../policy/guardian';

/**
 * The pickers behind a text box (issue 4): @-mention options, hashtag options, and members to invite or make
 * co-host. Each answers a page of 20 for what was typed so far.
 */

type OptionsQuery = { page?: number | undefined; search?: string | undefined };

/**
 * These lists page by OFFSET, not by keyset (server/db/keyset.ts): they are ranked by how well each row matches what
 * was typed, not by time, so there is no (created_at, id) position to continue from, and a picker is read a page or
 * two deep while someone types, never scrolled for long. They answer no `next_cursor`.
 */
const offsetOf = (page: number) => (page - 1) * PER_PAGE;

const paged = <T>(list: T[], total: number, page: number): PagedAnswer<T> => ({
  list,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
  per_page: PER_PAGE,
  total,
});

/**
 * How well a member matches the typed text, best first: 0 the handle starts with it, 1 a first or last name word
 * starts with it, 2 it appears anywhere. `search_text` is "handle first last" folded, and a handle is ASCII letters
 * and digits (contract/rules.ts), so lowercasing the handle folds it the same way. Nothing typed ranks nothing.
 */
function matchRank(term: string): SQL[] {
  if (!term) return [];
  const prefix = `${escapeLike(term)}%`;
  return [sql`case when lower(${users.handleName}) like ${prefix} then 0 when ${users.searchText} like ${`% ${prefix}`} then 1 else 2 end`];
}

/** What a member typed into a member picker: `@` starts a mention, so a leading one is not part of the name. */
const memberSearch = (search: string | undefined) => (search ?? '').trim().replace(/^@/, '');

/** `GET /api/getUserTagfollowerFollowingList`: members the viewer may @-mention, best match first. */
export async function mentionOptions(db: Db, viewerId: number, q: OptionsQuery): Promise<PagedAnswer<UserTagOption>> {
  const page = q.page ?? 1;
  const search = memberSearch(q.search);
  const where = and(guardianFor(db, viewerId).mentionableWhere(), searchCondition(search));
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        userId: users.id,
        handleName: users.handleName,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImage: users.profileImage,
      })
      .from(users)
      .where(where)
      .orderBy(...matchRank(searchFold(search)), sql`lower(${users.handleName})`, asc(users.id))
      .limit(PER_PAGE)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return paged(rows, totalRow?.n ?? 0, page);
}

// Spec §5: a hash tag is letters, digits and `#` only; the `#` is its mark, so it may only lead.
const HASHTAG_SEARCH = /^#?[\p{L}\p{M}\p{Nd}]*$/u;

/**
 * `GET /api/feedTag`: hashtags that start with what was typed, as the viewer may see them (only the posts they may
 * see count, feeds/hashtag-suggestions.ts), most used first, then alphabetical.
 */
export async function hashtagOptions(db: Db, viewerId: number, q: OptionsQuery): Promise<PagedAnswer<HashTagOption>> {
  const page = q.page ?? 1;
  const typed = (q.search ?? '').trim().normalize('NFC');
  if (!HASHTAG_SEARCH.test(typed)) {
    throw fieldError('search', 'A hashtag has only letters and digits, after an optional leading #.');
  }
  // Tags are stored lowercase without their `#`; letters and digits hold no LIKE wildcard.
  const prefix = typed.replace(/^#/, '').toLowerCase();
  const tags = await visibleHashtags(db, viewerId, prefix);
  return paged(tags.slice(offsetOf(page), offsetOf(page) + PER_PAGE), tags.length, page);
}

/**
 * `GET /api/selectMembers`: the members the viewer may invite to an event or ask to co-host (the policy's
 * `mayInviteWhere`: their followers and the members they follow), best match first; the pickers of the event form
 * and the invite dialog ask it.
 */
export async function selectableMembers(db: Db, viewerId: number, q: OptionsQuery): Promise<MemberList> {
  const page = q.page ?? 1;
  const search = memberSearch(q.search);
  const where = and(guardianFor(db, viewerId).invitableWhere(), searchCondition(search));
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(cardColumns)
      .from(users)
      .where(where)
      .orderBy(...matchRank(searchFold(search)), sql`lower(${users.handleName})`, asc(users.id))
      .limit(PER_PAGE)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return toList(db, viewerId, paged(rows, totalRow?.n ?? 0, page));
}
