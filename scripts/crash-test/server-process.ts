import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, root, SERVER_ARGS } from '../../bench/app-server';

/** The last lines the server wrote (stdout and stderr together), enough to show why it would not start. */
class LogTail {
  private lines: string[] = [];
  private partial = '';
  constructor(private readonly max = 200) {}
  push(chunk: Buffer) {
    const parts = (this.partial + chunk.toString('utf8')).split('\n');
    this.partial = parts.pop() ?? '';
    this.lines.push(...parts);
    if (this.lines.length > this.max) this.lines.splice(0, this.lines.length - this.max);
  }
  text() {
    return [...this.lines, this.partial].filter(Boolean).join('\n');
  }
}

export type ServerSettings = { dataDir: string; databaseUrl: string };

export type RunningServer = {
  url: string;
  pid: number;
  /** Milliseconds from spawn to `/api/ready` answering 200. */
  startMs: number;
  log: () => string;
  /** kill -9, as a power cut of the process would: nothing of the server's own shutdown runs. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful stop (used once at the end, so the data can be inspected). */
  stop(): Promise<void>;
};

export class ServerStartError extends Error {
  constructor(message: string, readonly log: string) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function answers200(url: string) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * The built server (as `npm start` runs it) on a fresh free port, on `settings`' data, waited for until healthy and
 * ready. A new port each start, so no request of the killed server's clients can reach its successor by mistake.
 */
export async function startServer(settings: ServerSettings, timeoutMs = 60_000): Promise<RunningServer> {
  const port = await freePort();
  // Not the caller's shared live bus or any database it points at: the settings below, and the rest inherited.
  const { REDIS_URL: _bus, DATABASE_URL: _db, ...inherited } = process.env;
  const started = Date.now();
  const child: ChildProcess = spawn(process.execPath, [...SERVER_ARGS.built], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: settings.dataDir,
      DATABASE_URL: settings.databaseUrl,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      JOB_POLL_MS: '200',
      AUTH_RATE_LIMIT: '100000',
      NODE_ENV: 'production',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = new LogTail();
  // Both streams are read to the end: a full pipe would stall the server's logging, and with it the server.
  child.stdout!.on('data', (c: Buffer) => tail.push(c));
  child.stderr!.on('data', (c: Buffer) => tail.push(c));
  let exitCode: number | string | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? signal;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  let healthy = false;
  while (Date.now() - started < timeoutMs && exitCode === undefined) {
    healthy ||= await answers200(`${url}/api/health`);
    if (healthy && (await answers200(`${url}/api/ready`))) {
      const startMs = Date.now() - started;
      return {
        url,
        pid: child.pid!,
        startMs,
        log: () => tail.text(),
        async kill() {
          if (exitCode === undefined) child.kill('SIGKILL');
          await exited;
        },
        async stop() {
          if (exitCode === undefined) child.kill('SIGTERM');
          await exited;
        },
      };
    }
    await sleep(100);
  }
  const why = exitCode === undefined ? `was not healthy and ready within ${timeoutMs} ms` : `exited (${exitCode}) before it was ready`;
  if (exitCode === undefined) child.kill('SIGKILL');
  await exited;
  throw new ServerStartError(`The server ${why}.`, tail.text());
}
