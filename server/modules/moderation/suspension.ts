import { and, desc, eq } from 'drizzle-orm';
import { reasonTitle, SUSPENDED_FOR_GOOD } from '#contract/reports';
import type { Db } from '../../db/client';
import { moderationActions } from '../../db/schema/reports';

/** " for breaking the rule “Spam or scam”", or nothing without a rule. */
export const ruleText = (ruleId: number | null) => (ruleId === null ? '' : ` for breaking the rule “${reasonTitle(ruleId)}”`);

/** "until 3 Dec 2026" (UTC), or "for good". */
export const untilText = (until: Date) =>
  until.toISOString() === SUSPENDED_FOR_GOOD ? 'for good' : `until ${until.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`;

/**
 * The message sign-in answers a suspended member (issue 20), or null when they are not suspended now. Asked by
 * `signInUser` after the credentials were checked, so it tells nothing to someone who does not hold the account.
 */
export async function suspensionNotice(db: Db, user: { id: number; suspendedUntil: Date | null }, now: Date) {
  if (!user.suspendedUntil || user.suspendedUntil <= now) return null;
  const [last] = await db
    .select({ ruleId: moderationActions.ruleId })
    .from(moderationActions)
    .where(and(eq(moderationActions.targetUserId, user.id), eq(moderationActions.action, 'suspend')))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(1);
  return `Your account is suspended ${untilText(user.suspendedUntil)}${ruleText(last?.ruleId ?? null)}. Write to us through the contact page if you think this is a mistake.`;
}
