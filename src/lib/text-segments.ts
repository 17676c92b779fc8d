import type { MemberSummary } from '#contract/social';

/**
 * A post's or comment's text cut into plain runs, `#hashtag` links and `@mention` links, read exactly as the server
 * reads them (server/modules/feeds/text-tags.ts, spec §5): the mark leads, letters and digits follow, and a mark
 * glued to a word (`me@example.com`, `page#top`) starts no tag. A mention links only when the server resolved it to
 * a member the viewer may see (`tagUser`); any other `@name` stays text.
 */
export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'hashtag'; text: string; tag: string }
  | { kind: 'mention'; text: string; member: MemberSummary };

const TAG = /(?<![\p{L}\p{M}\p{Nd}#@])(?:#([\p{L}\p{M}\p{Nd}]+)|@([A-Za-z0-9]+))/gu;
/** Longer runs are text on the server too. */
const TAG_MAX_LENGTH = 50;

export function textSegments(text: string, mentions: readonly MemberSummary[]): TextSegment[] {
  const byHandle = new Map(mentions.map((m) => [m.handleName.toLowerCase(), m]));
  const segments: TextSegment[] = [];
  let plainFrom = 0;
  const pushPlain = (until: number) => {
    if (until > plainFrom) segments.push({ kind: 'text', text: text.slice(plainFrom, until) });
  };
  for (const match of text.matchAll(TAG)) {
    const [whole, hashtag, handle] = match;
    const raw = hashtag ?? handle ?? '';
    if (raw.length > TAG_MAX_LENGTH) continue;
    const member = handle === undefined ? undefined : byHandle.get(handle.toLowerCase());
    if (handle !== undefined && !member) continue;
    pushPlain(match.index);
    segments.push(member ? { kind: 'mention', text: whole, member } : { kind: 'hashtag', text: whole, tag: raw.normalize('NFC').toLowerCase() });
    plainFrom = match.index + whole.length;
  }
  pushPlain(text.length);
  return segments;
}
