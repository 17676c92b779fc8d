import { TZDate } from '@date-fns/tz';
import { and, eq, gte, sql } from 'drizzle-orm';
import { SUMMARY_BARS, type ActivitySummary, type ActivityTotals } from '#contract/activities';
import type { Deps } from '../../deps';
import { activities } from '../../db/schema/activities';
import { guardianFor } from '../../policy/guardian';
import { activityOwner, checkedZone } from './activity-owner';

type Row = { startAt: Date; sportId: number; distanceM: number; movingS: number; elevationGainM: number | null };
type Period = 'week' | 'month' | 'year';

const zero = (): ActivityTotals => ({ count: 0, distance: 0, movingTime: 0, elevationGain: 0 });
const add = (t: ActivityTotals, r: Row) => {
  t.count += 1;
  t.distance += r.distanceM;
  t.movingTime += r.movingS;
  t.elevationGain += r.elevationGainM ?? 0;
};

/** The start of the week (Monday), month or year holding `at`, on the clocks of `zone`; `back` periods earlier. */
export function periodStart(at: Date, zone: string, period: Period, back = 0): Date {
  const local = new TZDate(at.getTime(), zone);
  const y = local.getFullYear();
  const m = local.getMonth();
  if (period === 'year') return new Date(new TZDate(y - back, 0, 1, 0, 0, 0, zone).getTime());
  if (period === 'month') return new Date(new TZDate(y, m - back, 1, 0, 0, 0, zone).getTime());
  const sinceMonday = (local.getDay() + 6) % 7;
  return new Date(new TZDate(y, m, local.getDate() - sinceMonday - 7 * back, 0, 0, 0, zone).getTime());
}

const isoDay = (at: Date, zone: string) => {
  const local = new TZDate(at.getTime(), zone);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
};

/**
 * `GET /api/activity/summary` (spec §3 `summary`, `chartData`): a member's totals this week (from Monday), month and
 * year on the clocks of `timeZone`, all sports and per sport, and the last SUMMARY_BARS weeks or months as bars,
 * oldest first. Only activities the viewer may see count; totals are whole (privacy zones hide places, not effort).
 */
export async function activitySummary(
  deps: Pick<Deps, 'db' | 'clock'>,
  viewerId: number,
  q: { userId?: number | undefined; handleName?: string | undefined; sportId?: number | undefined; chart?: 'week' | 'month' | undefined; timeZone?: string | undefined },
): Promise<ActivitySummary> {
  const zone = checkedZone(q.timeZone);
  const unit = q.chart ?? 'week';
  const now = deps.clock.now();
  const bars = Array.from({ length: SUMMARY_BARS }, (_, i) => periodStart(now, zone, unit, SUMMARY_BARS - 1 - i));
  const starts = { week: periodStart(now, zone, 'week'), month: periodStart(now, zone, 'month'), year: periodStart(now, zone, 'year') };
  const since = new Date(Math.min(bars[0]!.getTime(), starts.year.getTime()));

  const { owner, closed } = await activityOwner(deps.db, viewerId, q);
  const rows: Row[] = closed
    ? []
    : await deps.db
        .select({ startAt: activities.startAt, sportId: activities.sportId, distanceM: activities.distanceM, movingS: activities.movingS, elevationGainM: activities.elevationGainM })
        .from(activities)
        .where(
          and(
            eq(activities.userId, owner.id),
            gte(activities.startAt, since),
            q.sportId !== undefined ? eq(activities.sportId, q.sportId) : undefined,
            guardianFor(deps.db, viewerId).visibleActivitiesWhere(),
          ),
        );

  const summary = Object.fromEntries(
    (['week', 'month', 'year'] as const).map((period) => {
      const all = zero();
      const bySport = new Map<number, ActivityTotals>();
      for (const r of rows) {
        if (r.startAt < starts[period] || r.startAt > now) continue;
        add(all, r);
        let sport = bySport.get(r.sportId);
        if (!sport) bySport.set(r.sportId, (sport = zero()));
        add(sport, r);
      }
      const sports = [...bySport].map(([sportId, t]) => ({ sportId, ...t })).sort((a, b) => b.movingTime - a.movingTime || a.sportId - b.sportId);
      return [period, { all, bySport: sports }];
    }),
  ) as ActivitySummary['summary'];

  const totals = bars.map(() => zero());
  for (const r of rows) {
    if (r.startAt > now) continue;
    for (let i = bars.length - 1; i >= 0; i--) {
      if (r.startAt >= bars[i]!) {
        add(totals[i]!, r);
        break;
      }
    }
  }
  return { summary, chartData: { unit, bars: bars.map((start, i) => ({ start: isoDay(start, zone), ...totals[i]! })) } };
}

/** A member's all-time count, distance and climb (the profile's totals): whole sums of every activity of theirs. */
export async function allTimeTotals(deps: Pick<Deps, 'db'>, userId: number) {
  const [row] = await deps.db
    .select({
      count: sql<number>`count(*)::int`,
      distance: sql<number>`coalesce(sum(${activities.distanceM}), 0)::float8`,
      climb: sql<number>`coalesce(sum(${activities.elevationGainM}), 0)::float8`,
    })
    .from(activities)
    .where(eq(activities.userId, userId));
  return { count: row?.count ?? 0, distanceMetres: row?.distance ?? 0, elevationMetres: row?.climb ?? 0 };
}
