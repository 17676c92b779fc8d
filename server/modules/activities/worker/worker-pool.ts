import os from 'node:os';
import { Piscina } from 'piscina';
import type { Derived, DeriveTask, GpxTask, ParsedFile, ParseTask } from './activity-tasks';

/**
 * The activity worker threads (piscina): reading files and making views run there, never on the event loop that
 * answers requests (issue 21: "a 50 MB file never blocks a request"). One thread on a two-core machine leaves a core
 * to the server; `ACTIVITY_WORKERS` sets another number. Threads start on first use and stop when idle.
 */
export type ActivityWorker = {
  parse(task: Omit<ParseTask, 'kind'>): Promise<ParsedFile>;
  derive(task: Omit<DeriveTask, 'kind'>): Promise<Derived>;
  gpx(task: Omit<GpxTask, 'kind'>): Promise<string>;
  close(): Promise<void>;
};

export function createActivityWorker(threads = Math.max(1, Math.min(4, os.availableParallelism() - 1))): ActivityWorker {
  let pool: Piscina | undefined;
  const run = (task: ParseTask | DeriveTask | GpxTask) => {
    pool ??= new Piscina({
      filename: new URL('./activity-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 30_000,
      // Vitest and tsx run the server with loader flags a plain worker must not inherit (the worker registers its own).
      execArgv: [],
    });
    return pool.run(task);
  };
  return {
    parse: (task) => run({ kind: 'parse', ...task }) as Promise<ParsedFile>,
    derive: (task) => run({ kind: 'derive', ...task }) as Promise<Derived>,
    gpx: (task) => run({ kind: 'gpx', ...task }) as Promise<string>,
    close: async () => {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
