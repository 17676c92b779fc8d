/**
 * The `#hashtag` or `@mention` being typed at the caret, and how picking an option replaces it. Spec §5: a tag is its
 * leading `#` or `@` followed by letters and digits only, so any other character ends it.
 */
export type TagKind = 'hashtag' | 'mention';
export type TagToken = { kind: TagKind; /** Letters and digits typed after the trigger. */ query: string; /** Index of the `#`/`@`. */ start: number; /** Index just past the tag's last letter or digit. */ end: number };

const TAG_CHAR = /[\p{L}\p{N}]/u;
const TRIGGERS: Record<string, TagKind> = { '#': 'hashtag', '@': 'mention' };

/** The tag the caret is in or just after, when at least one letter or digit follows its trigger; otherwise null. */
export function tagTokenAt(text: string, caret: number): TagToken | null {
  let start = caret;
  while (start > 0 && TAG_CHAR.test(text[start - 1]!)) start--;
  const trigger = text[start - 1];
  const kind = trigger === undefined ? undefined : TRIGGERS[trigger];
  if (!kind) return null;
  // `me@example` or `a#b` is not a tag: the trigger must start a word.
  const before = text[start - 2];
  if (before !== undefined && (TAG_CHAR.test(before) || before in TRIGGERS)) return null;
  let end = caret;
  while (end < text.length && TAG_CHAR.test(text[end]!)) end++;
  const query = text.slice(start, caret);
  if (query === '') return null;
  return { kind, query, start: start - 1, end };
}

/** Only the letters and digits of a name, so a picked option is a valid tag (spec §5). */
export const tagSafe = (value: string) => Array.from(value).filter((c) => TAG_CHAR.test(c)).join('');

/** The text with `token` replaced by `#value ` / `@value `, and where the caret goes (after the space). */
export function insertTag(text: string, token: TagToken, value: string): { text: string; caret: number } {
  const inserted = `${token.kind === 'hashtag' ? '#' : '@'}${tagSafe(value)} `;
  // A space already following the tag is reused rather than doubled.
  const rest = text.slice(token.end).replace(/^ /, '');
  return { text: text.slice(0, token.start) + inserted + rest, caret: token.start + inserted.length };
}
