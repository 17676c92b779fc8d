import { describe, expect, it } from 'vitest';
import { insertTag, tagTokenAt } from './tag-token';

describe('tagTokenAt', () => {
  it('finds the hashtag or mention the caret is in, with the letters typed so far', () => {
    expect(tagTokenAt('Great ride #grav', 16)).toEqual({ kind: 'hashtag', query: 'grav', start: 11, end: 16 });
    expect(tagTokenAt('with @sam2 today', 10)).toEqual({ kind: 'mention', query: 'sam2', start: 5, end: 10 });
    // Caret in the middle: the query is what is before it, the tag runs to its end.
    expect(tagTokenAt('#gravel', 3)).toEqual({ kind: 'hashtag', query: 'gr', start: 0, end: 7 });
    expect(tagTokenAt('#Évora', 6)?.query).toBe('Évora');
  });

  it('ignores a bare trigger, other characters, and triggers inside a word', () => {
    expect(tagTokenAt('just #', 6)).toBeNull();
    expect(tagTokenAt('#gravel-', 8)).toBeNull();
    expect(tagTokenAt('#gravel done', 12)).toBeNull();
    expect(tagTokenAt('me@example', 10)).toBeNull();
    expect(tagTokenAt('##two', 5)).toBeNull();
    expect(tagTokenAt('plain words', 5)).toBeNull();
  });
});

describe('insertTag', () => {
  it('replaces the typed tag with the picked one and a space, caret after it', () => {
    const text = 'Loop with @sa and friends';
    const token = tagTokenAt(text, 13)!;
    expect(insertTag(text, token, 'samrivera')).toEqual({ text: 'Loop with @samrivera and friends', caret: 21 });
    const end = 'Ride #gr';
    expect(insertTag(end, tagTokenAt(end, 8)!, 'gravel')).toEqual({ text: 'Ride #gravel ', caret: 13 });
  });

  it('keeps only letters and digits of the picked name', () => {
    const text = '#tr';
    expect(insertTag(text, tagTokenAt(text, 3)!, 'trail-run_2').text).toBe('#trailrun2 ');
  });
});
