import { describe, expect, it } from 'vitest';
import { formatTime, parseTime, parseWebVtt, toWebVtt } from '#contract/webvtt';

// The captions' one reader and writer (contract/webvtt.ts), used by the server's check and the form's editor.

describe('WebVTT captions', () => {
  it('reads cues with and without hours, skipping notes and cue ids, and writes them back in time order', () => {
    const source = '\uFEFFWEBVTT - descent\r\n\r\nNOTE filmed on Betasso\r\n\r\n2\r\n00:00:04.000 --> 00:00:06.250 align:start\r\nAnd drop!\r\n\r\n1\r\n00:01.500 --> 00:03.000\r\nHere we go\r\nhold on\r\n';
    const parsed = parseWebVtt(source);
    expect(parsed).toEqual({
      cues: [
        { startMs: 4000, endMs: 6250, text: 'And drop!' },
        { startMs: 1500, endMs: 3000, text: 'Here we go\nhold on' },
      ],
    });
    expect(toWebVtt((parsed as { cues: [] }).cues)).toBe('WEBVTT\n\n00:01.500 --> 00:03.000\nHere we go\nhold on\n\n00:04.000 --> 00:06.250\nAnd drop!\n');
    expect(toWebVtt([])).toBe('');
  });

  it('says what is wrong, and where', () => {
    expect(parseWebVtt('1\n00:01.000 --> 00:02.000\nHi')).toEqual({ error: 'Captions must be a WebVTT file: its first line is WEBVTT.' });
    expect(parseWebVtt('WEBVTT\n\n00:01 --> 00:02.000\nHi')).toEqual({ error: 'This time is not mm:ss.ttt: “00:01 --> 00:02.000”.' });
    expect(parseWebVtt('WEBVTT\n\n00:03.000 --> 00:02.000\nHi')).toEqual({ error: 'A caption must end after it starts: “00:03.000 --> 00:02.000”.' });
    expect(parseWebVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n')).toEqual({ error: 'A caption has no text: “00:01.000 --> 00:02.000”.' });
  });

  it('formats and reads times both ways', () => {
    expect(formatTime(3_723_456)).toBe('01:02:03.456');
    expect(formatTime(1500)).toBe('00:01.500');
    expect(parseTime('01:02:03.456')).toBe(3_723_456);
    expect(parseTime('00:61.000')).toBeNull();
  });
});
