import { eq } from 'drizzle-orm';
import { LIVE_MAX_HOURS } from '#contract/live';
import { sportName } from '#contract/sports';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import type { Mail } from '../../lib/mailer';
import type { LiveRow } from '../../policy/live-access';

const sharerName = async (db: Db, userId: number) => {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : 'A Switchback member';
};

/** The share link for a safety contact without an account: who, what, and the address (it dies with the session). */
export async function linkMail(db: Db, live: LiveRow, to: string, url: string): Promise<Mail> {
  const name = await sharerName(db, live.userId);
  return {
    to,
    subject: `${name} shares their live location with you`,
    text:
      `Hi,\n\n${name} is out (${sportName(live.sportId).toLowerCase()}) and named you as a safety contact on Switchback. ` +
      `You can follow where they are on a map, without an account, here:\n\n${url}\n\n` +
      `The link works until the session ends (at most ${LIVE_MAX_HOURS} hours) or ${name} turns it off. If they go quiet ` +
      `for too long or are not back when they expected, we will e-mail you their last known position.\n\n- The Switchback team`,
  };
}

/** What safety contacts read when the sharer went silent or is overdue: the last position and its time. */
export function alertSentence(name: string, reason: 'silence' | 'overdue', last: { lng: number; lat: number; at: Date } | null) {
  const why = reason === 'silence' ? `${name} has not sent a position for a while and did not answer "Are you OK?".` : `${name} is not back at the time they expected and did not answer "Are you OK?".`;
  const where = last
    ? ` Last known position: ${last.lat.toFixed(5)}, ${last.lng.toFixed(5)} at ${last.at.toISOString().replace('T', ' ').slice(0, 16)} UTC (https://www.openstreetmap.org/?mlat=${last.lat.toFixed(5)}&mlon=${last.lng.toFixed(5)}#map=16/${last.lat.toFixed(5)}/${last.lng.toFixed(5)}).`
    : ' No position was received yet.';
  return `${why}${where}`;
}

export async function alertMail(db: Db, live: LiveRow, to: string, reason: 'silence' | 'overdue', last: { lng: number; lat: number; at: Date } | null, url: string | null): Promise<Mail> {
  const name = await sharerName(db, live.userId);
  return {
    to,
    subject: `Safety alert: ${name} may need help`,
    text: `Hi,\n\n${alertSentence(name, reason, last)}\n\n${url ? `Their live map: ${url}\n\n` : 'Their live map is at the link in our earlier e-mail.\n\n'}Try to reach them. If you cannot and you are worried, call the emergency services with the position above.\n\n- The Switchback team`,
  };
}
