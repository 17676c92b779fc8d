/**
 * Preloaded into the server of `npm run bench:load`'s recording pass only (`node --import tsx --import
 * bench/load/record-hook.ts dist-server/index.mjs`, with BENCH_RECORD_FILE set): it writes every statement the server
 * sends PostgreSQL, as node-postgres sends it, to that file, one JSON line each, tagged with the request that caused it.
 * Nothing in the server changes: the measured servers run without it.
 *
 * Why here and not a drizzle `logger` in server/db/client.ts: the replay needs what went on the wire, which the logger
 * does not see (a prepared statement's name: the raw side must prepare the same statements, or it plans each one
 * again and looks slower than it is), and the identity values an INSERT returned (a later statement of the same
 * request sends them back, e.g. a post's subject row's id; the replay puts its own in their place). And
 * pg_stat_statements is not loaded on this PostgreSQL (shared_preload_libraries is empty; loading it needs a restart)
 * and keeps neither parameters nor order.
 *
 * Which request: a request carrying an `x-bench-unit` header runs in an AsyncLocalStorage context holding that value,
 * and so does every statement it causes, including work it starts and does not wait for. Its body's events are
 * emitted in that context too (Node emits them from the socket's context, where the request's would be lost). A
 * statement outside any such request (the job runner's poll) is written with `u: null`. Recording starts with the
 * first tagged request and stops at one tagged `end`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import pg from 'pg';

/** One line of the file. `values` as node-postgres puts them on the wire (strings, null, or bytes as base64). */
export type RecordedLine = {
  /** The tagged request (`x-bench-unit`), or null for a statement no request caused. */
  u: string | null;
  /** Order of the calls, across the process. */
  s: number;
  text: string;
  name?: string;
  values: (string | null | { b64: string })[];
  command?: string;
  /**
   * Sent to a connection (a transaction's) that was still busy with another statement: node-postgres queues it, warns
   * once per process that this is deprecated, and pg 9 will refuse it.
   */
  queued?: true;
  /** An INSERT's returned rows (the first 100), their number columns only (null elsewhere): the ids it made. */
  ids?: (number | null)[][];
  error?: string;
};

export const UNIT_HEADER = 'x-bench-unit';

type QueryConfig = { text?: string; name?: string; values?: unknown[] };
type Result = { command?: string; rows?: unknown[] };

function install(file: string) {
  const fd = fs.openSync(file, 'a');
  const store = new AsyncLocalStorage<string>();
  const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as { prepareValue: (v: unknown) => unknown };
  let recording = false;
  let seq = 0;

  const wire = (v: unknown): RecordedLine['values'][number] => {
    const prepared = prepareValue(v);
    if (prepared === null || prepared === undefined) return null;
    if (Buffer.isBuffer(prepared)) return { b64: prepared.toString('base64') };
    return String(prepared);
  };

  /** What to write once the statement is answered, or undefined when it is not recorded. */
  function begin(args: unknown[]) {
    if (!recording) return undefined;
    const first = args[0];
    const config: QueryConfig = typeof first === 'string' ? { text: first } : ((first ?? {}) as QueryConfig);
    if (!config.text) return undefined;
    const values = Array.isArray(args[1]) ? (args[1] as unknown[]) : (config.values ?? []);
    const line: RecordedLine = { u: store.getStore() ?? null, s: seq++, text: config.text, values: values.map(wire) };
    if (config.name) line.name = config.name;
    return line;
  }

  function finish(line: RecordedLine, result: Result | undefined, err?: unknown) {
    if (err) line.error = (err as Error).message;
    if (result?.command) line.command = result.command;
    if (result?.command === 'INSERT' && result.rows?.length) {
      line.ids = result.rows.slice(0, 100).map((row) => (Array.isArray(row) ? row : Object.values(row as object)).map((v) => (typeof v === 'number' ? v : null)));
    }
    fs.writeSync(fd, JSON.stringify(line) + '\n');
  }

  /** Wraps a query call: the promise it answers, or its callback when it takes one. */
  function wrap(original: (...args: unknown[]) => unknown, self: unknown, args: unknown[], queued = false) {
    const line = begin(args);
    if (!line) return original.apply(self, args);
    if (queued) line.queued = true;
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (err: unknown, res: Result) => void;
      args[last] = (err: unknown, res: Result) => {
        finish(line, res, err);
        callback(err, res);
      };
      return original.apply(self, args);
    }
    const answer = original.apply(self, args);
    if (answer && typeof (answer as Promise<Result>).then === 'function') {
      (answer as Promise<Result>).then(
        (res) => finish(line, res),
        (err: unknown) => finish(line, undefined, err),
      );
    }
    return answer;
  }

  // The pool's query is where the app's statements start (drizzle's node-postgres driver calls it with the pool as
  // its client): the request's context is read there, before the pool hands the statement to a connection (when it
  // waits for one, the callback runs in the context of whoever freed it). The pool then calls the connection's query
  // with a callback; a transaction's statements go to its connection directly, without one.
  const poolQuery = pg.Pool.prototype.query as unknown as (...args: unknown[]) => unknown;
  (pg.Pool.prototype as unknown as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
    return wrap(poolQuery, this, args);
  };
  const clientQuery = pg.Client.prototype.query as unknown as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: unknown }).query = function (this: { _activeQuery?: unknown; _queryQueue?: unknown[] }, ...args: unknown[]) {
    if (typeof args.at(-1) === 'function') return clientQuery.apply(this, args);
    return wrap(clientQuery, this, args, Boolean(this._activeQuery) || (this._queryQueue?.length ?? 0) > 0);
  };

  const serverEmit = http.Server.prototype.emit as (this: http.Server, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    const req = args[0] as http.IncomingMessage | undefined;
    const unit = event === 'request' ? req?.headers[UNIT_HEADER] : undefined;
    if (typeof unit !== 'string') return serverEmit.call(this, event, ...args);
    recording = unit !== 'end';
    const requestEmit = req!.emit as (this: http.IncomingMessage, ...args: unknown[]) => boolean;
    req!.emit = function (this: http.IncomingMessage, ...eventArgs: unknown[]) {
      return store.run(unit, () => requestEmit.apply(this, eventArgs));
    } as http.IncomingMessage['emit'];
    return store.run(unit, () => serverEmit.call(this, event, ...args));
  } as typeof http.Server.prototype.emit;
}

const file = process.env.BENCH_RECORD_FILE;
if (file) install(file);
