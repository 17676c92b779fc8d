import { count, eq } from 'drizzle-orm';
import type { NotificationKind } from '#contract/notifications';
import type { Db } from '../db/client';
import { notifications } from '../db/schema/notifications';
import { follows } from '../db/schema/social';
import { users } from '../db/schema/users';
import { days, hours } from '../lib/clock';
import { sentenceFor } from '../modules/notifications/sentences';
import type { DEMO_MEMBERS } from './accounts';

type Seeded = { id: number; handleName: string; firstName: string; lastName: string };
type Handle = (typeof DEMO_MEMBERS)[number]['handleName'];

/**
 * Who follows whom, and since how long ago. `pending` is a request still waiting for an answer, which only a private
 * profile has (following a public one is accepted at once): Sam is the one private member.
 */
const FOLLOWS: { from: Handle; to: Handle; ago: number; pending?: true }[] = [
  { from: 'jonasrides', to: 'mayatrails', ago: days(9) },
  { from: 'mayatrails', to: 'jonasrides', ago: days(8) },
  { from: 'priyahikes', to: 'mayatrails', ago: days(6) },
  { from: 'mayatrails', to: 'priyahikes', ago: days(5) },
  { from: 'mayatrails', to: 'samgravel', ago: days(3) },
  { from: 'jonasrides', to: 'priyahikes', ago: days(3) },
  { from: 'lenaruns', to: 'priyahikes', ago: days(2) },
  { from: 'lenaruns', to: 'mayatrails', ago: hours(26) },
  { from: 'theowalks', to: 'mayatrails', ago: hours(2) },
  // Sam's profile is private: Theo's request waits in Sam's follow requests until he answers it.
  { from: 'theowalks', to: 'samgravel', ago: hours(5), pending: true },
];

/**
 * The notifications the follows above made. The demo member finds hers over several days, the older ones read, the
 * newest two not (and Priya's invitation to co-host her hike, written with the events, server/demo/events.ts); Sam
 * finds Theo's request.
 */
const NOTICES: { to: Handle; kind: NotificationKind; actor: Handle; ago: number; read: boolean }[] = [
  { to: 'mayatrails', kind: 'new_follower', actor: 'jonasrides', ago: days(9), read: true },
  { to: 'mayatrails', kind: 'new_follower', actor: 'priyahikes', ago: days(6), read: true },
  { to: 'mayatrails', kind: 'request_accepted', actor: 'samgravel', ago: days(3), read: true },
  { to: 'mayatrails', kind: 'new_follower', actor: 'lenaruns', ago: hours(26), read: false },
  { to: 'mayatrails', kind: 'new_follower', actor: 'theowalks', ago: hours(2), read: false },
  { to: 'samgravel', kind: 'follow_request', actor: 'theowalks', ago: hours(5), read: false },
];

/**
 * Gives the demo members a social life: followers and following around the demo member, one private profile (Sam,
 * whom Maya follows, and whom Theo has asked to follow), and her notifications over the last days. Safe to run again:
 * nothing is added twice.
 */
export async function seedSocialGraph(tx: Db, members: Seeded[], now: Date) {
  const byHandle = new Map(members.map((m) => [m.handleName, m]));
  const member = (handle: Handle) => {
    const found = byHandle.get(handle);
    if (!found) throw new Error(`Demo member @${handle} was not seeded`);
    return found;
  };
  const at = (ago: number) => new Date(now.getTime() - ago);

  await tx.update(users).set({ isPrivate: true }).where(eq(users.id, member('samgravel').id));
  await tx
    .insert(follows)
    .values(
      FOLLOWS.map((f) => ({
        followerId: member(f.from).id,
        followeeId: member(f.to).id,
        status: f.pending ? ('pending' as const) : ('accepted' as const),
        createdAt: at(f.ago),
        acceptedAt: f.pending ? null : at(f.ago),
      })),
    )
    .onConflictDoNothing({ target: [follows.followerId, follows.followeeId] });

  const maya = member('mayatrails');
  const [existing] = await tx.select({ n: count() }).from(notifications).where(eq(notifications.userId, maya.id));
  if ((existing?.n ?? 0) > 0) return;
  await tx.insert(notifications).values(
    NOTICES.map((n) => {
      const actor = member(n.actor);
      return {
        userId: member(n.to).id,
        actorId: actor.id,
        kind: n.kind,
        subjectType: 'profile' as const,
        subjectId: actor.id,
        message: sentenceFor(n.kind, actor),
        createdAt: at(n.ago),
        readAt: n.read ? at(n.ago - hours(1)) : null,
      };
    }),
  );
}
