/**
 * bench:load's workload: what a member's app asks for, in fixed shares, each request as a random member. Reads (70 %):
 * both feeds, the events list, another member's profile, the notifications, a member's activities; writes (30 %):
 * posts, comments, reactions, follows and unfollows. Routes and bodies as server/modules/*\/routes.ts and contract/
 * define them. The recording pass and the load use the same deck of kinds (exact shares, shuffled), so the raw
 * replay's units are the load's mix.
 */
import { seededRandom } from '../../server/lib/seeded-random';

/** A row's id, as the wire and the tables have it. */
export type RowId = number;

export const KINDS = {
  feedAll: { weight: 18, write: false },
  feedFollowing: { weight: 14, write: false },
  events: { weight: 10, write: false },
  profile: { weight: 10, write: false },
  notifications: { weight: 10, write: false },
  activities: { weight: 8, write: false },
  post: { weight: 5, write: true },
  comment: { weight: 7, write: true },
  reaction: { weight: 10, write: true },
  follow: { weight: 4, write: true },
  unfollow: { weight: 4, write: true },
} as const;
export type Kind = keyof typeof KINDS;
export const KIND_NAMES = Object.keys(KINDS) as Kind[];

/**
 * The world the requests pick from: members (a session each), whom each follows (kept up to date by the follows and
 * unfollows made here, so an unfollow mostly ends a real follow), and the posts anyone may react to and comment on.
 */
export type World = { members: { id: RowId; token: string }[]; following: Map<RowId, RowId[]>; publicPosts: RowId[] };

export type BenchRequest = { kind: Kind; method: 'GET' | 'POST'; path: string; token: string; body?: string };

const REACTIONS = ['U+2764', 'U+1F44D', 'U+1F603', 'U+1F642', 'U+1F62E', 'U+1F622'] as const;
const TAGS = ['gravel', 'mtb', 'trailrun', 'sunrise', 'hiking', 'climb', 'alps', 'coffee'];
const PLACES = ['Boulder, CO', 'Moab, UT', 'Chamonix', 'Girona', 'Banff'];

/** A small fast PRNG (mulberry32), seeded, so two runs draw the same sequence of members and targets. */
export function random(seed: number) {
  const next = seededRandom(seed);
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

/** `size` kinds in the exact shares of KINDS (rounded), shuffled. */
export function deck(size: number, seed: number): Kind[] {
  const total = KIND_NAMES.reduce((s, k) => s + KINDS[k].weight, 0);
  const cards = KIND_NAMES.flatMap((k) => Array.from({ length: Math.round((KINDS[k].weight / total) * size) }, () => k));
  const rnd = random(seed);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rnd.int(i + 1);
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  return cards;
}

/** Builds requests of each kind from `world`, drawing members and targets from its own seeded sequence. */
export function requestMaker(world: World, seed: number) {
  const rnd = random(seed);
  const member = () => rnd.pick(world.members);
  /** Another member than `me`. */
  const other = (me: RowId) => {
    for (;;) {
      const m = rnd.pick(world.members);
      if (m.id !== me) return m.id;
    }
  };
  let posted = 0;
  return (kind: Kind): BenchRequest => {
    const me = member();
    const base = { kind, token: me.token };
    switch (kind) {
      case 'feedAll':
        return { ...base, method: 'GET', path: '/api/feed?filter_type=all' };
      case 'feedFollowing':
        return { ...base, method: 'GET', path: '/api/feed?filter_type=following' };
      case 'events':
        return { ...base, method: 'GET', path: '/api/challengeActivity' };
      case 'profile':
        return { ...base, method: 'GET', path: `/api/user-profile?userId=${other(me.id)}` };
      case 'notifications':
        return { ...base, method: 'GET', path: '/api/notifications' };
      case 'activities':
        // The activities tab of a member's profile (a POST that reads, as the contract has it).
        return { ...base, method: 'POST', path: '/api/getActivity', body: JSON.stringify({ userId: other(me.id) }) };
      case 'post': {
        posted++;
        const tag = rnd.next() < 0.3 ? ` #${rnd.pick(TAGS)}` : '';
        const body: Record<string, unknown> = { title: `Load ride ${posted}`, description: `Out on the trails again, loop ${posted}.${tag}`, isDraft: false };
        if (rnd.next() < 0.4) body.location = rnd.pick(PLACES);
        return { ...base, method: 'POST', path: '/api/feed', body: JSON.stringify(body) };
      }
      case 'comment':
        return { ...base, method: 'POST', path: '/api/feed/comment', body: JSON.stringify({ feedId: rnd.pick(world.publicPosts), comment: 'Great ride, see you out there!' }) };
      case 'reaction': {
        // One in ten takes the reaction away, as a second click does.
        const likeUniCode = rnd.next() < 0.1 ? null : rnd.next() < 0.6 ? REACTIONS[0] : rnd.pick(REACTIONS);
        return { ...base, method: 'POST', path: '/api/feed/like', body: JSON.stringify({ feedId: rnd.pick(world.publicPosts), likeUniCode }) };
      }
      case 'follow': {
        const userId = other(me.id);
        const list = world.following.get(me.id) ?? [];
        if (!list.includes(userId)) list.push(userId);
        world.following.set(me.id, list);
        return { ...base, method: 'POST', path: '/api/follow', body: JSON.stringify({ userId }) };
      }
      case 'unfollow': {
        const list = world.following.get(me.id) ?? [];
        const userId = list.length ? list.splice(rnd.int(list.length), 1)[0]! : other(me.id);
        return { ...base, method: 'POST', path: '/api/unFollow', body: JSON.stringify({ userId }) };
      }
    }
  };
}
