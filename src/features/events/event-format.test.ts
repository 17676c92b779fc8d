import { describe, expect, it } from 'vitest';
import {
  formatElevationGain,
  formatEventWhen,
  formatGoals,
  formatInReaderZone,
  formatPlace,
  formatRouteDistance,
  isPast,
  sportOf,
  zoneAbbreviation,
} from './event-format';
import { anEvent, aRoute } from './test-helpers';

const IN_2027 = new Date('2027-01-10T12:00:00Z');
const IN_2025 = new Date('2025-11-01T12:00:00Z');

describe('formatEventWhen', () => {
  it('shows the time in the event’s own zone, one day as one range', () => {
    // 15:00–19:00 UTC is 9 AM to 1 PM in Denver (summer time).
    expect(formatEventWhen(anEvent(), IN_2027)).toBe('Sat 12 Jun · 9:00 AM – 1:00 PM MDT');
  });

  it('names the year only when it is not this year', () => {
    expect(formatEventWhen(anEvent(), IN_2025)).toBe('Sat 12 Jun 2027 · 9:00 AM – 1:00 PM MDT');
  });

  it('spans days for a multi-day event, with the European zone’s short name', () => {
    // Sat 6 Dec 2025 09:00 to Sun 7 Dec 16:30 in Berlin (winter time, CET).
    const tour = anEvent({ startDate: '1765008000', endDate: '1765121400', timeZone: 'Europe/Berlin' });
    expect(formatEventWhen(tour, IN_2025)).toBe('Sat 6 Dec, 9:00 AM – Sun 7 Dec, 4:30 PM CET');
  });

  it('says each end’s zone name when the clocks change in between', () => {
    // Sat 13 Mar 2027 8 PM MST to Sun 14 Mar 10 AM MDT: US summer time starts that night.
    const overnight = anEvent({ startDate: '1804993200', endDate: '1805040000' });
    expect(formatEventWhen(overnight, IN_2027)).toBe('Sat 13 Mar, 8:00 PM MST – Sun 14 Mar, 10:00 AM MDT');
  });

  it('falls back to UTC for a zone the browser does not know, rather than failing', () => {
    expect(formatEventWhen(anEvent({ timeZone: 'Mars/Olympus_Mons' }), IN_2027)).toBe('Sat 12 Jun · 3:00 PM – 7:00 PM UTC');
  });

  it('gives the start in the reader’s zone when it differs, and nothing when it is the same', () => {
    expect(formatInReaderZone(anEvent(), 'Europe/Berlin')).toBe('Sat 12 Jun, 5:00 PM CEST');
    expect(formatInReaderZone(anEvent(), 'America/Denver')).toBeNull();
  });

  it('names a zone as it is at each instant, asked again across a clock change', () => {
    const winter = new Date('2027-01-10T12:00:00Z');
    const summer = new Date('2027-06-12T15:00:00Z');
    expect(zoneAbbreviation(winter, 'America/Denver')).toBe('MST');
    expect(zoneAbbreviation(summer, 'America/Denver')).toBe('MDT');
    expect(zoneAbbreviation(winter, 'America/Denver')).toBe('MST');
    expect(zoneAbbreviation(summer, 'Europe/Berlin')).toBe('CEST');
  });

  it('names zones the US locale does not (IST, AEST)', () => {
    const at = new Date('2027-06-12T15:00:00Z');
    expect(zoneAbbreviation(at, 'Asia/Kolkata')).toBe('IST');
    expect(zoneAbbreviation(at, 'Australia/Sydney')).toBe('AEST');
  });
});

describe('route and goals in the member’s units', () => {
  it('shows distance and climb in miles and feet, or kilometres and metres', () => {
    const route = aRoute({ distance: 24_140, elevationGain: 365.76 });
    expect(formatRouteDistance(route, 'imperial')).toBe('15.0 mi');
    expect(formatElevationGain(route, 'imperial')).toBe('1,200 ft gain');
    expect(formatRouteDistance(route, 'metric')).toBe('24.1 km');
    expect(formatElevationGain(route, 'metric')).toBe('366 m gain');
  });

  it('says the elevation is unknown when no source gave one', () => {
    expect(formatElevationGain(aRoute({ elevationGain: null }), 'imperial')).toBe('Elevation unknown');
  });

  it('writes goals with the spec’s unit words: cal, elev, mi or km', () => {
    const goals = { goalCalories: 1500, goalElevation: 365.76, goalDistance: 80_467.2 };
    expect(formatGoals(goals, 'imperial')).toEqual(['1,500 cal', '1,200 ft elev', '50 mi']);
    expect(formatGoals(goals, 'metric')).toEqual(['1,500 cal', '366 m elev', '80.5 km']);
    expect(formatGoals({ goalCalories: null, goalElevation: null, goalDistance: null }, 'metric')).toEqual([]);
  });
});

describe('the rest of a card’s words', () => {
  it('puts the place before the city, once each', () => {
    expect(formatPlace(anEvent())).toBe('Chautauqua trailhead, Boulder');
    expect(formatPlace(anEvent({ location: '', city: '', state: 'Colorado' }))).toBe('Colorado');
    expect(formatPlace(anEvent({ location: 'Boulder', city: 'Boulder' }))).toBe('Boulder');
  });

  it('names the sport by its spec id; an unknown id reads as Other', () => {
    expect(sportOf(35)).toMatchObject({ name: 'Hiking', icon: 'mountain' });
    expect(sportOf(999)).toMatchObject({ name: 'Other', icon: 'flag' });
  });

  it('knows an event is over once its end has passed', () => {
    expect(isPast(anEvent(), new Date('2027-06-12T18:59:00Z'))).toBe(false);
    expect(isPast(anEvent(), new Date('2027-06-12T19:01:00Z'))).toBe(true);
  });
});
