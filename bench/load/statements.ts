/**
 * bench:load's raw side: the statements the recording pass's requests sent PostgreSQL (bench/load/record-hook.ts),
 * grouped by request into units, replayed by `pg` clients as the server's pool sends them (the same text, parameters
 * and prepared-statement name, rows as arrays), each unit in order on one connection.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { latencySummary } from '../stats';
import type { Kind } from './mix';
import type { RecordedLine } from './record-hook';

export type Unit = { id: string; kind: Kind; statements: RecordedLine[] };

/**
 * The recording's units, in the order their requests were made, with their statements in the order they were sent.
 * Statements no request caused (the job runner's poll) are only counted; so are statements that failed when the
 * server sent them (none expected: a replay of one would fail too and abort its transaction).
 */
export function readRecording(file: string, kinds: Map<string, Kind>) {
  const byUnit = new Map<string, RecordedLine[]>();
  let background = 0;
  const failed: string[] = [];
  for (const text of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!text) continue;
    const line = JSON.parse(text) as RecordedLine;
    if (line.error) failed.push(`${line.error}: ${line.text.slice(0, 120)}`);
    if (line.u === null || !kinds.has(line.u)) {
      background++;
      continue;
    }
    if (line.error) continue;
    const list = byUnit.get(line.u);
    if (list) list.push(line);
    else byUnit.set(line.u, [line]);
  }
  const units: Unit[] = [];
  for (const [id, kind] of kinds) {
    const statements = (byUnit.get(id) ?? []).sort((a, b) => a.s - b.s);
    units.push({ id, kind, statements });
  }
  return { units, background, failed };
}

/** A statement's short name for a table: its prepared name, or the start of its text. */
export const describe = (s: RecordedLine) => s.name ?? s.text.replace(/\s+/g, ' ').slice(0, 60);

/** describe() and, for an unnamed statement, a short hash of its whole text: variants that start alike stay apart. */
export const describeText = (s: RecordedLine) => (s.name ? s.name : `${describe(s)} [${createHash('sha1').update(s.text).digest('hex').slice(0, 6)}]`);

type Value = RecordedLine['values'][number];

/** A parameter with the ids the recording's INSERTs made swapped for the ones this replay's made (also in arrays). */
function remap(value: Value, ids: Map<string, string>): string | Buffer | null {
  if (value === null) return null;
  if (typeof value === 'object') return Buffer.from(value.b64, 'base64');
  if (ids.size === 0) return value;
  const direct = ids.get(value);
  if (direct !== undefined) return direct;
  if (value.startsWith('{') && value.endsWith('}') && /^\{[0-9",]*\}$/.test(value)) {
    return value.replace(/\d+/g, (n) => ids.get(n) ?? n);
  }
  return value;
}

const isBegin = (text: string) => /^\s*(begin|start transaction)\b/i.test(text);
const isEnd = (text: string) => /^\s*(commit|rollback|end)\b/i.test(text);

/** One unit on one connection: its latency, or the error that stopped it (its transaction rolled back). */
export async function runUnit(client: pg.Client, unit: Unit, costs?: StatementCosts): Promise<{ ms: number; error?: string }> {
  const at = performance.now();
  const ids = new Map<string, string>();
  let inTransaction = false;
  for (const s of unit.statements) {
    try {
      const started = performance.now();
      const result = await client.query({ text: s.text, values: s.values.map((v) => remap(v, ids)), rowMode: 'array', ...(s.name ? { name: s.name } : {}) });
      if (costs) {
        const key = describeText(s);
        const cost = costs.get(key);
        const took = performance.now() - started;
        if (cost) {
          cost.n++;
          cost.ms += took;
        } else costs.set(key, { n: 1, ms: took });
      }
      if (isBegin(s.text)) inTransaction = true;
      else if (isEnd(s.text)) inTransaction = false;
      if (s.ids) {
        const rows = result.rows as unknown[][];
        s.ids.forEach((recorded, r) =>
          recorded.forEach((id, c) => {
            const now = rows[r]?.[c];
            if (id !== null && (typeof now === 'number' || typeof now === 'string')) ids.set(String(id), String(now));
          }),
        );
      }
    } catch (err) {
      if (inTransaction) await client.query('rollback').catch(() => undefined);
      return { ms: performance.now() - at, error: `${unit.kind}: ${(err as Error).message} (${describe(s)})` };
    }
  }
  return { ms: performance.now() - at };
}

/** Time spent in each statement (by describe()), summed over a replay: where the database's time goes. */
export type StatementCosts = Map<string, { n: number; ms: number }>;

export type ReplayResult = { count: number; seconds: number; perSecond: number; p50: number; p99: number; latencies: number[]; byKind: Map<Kind, number[]>; errors: number; firstErrors: string[] };

/**
 * `clients` connections, each taking the next unit of `units` (round and round, from where `cursor` is) and running
 * it, back to back, for `seconds`. A closed loop per connection, as the load's connections are.
 */
export async function replay(clients: pg.Client[], units: Unit[], seconds: number, cursor: { next: number }, costs?: StatementCosts): Promise<ReplayResult> {
  const latencies: number[] = [];
  const byKind = new Map<Kind, number[]>();
  const firstErrors: string[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < until) {
        const unit = units[cursor.next++ % units.length]!;
        const { ms, error } = await runUnit(client, unit, costs);
        if (error) {
          errors++;
          if (firstErrors.length < 5) firstErrors.push(error);
          continue;
        }
        latencies.push(ms);
        const list = byKind.get(unit.kind);
        if (list) list.push(ms);
        else byKind.set(unit.kind, [ms]);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    ...latencySummary(latencies, elapsed),
    byKind,
    errors,
    firstErrors,
  };
}

/**
 * Planning and execution time of a read statement, by PostgreSQL's own EXPLAIN ANALYZE with its recorded parameters
 * (median of three; writes are never explained, since ANALYZE runs them). An unnamed statement is planned on every
 * call; a named one once per connection.
 */
export async function planAndRun(client: pg.Client, s: RecordedLine): Promise<{ planning: number; execution: number } | undefined> {
  if (!/^\s*(select|with|\()/i.test(s.text) || /\b(insert|update|delete)\s/i.test(s.text)) return undefined;
  const planning: number[] = [];
  const execution: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { rows } = await client.query<{ 'QUERY PLAN': { 'Planning Time': number; 'Execution Time': number }[] }>({
      text: `explain (analyze, summary, format json) ${s.text}`,
      values: s.values.map((v) => remap(v, new Map())),
    });
    planning.push(rows[0]!['QUERY PLAN'][0]!['Planning Time']);
    execution.push(rows[0]!['QUERY PLAN'][0]!['Execution Time']);
  }
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
  return { planning: mid(planning), execution: mid(execution) };
}
