import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { Piscina } from 'piscina';
import type { Derived, DeriveTask, GpxTask, ParsedFile, ParseTask } from './activity-tasks';

/**
 * The activity worker threads (piscina): reading files and making views run there, never on the event loop that
 * answers requests (issue 21: "a 50 MB file never blocks a request"). A thread a core by default (at most four): the
 * event loop itself does little during an import (it waits on the database), and the threads share the cores with it
 * rather than block it; `ACTIVITY_WORKERS` sets another number. Threads start on first use and stop when idle.
 */
export type ActivityWorker = {
  /** How many threads there are: an import reads this many files at once. */
  readonly threads: number;
  parse(task: Omit<ParseTask, 'kind'>): Promise<ParsedFile>;
  derive(task: Omit<DeriveTask, 'kind'>): Promise<Derived>;
  gpx(task: Omit<GpxTask, 'kind'>): Promise<string>;
  close(): Promise<void>;
};

export function createActivityWorker(threads = Math.max(1, Math.min(4, os.availableParallelism()))): ActivityWorker {
  let pool: Promise<Piscina> | undefined;
  const start = async () =>
    new Piscina({
      filename: await workerScript(),
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 30_000,
      // The server may run with loader flags (tsx, vitest); the bundled script needs none.
      execArgv: [],
      // A file read is millions of short-lived objects (an XML tree): a small young generation collects them early.
      // V8's default on a large machine lets each thread hold 100 MB more before it does (measured: +109 MB against
      // +31 MB over 60 files), and there is a thread a core. The old generation is left unbounded: a 50 MB file needs it.
      resourceLimits: { maxYoungGenerationSizeMb: 16 },
    });
  const run = async (task: ParseTask | DeriveTask | GpxTask) => (await (pool ??= start())).run(task);
  return {
    threads,
    parse: (task) => run({ kind: 'parse', ...task }) as Promise<ParsedFile>,
    derive: (task) => run({ kind: 'derive', ...task }) as Promise<Derived>,
    gpx: (task) => run({ kind: 'gpx', ...task }) as Promise<string>,
    close: async () => {
      const started = pool;
      pool = undefined;
      await (await started)?.destroy();
    },
  };
}

let script: Promise<string> | undefined;

/** How the worker's code is bundled, at run time here or at build time (scripts/build-server.ts). */
export const ACTIVITY_WORKER_BUILD: BuildOptions = {
  entryPoints: [fileURLToPath(new URL('./activity-worker-entry.ts', import.meta.url))],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'silent',
  // CommonJS packages bundled into an ES module call `require` for Node's own modules.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
};

/**
 * The worker's code as one plain JavaScript file: the built server's own (`npm run build:server` writes
 * dist-server/activity-worker.mjs beside the server's code), or else bundled by esbuild from activity-worker-entry.ts
 * and its imports (pure TypeScript and JavaScript: no native module, no database) the first time a process needs a
 * thread. A thread that loaded the TypeScript itself would bring a loader of its own (tsx's hooks run on a thread of
 * their own): about 70 MB a thread, measured, against a few for the bundle. Written under the system's temporary
 * folder by content, so every process of the same code shares one file, and a new version never meets an old one.
 */
function workerScript(): Promise<string> {
  script ??= (async () => {
    const built = new URL('./activity-worker.mjs', import.meta.url);
    if (await fs.access(built).then(() => true, () => false)) return built.href;
    const result = await build({ ...ACTIVITY_WORKER_BUILD, write: false });
    const code = result.outputFiles[0]!.contents;
    const file = path.join(os.tmpdir(), `switchback-activity-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    // Written to a file of its own first, then renamed: a process reading it never sees half of it.
    const partial = `${file}.${process.pid}.tmp`;
    await fs.writeFile(partial, code);
    await fs.rename(partial, file);
    return pathToFileURL(file).href;
  })();
  // A failed build is tried again by the next caller rather than remembered.
  script.catch(() => (script = undefined));
  return script;
}
