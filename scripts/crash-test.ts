import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../bench/app-server';
import { makeImages, signUp } from './crash-test/api';
import { adminUrl, DeadClaims, describeJob, pgliteJobs, postgresAnswers, postgresJobs, scratchDatabase, unfinishedJobs, type JobRow } from './crash-test/databases';
import { ServerStartError, startServer, type RunningServer } from './crash-test/server-process';
import { verifyAll, verifyRound, type Problem } from './crash-test/verify';
import { newLedger, postAfterRestart, seeded, writeUntilKilled, type RoundCounts } from './crash-test/workload';

// `npm run test:crash -- [--rounds 20] [--db pglite|postgres|both] [--seed 23]` (security check 23, "kill -9").
// Each round: clients write as fast as they can, recording every write answered 200; the server is SIGKILLed at a
// random moment; it is started again on the same data and everything acknowledged is read back through the API.
// The seed fixes each round's kill time and choice of writes; the exact interleaving still depends on timing.

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    db: { type: 'string', default: 'both' },
    seed: { type: 'string', default: '23' },
  },
});
const rounds = Number(values.rounds);
const seed = Number(values.seed);
if (!Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(seed) || !['pglite', 'postgres', 'both'].includes(values.db)) {
  console.error('Usage: npm run test:crash -- [--rounds N] [--db pglite|postgres|both] [--seed N]');
  process.exit(2);
}

const MEMBERS = 3;
const CONCURRENCY = 7;
/** The kill comes this long after the writes start. */
const KILL_MS = [300, 3000] as const;
/**
 * How long after the restart an acknowledged import may take to be done. A small GPX takes a second or two; the
 * margin is for a job the killed server had claimed, which must be taken up again within a minute.
 */
const IMPORT_WAIT_MS = 60_000;

type Kind = 'pglite' | 'postgres';
type Tally = { rounds: number; failed: number; acked: RoundCounts; problems: Map<Problem['check'] | 'start' | 'reopen', number>; restartMs: number[] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What must be undone however the run ends (Ctrl-C included): servers killed, the scratch database dropped. */
const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  for (const undo of cleanups.splice(0).reverse()) await undo().catch((err: unknown) => console.error(`clean-up: ${(err as Error).message}`));
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

function printProblems(problems: Problem[]) {
  for (const p of problems.slice(0, 12)) console.log(`      ${p.check}: ${p.detail}`);
  if (problems.length > 12) console.log(`      ... and ${problems.length - 12} more`);
}

const newTally = (): Tally => ({ rounds: 0, failed: 0, acked: { posts: 0, photos: 0, comments: 0, follows: 0, imports: 0 }, problems: new Map(), restartMs: [] });

async function runDatabase(kind: Kind, tally: Tally) {
  const count = (check: Problem['check'] | 'start' | 'reopen') => tally.problems.set(check, (tally.problems.get(check) ?? 0) + 1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-crash-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  let jobs: ReturnType<typeof postgresJobs> | undefined;
  if (kind === 'postgres') {
    const scratch = await scratchDatabase(adminUrl());
    cleanups.push(() => scratch.drop());
    databaseUrl = scratch.url;
    jobs = postgresJobs(databaseUrl);
    cleanups.push(() => jobs!.close());
    console.log(`${kind}: scratch database ${scratch.name}`);
  }
  const settings = { dataDir, databaseUrl };
  let server: RunningServer | undefined;
  cleanups.push(async () => server?.kill());
  const deadClaims = new DeadClaims();

  try {
    server = await startServer(settings);
  } catch (err) {
    console.log(`${kind}: the server would not start: ${(err as Error).message}\n${(err as ServerStartError).log ?? ''}`);
    tally.failed++;
    count('start');
    return;
  }
  console.log(`${kind}: first start (a new database, migrations) took ${secs(server.startMs)}`);
  const members = [];
  for (let i = 0; i < MEMBERS; i++) members.push(await signUp(server.url, dataDir, `crashTester${i + 1}`));
  const ledger = newLedger(members);
  const images = await makeImages(4);
  const tag = `crash-${kind}`;
  const reportedJobs = new Set<number>();

  for (let round = 1; round <= rounds; round++) {
    const random = seeded(seed * 1_000_003 + round * 7919 + (kind === 'postgres' ? 104_729 : 0));
    const killAt = random.int(...KILL_MS);
    let killed = false;
    const since = new Date();
    const writing = writeUntilKilled(ledger, { base: server.url, round, random, images, concurrency: CONCURRENCY, uploadsPerMember: 8, importsPerRound: 3, tag }, () => killed);
    await sleep(killAt);
    // Marked before the signal: whatever fails from here on failed because of the kill.
    killed = true;
    await server.kill();
    if (jobs) deadClaims.record(await jobs.claims());
    const { counts, refusals } = await writing;
    tally.rounds++;
    for (const k of Object.keys(counts) as (keyof RoundCounts)[]) tally.acked[k] += counts[k];
    const wrote = `posts ${counts.posts} (${counts.photos} with a photo), comments ${counts.comments}, follows ${counts.follows}, imports ${counts.imports}`;

    try {
      server = await startServer(settings);
    } catch (err) {
      // The database (or anything else) not reopening after kill -9 is exactly what this test is for.
      console.log(`${kind} round ${round}/${rounds}: acknowledged ${wrote}; killed at ${killAt} ms; FAIL: ${(err as Error).message}`);
      console.log(`--- server log ---\n${(err as ServerStartError).log ?? ''}\n------------------`);
      server = undefined;
      tally.failed++;
      count('reopen');
      return;
    }
    const restartedAt = Date.now();
    tally.restartMs.push(server.startMs);
    const checkStart = Date.now();
    const afterRestart = await postAfterRestart(ledger, server.url, round, images[0]!, tag);
    const verified = await verifyRound({
      base: server.url,
      ledger,
      round,
      since,
      restartedAt,
      importDeadline: restartedAt + IMPORT_WAIT_MS,
      jobOf: jobs && ((id) => jobs.importJob(id, deadClaims, restartedAt + IMPORT_WAIT_MS)),
    });
    const problems: Problem[] = [
      ...refusals.map((r) => ({ check: 'refused' as const, detail: `${r.what} answered ${r.answer} before the kill` })),
      ...(afterRestart ? [{ check: 'refused' as const, detail: afterRestart }] : []),
      ...verified.problems,
    ];
    if (jobs) {
      // Any other due job the queue did not take up again (imports are followed above, with their own words).
      const left = (await unfinishedJobs(jobs.query)).filter((j) => j.kind !== 'activities.import' && deadClaims.holds(j) && !reportedJobs.has(j.id));
      for (const j of left) {
        reportedJobs.add(j.id);
        problems.push({ check: 'job', detail: describeJob(j, true) });
      }
    }
    const c = verified.checked;
    const checkedWhat = `checked ${c.posts} posts + ${c.listed} listed, ${c.comments} comments, ${c.pairs} follow pairs, ${c.imports} imports in ${secs(Date.now() - checkStart)}`;
    console.log(`${kind} round ${round}/${rounds}: acknowledged ${wrote}; killed at ${killAt} ms; restarted in ${secs(server.startMs)}; ${checkedWhat}: ${problems.length ? 'FAIL' : 'PASS'}`);
    printProblems(problems);
    for (const note of verified.notes) console.log(`      note: ${note}`);
    for (const p of problems) count(p.check);
    if (problems.length) tally.failed++;
  }

  // After the last round: every post and comment of every round is still there, and no job is left behind.
  const final: Problem[] = await verifyAll(server.url, ledger);
  let left: JobRow[] = [];
  let reruns = 0;
  if (jobs) {
    left = await unfinishedJobs(jobs.query);
    reruns = await jobs.reruns();
    await server.stop();
  } else {
    await server.stop();
    try {
      ({ left, reruns } = await pgliteJobs(dataDir));
    } catch (err) {
      final.push({ check: 'job', detail: `the stopped database would not open: ${(err as Error).message}` });
    }
  }
  server = undefined;
  // A job found left behind in its round was counted then; here it is only said where it stands. After the graceful
  // stop, a PGlite job still claimed can only be under a killed server's claim (a stop releases its own).
  const lateImports = new Set(ledger.imports.filter((i) => i.reported).map((i) => i.id));
  const counted = (j: JobRow) => reportedJobs.has(j.id) || (j.kind === 'activities.import' && lateImports.has(Number((j.payload as { importId?: unknown }).importId)));
  const heldByDead = (j: JobRow) => (jobs ? deadClaims.holds(j) : j.locked_until !== null);
  for (const j of left.filter((job) => !counted(job))) final.push({ check: 'job', detail: `at the end: ${describeJob(j, heldByDead(j))}` });
  const stillHeld = left.filter((j) => counted(j));
  const notes = stillHeld.length ? [`jobs ${stillHeld.map((j) => j.id).join(', ')}, found left behind in their rounds, are still not done`] : [];
  console.log(`${kind} at the end: ${ledger.posts.length} posts and ${ledger.comments.length} comments of all rounds read back, ${left.length} due job(s) not done, ${reruns} job(s) run more than once: ${final.length ? 'FAIL' : 'PASS'}`);
  printProblems(final);
  for (const note of notes) console.log(`      note: ${note}`);
  for (const p of final) count(p.check);
  if (final.length) tally.failed++;
}

function summary(kind: Kind, t: Tally) {
  const a = t.acked;
  const restarts = [...t.restartMs].sort((x, y) => x - y);
  const lost = [...t.problems].map(([check, n]) => `${check} ${n}`).join(', ') || 'none';
  const restart = restarts.length ? `restart median ${secs(restarts[Math.floor(restarts.length / 2)]!)}, max ${secs(restarts.at(-1)!)}` : 'no restart';
  return (
    `${kind}: ${t.failed ? 'FAIL' : 'PASS'}: ${t.rounds} rounds, ${t.failed} failed; acknowledged posts ${a.posts} (${a.photos} with a photo), ` +
    `comments ${a.comments}, follows ${a.follows}, imports ${a.imports}; problems: ${lost}; ${restart}`
  );
}

const began = Date.now();
if (!fs.existsSync(path.join(root, 'dist-server', 'index.mjs'))) {
  console.log('No built server (dist-server/index.mjs): npm run build');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
console.log(`crash test: ${rounds} round(s), --db ${values.db}, --seed ${seed}`);

const kinds: Kind[] = values.db === 'both' ? ['pglite', 'postgres'] : [values.db as Kind];
if (kinds.includes('postgres')) {
  const why = await postgresAnswers(adminUrl());
  if (why) {
    const where = adminUrl().replace(/\/\/[^@/]*@/, '//');
    if (values.db === 'postgres') {
      console.error(`PostgreSQL does not answer at ${where}: ${why}`);
      process.exit(1);
    }
    console.log(`PostgreSQL does not answer at ${where} (${why}): PGlite only.`);
    kinds.splice(kinds.indexOf('postgres'), 1);
  }
}
const results: [Kind, Tally][] = [];
for (const kind of kinds) {
  const tally = newTally();
  results.push([kind, tally]);
  try {
    await runDatabase(kind, tally);
  } catch (err) {
    // A bug of the script, or an answer it could not read: this database's run stops there, failed.
    console.log(`${kind}: the run stopped: ${(err as Error).stack}`);
    tally.failed++;
  } finally {
    await cleanUp();
  }
}
console.log('');
for (const [kind, t] of results) console.log(summary(kind, t));
console.log(`total time ${secs(Date.now() - began)}`);
process.exit(results.some(([, t]) => t.failed > 0) ? 1 : 0);
