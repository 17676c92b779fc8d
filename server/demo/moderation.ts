import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ModerationActionBody, ReportBody, ReportTarget } from '#contract/reports';
import type { Deps } from '../deps';
import { feeds } from '../db/schema/feeds';
import { notifications } from '../db/schema/notifications';
import { users } from '../db/schema/users';
import { days, hours } from '../lib/clock';
import type { Mailer } from '../lib/mailer';
import { hashPassword } from '../lib/passwords';
import { addComment } from '../modules/feeds/comments-service';
import { saveFeed } from '../modules/feeds/service';
import { decide } from '../modules/moderation/decide';
import { grantModerators } from '../modules/moderation/moderators';
import { sendReport } from '../modules/reports/service';
import { createUser } from '../modules/users/create-user';
import { DEMO_MODERATOR, demoPasswords, type DEMO_MEMBERS } from './accounts';

type Seeded = { id: number; handleName: string };
type Handle = (typeof DEMO_MEMBERS)[number]['handleName'];

// Rule ids (contract/reports.ts REPORT_REASONS).
const SPAM = 3;
const DANGEROUS_TRAIL = 6;

/**
 * The moderation demo (issue 20): a moderator, Morgan, whose queue at /moderation holds two open cases (a spam comment
 * reported by two members, and a post of Jonas's about riding a closed trail, reported by the demo member and Priya),
 * and whose audit log holds two earlier decisions: a warning for Jonas's comment urging a closed trail, and the demo
 * member's own report of Sam's farm-road post, dismissed, so her reports and notifications show an outcome.
 *
 * Everything goes through the services the app runs (saveFeed, addComment, sendReport, decide), each on a clock set
 * to when it happened, so the rows are the ones the app writes. Runs after the posts (server/demo/posts.ts). Safe to
 * run again: the moderator's account says it ran.
 */
export async function seedDemoModeration(deps: Deps, members: Seeded[]) {
  const [done] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MODERATOR.email)).limit(1);
  if (done) return false;
  const byHandle = new Map(members.map((m) => [m.handleName, m]));
  const member = (handle: Handle) => {
    const found = byHandle.get(handle);
    if (!found) throw new Error(`Demo member @${handle} was not seeded`);
    return found.id;
  };
  const now = deps.clock.now();
  const at = (ago: number) => new Date(now.getTime() - ago);
  // The services tell members by e-mail as their settings allow: nobody is mailed about a demo that was just made.
  const silent: Mailer = { send: () => undefined, flush: () => Promise.resolve() };
  const when = (ago: number): Deps => ({ ...deps, mailer: silent, clock: { now: () => at(ago) } });
  const postOf = async (handle: Handle, title: string) => {
    const [row] = await deps.db
      .select({ id: feeds.id })
      .from(feeds)
      .where(and(eq(feeds.userId, member(handle)), eq(feeds.title, title)))
      .limit(1);
    if (!row) throw new Error(`Demo post "${title}" by @${handle} was not seeded`);
    return row.id;
  };
  const comment = async (ago: number, by: Handle, feedId: number, text: string) =>
    (await addComment(when(ago), member(by), { feedId, comment: text })).comment.commentId;
  const report = (ago: number, by: Handle, kind: ReportTarget, id: number, body: Omit<ReportBody, 'feedId'>) => sendReport(when(ago), member(by), kind, id, body);

  // The members' scheme: the published password in development and tests, a random one in production.
  const password = demoPasswords(deps.config.env)[0]!;
  const moderatorId = await deps.db.transaction(async (tx) => {
    const user = await createUser(tx, { ...DEMO_MODERATOR, passwordHash: await hashPassword(password) });
    await tx
      .update(users)
      .set({ bio: DEMO_MODERATOR.bio, sports: [...DEMO_MODERATOR.sports], location: DEMO_MODERATOR.location, units: DEMO_MODERATOR.units })
      .where(eq(users.id, user.id));
    await grantModerators(tx, [DEMO_MODERATOR.email]);
    return user.id;
  });
  const decideAt = (ago: number, body: ModerationActionBody) => decide(when(ago), moderatorId, body);

  // Decided days ago: Jonas urged a closed trail under Priya's wildflower post; she reported it; Morgan warned him.
  const closedMeadow = await comment(days(6) - hours(3), 'jonasrides', await postOf('priyahikes', 'Wildflowers'), 'Faster on the bike: the singletrack through that meadow is closed for the season, but nobody checks before 8.');
  await report(days(5), 'priyahikes', 'comment', closedMeadow, { reasonId: DANGEROUS_TRAIL, comment: 'That meadow is closed to let it regrow. Please do not send people onto it.' });
  await decideAt(days(4), {
    targetKind: 'comment',
    targetId: closedMeadow,
    action: 'warn',
    ruleId: DANGEROUS_TRAIL,
    note: 'Urged others onto a trail closed for restoration. First time: a warning, and the comment stays up.',
  });

  // The demo member's own report, dismissed: Sam's farm roads are public county roads.
  const farmRoads = await postOf('samgravel', 'Unmarked roads');
  await report(days(9), 'mayatrails', 'post', farmRoads, { reasonId: DANGEROUS_TRAIL, comment: 'Are these farm roads open to the public? It looks like private land.' });
  await decideAt(days(8), { targetKind: 'post', targetId: farmRoads, action: 'dismiss', note: 'Public county gravel roads, open to bikes. No rule broken.' });

  // Read an hour after they came, as the demo member's older notifications are (server/demo/social-graph.ts).
  await deps.db
    .update(notifications)
    .set({ readAt: sql`${notifications.createdAt} + interval '1 hour'` })
    .where(and(eq(notifications.kind, 'moderation'), isNull(notifications.readAt), inArray(notifications.userId, [member('mayatrails'), member('priyahikes'), member('jonasrides')])));

  // Open: a post about ducking a closure, reported by the demo member (a trail builder) and Priya.
  const closedTrail = (
    await saveFeed(when(hours(30)), member('jonasrides'), {
      title: 'Had the Arzler Alm trail to myself',
      description: 'Closed for logging this week, so I ducked the tape at 6 am before the crews showed up. Best run of the year. #mtb',
      isDraft: false,
    })
  ).id;
  await report(hours(20), 'mayatrails', 'post', closedTrail, { reasonId: DANGEROUS_TRAIL, comment: 'The trail is closed because the logging machines are on it. This sends people into their path.' });
  await report(hours(8), 'priyahikes', 'post', closedTrail, { reasonId: DANGEROUS_TRAIL });

  // Open: spam under Lena's long run, reported by Lena and Priya.
  const spam = await comment(days(1), 'theowalks', await postOf('lenaruns', 'Long run'), 'Cheap bike parts, 70% off everything. DM me for the link!');
  await report(hours(18), 'lenaruns', 'comment', spam, { reasonId: SPAM });
  await report(hours(5), 'priyahikes', 'comment', spam, { reasonId: SPAM, comment: 'Nothing to do with the run, just selling.' });

  // Printed once, as the members' random passwords are (server/demo/seed.ts): only hashes are kept.
  if (deps.config.env === 'production') console.log(`\n  Demo moderator (reviews reports at /moderation), shown only now:\n    ${DEMO_MODERATOR.email}  ${password}\n`);
  return true;
}
