/**
 * bench:load's HTTP side: `connections` keep-alive connections (undici), each a closed loop (a request, its whole
 * answer read, the next), for `seconds`. Every answer's latency and status is kept by kind, so the figures can be
 * split by request kind and any non-2xx answer named.
 */
import { Pool } from 'undici';
import { latencySummary } from '../stats';
import { UNIT_HEADER } from './record-hook';

export type LoadRequest = { kind: string; method: 'GET' | 'POST'; path: string; token?: string; body?: string };

export type LoadResult = {
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  latencies: number[];
  byKind: Map<string, { latencies: number[]; statuses: Map<number, number> }>;
  /** Answers not 2xx (by kind and status) and requests that got no answer. */
  errors: number;
  errorSamples: string[];
};

/**
 * Runs the loop. `make(i)` gives the i-th request (i counts across the connections); `tag(i)`, when given, is sent as
 * the `x-bench-unit` header (the recording pass). `stop` ends the loops early (the flood, when the feed's side is done).
 */
export async function runLoad(url: string, connections: number, seconds: number, make: (i: number) => LoadRequest, opts: { tag?: (i: number) => string; stop?: { stopped: boolean }; count?: number } = {}): Promise<LoadResult> {
  const pool = new Pool(url, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
  const latencies: number[] = [];
  const byKind: LoadResult['byKind'] = new Map();
  const errorSamples: string[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const more = () => (opts.count !== undefined ? next < opts.count : performance.now() < until) && !opts.stop?.stopped;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (more()) {
          const i = next++;
          const req = make(i);
          const headers: Record<string, string> = {};
          if (req.token) headers.authorization = `Bearer ${req.token}`;
          if (req.body !== undefined) headers['content-type'] = 'application/json';
          if (opts.tag) headers[UNIT_HEADER] = opts.tag(i);
          const at = performance.now();
          let status = 0;
          let text = '';
          try {
            const res = await pool.request({ path: req.path, method: req.method, headers, ...(req.body !== undefined ? { body: req.body } : {}) });
            status = res.statusCode;
            if (status >= 200 && status < 300) await res.body.arrayBuffer();
            else text = await res.body.text();
          } catch (err) {
            text = (err as Error).message;
          }
          const ms = performance.now() - at;
          latencies.push(ms);
          let kind = byKind.get(req.kind);
          if (!kind) byKind.set(req.kind, (kind = { latencies: [], statuses: new Map() }));
          kind.latencies.push(ms);
          kind.statuses.set(status, (kind.statuses.get(status) ?? 0) + 1);
          if (status < 200 || status >= 300) {
            errors++;
            if (errorSamples.length < 5) errorSamples.push(`${req.method} ${req.path} ${status || 'no answer'}: ${text.slice(0, 200)}`);
          }
        }
      }),
    );
  } finally {
    await pool.close();
  }
  const elapsed = (performance.now() - started) / 1000;
  return {
    ...latencySummary(latencies, elapsed),
    byKind,
    errors,
    errorSamples,
  };
}

/** Statuses of a kind (or all kinds) as `200: 1234, 429: 5`. */
export const statusText = (statuses: Map<number, number>) =>
  [...statuses]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s || 'no answer'}: ${n}`)
    .join(', ');
