/**
 * bench:load's data: a fresh PostgreSQL database (created and dropped here), migrated by the app's own openDatabase.
 * Members, follows and sessions go in by SQL, as bench/live-fanout.ts does (a random token each, stored as its
 * SHA-256 as createSession does: signing hundreds of members up through the API would be mostly password hashing).
 * Posts, comments, reactions, events and activities go through the API, so every counter, hashtag row and
 * notification the app keeps is there as it would be.
 */
import pg from 'pg';
import { Pool } from 'undici';
import { openDatabase } from '../../server/db/client';
import { days, hours } from '../../server/lib/clock';
import { eventFormAt } from '../../server/modules/events/event-form-fixture';
import { randomToken, sha256 } from '../../server/lib/secrets';
import { random, type RowId, type World } from './mix';

export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

export async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: `${POSTGRES_URL}/postgres` });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export type Sizes = { members: number; posts: number; comments: number; reactions: number; events: number; activities: number };

/** The database `name`, created and migrated; members 1..N (every tenth private), ~20-40 follows each, a session each. */
export async function seedSql(name: string, sizes: Sizes) {
  await adminQuery(`drop database if exists "${name}" with (force)`);
  await adminQuery(`create database "${name}"`);
  const url = `${POSTGRES_URL}/${name}`;
  const migrated = await openDatabase({ kind: 'postgres', url });
  await migrated.close();
  const n = sizes.members;
  const tokens = Array.from({ length: n }, () => randomToken());
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into users (id, email, handle_name, first_name, last_name, gender, bio, location, is_private, referral_code, created_at)
       overriding system value
       select i, 'load' || i || '@bench.example', 'load' || i,
         (array['Ana', 'Ben', 'Chloé', 'Dev', 'Emma', 'Farid', 'Gus', 'Hana', 'Ivan', 'Jo'])[1 + i % 10],
         (array['Alder', 'Brook', 'Cruz', 'Dale', 'Ellis', 'Ford', 'Grey', 'Hale'])[1 + (i / 10) % 8],
         case when i % 2 = 0 then 'female' else 'male' end, 'Out on the trails whenever I can.', 'Boulder, CO',
         i % 10 = 0, 'LOAD' || i, now() - interval '400 days'
       from generate_series(1, $1::int) i`,
      [n],
    );
    await client.query(`select setval(pg_get_serial_sequence('users', 'id'), $1::int)`, [n]);
    // Each member follows 20-40 others (spread round the ids); a fifth of those to private members are pending.
    await client.query(
      `insert into follows (follower_id, followee_id, status, created_at, accepted_at)
       select x.f, x.e, s.status, x.at, case when s.status = 'accepted' then x.at end
       from (
         select f, 1 + (f - 1 + (k * 7919 + f * k) % ($1::int - 1) + 1) % $1::int as e, now() - (k || ' days')::interval as at, k
         from generate_series(1, $1::int) f cross join lateral generate_series(1, 20 + (f * 13) % 21) k
       ) x
       join users u on u.id = x.e
       cross join lateral (select case when u.is_private and (x.f + x.k) % 5 = 0 then 'pending' else 'accepted' end as status) s
       where x.e <> x.f
       on conflict do nothing`,
      [n],
    );
    await client.query(
      `insert into sessions (user_id, token_hash, device_type, device, expires_at)
       select u, h, 1, 'bench', now() + interval '2 days' from unnest($1::int[], $2::text[]) as x(u, h)`,
      [tokens.map((_, i) => i + 1), tokens.map(sha256)],
    );
    const { rows } = await client.query<{ follower_id: number; followee_id: number }>(`select follower_id, followee_id from follows where status = 'accepted'`);
    const following = new Map<RowId, RowId[]>();
    for (const r of rows) {
      const list = following.get(r.follower_id);
      if (list) list.push(r.followee_id);
      else following.set(r.follower_id, [r.followee_id]);
    }
    return { url, tokens, following, follows: rows.length };
  } finally {
    await client.end();
  }
}

/** VACUUM ANALYZE, as autovacuum would have by then. */
export async function analyze(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/** Runs `count` calls of `one` with `concurrency` at a time. */
async function inParallel(count: number, concurrency: number, one: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await one(next++);
    }),
  );
}

/**
 * Through the API of the server at `url`: posts by random members, comments and reactions on public members' posts,
 * events (public, in the next two months) and hand-typed activities. Answers the world the load picks from.
 */
export async function seedApi(url: string, tokens: string[], following: Map<RowId, RowId[]>, sizes: Sizes, log: (what: string) => void): Promise<World> {
  const pool = new Pool(url, { connections: 16, pipelining: 1 });
  const rnd = random(7);
  const members = tokens.map((token, i) => ({ id: i + 1, token }));
  const isPrivate = (id: RowId) => id % 10 === 0;
  const send = async (token: string, path: string, body: unknown) => {
    const res = await pool.request({ path, method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`set-up: POST ${path} answered ${res.statusCode}: ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { data: { id?: number } }).data;
  };
  try {
    const publicPosts: RowId[] = [];
    const places = ['Boulder, CO', 'Moab, UT', 'Chamonix', 'Girona', 'Banff', 'Dolomites'];
    const tags = ['gravel', 'mtb', 'trailrun', 'sunrise', 'hiking', 'climb', 'alps', 'coffee'];
    await inParallel(sizes.posts, 16, async (i) => {
      const author = rnd.pick(members);
      const tag = i % 3 === 0 ? ` #${rnd.pick(tags)}` : '';
      const post = await send(author.token, '/api/feed', {
        title: `Ride ${i + 1}`,
        description: `Felt strong on the climbs today.${tag}`,
        isDraft: false,
        ...(i % 5 < 2 ? { location: rnd.pick(places) } : {}),
      });
      if (!isPrivate(author.id)) publicPosts.push(post.id!);
    });
    log(`${sizes.posts} posts`);
    await inParallel(sizes.comments, 16, async () => {
      await send(rnd.pick(members).token, '/api/feed/comment', { feedId: rnd.pick(publicPosts), comment: 'Nice one! Which way did you go?' });
    });
    log(`${sizes.comments} comments`);
    const codes = ['U+2764', 'U+1F44D', 'U+1F603', 'U+1F642', 'U+1F62E', 'U+1F622'];
    await inParallel(sizes.reactions, 16, async (i) => {
      await send(rnd.pick(members).token, '/api/feed/like', { feedId: rnd.pick(publicPosts), likeUniCode: i % 3 ? codes[0] : rnd.pick(codes) });
    });
    log(`${sizes.reactions} reactions`);
    const now = Date.now();
    await inParallel(sizes.events, 8, async (i) => {
      const start = now + days(1 + (i % 60)) + hours(i % 12);
      await send(rnd.pick(members).token, '/api/challenge', eventFormAt(start, { eventName: `Group ride ${i + 1}`, location: rnd.pick(places) }));
    });
    log(`${sizes.events} events`);
    await inParallel(sizes.activities, 16, async (i) => {
      await send(members[i % members.length]!.token, '/api/activity', {
        sportId: i % 2 ? 53 : 35,
        title: i % 2 ? 'Evening ride' : 'Sunday hike',
        startDate: new Date(Date.now() - 86_400_000 * (1 + (i % 300))).toISOString(),
        timeZone: 'Europe/Berlin',
        duration: 1800 + (i % 20) * 300,
        distance: 5000 + (i % 40) * 1000,
        elevationGain: (i % 30) * 25,
      });
    });
    log(`${sizes.activities} activities`);
    return { members, following, publicPosts };
  } finally {
    await pool.close();
  }
}
