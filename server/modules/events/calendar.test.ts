import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event } from '#contract/events';
import { hours } from '../../lib/clock';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { eventCalendar, type CalendarEvent } from './calendar-file';
import { eventHelpers, secondsOf, type Member } from './event-test-helpers';

// "Add to calendar": the `.ics` of an event parses (ical.js, as calendar apps do) and shows the event at its own
// wall-clock time in its own zone, summer and winter, repeats included; text survives escaping and folding.

let t: TestApp;
const h = eventHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const nextYear = () => t.clock.now().getUTCFullYear() + 1;

/** The calendar's one VEVENT, with its VTIMEZONE registered the way a calendar app reads the file. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  // An event in UTC has its times in UTC and needs no VTIMEZONE.
  const zone = calendar.getFirstSubcomponent('vtimezone');
  ICAL.TimezoneService.reset();
  if (zone) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

async function calendarOf(who: Member, id: number) {
  const res = await h.calendarCall(who, id);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('GET /api/challenge/:challengeId/calendar.ics', () => {
  it.each([
    ['summer', 6],
    ['winter', 0],
  ] as const)('an event at 09:00 in Berlin in %s starts at 09:00 Europe/Berlin', async (_season, month) => {
    const maya = await h.member();
    // 09:00 in Berlin: 07:00 UTC in summer (CEST), 08:00 UTC in winter (CET).
    const utcHour = month === 6 ? 7 : 8;
    const start = new Date(Date.UTC(nextYear(), month, 10, utcHour, 0));
    const saved = await h.create(maya, { eventName: 'Sunrise ride', startDate: secondsOf(start), endDate: secondsOf(start.getTime() + hours(3)) });
    expect(saved.startTime).toBe('09:00 AM');
    const res = await calendarOf(maya, saved.id);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sunrise-ride.ics"');
    const { event: ev, vevent } = parse(res.body);
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Berlin');
    expect(ev.startDate.toString()).toBe(`${nextYear()}-${String(month + 1).padStart(2, '0')}-10T09:00:00`);
    expect(ev.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(ev.endDate.toString()).toBe(`${nextYear()}-${String(month + 1).padStart(2, '0')}-10T12:00:00`);
    expect(ev.uid).toBe(`event-${saved.id}@localhost`);
    expect(ev.summary).toBe('Sunrise ride');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    // Back to the event's page on the site the member downloaded it from (inject sends `Host: localhost:80`).
    expect(vevent.getFirstPropertyValue('url')).toBe(`http://localhost:80/events/${saved.id}`);
  });

  it('a weekly ride stays at 09:00 Berlin time across the change to winter time', async () => {
    const maya = await h.member();
    // Mid-October: three weeks later Berlin has left summer time.
    const start = new Date(Date.UTC(nextYear(), 9, 12, 7, 0));
    const saved = await h.create(maya, { repeats: 'weekly', startDate: secondsOf(start), endDate: secondsOf(start.getTime() + hours(2)) });
    const { event: ev, vevent } = parse((await calendarOf(maya, saved.id)).body);
    expect(vevent.getFirstPropertyValue('rrule')!.toString()).toBe('FREQ=WEEKLY');
    const it = ev.iterator();
    const occurrences = Array.from({ length: 5 }, () => it.next()!);
    expect(occurrences.map((o) => o.toString().slice(11))).toEqual(Array(5).fill('09:00:00'));
    // Before the change 07:00 UTC, after it 08:00 UTC.
    expect(occurrences[0]!.toJSDate().getUTCHours()).toBe(7);
    expect(occurrences[4]!.toJSDate().getUTCHours()).toBe(8);
  });

  it('a daily run in New York keeps its local time over the November change', async () => {
    const maya = await h.member();
    const start = new Date(Date.UTC(nextYear(), 9, 30, 10, 30)); // 06:30 EDT
    const saved = await h.create(maya, { repeats: 'daily', timeZone: 'America/New_York', startDate: secondsOf(start), endDate: secondsOf(start.getTime() + hours(1)) });
    const { event: ev } = parse((await calendarOf(maya, saved.id)).body);
    const it = ev.iterator();
    const days = Array.from({ length: 10 }, () => it.next()!);
    expect(new Set(days.map((o) => o.toString().slice(11)))).toEqual(new Set(['06:30:00']));
    expect(new Set(days.map((o) => o.toJSDate().getUTCHours()))).toEqual(new Set([10, 11]));
  });

  it('keeps commas, semicolons, newlines and long text intact, folded at 75 octets', async () => {
    const maya = await h.member();
    const description = 'Bring: lights, a pump; snacks.\nAfter: café «Zur Brücke» — 🚲 '.repeat(6).trim();
    const saved = await h.create(maya, {
      eventName: 'Ride, then; coffee',
      meetingDescription: description,
      location: 'Car park, north side',
      city: 'Innsbruck',
      zipCode: '6020',
      country: 'Austria',
      latitude: 47.2692,
      longitude: 11.4041,
    });
    const res = await calendarOf(maya, saved.id);
    expect(res.body.endsWith('\r\n')).toBe(true);
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const { event: ev, vevent } = parse(res.body);
    expect(ev.summary).toBe('Ride, then; coffee');
    expect(ev.description).toBe(description);
    expect(ev.location).toBe('Car park, north side, Innsbruck, 6020, Austria');
    expect(vevent.getFirstPropertyValue('geo')).toEqual([47.2692, 11.4041]);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ride-then-coffee.ics"');
  });

  it('says when the event was cancelled', async () => {
    const maya = await h.member();
    const saved = await h.create(maya);
    okData(await h.cancelCall(maya, saved.id), event);
    const { vevent } = parse((await calendarOf(maya, saved.id)).body);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('is in the API document, as a calendar file', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    }>();
    const operation = doc.paths['/api/challenge/{challengeId}/calendar.ics']?.get;
    expect(operation?.responses['200']?.content).toHaveProperty('text/calendar');
  });
});

/** The file of a one-hour event at 2030-01-10 08:00 UTC, in Berlin unless `overrides` say otherwise. */
function calendarText(overrides: Partial<CalendarEvent>) {
  const at = new Date(Date.UTC(2030, 0, 10, 8));
  const base: CalendarEvent = {
    id: 1,
    name: 'Ride',
    description: '',
    startsAt: at,
    endsAt: new Date(at.getTime() + hours(1)),
    timeZone: 'Europe/Berlin',
    repeats: 'none',
    place: '',
    latitude: null,
    longitude: null,
    cancelled: false,
    createdAt: at,
    updatedAt: at,
  };
  return eventCalendar({ ...base, ...overrides }, { now: at, url: 'https://example.com/events/1', host: 'example.com' });
}

/** The SUMMARY content line of the file for an event named `name`, as written: escaped, one entry per folded line. */
function summaryLines(name: string) {
  const lines = calendarText({ name }).split('\r\n');
  const first = lines.findIndex((l) => l.startsWith('SUMMARY:'));
  const next = lines.findIndex((l, i) => i > first && !l.startsWith(' '));
  return lines.slice(first, next);
}

describe('the file of an event in UTC', () => {
  it('gives its times in UTC, repeats included', () => {
    const { event: ev } = parse(calendarText({ timeZone: 'UTC', repeats: 'weekly' }));
    expect(ev.startDate.toJSDate().toISOString()).toBe('2030-01-10T08:00:00.000Z');
    expect(ev.endDate.toJSDate().toISOString()).toBe('2030-01-10T09:00:00.000Z');
    const it = ev.iterator();
    const weeks = Array.from({ length: 30 }, () => it.next()!.toJSDate().toISOString().slice(11));
    expect(new Set(weeks)).toEqual(new Set(['08:00:00.000Z']));
  });
});

describe('escaping and folding (RFC 5545 3.1, 3.3.11)', () => {
  it('escapes backslashes, commas, semicolons and newlines', () => {
    expect(summaryLines('a\\b,c;d\ne\r\nf')).toEqual(['SUMMARY:a\\\\b\\,c\\;d\\ne\\nf']);
    // Other control characters cannot be written in TEXT at all (a tab can).
    expect(summaryLines('bell\u0007\tend\u007f')).toEqual(['SUMMARY:bell\tend']);
  });

  it('never splits a UTF-8 character across lines', () => {
    const lines = summaryLines('é🚲'.repeat(40));
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(`SUMMARY:${'é🚲'.repeat(40)}`);
  });
});
