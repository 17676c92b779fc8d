import { branchesOf, isDateField, isIdName, sampleOf, type KnownIds } from './shaped-values';
import type { JsonSchema, Operation } from './operations';

/** JSON text sent as it is: numbers JSON.stringify cannot write (`1e400`), keys it would drop or turn (`__proto__`). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Query or path text sent as it is, not percent-encoded again: broken escapes, encoded slashes, invalid UTF-8. */
export class RawText {
  constructor(readonly text: string) {}
}

/** A key added to the object at a location (`__proto__`, `constructor`, an unknown field), beside its own. */
export class ExtraKey {
  constructor(
    readonly key: string,
    readonly value: unknown,
  ) {}
}

export type Hostile = { label: string; value: unknown };

/** Where in a request a value sits: a path or query parameter, or a field of the body at any depth. */
export type Location = {
  part: 'path' | 'query' | 'json' | 'form';
  /** Parameter name, then keys and indexes down to the field (`['settings', 0, 'kind']`). */
  pointer: (string | number)[];
  schema: JsonSchema;
  /** The schema each step of the pointer leads to, from the body itself (`trail[0]`) down to the field. */
  trail: JsonSchema[];
  /** Which branch of a union body the location belongs to. */
  variant: number;
};

const ID_EDGES: Hostile[] = [
  { label: 'id 0', value: 0 },
  { label: 'id -1', value: -1 },
  { label: 'id 2^31', value: 2 ** 31 },
  { label: 'id -2^31-1', value: -(2 ** 31) - 1 },
  { label: 'id 2^53', value: 2 ** 53 },
  { label: 'id 2^64', value: 2 ** 64 },
  { label: 'fraction', value: 1.5 },
  { label: '1e400 (Infinity once parsed)', value: new RawJson('1e400') },
  { label: '-0', value: new RawJson('-0') },
  { label: '30 digits', value: new RawJson('123456789012345678901234567890') },
  { label: 'non-numeric', value: 'abc' },
  { label: 'numeric string', value: '12' },
];

const QUERY_NUMBER_EDGES: Hostile[] = [
  { label: 'id 0', value: '0' },
  { label: 'id -1', value: '-1' },
  { label: 'id 2^31', value: '2147483648' },
  { label: 'id 2^53', value: '9007199254740992' },
  { label: '99999999999', value: '99999999999' },
  { label: 'fraction', value: '1.5' },
  { label: '1e400', value: '1e400' },
  { label: 'hex', value: '0x10' },
  { label: 'NaN', value: 'NaN' },
  { label: 'non-numeric', value: 'abc' },
  { label: 'empty', value: '' },
  { label: 'Arabic-Indic digits', value: '١٢٣' },
];

const BAD_DATES = ['2026-13-45', '0000-00-00', '9999-99-99', '2026-02-30', '2025-02-29', '1899-12-31', '2101-01-01', '+275760-09-13', '10000-01-01', '2026-5-7', '2026-05-17T00:00:00Z'];
const DATE_EDGES: Hostile[] = BAD_DATES.map((d) => ({ label: `date ${d}`, value: d }));
/** Times written as seconds since 1970 (event times). */
const SECONDS_EDGES: Hostile[] = ['0', '99999999999', '9'.repeat(400), '-1', '1e10', '2026-13-45'].map((s) => ({ label: `seconds ${s.slice(0, 20)}`, value: s }));

/** Text a database, a collation, a case mapping or a URL may trip on. */
const ODD_TEXT: Hostile[] = [
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'lone surrogate', value: 'x\uD800y\uDC00' },
  { label: 'right-to-left override', value: '\u202Eevil\u202C' },
  { label: 'zero-width and byte-order marks', value: '\uFEFF\u200B' },
  { label: 'combining marks', value: 'Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357\u0358' },
  { label: 'emoji ZWJ family and astral letters', value: '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}\u{1D518}' },
  { label: 'case mapping that changes length', value: 'İﬀß' },
  { label: 'control characters', value: '\u0001\u0007\u001B[31m\r\n\t' },
  { label: 'SQL quote and LIKE wildcards', value: "'; drop table users; -- %_\\" },
  { label: 'only spaces', value: '   ' },
  { label: 'empty', value: '' },
];

const WRONG_TYPES: Hostile[] = [
  { label: 'null', value: null },
  { label: 'true', value: true },
  { label: 'number', value: 7 },
  { label: 'string', value: 'x' },
  { label: 'array', value: [] },
  { label: 'object', value: {} },
];

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
/** Files where a form takes one: nothing, a type's magic bytes with nothing after, markup posing as an image. */
const FILE_EDGES: Hostile[] = [
  { label: 'empty file', value: new Uint8Array(0) },
  { label: 'PNG signature only', value: bytes('\x89PNG\r\n\x1a\n') },
  { label: 'GIF header, truncated', value: bytes('GIF89a\x10\x00') },
  { label: 'JPEG start, truncated', value: bytes('\xff\xd8\xff\xe0\x00\x10JFIF') },
  { label: 'SVG with script', value: bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
  { label: 'GPX with an entity bomb', value: bytes('<?xml version="1.0"?><!DOCTYPE g [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><gpx>&b;</gpx>') },
];

const nested = (depth: number) => new RawJson('['.repeat(depth) + ']'.repeat(depth));

const typesOf = (schema: JsonSchema): string[] => [...new Set(branchesOf(schema).flatMap((s) => (s.oneOf ?? s.anyOf ? typesOf(s) : [s.type ?? 'any'])))];

function longString(schema: JsonSchema): Hostile[] {
  const out: Hostile[] = [];
  if (schema.maxLength !== undefined) {
    out.push({ label: `string of maxLength+1 (${schema.maxLength + 1})`, value: 'a'.repeat(schema.maxLength + 1) });
    out.push({ label: `maxLength+1 astral characters`, value: '\u{1F6B5}'.repeat(schema.maxLength + 1) });
  }
  if ((schema.minLength ?? 0) > 1) out.push({ label: `string of minLength-1`, value: 'a'.repeat(schema.minLength! - 1) });
  return out;
}

/** What goes into one location: the edges of its kind, and values of the wrong kind. */
export function hostileValues(location: Location, ids: KnownIds): Hostile[] {
  const { schema } = location;
  const name = location.pointer.findLast((p): p is string => typeof p === 'string');
  const branches = branchesOf(schema);
  const types = typesOf(schema);
  const stringly = location.part === 'path' || location.part === 'query' || location.part === 'form';
  const out: Hostile[] = [];

  if (types.includes('integer') || types.includes('number') || isIdName(name)) out.push(...(stringly ? QUERY_NUMBER_EDGES : ID_EDGES));
  if (branches.some(isDateField)) out.push(...DATE_EDGES);
  else if (/date$/i.test(name ?? '')) out.push(...SECONDS_EDGES);
  if (types.includes('string') || stringly) {
    for (const branch of branches) out.push(...longString(branch));
    // Huge text: past every field's limit, well under the body limit.
    out.push({ label: 'huge string (100,000 characters)', value: 'x'.repeat(100_000) }, ...ODD_TEXT);
  }
  if (schema.format === 'binary') out.push(...FILE_EDGES);

  if (stringly) {
    out.push(
      { label: 'broken percent escape', value: new RawText('%E0%A4%A') },
      { label: 'invalid UTF-8', value: new RawText('%C3%28%FF') },
      { label: 'encoded slash', value: new RawText('..%2F..%2Fetc%2Fpasswd') },
    );
    return out;
  }
  out.push(...WRONG_TYPES);
  for (const branch of branches) {
    if (branch.type === 'array') {
      const item = branch.items ? sampleOf(branch.items, ids, name) : 1;
      if (branch.maxItems !== undefined) out.push({ label: `array of maxItems+1 (${branch.maxItems + 1})`, value: Array.from({ length: branch.maxItems + 1 }, () => item) });
      out.push({ label: 'array of 50,000', value: Array.from({ length: 50_000 }, () => item) });
      out.push({ label: 'array nested 5,000 deep', value: nested(5_000) });
    }
    if (branch.type === 'object') {
      out.push({ label: '__proto__ key', value: new ExtraKey('__proto__', { isAdmin: true, userId: 1 }) });
      out.push({ label: 'constructor.prototype key', value: new ExtraKey('constructor', { prototype: { isAdmin: true } }) });
      out.push({ label: 'unknown field', value: new ExtraKey('role', 'admin') });
    }
  }
  return out;
}

/** Every location of an operation: each parameter, and each field of each body at any depth. */
export function locationsOf(op: Operation): Location[] {
  const out: Location[] = op.params.map((p) => ({ part: p.in, pointer: [p.name], schema: p.schema, trail: [p.schema], variant: 0 }));
  const walk = (part: Location['part'], schema: JsonSchema, pointer: (string | number)[], trail: JsonSchema[], variant: number) => {
    if (pointer.length > 0) out.push({ part, pointer, schema, trail, variant });
    // A form's fields are flat text: nothing below them.
    if (part === 'form' && pointer.length > 0) return;
    if (schema.type === 'object') for (const [key, s] of Object.entries(schema.properties ?? {})) walk(part, s, [...pointer, key], [...trail, s], variant);
    if (schema.type === 'array' && schema.items?.type !== undefined) walk(part, schema.items, [...pointer, 0], [...trail, schema.items], variant);
  };
  if (op.json) branchesOf(op.json).forEach((branch, i) => walk('json', branch, [], [branch], i));
  if (op.form) walk('form', op.form, [], [op.form], 0);
  return out;
}
