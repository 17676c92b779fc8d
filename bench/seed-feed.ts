/**
 * Fills the feed benchmarks' PostgreSQL database (bench/feed-database.ts) with 100 k members, 1 M posts over the last
 * two years (drafts, hashtags, photos, mentions), ~50 follows per member (pending requests to private members) and
 * ~2 M reactions, all made inside PostgreSQL (`INSERT … SELECT` over `generate_series`), in minutes.
 *
 * The schema is the app's own (its migrations, as the server applies them) and nothing is switched off: every index,
 * foreign key, check and generated column does its work on every row, as it would in production. Rows are made from
 * a hash of their number, so two seeds are the same data (only "now" moves). Counters the app keeps in step
 * (`like_count`, `hashtags.use_count`) agree with the rows. Ends with VACUUM ANALYZE, as autovacuum would by then.
 *
 * Run: npm run bench:seed [-- --force]   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/switchback_bench)
 * The database is created (and marked as the seed's); one that exists without that mark is refused. A seeded database
 * is left alone unless `--force`, which drops and reseeds it. About 8 minutes on 2 busy cores.
 */
import pg from 'pg';
import { REACTION_CODES } from '#contract/feeds';
import { openDatabase } from '../server/db/client';
import { BENCH_VIEWER_ID, benchDatabaseUrl, databaseName, maintenanceUrl, MARK_DONE, MARK_STARTED, readMark } from './feed-database';

const MEMBERS = 100_000;
const POSTS = 1_000_000;
const DAYS = 730;
/** Every POWER_EVERY-th member (from POWER_EVERY / 2) follows POWER_FOLLOWS members; BENCH_VIEWER_ID is one. */
const POWER_EVERY = 1000;
const POWER_FOLLOWS = 2000;
const TAGS = 2000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * `h(a, b)`: a number in [0, 1) from two integers, the seed's only source of chance (repeatable, unlike random()).
 * `spread(k)`: the k-th of a member's follows goes this far round the member ids: distinct for the k's used.
 */
const HELPERS = [
  `create function pg_temp.h(a bigint, b int) returns float8 language sql immutable parallel safe
     as $$ select (hashint8(a * 7919 + b) & 2147483647)::float8 / 2147483648.0 $$`,
  `create function pg_temp.spread(k int) returns int language sql immutable parallel safe
     as $$ select ((k::bigint * 1997 + k::bigint * k * 31) % ${MEMBERS - 1})::int + 1 $$`,
];

const WORDS = ['gravel', 'mtb', 'trailrun', 'sunrise', 'roadcycling', 'hiking', 'marathon', 'ultra', 'bikepacking', 'climb',
  'commute', 'recovery', 'intervals', 'longrun', 'alps', 'desert', 'forest', 'rain', 'snow', 'coffee'];
/**
 * Post texts, 20 to 110 characters (~65 on average). Short on purpose: \`feeds.search_text\` folds accents with a
 * translate() over a ~1,000-character map, which costs PostgreSQL about 5 µs per character of every row written.
 */
const SENTENCES = ['Easy spin with friends.', 'Felt strong on the climbs today.', 'Wind all the way out, tailwind all the way home.',
  'New personal best on the river loop!', 'Muddy, cold and absolutely worth it.', 'Recovery day, legs still heavy from the weekend.',
  'Sunrise from the ridge was unreal. Coffee stop at the top, then a long descent back to town.', 'Intervals: 6 x 3 min.'];
const sqlArray = (xs: readonly string[]) => `array[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(', ')}]`;

/** The steps, in order: a name for the timings and the SQL. */
const STEPS: [string, string][] = [
  [
    `${MEMBERS / 1000} k members (10% private)`,
    `insert into users (id, email, handle_name, first_name, last_name, gender, bio, location, is_private, referral_code, created_at, updated_at)
     overriding system value
     select n, 'bench' || n || '@bench.example', 'bench' || n,
       (${sqlArray(['Ana', 'Ben', 'Chloé', 'Dev', 'Emma', 'Farid', 'Gus', 'Hana', 'Ivan', 'Jo', 'Kai', 'Lena', 'Mo', 'Nia', 'Omar', 'Pia', 'Quinn', 'Rosa', 'Sam', 'Tess'])})[1 + n % 20],
       (${sqlArray(['Alder', 'Brook', 'Cruz', 'Dale', 'Ellis', 'Ford', 'Grey', 'Hale', 'Ives', 'Jung', 'Kerr', 'Lund', 'Marsh', 'Nash', 'Ortiz', 'Park', 'Reyes', 'Stone', 'Tran', 'Vale'])})[1 + (n / 20) % 20],
       case when n % 3 = 0 then 'female' when n % 3 = 1 then 'male' end,
       'Out on the trails whenever I can.', 'Boulder, CO',
       n % ${POWER_EVERY} <> ${POWER_EVERY / 2} and pg_temp.h(n, 1) < 0.1,
       'BENCH' || n,
       now() - interval '3 years' + pg_temp.h(n, 2) * interval '300 days',
       now() - interval '3 years' + pg_temp.h(n, 2) * interval '300 days'
     from generate_series(1, ${MEMBERS}) n`,
  ],
  [
    'follows (~50 a member; 5 of them among the 1,000 most posting; 20% of those to private members pending)',
    `insert into follows (follower_id, followee_id, status, created_at, accepted_at)
     select x.f, x.e, s.status, x.at, case when s.status = 'accepted' then x.at end
     from (
       select f, k,
         case when k <= 5 then 1 + floor(1000 * pg_temp.h(f, 100 + k))::int else 1 + (f - 1 + pg_temp.spread(k)) % ${MEMBERS} end as e,
         now() - pg_temp.h(f * 4096 + k, 3) * interval '${DAYS} days' as at
       from generate_series(1, ${MEMBERS}) f,
         generate_series(1, case when f % ${POWER_EVERY} = ${POWER_EVERY / 2} then ${POWER_FOLLOWS} else 20 + floor(61 * pg_temp.h(f, 4))::int end) k
     ) x
     join users u on u.id = x.e
     cross join lateral (select case when u.is_private and pg_temp.h(x.f * 4096 + x.k, 5) < 0.2 then 'pending' else 'accepted' end as status) s
     where x.e <> x.f
     on conflict do nothing`,
  ],
  [`${TAGS} hashtags`, `insert into hashtags (tag_name) select (${sqlArray(WORDS)})[1 + i % 20] || case when i >= 20 then (i / 20)::text else '' end from generate_series(0, ${TAGS - 1}) i order by i`],
  [
    `${POSTS / 1_000_000} M posts (2% drafts; 30% with 1-3 hashtags, 40% with a place; members posting a power-law share)`,
    // Each post's subject row (reactions and counts, issue 18) first, under the post's own number; the post points to it.
    `create temp table seed_posts as
     select n, uid,
       (${sqlArray(['Morning ride', 'Evening run', 'Sunday hike', 'Lunch loop', 'Hill repeats', 'Gravel adventure', 'Trail run', 'Recovery spin', 'Long run', 'Commute'])})[1 + n % 10] as title,
       (${sqlArray(SENTENCES)})[1 + n % ${SENTENCES.length}] || coalesce(' ' || (select string_agg('#' || t, ' ') from unnest(tags) t), '') as description,
       draft,
       case when place > 0 then (${sqlArray(['Boulder, CO', 'Moab, UT', 'Chamonix', 'Lake District', 'Girona', 'Queenstown', 'Banff', 'Dolomites', 'Yosemite', 'Snowdonia'])})[place] end as location,
       case when place > 0 then 40 + place * 0.5 end as latitude,
       case when place > 0 then -105 + place * 3.1 end as longitude,
       tags,
       case when draft then 0 when n % 1000 = 0 then 100 + floor(400 * pg_temp.h(n, 15))::int else floor(9 * power(pg_temp.h(n, 15), 3))::int end as likes,
       at - interval '20 minutes' as created_at, at as updated_at, case when not draft then at end as published_at
     from (
       select n,
         1 + floor(${MEMBERS} * power(pg_temp.h(n, 10), 1.5))::int as uid,
         pg_temp.h(n, 12) < 0.02 as draft,
         case when pg_temp.h(n, 16) < 0.4 then 1 + floor(10 * pg_temp.h(n, 17))::int else 0 end as place,
         -- Newer posts have higher ids, as in a live table (index order and table order agree).
         now() - interval '${DAYS} days' * ((${POSTS} - n + pg_temp.h(n, 11)) / ${POSTS}.0) as at,
         case when pg_temp.h(n, 13) < 0.3 then array(
           select distinct on (h.id) h.tag_name from generate_series(1, 1 + floor(3 * pg_temp.h(n, 14))::int) j
           join hashtags h on h.id = 1 + floor(${TAGS} * power(pg_temp.h(n, 20 + j), 2))::int
         ) else '{}'::text[] end as tags
       from generate_series(1, ${POSTS}) n
     ) x;
     insert into subjects (id, kind, owner_id, like_count) overriding system value select n, 'post', uid, likes from seed_posts order by n;
     insert into feeds (id, subject_id, user_id, title, description, is_draft, location, latitude, longitude, hashtags, created_at, updated_at, published_at)
     overriding system value
     select n, n, uid, title, description, draft, location, latitude, longitude, tags, created_at, updated_at, published_at from seed_posts order by n;
     drop table seed_posts`,
  ],
  [
    'post hashtag rows',
    `insert into feed_hashtags (feed_id, hashtag_id, published_at)
     select f.id, h.id, f.published_at from feeds f cross join unnest(f.hashtags) t join hashtags h on h.tag_name = t order by f.id`,
  ],
  ['hashtag use counts', `update hashtags h set use_count = c.n from (select hashtag_id, count(*)::int as n from feed_hashtags group by hashtag_id) c where c.hashtag_id = h.id`],
  [
    'photos: 25% of posts with 1-4 (uploads and feed_images rows)',
    `create temp table seed_photos as
     select f.id as feed_id, f.user_id, j - 1 as position, f.created_at,
       rpad('bench' || lpad(f.id::text, 7, '0') || '_' || j, 22, 'x') as key,
       case when pg_temp.h(f.id, 19) < 0.7 then 2048 else 1536 end as width,
       case when pg_temp.h(f.id, 19) < 0.7 then 1536 else 2048 end as height
     from feeds f, generate_series(1, 1 + floor(4 * pg_temp.h(f.id, 18))::int) j
     where pg_temp.h(f.id, 16) < 0.25;
     insert into uploads (key, user_id, purpose, original_mime, width, height, files, bytes, created_at, attached_at)
     select key, user_id, 'feed', 'image/jpeg', width, height,
       '{"display": "display.webp", "thumb": "thumb.webp", "original": "original.jpg"}'::jsonb, 350000, created_at, created_at
     from seed_photos order by feed_id, position;
     insert into feed_images (feed_id, position, upload_key, url, thumbnail, width, height)
     select feed_id, position, key, '/media/' || key || '/display.webp', '/media/' || key || '/thumb.webp', width, height
     from seed_photos order by feed_id, position;
     drop table seed_photos`,
  ],
  [
    'mentions: 5% of posts tag a member the author follows',
    `insert into feed_mentions (feed_id, user_id, position)
     select f.id, 1 + (f.user_id - 1 + pg_temp.spread(6)) % ${MEMBERS}, 0 from feeds f where pg_temp.h(f.id, 30) < 0.05`,
  ],
  [
    'reactions (like_count of each post, 60% the default)',
    `insert into reactions (subject_id, user_id, code, created_at)
     select f.subject_id, 1 + (f.user_id - 1 + k * 7919) % ${MEMBERS},
       case when pg_temp.h(f.id * 1024 + k, 31) < 0.6 then ($1::text[])[1] else ($1::text[])[1 + floor(array_length($1::text[], 1) * pg_temp.h(f.id * 1024 + k, 32))::int] end,
       least(now(), f.published_at + k * interval '7 minutes')
     from feeds f join subjects s on s.id = f.subject_id, generate_series(1, s.like_count) k
     where s.like_count > 0`,
  ],
  [
    'identity sequences',
    `select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users));
     select setval(pg_get_serial_sequence('feeds', 'id'), (select max(id) from feeds));
     select setval(pg_get_serial_sequence('subjects', 'id'), (select max(id) from subjects))`,
  ],
];

/**
 * Creates the database if missing; with `force`, drops and recreates one this seed marked. Returns whether to seed.
 * A database that exists without the seed's mark is refused, empty or not: it may be a test or admin database
 * (TEST_DATABASE_URL's `test` is empty), and is not ours to fill or drop.
 */
async function prepareDatabase(url: URL, force: boolean): Promise<boolean> {
  const name = databaseName(url);
  const mark = await readMark(url);
  if (mark?.startsWith(MARK_DONE) && !force) {
    console.log(`${name} is seeded already (${mark}). Nothing to do; \`npm run bench:seed -- --force\` reseeds it.`);
    return false;
  }
  if (mark !== undefined && !mark?.startsWith(MARK_STARTED) && !mark?.startsWith(MARK_DONE)) {
    throw new Error(`${name} exists and was not made by bench:seed; give BENCH_DATABASE_URL a database name of its own (it is created).`);
  }
  const admin = new pg.Client({ connectionString: maintenanceUrl(url) });
  await admin.connect();
  try {
    if (mark !== undefined) {
      console.log(mark.startsWith(MARK_STARTED) ? `${name}: an earlier seed did not finish; starting again.` : `${name}: --force, reseeding.`);
      await admin.query(`drop database ${quote(name)} with (force)`);
    }
    await admin.query(`create database ${quote(name)}`);
    // Marked before anything else, so an interrupted seed is known as ours and started again.
    await admin.query(`comment on database ${quote(name)} is '${MARK_STARTED} ${new Date().toISOString()}'`);
    return true;
  } finally {
    await admin.end();
  }
}

async function main() {
  const url = benchDatabaseUrl();
  const name = databaseName(url);
  if (!(await prepareDatabase(url, process.argv.includes('--force')))) return;

  const started = performance.now();
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.close();
  console.log(`${name}: migrated in ${seconds(performance.now() - started)}`);

  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    // Durability of each statement is not what is measured here; WAL and every check still happen.
    await client.query(`set synchronous_commit = off`);
    await client.query(`set work_mem = '64MB'`);
    for (const helper of HELPERS) await client.query(helper);
    for (const [label, text] of STEPS) {
      const at = performance.now();
      const result = text.includes('$1') ? await client.query(text, [REACTION_CODES]) : await client.query(text);
      const counted = [result].flat().reduce((sum, r) => sum + (r.command === 'INSERT' ? (r.rowCount ?? 0) : 0), 0);
      console.log(`  ${label}: ${counted ? `${counted.toLocaleString('en')} rows, ` : ''}${seconds(performance.now() - at)}`);
    }
    let at = performance.now();
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(`vacuum (analyze) users, follows, hashtags, feeds, feed_hashtags, uploads, feed_images, feed_mentions, subjects, reactions`);
    console.log(`  vacuum analyze: ${seconds(performance.now() - at)}`);
    at = performance.now();
    const counts = await client.query<{ members: string; posts: string; follows: string; pending: string; reactions: string; viewer_follows: string }>(
      `select (select count(*) from users) as members, (select count(*) from feeds) as posts,
         (select count(*) from follows) as follows, (select count(*) from follows where status = 'pending') as pending,
         (select count(*) from reactions) as reactions,
         (select count(*) from follows where follower_id = $1 and status = 'accepted') as viewer_follows`,
      [BENCH_VIEWER_ID],
    );
    const c = counts.rows[0]!;
    await client.query(`comment on database ${quote(name)} is '${MARK_DONE} ${new Date().toISOString()}'`);
    const total = performance.now() - started;
    console.log(
      `Seeded ${name} in ${seconds(total)}: ${Number(c.members).toLocaleString('en')} members, ${Number(c.posts).toLocaleString('en')} posts, ` +
        `${Number(c.follows).toLocaleString('en')} follows (${Number(c.pending).toLocaleString('en')} pending), ` +
        `${Number(c.reactions).toLocaleString('en')} reactions; bench member ${BENCH_VIEWER_ID} follows ${c.viewer_follows}.`,
    );
  } finally {
    await client.end();
  }
}

await main();
