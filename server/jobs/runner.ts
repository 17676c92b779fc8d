import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema/jobs';
import { hours, type Clock } from '../lib/clock';
import type { JobPayload } from './queue';

export type JobInfo = { id: number; kind: string; /** 1 on the first run, 2 on the first retry, ... */ attempt: number };
export type JobHandler = (payload: JobPayload, job: JobInfo) => Promise<void>;

export type JobKindOptions = {
  /** Runs before giving up for good (default 5). */
  maxAttempts?: number;
  /** Called once when the last attempt failed, e.g. to mark what the job was making as failed. */
  onGiveUp?: (payload: JobPayload, job: JobInfo, error: unknown) => Promise<void>;
};

export type JobRunnerOptions = {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** How often an idle runner looks for due jobs (default 1 s). */
  pollMs?: number;
  /**
   * How long a claimed job stays claimed without a heartbeat (default 30 s, renewed every third of it while the
   * handler runs); a crashed runner's job is run again after it. Short, so a job the killed process held waits
   * seconds, not minutes (npm run test:crash: an import "processing" for 5 minutes after a kill -9 at the old 5).
   */
  lockMs?: number;
  /** Delay before retry number `attempt` (1 = the retry after the first failure). */
  backoffMs?: (attempt: number) => number;
};

/** 30 s, 2 min, 8 min, 32 min, then hourly. */
export const defaultBackoffMs = (attempt: number) => Math.min(30_000 * 4 ** (attempt - 1), hours(1));

type Registration = { handler: JobHandler; maxAttempts: number; onGiveUp: JobKindOptions['onGiveUp'] };
type JobRow = typeof jobs.$inferSelect;

/**
 * Runs the jobs of the `jobs` table (architecture.md: polled in-process, survives a restart). A job is claimed by
 * setting `locked_until` in one `UPDATE ... WHERE id = (SELECT ... FOR UPDATE SKIP LOCKED) RETURNING`, so any number
 * of API or worker processes can share the table and each due job is claimed by one of them. A claim is renewed while
 * its handler runs; a process that dies leaves a lock that simply expires, and the job is run again.
 *
 * A finished job gets `done_at` (and `last_error` null). A failure records `last_error` and moves `run_at` later with
 * backoff; after `maxAttempts` runs the job is given up: `done_at` set, `last_error` kept.
 * Handlers must therefore be idempotent: a crash after the work but before `done_at` runs it again.
 */
export class JobRunner {
  private readonly handlers = new Map<string, Registration>();
  private readonly inFlight = new Set<Promise<unknown>>();
  /** The jobs whose handlers run now, with their claims' heartbeats; a stop past its grace releases them. */
  private readonly running = new Map<number, NodeJS.Timeout>();
  private readonly released = new Set<number>();
  private readonly pollMs: number;
  private readonly lockMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private looping = false;

  constructor(private readonly opts: JobRunnerOptions) {
    this.pollMs = opts.pollMs ?? 1000;
    this.lockMs = opts.lockMs ?? 30_000;
    this.backoffMs = opts.backoffMs ?? defaultBackoffMs;
  }

  /** Registers the handler of one kind of job; this runner claims only kinds it has a handler for. */
  register(kind: string, handler: JobHandler, options: JobKindOptions = {}) {
    if (this.handlers.has(kind)) throw new Error(`A handler for job kind "${kind}" is already registered`);
    this.handlers.set(kind, { handler, maxAttempts: options.maxAttempts ?? 5, onGiveUp: options.onGiveUp });
  }

  /** Starts polling. */
  start() {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /**
   * Stops polling and waits for the jobs running now to finish; with `graceMs`, at most that long (a server shutting
   * down): a job still running then is released, its claim dropped and its attempt not counted, so another runner
   * takes it at once instead of after the claim's expiry. Its handler may still be running here; what it does after
   * is not recorded (the process is about to end), and handlers are idempotent, since a crash does the same.
   */
  async stop(graceMs?: number) {
    this.started = false;
    clearTimeout(this.timer);
    if (graceMs === undefined) return this.settled();
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      this.settled().then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    if (finished || this.running.size === 0) return;
    const ids = [...this.running.keys()];
    for (const [id, heartbeat] of this.running) {
      clearInterval(heartbeat);
      this.released.add(id);
    }
    await this.opts.db
      .update(jobs)
      .set({ lockedUntil: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
      .where(and(inArray(jobs.id, ids), isNull(jobs.doneAt)));
    this.opts.log.warn({ jobIds: ids }, 'job runner: released jobs still running at shutdown');
  }

  /** Looks for due jobs now instead of at the next poll (e.g. right after enqueueing one). */
  wake() {
    if (this.started && !this.looping) this.schedule(0);
  }

  /**
   * Runs every due job one after another until none is left, after waiting for those already running; returns how
   * many it ran. What the poll loop does, made awaitable (tests, scripts).
   */
  async drain() {
    let ran = 0;
    for (;;) {
      await this.settled();
      if (await this.runOne()) ran++;
      else if (this.inFlight.size === 0) return ran;
    }
  }

  /**
   * Claims and runs job `id` now if it is due and nobody holds it, so work enqueued by a request can start before
   * the request answers while still surviving a crash. Resolves true if it ran (successfully or not).
   */
  async runNow(id: number) {
    return this.runOne(id);
  }

  private schedule(ms: number) {
    if (!this.started) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), ms);
  }

  private async loop() {
    if (this.looping) return;
    this.looping = true;
    try {
      while (this.started && (await this.runOne())) {
        // Keep going while there is work; sleep when there is none.
      }
    } catch (err) {
      this.opts.log.error({ err }, 'job runner: polling failed');
    } finally {
      this.looping = false;
      this.schedule(this.pollMs);
    }
  }

  private async settled() {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async runOne(id?: number): Promise<boolean> {
    const work = (async () => {
      const job = await this.claim(id);
      if (!job) return false;
      await this.execute(job);
      return true;
    })();
    this.inFlight.add(work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(work);
    }
  }

  private async claim(id?: number): Promise<JobRow | undefined> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return undefined;
    const now = this.opts.clock.now();
    const due = this.opts.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          lte(jobs.runAt, now),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
          inArray(jobs.kind, kinds),
          id === undefined ? undefined : eq(jobs.id, id),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await this.opts.db
      .update(jobs)
      .set({ lockedUntil: new Date(now.getTime() + this.lockMs), attempts: sql`${jobs.attempts} + 1` })
      .where(sql`${jobs.id} = (${due})`)
      .returning();
    return job;
  }

  private async execute(job: JobRow) {
    const registration = this.handlers.get(job.kind)!;
    const info: JobInfo = { id: job.id, kind: job.kind, attempt: job.attempts };
    // Claimed more times than it may run: its earlier runs ended with their process (a job that brings the process
    // down, the OOM killer), never as a failure, so nothing gave it up. It is given up now instead of run again.
    if (info.attempt > registration.maxAttempts) {
      return this.recordFailure(job, { ...info, attempt: registration.maxAttempts }, registration, new Error(`Its process stopped during each of its ${registration.maxAttempts} runs.`));
    }
    // Renew the claim while the handler runs, so a long job is not taken over by another runner.
    const heartbeat = setInterval(() => {
      void this.opts.db
        .update(jobs)
        .set({ lockedUntil: new Date(this.opts.clock.now().getTime() + this.lockMs) })
        .where(and(eq(jobs.id, job.id), isNull(jobs.doneAt)))
        .catch((err: unknown) => this.opts.log.warn({ err, jobId: job.id }, 'job runner: could not renew a claim'));
    }, this.lockMs / 3);
    this.running.set(job.id, heartbeat);
    try {
      await registration.handler(job.payload, info);
      clearInterval(heartbeat);
      if (this.released.has(job.id)) return;
      await this.opts.db.update(jobs).set({ doneAt: this.opts.clock.now(), lockedUntil: null, lastError: null }).where(eq(jobs.id, job.id));
    } catch (err) {
      clearInterval(heartbeat);
      if (this.released.has(job.id)) return;
      await this.recordFailure(job, info, registration, err);
    } finally {
      this.running.delete(job.id);
    }
  }

  private async recordFailure(job: JobRow, info: JobInfo, registration: Registration, err: unknown) {
    const message = (err instanceof Error ? err.stack ?? err.message : String(err)).slice(0, 4000);
    const now = this.opts.clock.now();
    const givingUp = info.attempt >= registration.maxAttempts;
    this.opts.log.error({ err, jobId: job.id, kind: job.kind, attempt: info.attempt }, givingUp ? 'job failed; giving up' : 'job failed; will retry');
    if (givingUp) {
      await this.opts.db.update(jobs).set({ doneAt: now, lockedUntil: null, lastError: message }).where(eq(jobs.id, job.id));
      await registration.onGiveUp?.(job.payload, info, err).catch((giveUpErr: unknown) =>
        this.opts.log.error({ err: giveUpErr, jobId: job.id }, 'job runner: onGiveUp failed'),
      );
      return;
    }
    await this.opts.db
      .update(jobs)
      .set({ runAt: new Date(now.getTime() + this.backoffMs(info.attempt)), lockedUntil: null, lastError: message })
      .where(eq(jobs.id, job.id));
  }
}
