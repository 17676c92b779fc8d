import { activityImport, activityList, type ActivityImport } from '../../contract/activities';
import { feed, feedCommentList, feedList, type Feed } from '../../contract/feeds';
import { memberProfile } from '../../contract/social';
import { call, decodes, describe, okData, type Member } from './api';
import type { AckedComment, AckedPost, Ledger, SentImport } from './workload';

/** Runs `fn` over `items`, `limit` at a time. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a check found wrong, by kind, so the summary can count losses apart from stuck jobs. */
export type Problem = { check: 'post' | 'photo' | 'comment' | 'follow' | 'import' | 'job' | 'refused'; detail: string };

/** Where to read, and what was acknowledged. */
type Reader = { base: string; ledger: Ledger };

export type VerifyOptions = Reader & {
  round: number;
  /** The round's writes started here: the members' posts since then are listed and their photos loaded. */
  since: Date;
  /** When the restarted server answered ready. */
  restartedAt: number;
  /** Until when an acknowledged import may take to be done. */
  importDeadline: number;
  /**
   * PostgreSQL: an import's row in `jobs`, in words, and whether it cannot run before the deadline (held by the
   * killed server's claim past it).
   */
  jobOf?: (importId: number) => Promise<{ words: string; hopeless: boolean }>;
};

/** Fetches a photo as its author would, and whether it arrives whole: 200 and bytes sharp can decode. */
async function photoLoads(base: string, url: string, token: string) {
  try {
    const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(15_000) });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) return `answered ${res.status}`;
    return (await decodes(bytes)) ? null : `${bytes.length} bytes that do not decode`;
  } catch (err) {
    return (err as Error).message;
  }
}

/** Every photo of `post`: its display size and its thumbnail. */
async function checkPhotos(base: string, post: Feed, token: string, problems: Problem[]) {
  for (const image of post.images) {
    for (const url of [image.url, image.thumbnail]) {
      const failure = await photoLoads(base, url, token);
      if (failure) problems.push({ check: 'photo', detail: `post ${post.id}: ${url} ${failure}` });
    }
  }
}

async function checkAckedPosts(o: Reader, posts: AckedPost[], problems: Problem[]) {
  await mapLimit(posts, 8, async (p) => {
    const token = o.ledger.members[p.author]!.token;
    const answer = await call(o.base, 'GET', `/api/feed/${p.id}`, { token });
    if (answer.status !== 200) return problems.push({ check: 'post', detail: `post ${p.id} (acknowledged in round ${p.round}): ${describe(answer)}` });
    const got = okData(answer, feed);
    if (got.title !== p.title || got.description !== p.description || got.images.length !== p.images) {
      problems.push({ check: 'post', detail: `post ${p.id} differs: ${JSON.stringify({ title: got.title, images: got.images.length })}, sent ${JSON.stringify({ title: p.title, images: p.images })}` });
    }
    await checkPhotos(o.base, got, token, problems);
  });
}

/**
 * The members' posts written since the round began, acknowledged or not (a post committed as the server died is
 * there, unanswered): none may show a photo that does not load, i.e. a half-written upload attached to it.
 */
async function checkListedPhotos(o: VerifyOptions, skip: Set<number>, problems: Problem[]) {
  let listed = 0;
  for (const m of o.ledger.members) {
    let cursor: string | null | undefined;
    let older: boolean;
    do {
      const q = `/api/feed?filter_type=mine&per_page=50${cursor ? `&cursor=${cursor}` : ''}`;
      const answer = await call(o.base, 'GET', q, { token: m.token });
      if (answer.status !== 200) {
        problems.push({ check: 'post', detail: `listing ${m.handleName}'s posts: ${describe(answer)}` });
        break;
      }
      const page = okData(answer, feedList);
      const recent = page.list.filter((p) => new Date(p.createdAt) >= o.since);
      older = recent.length < page.list.length;
      listed += recent.length;
      await mapLimit(recent.filter((p) => !skip.has(p.id)), 8, (p) => checkPhotos(o.base, p, m.token, problems));
      cursor = page.next_cursor;
    } while (cursor && !older);
  }
  return listed;
}

async function commentIdsOf(o: Reader, postId: number, token: string) {
  const found = new Map<number, string>();
  let cursor: string | null | undefined;
  do {
    const answer = await call(o.base, 'GET', `/api/feed/comment?feedId=${postId}${cursor ? `&cursor=${cursor}` : ''}`, { token });
    if (answer.status !== 200) throw new Error(`comments of post ${postId}: ${describe(answer)}`);
    const page = okData(answer, feedCommentList);
    for (const c of page.list) found.set(c.commentId, c.comment);
    cursor = page.next_cursor;
  } while (cursor);
  return found;
}

async function checkComments(o: Reader, comments: AckedComment[], problems: Problem[]) {
  const byPost = new Map<number, AckedComment[]>();
  for (const c of comments) byPost.set(c.postId, [...(byPost.get(c.postId) ?? []), c]);
  await mapLimit([...byPost], 8, async ([postId, acked]) => {
    let found: Map<number, string>;
    try {
      found = await commentIdsOf(o, postId, o.ledger.members[acked[0]!.author]!.token);
    } catch (err) {
      return problems.push({ check: 'comment', detail: (err as Error).message });
    }
    for (const c of acked) {
      if (found.get(c.id) !== c.text) problems.push({ check: 'comment', detail: `comment ${c.id} on post ${postId} (round ${c.round}) ${found.has(c.id) ? 'differs' : 'is missing'}` });
    }
  });
}

/** Only pairs whose last op was answered and none was in flight at the kill have a state the database must hold. */
async function checkFollows(o: VerifyOptions, problems: Problem[]) {
  const known = o.ledger.pairs.filter((p) => p.known && !p.busy);
  await mapLimit(known, 6, async (p) => {
    const from = o.ledger.members[p.from]!;
    const to = o.ledger.members[p.to]!;
    const answer = await call(o.base, 'GET', `/api/user-profile?userId=${to.userId}`, { token: from.token });
    if (answer.status !== 200) return problems.push({ check: 'follow', detail: `${from.handleName} → ${to.handleName}: ${describe(answer)}` });
    const isFollowing = okData(answer, memberProfile).isFollowing;
    if (isFollowing !== p.following) problems.push({ check: 'follow', detail: `${from.handleName} → ${to.handleName}: following ${isFollowing}, last acknowledged ${p.following}` });
  });
  return known.length;
}

/** A member's activities by title (the GPX track name each import gave its file). */
async function activityTitles(o: VerifyOptions, m: Member) {
  const titles = new Map<string, number[]>();
  let cursor: string | null | undefined;
  do {
    const answer = await call(o.base, 'POST', '/api/getActivity', { token: m.token, json: { per_page: 50, ...(cursor ? { cursor } : {}) } });
    const page = okData(answer, activityList);
    for (const a of page.list) titles.set(a.title, [...(titles.get(a.title) ?? []), a.id]);
    cursor = page.next_cursor;
  } while (cursor);
  return titles;
}

async function importNow(o: VerifyOptions, imp: SentImport): Promise<ActivityImport | string> {
  const answer = await call(o.base, 'GET', `/api/activity/import/${imp.id}`, { token: o.ledger.members[imp.member]!.token });
  return answer.status === 200 ? okData(answer, activityImport) : describe(answer);
}

/**
 * The job-queue check. Every acknowledged import must be done by the deadline with one `imported` outcome (one not
 * done in time is reported once, then followed in later rounds), and across all imports ever sent, answered or not,
 * no file may have become two activities: a job run again after a crash must find its first run's work, not repeat
 * it. An activity once made must stay.
 */
async function checkImports(o: VerifyOptions, problems: Problem[], notes: string[]) {
  const waiting = o.ledger.imports.filter((i) => i.id !== undefined && !i.settled);
  const ends = new Map<SentImport, ActivityImport | string>();
  // Waited for: this round's, and any earlier one not yet found late. One the database shows held past the deadline
  // (PostgreSQL: the killed server's claim) is not waited for.
  const hopeless = new Set<SentImport>();
  for (;;) {
    const open = waiting.filter((i) => !ends.has(i) && !hopeless.has(i));
    for (const imp of open) {
      const now = await importNow(o, imp);
      if (typeof now === 'string' || now.status === 'done' || now.status === 'failed') ends.set(imp, now);
      else if (imp.reported || (o.jobOf && (await o.jobOf(imp.id!)).hopeless)) hopeless.add(imp);
    }
    if (open.length === 0 || Date.now() > o.importDeadline) break;
    await sleep(250);
  }
  const after = `${((Date.now() - o.restartedAt) / 1000).toFixed(0)} s after the restart`;
  for (const imp of waiting) {
    const end = ends.get(imp) ?? (await importNow(o, imp));
    const name = `import ${imp.id} (round ${imp.round})`;
    if (typeof end === 'string') {
      problems.push({ check: 'import', detail: `${name}: ${end}` });
    } else if (end.status === 'done' && end.outcomes.length === 1 && end.outcomes[0]!.outcome === 'imported') {
      imp.settled = true;
      imp.activityId = end.outcomes[0]!.activityId!;
      if (imp.reported) notes.push(`${name} is done now, ${after} of round ${o.round}`);
    } else if (end.status === 'done' || end.status === 'failed') {
      imp.settled = true;
      // "duplicate" of an activity no other import made: the job ran again after a crash and met its own first run.
      const rerun = end.outcomes.some((x) => x.outcome === 'duplicate') ? ' (the job ran twice: its re-run called its own activity a duplicate)' : '';
      problems.push({ check: 'import', detail: `${name} ${end.status}: ${JSON.stringify(end.outcomes)} ${end.message ?? ''}${rerun}` });
    } else if (!imp.reported) {
      // Reported once, in the round that left it behind; later rounds only say if it is done at last.
      imp.reported = true;
      const why = o.jobOf ? `; ${(await o.jobOf(imp.id!)).words}` : '';
      problems.push({ check: 'job', detail: `${name} still ${end.status} ${after}${why}` });
    }
  }
  for (const [index, m] of o.ledger.members.entries()) {
    let titles: Map<string, number[]>;
    try {
      titles = await activityTitles(o, m);
    } catch (err) {
      problems.push({ check: 'import', detail: `listing ${m.handleName}'s activities: ${(err as Error).message}` });
      continue;
    }
    for (const imp of o.ledger.imports.filter((i) => i.member === index)) {
      const ids = titles.get(imp.title) ?? [];
      if (ids.length > 1) problems.push({ check: 'import', detail: `${imp.title} became ${ids.length} activities (${ids.join(', ')}): its job ran twice` });
      else if (imp.activityId !== undefined && ids[0] !== imp.activityId) problems.push({ check: 'import', detail: `activity ${imp.activityId} of import ${imp.id} (round ${imp.round}) is missing` });
    }
  }
  return waiting.length;
}

export type Verified = { problems: Problem[]; notes: string[]; checked: { posts: number; listed: number; comments: number; pairs: number; imports: number } };

/** Everything the round acknowledged, read back through the API as its author. */
export async function verifyRound(o: VerifyOptions): Promise<Verified> {
  const problems: Problem[] = [];
  const posts = o.ledger.posts.filter((p) => p.round === o.round);
  await checkAckedPosts(o, posts, problems);
  const listed = await checkListedPhotos(o, new Set(posts.map((p) => p.id)), problems);
  const comments = o.ledger.comments.filter((c) => c.round === o.round);
  await checkComments(o, comments, problems);
  const pairs = await checkFollows(o, problems);
  const notes: string[] = [];
  const imports = await checkImports(o, problems, notes);
  return { problems, notes, checked: { posts: posts.length, listed, comments: comments.length, pairs, imports } };
}

/**
 * At the end: every post (with its photos) and comment acknowledged in any round is still there, since a later crash
 * must not undo an earlier one's writes.
 */
export async function verifyAll(base: string, ledger: Ledger) {
  const problems: Problem[] = [];
  await checkAckedPosts({ base, ledger }, ledger.posts, problems);
  await checkComments({ base, ledger }, ledger.comments, problems);
  return problems;
}
