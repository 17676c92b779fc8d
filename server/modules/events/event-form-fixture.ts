import type { EventInput } from '#contract/events';
import { days, hours } from '../../lib/clock';

// The one valid event form of the tests, the fuzz and the benches: it has no vitest in it, so scripts import it too.

/** Seconds since 1970 as the wire's string. */
export const secondsOf = (at: Date | number) => String(Math.floor((typeof at === 'number' ? at : at.getTime()) / 1000));

/** A valid form: a ride starting at `start` (two days from `now` by default), three hours long, in Berlin, public. */
export function eventFormAt(start: number, over: Partial<EventInput> = {}): EventInput {
  return {
    eventName: 'Sunrise ride',
    activityType: 'Group ride',
    sportId: 53,
    difficulty: 'moderate',
    icon: 'bike',
    meetingDescription: 'Meet at the trailhead car park.',
    isDraft: false,
    whoCanSee: 'public',
    repeats: 'none',
    startDate: secondsOf(start),
    endDate: secondsOf(start + hours(3)),
    timeZone: 'Europe/Berlin',
    ...over,
  };
}

/** `eventFormAt` two days after `now` (ms since 1970). */
export const eventFormFrom = (now: number, over: Partial<EventInput> = {}) => eventFormAt(now + days(2), over);
