import type { InjectOptions } from 'fastify';

/** What `app.inject` takes: light-my-request's list of methods. */
export type HTTPMethods = NonNullable<InjectOptions['method']>;
import { multipartForm, type FormPart } from '../../modules/media/test-images';
import { ExtraKey, RawJson, RawText } from './hostile-values';
import type { Operation } from './operations';

/** One request before it is written out: parameters, a body (JSON, raw text or a form), and who sends it. */
export type Draft = {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  json?: unknown;
  /** Body text sent as it is (not JSON, a truncated document...), with `contentType`. */
  raw?: string | Buffer;
  form?: Record<string, unknown>;
  contentType?: string;
  actor: 'member' | 'anonymous' | 'bad token';
  /** What this request tries, for the failure message. */
  label: string;
};

export type WireRequest = { method: HTTPMethods; url: string; headers: Record<string, string>; payload?: string | Buffer };

/** Percent-encodes UTF-8 bytes; a lone surrogate goes as U+FFFD, as a browser would send it. */
function percentEncode(text: string) {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const encodeParam = (value: unknown) => (value instanceof RawText ? value.text : percentEncode(typeof value === 'string' ? value : JSON.stringify(value) ?? String(value)));

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Uint8Array);

/** The JSON text of a value, with raw numbers and extra keys (`__proto__` as an own key) written as they are. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const prepare = (v: unknown): unknown => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `@@raw:${raws.length - 1}@@`;
    }
    if (Array.isArray(v)) return v.map(prepare);
    if (isRecord(v)) {
      const copy = {};
      for (const key of Object.keys(v)) Object.defineProperty(copy, key, { value: prepare(v[key]), enumerable: true, writable: true, configurable: true });
      return copy;
    }
    return v;
  };
  return JSON.stringify(prepare(value)).replace(/"@@raw:(\d+)@@"/g, (_, i: string) => raws[Number(i)]!);
}

/**
 * Puts `value` at `pointer` inside `root` (a copy; an `ExtraKey` is added beside the keys there), making what is
 * missing on the way with `fill(depth)`: a plain value of what the first `depth` steps of the pointer lead to.
 */
export function setAt(root: unknown, pointer: (string | number)[], value: unknown, fill: (depth: number) => unknown): unknown {
  const step = (depth: number, node: unknown): unknown => {
    if (depth === pointer.length) {
      if (!(value instanceof ExtraKey)) return value;
      // Spread defines keys, so an own `__proto__` stays a key; assignment would set the prototype.
      const copy = { ...(isRecord(node) ? node : (fill(depth) as object)) };
      Object.defineProperty(copy, value.key, { value: value.value, enumerable: true, writable: true, configurable: true });
      return copy;
    }
    const key = pointer[depth]!;
    if (typeof key === 'number') {
      const list = Array.isArray(node) ? [...(node as unknown[])] : [];
      while (list.length <= key) list.push(fill(depth + 1));
      list[key] = step(depth + 1, list[key]);
      return list;
    }
    const obj = { ...(isRecord(node) ? node : {}) };
    obj[key] = step(depth + 1, obj[key] === undefined ? fill(depth + 1) : obj[key]);
    return obj;
  };
  return step(0, root);
}

/** A form's fields as multipart parts: bytes as a file, anything else as text. */
function multipart(fields: Record<string, unknown>) {
  return multipartForm(
    Object.entries(fields).map(([name, value]): FormPart => {
      if (value instanceof Uint8Array) return { name, file: Buffer.from(value), filename: 'fuzz.bin', contentType: 'application/octet-stream' };
      return { name, value: value instanceof RawText ? value.text : typeof value === 'string' ? value : (JSON.stringify(value) ?? '') };
    }),
  );
}

const BAD_TOKENS = ['nope', 'x'.repeat(5000), 'Bearer', '%00'];

/** The request `app.inject` sends for a draft of `op`, signed in with `token` when the draft's actor is the member. */
export function toWireRequest(op: Operation, draft: Draft, token: string): WireRequest {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeParam(draft.path[name] ?? ''));
  const query = Object.entries(draft.query)
    .flatMap(([key, value]) => (Array.isArray(value) ? value.map((v) => [key, v] as const) : [[key, value] as const]))
    .map(([key, value]) => `${percentEncode(key)}=${encodeParam(value)}`)
    .join('&');
  const headers: Record<string, string> = {};
  if (draft.actor === 'member') headers.authorization = `Bearer ${token}`;
  if (draft.actor === 'bad token') headers.authorization = `Bearer ${BAD_TOKENS[draft.label.length % BAD_TOKENS.length]}`;
  let payload: string | Buffer | undefined;
  if (draft.raw !== undefined) payload = draft.raw;
  else if (draft.form !== undefined) {
    const form = multipart(draft.form);
    payload = form.payload;
    headers['content-type'] = form.headers['content-type'];
  } else if (draft.json !== undefined) {
    payload = jsonText(draft.json);
    headers['content-type'] = 'application/json';
  }
  if (draft.contentType !== undefined) headers['content-type'] = draft.contentType;
  return { method: op.method, url: query ? `${path}?${query}` : path, headers, ...(payload !== undefined ? { payload } : {}) };
}

/** The request as a failure message shows it: enough to send it again with curl. */
export function describeRequest(req: WireRequest, label: string) {
  const body = req.payload === undefined ? '' : String(req.payload);
  const shown = body.length > 600 ? `${body.slice(0, 600)}… (${body.length} characters)` : body;
  const auth = req.headers.authorization ? ` [${req.headers.authorization.slice(0, 20)}…]` : ' [anonymous]';
  return `${req.method} ${req.url.length > 400 ? `${req.url.slice(0, 400)}…` : req.url}${auth}${req.headers['content-type'] ? ` (${req.headers['content-type']})` : ''}${shown ? `\n    body: ${shown}` : ''}\n    tries: ${label}`;
}
