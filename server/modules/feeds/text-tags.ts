import { and, inArray, sql } from 'drizzle-orm';
import { FEED_TAGS_MAX } from '#contract/feeds';
import type { MemberSummary } from '#contract/social';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { guardianFor } from '../../policy/guardian';

/**
 * Hashtags and @mentions read from what a member wrote (posts and comments). Spec §5: a hash tag is letters, digits
 * and `#` only, a user tag letters, digits and `@` only; the mark leads and the letters and digits follow, so a tag
 * ends at the first other character (`#gravel!` is `gravel`). A mark glued to a word (`me@example.com`,
 * `page#top`) starts no tag.
 */

// Letters (with their combining marks) and decimal digits of any script: `#sólo`, `#東京`, `#100km`.
const HASHTAG = /(?<![\p{L}\p{M}\p{Nd}#@])#([\p{L}\p{M}\p{Nd}]+)/gu;
// Handles are ASCII letters and digits (contract/rules.ts); anything else ends the handle.
const HANDLE = /(?<![\p{L}\p{M}\p{Nd}#@])@([A-Za-z0-9]+)/gu;
/** Longer than any handle or sensible tag: such a run is text, not a tag. */
const TAG_MAX_LENGTH = 50;

function collect(text: string, pattern: RegExp, normalise: (raw: string) => string) {
  const seen = new Set<string>();
  for (const match of text.matchAll(pattern)) {
    const raw = match[1] ?? '';
    if (raw.length > TAG_MAX_LENGTH) continue;
    seen.add(normalise(raw));
    if (seen.size === FEED_TAGS_MAX) break;
  }
  return [...seen];
}

/**
 * The hashtags (lowercase, without `#`, as `hashtags.tag_name` stores them) and the handles (without `@`, compared
 * case-insensitively, so kept lowercase) in `text`, each deduplicated in order of first appearance, at most 30 each.
 */
export function parseTags(text: string): { hashtags: string[]; handles: string[] } {
  const normalised = text.normalize('NFC');
  return {
    hashtags: collect(normalised, HASHTAG, (raw) => raw.toLowerCase()),
    handles: collect(normalised, HANDLE, (raw) => raw.toLowerCase()),
  };
}

/**
 * The members behind `handles` whom `viewerId` may mention (the policy's `mayMentionWhere`), in the order of
 * `handles`. An unknown handle, or one the viewer may not mention, stays plain text: not an error.
 */
export async function resolveMentions(db: Db, viewerId: number, handles: string[]): Promise<MemberSummary[]> {
  if (handles.length === 0) return [];
  const lowered = handles.map((h) => h.toLowerCase());
  const rows = await db
    .select({
      userId: users.id,
      handleName: users.handleName,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImage: users.profileImage,
      handle: sql<string>`lower(${users.handleName})`,
    })
    .from(users)
    .where(and(inArray(sql`lower(${users.handleName})`, lowered), guardianFor(db, viewerId).mentionableWhere()));
  const byHandle = new Map(rows.map(({ handle, ...member }) => [handle, member]));
  return lowered.flatMap((h) => byHandle.get(h) ?? []);
}
