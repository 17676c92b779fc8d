/**
 * WebVTT captions of a short (issue 22): read and written the same way by the server (which refuses a file that is
 * not WebVTT) and the form's timeline editor. Only what captions need: cues with a start, an end and text; settings
 * after the times, NOTE, STYLE and REGION blocks are kept out (a browser shows the text with its own styling).
 */

/** A short's captions stay small: a three-minute clip's are a few KB. */
export const CAPTIONS_MAX_CHARS = 20_000;
export const CAPTION_TEXT_MAX = 200;

export type Cue = { startMs: number; endMs: number; text: string };

const TIME = /^(?:(\d{1,2}):)?(\d{2}):(\d{2})\.(\d{3})$/;

/** `00:01:02.500` or `01:02.500` as milliseconds, or null. */
export function parseTime(text: string): number | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const [h, min, s, ms] = [Number(m[1] ?? 0), Number(m[2]), Number(m[3]), Number(m[4])];
  if (min > 59 || s > 59) return null;
  return ((h * 60 + min) * 60 + s) * 1000 + ms;
}

/** Milliseconds as WebVTT writes them: `mm:ss.ttt`, with hours only when there are some. */
export function formatTime(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const h = Math.floor(whole / 3_600_000);
  const min = Math.floor(whole / 60_000) % 60;
  const s = Math.floor(whole / 1000) % 60;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${h > 0 ? `${pad(h)}:` : ''}${pad(min)}:${pad(s)}.${pad(whole % 1000, 3)}`;
}

/**
 * The cues of a WebVTT file, or what is wrong with it in words (the line it is on). Blocks without a time line (NOTE,
 * STYLE, REGION) are skipped; a cue must end after it starts and hold some text.
 */
export function parseWebVtt(source: string): { cues: Cue[] } | { error: string } {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text)) return { error: 'Captions must be a WebVTT file: its first line is WEBVTT.' };
  const cues: Cue[] = [];
  const blocks = text.split(/\n{2,}/).slice(1);
  for (const block of blocks) {
    const lines = block.split('\n').filter((l, i) => i > 0 || l.trim() !== '');
    const timing = lines.findIndex((l) => l.includes('-->'));
    if (timing === -1 || timing > 1) continue;
    const [from, rest] = lines[timing]!.split('-->');
    const startMs = parseTime(from ?? '');
    const endMs = parseTime((rest ?? '').trim().split(/\s+/)[0] ?? '');
    if (startMs === null || endMs === null) return { error: `This time is not mm:ss.ttt: “${lines[timing]!.trim()}”.` };
    if (endMs <= startMs) return { error: `A caption must end after it starts: “${lines[timing]!.trim()}”.` };
    const body = lines.slice(timing + 1).join('\n').trim();
    if (!body) return { error: `A caption has no text: “${lines[timing]!.trim()}”.` };
    if (body.length > CAPTION_TEXT_MAX) return { error: `A caption can be at most ${CAPTION_TEXT_MAX} characters.` };
    cues.push({ startMs, endMs, text: body });
  }
  return { cues };
}

/** Cues as a WebVTT file, in time order; no cues is no captions (an empty string). */
export function toWebVtt(cues: readonly Cue[]): string {
  if (cues.length === 0) return '';
  const sorted = [...cues].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  return `WEBVTT\n\n${sorted.map((c) => `${formatTime(c.startMs)} --> ${formatTime(c.endMs)}\n${c.text.trim()}`).join('\n\n')}\n`;
}
