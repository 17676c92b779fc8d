import { describe, expect, it } from 'vitest';
import { parseTags } from './text-tags';

describe('parseTags (spec §5: a hash tag is letters, digits and #; a user tag letters, digits and @)', () => {
  it('reads hashtags lowercase without #, each once, in order of first appearance', () => {
    expect(parseTags('#Gravel at #sunrise, then more #GRAVEL and #100km').hashtags).toEqual(['gravel', 'sunrise', '100km']);
  });

  it('ends a tag at the first character that is not a letter or digit', () => {
    expect(parseTags('#gravel! #sun-rise #trail_run #mud.').hashtags).toEqual(['gravel', 'sun', 'trail', 'mud']);
    expect(parseTags('hi @maya, and @Robin!').handles).toEqual(['maya', 'robin']);
  });

  it('keeps letters of any script and their accents', () => {
    expect(parseTags('#Sólo #Straße #東京').hashtags).toEqual(['sólo', 'straße', '東京']);
  });

  it('starts no tag from a mark glued to a word, a lone mark, or a doubled one', () => {
    expect(parseTags('mail me@example.com, see page#top, # alone, ##double, @#mix').hashtags).toEqual([]);
    expect(parseTags('mail me@example.com, @ alone, @@double').handles).toEqual([]);
  });

  it('reads handles as ASCII letters and digits, case-insensitively once', () => {
    expect(parseTags('@Maya @maya @MAYA @río').handles).toEqual(['maya', 'r']);
  });

  it('keeps at most 30 of each', () => {
    const text = Array.from({ length: 40 }, (_, i) => `#t${i} @h${i}`).join(' ');
    const { hashtags, handles } = parseTags(text);
    expect(hashtags).toHaveLength(30);
    expect(handles).toHaveLength(30);
    expect(hashtags.at(-1)).toBe('t29');
  });

  it('treats a run longer than any tag as text', () => {
    expect(parseTags(`#${'a'.repeat(51)} #ok`).hashtags).toEqual(['ok']);
  });
});
