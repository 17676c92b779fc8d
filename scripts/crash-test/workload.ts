import { activityImport } from '../../contract/activities';
import { compressImageData } from '../../contract/media';
import { commentSaved, feed } from '../../contract/feeds';
import { relationship } from '../../contract/social';
import { seededRandom } from '../../server/lib/seeded-random';
import { call, describe, gpx, okData, type Answer, type Member } from './api';

/** A seeded generator (mulberry32), so a failing round is replayed exactly with its `--seed`. */
export function seeded(seed: number) {
  const next = seededRandom(seed);
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}
export type Random = ReturnType<typeof seeded>;

export type AckedPost = { id: number; author: number; title: string; description: string; images: number; round: number };
export type AckedComment = { id: number; postId: number; author: number; text: string; round: number };
/**
 * An import sent; `id` once acknowledged. Its GPX track's name (`title`) is the title of the activity it makes.
 * `settled` once seen done (with `activityId`) or failed; `reported` once found not done in time.
 */
export type SentImport = { title: string; member: number; round: number; id?: number; settled?: boolean; activityId?: number; reported?: boolean };
/** One ordered pair's follow state as the client knows it: `known` false once an op on it went unanswered. */
export type Pair = { from: number; to: number; busy: boolean; known: boolean; following: boolean };

/** Everything acknowledged on one database, across its rounds: what the checks hold the server to. */
export type Ledger = {
  members: Member[];
  posts: AckedPost[];
  comments: AckedComment[];
  imports: SentImport[];
  pairs: Pair[];
};

export const newLedger = (members: Member[]): Ledger => ({
  members,
  posts: [],
  comments: [],
  imports: [],
  pairs: members.flatMap((_, from) => members.map((_, to) => ({ from, to, busy: false, known: true, following: false }))).filter((p) => p.from !== p.to),
});

export type RoundCounts = { posts: number; photos: number; comments: number; follows: number; imports: number };
/** Answers other than 200 while the server was alive: each is a problem of its own (a 500, a rate limit hit). */
export type Refusal = { what: string; answer: string };

export type WriteOptions = {
  base: string;
  round: number;
  random: Random;
  images: Uint8Array<ArrayBuffer>[];
  /** Requests in flight at once. */
  concurrency: number;
  /** Photo uploads per member in one server's life: under the 60 a minute upload limit, which a restart resets. */
  uploadsPerMember: number;
  /** Activity imports in one round (one at a time): the background-job check. */
  importsPerRound: number;
  /** A unique tag for this run, in every title, so one database's leftovers cannot be mistaken for this run's. */
  tag: string;
};

/**
 * Writes as fast as `concurrency` clients can until `killed()` turns true, recording in `ledger` every write answered
 * 200 with its id. What was in flight when the server died is simply not recorded (it may or may not have happened).
 */
export async function writeUntilKilled(ledger: Ledger, o: WriteOptions, killed: () => boolean) {
  const counts: RoundCounts = { posts: 0, photos: 0, comments: 0, follows: 0, imports: 0 };
  const refusals: Refusal[] = [];
  const uploads = ledger.members.map(() => 0);
  const roundPosts: AckedPost[] = [];
  let importBusy = false;
  let importsSent = 0;
  let seq = 0;

  /** Records a non-200 answer that came while the server still ran; once it is killed, anything goes. */
  const refused = (what: string, answer: Answer) => {
    if (!killed()) refusals.push({ what, answer: describe(answer) });
  };

  async function post(author: number, withPhoto: boolean) {
    const m = ledger.members[author]!;
    const n = ++seq;
    const images: string[] = [];
    if (withPhoto) {
      uploads[author]!++;
      const form = new FormData();
      form.append('image[]', new Blob([o.random.pick(o.images)], { type: 'image/png' }), `r${o.round}-${n}.png`);
      const up = await call(o.base, 'POST', '/api/compress-image', { token: m.token, form });
      if (up.status !== 200) return refused('upload', up);
      images.push(okData(up, compressImageData).images[0]!.key);
    }
    const title = `${o.tag} r${o.round} post ${n}`;
    // Of varied length; no trailing space, which the server would trim away.
    const description = `Written in round ${o.round} as write ${n}.${' x'.repeat(o.random.int(0, 200))}`;
    const answer = await call(o.base, 'POST', '/api/feed', { token: m.token, json: { title, description, isDraft: false, images } });
    if (answer.status !== 200) return refused('post', answer);
    const saved: AckedPost = { id: okData(answer, feed).id, author, title, description, images: images.length, round: o.round };
    ledger.posts.push(saved);
    roundPosts.push(saved);
    counts.posts++;
    if (withPhoto) counts.photos++;
  }

  async function comment() {
    const on = roundPosts.length > 0 ? o.random.pick(roundPosts) : o.random.pick(ledger.posts);
    const author = o.random.int(0, ledger.members.length - 1);
    const text = `${o.tag} r${o.round} comment ${++seq}`;
    const answer = await call(o.base, 'POST', '/api/feed/comment', { token: ledger.members[author]!.token, json: { feedId: on.id, comment: text } });
    if (answer.status !== 200) return refused('comment', answer);
    ledger.comments.push({ id: okData(answer, commentSaved).comment.commentId, postId: on.id, author, text, round: o.round });
    counts.comments++;
  }

  /** One op at a time per pair, so "the last answered op" is the state the database must hold (unless one is lost). */
  async function followOrNot(pair: Pair) {
    pair.busy = true;
    const follow = o.random.next() < 0.6;
    const answer = await call(o.base, 'POST', follow ? '/api/follow' : '/api/unFollow', {
      token: ledger.members[pair.from]!.token,
      json: { userId: ledger.members[pair.to]!.userId },
    });
    pair.busy = false;
    if (answer.status !== 200) {
      pair.known = false;
      return refused(follow ? 'follow' : 'unfollow', answer);
    }
    const rel = okData(answer, relationship);
    pair.known = true;
    pair.following = rel.isFollowing;
    counts.follows++;
  }

  async function importActivity() {
    importBusy = true;
    importsSent++;
    const member = o.random.int(0, ledger.members.length - 1);
    const sent: SentImport = { title: `${o.tag} r${o.round} import ${++seq}`, member, round: o.round };
    ledger.imports.push(sent);
    // A start time of its own (an hour per import), so no file is a duplicate of another.
    const start = Date.UTC(2025, 0, 1) / 1000 + ledger.imports.length * 3600;
    const form = new FormData();
    form.append('timeZone', 'UTC');
    form.append('file', new Blob([gpx(sent.title, start)]), `r${o.round}-${seq}.gpx`);
    const answer = await call(o.base, 'POST', '/api/activity/import', { token: ledger.members[member]!.token, form });
    importBusy = false;
    if (answer.status !== 200) return refused('import', answer);
    sent.id = okData(answer, activityImport).id;
    counts.imports++;
  }

  async function worker() {
    while (!killed()) {
      const r = o.random.next();
      const freePairs = ledger.pairs.filter((p) => !p.busy);
      const author = o.random.int(0, ledger.members.length - 1);
      if (r < 0.05 && !importBusy && importsSent < o.importsPerRound) await importActivity();
      else if (r < 0.2 && freePairs.length > 0) await followOrNot(o.random.pick(freePairs));
      else if (r < 0.45 && ledger.posts.length > 0) await comment();
      else await post(author, r > 0.88 && uploads[author]! < o.uploadsPerMember);
    }
  }

  await Promise.all(Array.from({ length: o.concurrency }, worker));
  return { counts, refusals };
}

/**
 * One post with a photo on the restarted server, before the checks: it must take writes again (a crash must leave
 * nothing behind that blocks them). Its upload also warms the image pipeline, which in a new process takes a second
 * or more on a busy machine, so the next round's photo posts can be answered before its kill.
 */
export async function postAfterRestart(ledger: Ledger, base: string, round: number, image: Uint8Array<ArrayBuffer>, tag: string): Promise<string | null> {
  const m = ledger.members[0]!;
  const form = new FormData();
  form.append('image[]', new Blob([image], { type: 'image/png' }), `r${round}-after.png`);
  const up = await call(base, 'POST', '/api/compress-image', { token: m.token, form });
  if (up.status !== 200) return `upload after the restart: ${describe(up)}`;
  const title = `${tag} r${round} after the restart`;
  const description = 'The first write after the restart.';
  const answer = await call(base, 'POST', '/api/feed', { token: m.token, json: { title, description, isDraft: false, images: [okData(up, compressImageData).images[0]!.key] } });
  if (answer.status !== 200) return `post after the restart: ${describe(answer)}`;
  ledger.posts.push({ id: okData(answer, feed).id, author: 0, title, description, images: 1, round });
  return null;
}
