import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/jobs';
import { minutes } from '../lib/clock';
import { FakeClock } from '../test/fake-clock';
import { openTestDatabase } from '../test/test-database';
import { enqueue } from './queue';
import { defaultBackoffMs, JobRunner, type JobRunnerOptions } from './runner';

// The jobs table polled in-process (architecture.md): retries with backoff, never runs a finished job again, and
// picks up where a stopped or crashed process left off.

let database: Database;
const silent = { error: () => {}, warn: () => {}, info: () => {} };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

let kindSeq = 0;
/** A kind of its own per test, so runners of one test never claim another test's jobs. */
const newKind = () => `test.kind${++kindSeq}`;

function runner(clock: FakeClock, options: Partial<JobRunnerOptions> = {}) {
  return new JobRunner({ db: database.db, clock, log: silent, ...options });
}

async function jobRow(id: number) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe('job runner', () => {
  it('runs a due job once, marks it done, and never runs it again (also not in a new runner)', async () => {
    const clock = new FakeClock();
    const kind = newKind();
    const handler = vi.fn(async () => {});
    const a = runner(clock);
    a.register(kind, handler);
    const id = await enqueue(database.db, clock, kind, { hello: 'trail' });

    expect(await a.drain()).toBe(1);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ hello: 'trail' }, { id, kind, attempt: 1 });
    const done = await jobRow(id);
    expect(done.doneAt).not.toBeNull();
    expect(done.lastError).toBeNull();
    expect(done.lockedUntil).toBeNull();

    expect(await a.drain()).toBe(0);
    const b = runner(clock);
    b.register(kind, handler);
    clock.advance(minutes(60));
    expect(await b.drain()).toBe(0);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('retries a failing handler later with backoff, recording the error, until it succeeds', async () => {
    const clock = new FakeClock();
    const kind = newKind();
    let calls = 0;
    const handler = vi.fn(async () => {
      calls++;
      if (calls < 3) throw new Error(`flat tyre #${calls}`);
    });
    const r = runner(clock);
    r.register(kind, handler);
    const id = await enqueue(database.db, clock, kind, {});

    expect(await r.drain()).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({ attempts: 1, doneAt: null, lockedUntil: null });
    expect(row.lastError).toContain('flat tyre #1');
    expect(row.runAt.getTime()).toBeGreaterThanOrEqual(clock.now().getTime() + defaultBackoffMs(1) - 1000);

    // Not due yet: nothing runs until the backoff has passed.
    expect(await r.drain()).toBe(0);
    clock.advance(defaultBackoffMs(1));
    expect(await r.drain()).toBe(1);
    row = await jobRow(id);
    expect(row.attempts).toBe(2);
    expect(row.lastError).toContain('flat tyre #2');
    // The second wait is longer than the first.
    expect(defaultBackoffMs(2)).toBeGreaterThan(defaultBackoffMs(1));

    clock.advance(defaultBackoffMs(2));
    expect(await r.drain()).toBe(1);
    row = await jobRow(id);
    expect(row.attempts).toBe(3);
    expect(row.doneAt).not.toBeNull();
    expect(row.lastError).toBeNull();
    expect(handler).toHaveBeenCalledTimes(3);
  });

  it('gives up after maxAttempts, keeps the error and tells onGiveUp once', async () => {
    const clock = new FakeClock();
    const kind = newKind();
    const onGiveUp = vi.fn(async () => {});
    const handler = vi.fn(async () => {
      throw new Error('bridge out');
    });
    const r = runner(clock, { backoffMs: () => 1000 });
    r.register(kind, handler, { maxAttempts: 2, onGiveUp });
    const id = await enqueue(database.db, clock, kind, { n: 1 });

    await r.drain();
    clock.advance(1000);
    await r.drain();
    clock.advance(minutes(60));
    expect(await r.drain()).toBe(0);

    expect(handler).toHaveBeenCalledTimes(2);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    expect(onGiveUp).toHaveBeenCalledWith({ n: 1 }, { id, kind, attempt: 2 }, expect.any(Error));
    const row = await jobRow(id);
    expect(row.doneAt).not.toBeNull();
    expect(row.lastError).toContain('bridge out');
  });

  it('does not run a job before its runAt', async () => {
    const clock = new FakeClock();
    const kind = newKind();
    const handler = vi.fn(async () => {});
    const r = runner(clock);
    r.register(kind, handler);
    await enqueue(database.db, clock, kind, {}, new Date(clock.now().getTime() + minutes(10)));
    expect(await r.drain()).toBe(0);
    clock.advance(minutes(10));
    expect(await r.drain()).toBe(1);
  });

  it('survives a restart: a job left by a stopped runner is run by a new one on the same database', async () => {
    const clock = new FakeClock();
    const kind = newKind();
    const first = runner(clock, { pollMs: 60_000 });
    first.register(kind, async () => {});
    await first.stop();
    const id = await enqueue(database.db, clock, kind, { after: 'restart' });

    const handler = vi.fn(async () => {});
    const second = runner(clock);
    second.register(kind, handler);
    expect(await second.drain()).toBe(1);
    expect(handler).toHaveBeenCalledWith({ after: 'restart' }, expect.objectContaining({ id }));
  });

  it('takes over the job of a runner that died mid-run once its claim expires', async () => {
    const clock = new FakeClock();
    const kind = newKind();
    const lockMs = minutes(5);
    const id = await enqueue(database.db, clock, kind, {});
    // What a process that claimed the job and was then killed leaves behind.
    await database.db
      .update(jobs)
      .set({ attempts: 1, lockedUntil: new Date(clock.now().getTime() + lockMs) })
      .where(eq(jobs.id, id));

    const handler = vi.fn(async () => {});
    const r = runner(clock, { lockMs });
    r.register(kind, handler);
    expect(await r.drain()).toBe(0);
    clock.advance(lockMs);
    expect(await r.drain()).toBe(1);
    expect(handler).toHaveBeenCalledWith({}, { id, kind, attempt: 2 });
    expect((await jobRow(id)).doneAt).not.toBeNull();
  });

  it('lets several runners share the table: every job runs exactly once', async () => {
    const clock = new FakeClock();
    const kind = newKind();
    const seen: number[] = [];
    const handler = async (payload: Record<string, unknown>) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(payload.n as number);
    };
    const runners = [runner(clock), runner(clock), runner(clock)];
    for (const r of runners) r.register(kind, handler);
    for (let n = 0; n < 12; n++) await enqueue(database.db, clock, kind, { n });

    const ran = await Promise.all(runners.map((r) => r.drain()));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(12);
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
  });

  it('claims only the kinds it has a handler for', async () => {
    const clock = new FakeClock();
    const mine = newKind();
    const theirs = newKind();
    const r = runner(clock);
    const handler = vi.fn(async () => {});
    r.register(mine, handler);
    const otherId = await enqueue(database.db, clock, theirs, {});
    await enqueue(database.db, clock, mine, {});
    expect(await r.drain()).toBe(1);
    expect(await jobRow(otherId)).toMatchObject({ attempts: 0, doneAt: null });
  });

  it('runNow runs one specific job at once', async () => {
    const clock = new FakeClock();
    const kind = newKind();
    const handler = vi.fn(async () => {});
    const r = runner(clock);
    r.register(kind, handler);
    const first = await enqueue(database.db, clock, kind, { which: 'first' });
    const second = await enqueue(database.db, clock, kind, { which: 'second' });
    expect(await r.runNow(second)).toBe(true);
    expect(handler).toHaveBeenCalledWith({ which: 'second' }, expect.objectContaining({ id: second }));
    expect((await jobRow(first)).doneAt).toBeNull();
    expect(await r.runNow(second)).toBe(false);
  });

  it('polls on its own once started, and stop waits for the running job', async () => {
    const clock = new FakeClock();
    const kind = newKind();
    let started = false;
    let finished = false;
    const r = runner(clock, { pollMs: 20 });
    r.register(kind, async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
    });
    r.start();
    const id = await enqueue(database.db, clock, kind, {});
    await vi.waitFor(() => expect(started).toBe(true), { timeout: 5000, interval: 5 });
    await r.stop();
    expect(finished).toBe(true);
    expect((await jobRow(id)).doneAt).not.toBeNull();
  });

  it('a stop with a grace releases a job still running past it: no attempt counted, and another runner runs it at once', async () => {
    const clock = new FakeClock();
    const kind = newKind();
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const a = runner(clock, { pollMs: 20 });
    a.register(kind, () => stuck);
    a.start();
    const id = await enqueue(database.db, clock, kind, { which: 'long' });
    await vi.waitFor(async () => expect((await jobRow(id)).lockedUntil).not.toBeNull(), { timeout: 5000, interval: 10 });

    await a.stop(50);
    const released = await jobRow(id);
    expect(released.lockedUntil).toBeNull();
    expect(released.attempts).toBe(0);
    expect(released.doneAt).toBeNull();

    // No clock advance: without the release, the claim would hold it for five minutes.
    const b = runner(clock);
    const handler = vi.fn(async () => {});
    b.register(kind, handler);
    expect(await b.drain()).toBe(1);
    expect(handler).toHaveBeenCalledWith({ which: 'long' }, { id, kind, attempt: 1 });
    // The first handler ending late records nothing over the second run's result.
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const done = await jobRow(id);
    expect(done.doneAt).not.toBeNull();
    expect(done.attempts).toBe(1);
  });

  it('a stop with a grace waits for a job that finishes within it', async () => {
    const clock = new FakeClock();
    const kind = newKind();
    const r = runner(clock, { pollMs: 20 });
    let started = false;
    r.register(kind, async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    r.start();
    const id = await enqueue(database.db, clock, kind, {});
    await vi.waitFor(() => expect(started).toBe(true), { timeout: 5000, interval: 5 });
    await r.stop(5000);
    expect((await jobRow(id)).doneAt).not.toBeNull();
  });

  it('gives up a job whose process died during each of its runs, without running it again', async () => {
    const clock = new FakeClock();
    const kind = newKind();
    const handler = vi.fn(async () => {});
    const onGiveUp = vi.fn(async () => {});
    const r = runner(clock);
    r.register(kind, handler, { maxAttempts: 2, onGiveUp });
    const id = await enqueue(database.db, clock, kind, { which: 'deadly' });
    // Two claims that ended with their process (kill -9 mid-run): attempts counted, nothing recorded, claim expired.
    await database.db.update(jobs).set({ attempts: 2, lockedUntil: clock.now() }).where(eq(jobs.id, id));

    expect(await r.drain()).toBe(1);
    expect(handler).not.toHaveBeenCalled();
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    const row = await jobRow(id);
    expect(row.doneAt).not.toBeNull();
    expect(row.lastError).toContain('Its process stopped during each of its 2 runs.');
  });
});
