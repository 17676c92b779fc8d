import fc from 'fast-check';
import type { JsonSchema } from './operations';

/**
 * Values shaped like the contract asks: right types, within the bounds and patterns the document states. Ids draw
 * from rows the fuzz made (so calls reach the rows, not only "not found") and from the whole range the contract allows.
 */
export type KnownIds = {
  /** Ids of real rows by the field names that name them (`feedId`, `userId`…). */
  byName: Record<string, number[]>;
  /** Every id of a real row, for fields named otherwise. */
  all: number[];
};

const ID_NAME = /^ids?$|Ids?$|_id$/;
export const isIdName = (name: string | undefined) => name !== undefined && ID_NAME.test(name);

/** The branches of a union, or the schema itself. */
export const branchesOf = (schema: JsonSchema) => schema.oneOf ?? schema.anyOf ?? [schema];

const SAFE = Number.MAX_SAFE_INTEGER;
/** Collections stay short in generated requests: long ones are the hostile values' job. */
const SHAPED_ITEMS_MAX = 4;
const SHAPED_STRING_MAX = 40;

function bounds(schema: JsonSchema) {
  const min = schema.minimum ?? -SAFE;
  const max = schema.maximum ?? SAFE;
  return {
    min: schema.exclusiveMinimum === true ? min + (schema.type === 'integer' ? 1 : Number.EPSILON * Math.max(1, Math.abs(min))) : min,
    max: schema.exclusiveMaximum === true ? max - (schema.type === 'integer' ? 1 : Number.EPSILON * Math.max(1, Math.abs(max))) : max,
  };
}

const clip = (max: number | undefined) => (s: string) => (max !== undefined && s.length > max ? s.slice(0, max) : s);

function patternString(schema: JsonSchema): fc.Arbitrary<string> {
  const parts = [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)].filter((p): p is string => p !== undefined);
  const min = schema.minLength ?? 0;
  // Each pattern's own text, side by side: a password must hold a digit and one of !@#$%&*, say.
  return fc
    .tuple(...parts.map((p) => fc.stringMatching(new RegExp(p))))
    .map((texts) => texts.join(''))
    .map((s) => (s.length < min ? s + 'a'.repeat(min - s.length) : s))
    .map(clip(schema.maxLength));
}

/** A calendar date field: `format: date`, or the `YYYY-MM-DD` pattern. */
export const isDateField = (schema: JsonSchema) => schema.format === 'date' || schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$';

/** A 1 x 1 PNG: a file part that reaches the code behind the form's checks. */
const TINY_PNG = new Uint8Array(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

function sampleString(schema: JsonSchema): string | Uint8Array {
  if (schema.format === 'binary') return TINY_PNG;
  if (isDateField(schema)) return '1990-05-17';
  if (schema.format === 'date-time') return '2026-05-17T10:00:00.000Z';
  if (schema.format === 'uri') return 'https://example.com/callback';
  if (schema.format === 'email') return 'fuzz@example.com';
  // The same first match every run, so an example is the same request every run.
  if (schema.pattern !== undefined || schema.allOf !== undefined) return fc.sample(patternString(schema), { seed: 1, numRuns: 1 })[0]!;
  return 'fuzz'.padEnd(schema.minLength ?? 0, 'z').slice(0, schema.maxLength ?? Infinity);
}

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  if (isDateField(schema)) return fc.date({ min: new Date('1950-01-01'), max: new Date('2060-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return fc.date({ min: new Date('1950-01-01'), max: new Date('2060-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'uri') return fc.webUrl().map(clip(schema.maxLength));
  if (schema.format === 'email') return fc.emailAddress().map(clip(schema.maxLength));
  if (schema.pattern !== undefined || schema.allOf?.some((s) => s.pattern !== undefined)) return patternString(schema);
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? SHAPED_STRING_MAX, SHAPED_STRING_MAX));
  // Any Unicode, lone surrogates included (`binary`), as well as whole graphemes.
  return fc.oneof(fc.string({ minLength, maxLength, unit: 'grapheme' }), fc.string({ minLength, maxLength, unit: 'binary' }));
}

function integerArb(schema: JsonSchema, name: string | undefined, ids: KnownIds) {
  const { min, max } = bounds(schema);
  const range = fc.integer({ min: Math.max(min, -SAFE), max: Math.min(max, SAFE) });
  if (!isIdName(name)) return range;
  const real = ids.byName[name!] ?? ids.all;
  return real.length > 0 ? fc.oneof(fc.constantFrom(...real), range) : range;
}

/** A value of `schema`, the field called `name` (ids draw from real rows by name). */
export function shapedValue(schema: JsonSchema, ids: KnownIds, name?: string): fc.Arbitrary<unknown> {
  const inner = shapedNonNull(schema, ids, name);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: inner }, { weight: 1, arbitrary: fc.constant(null) }) : inner;
}

function shapedNonNull(schema: JsonSchema, ids: KnownIds, name: string | undefined): fc.Arbitrary<unknown> {
  if (schema.format === 'binary') return fc.oneof(fc.constant(TINY_PNG), fc.uint8Array({ maxLength: 512 }));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return fc.oneof(...union.map((s) => shapedValue(s, ids, name)));
  switch (schema.type) {
    case 'object': {
      const props = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(props).map(([key, s]) => [key, shapedValue(s, ids, key)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? SHAPED_ITEMS_MAX, SHAPED_ITEMS_MAX));
      return fc.array(schema.items ? shapedValue(schema.items, ids, name) : fc.jsonValue(), { minLength, maxLength });
    }
    case 'string':
      return stringArb(schema);
    case 'integer':
      return integerArb(schema, name, ids);
    case 'number': {
      const { min, max } = bounds(schema);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: schema.exclusiveMinimum === true });
    }
    case 'boolean':
      return fc.boolean();
    default:
      return fc.jsonValue();
  }
}

/**
 * One plain value of `schema` with only its required fields: the base a hostile value is put into, so the request
 * fails (or not) because of that value alone.
 */
export function sampleOf(schema: JsonSchema, ids: KnownIds, name?: string): unknown {
  if (schema.enum) return schema.enum[0];
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return sampleOf(union[0]!, ids, name);
  switch (schema.type) {
    case 'object': {
      const props = schema.properties ?? {};
      return Object.fromEntries((schema.required ?? []).filter((k) => k in props).map((k) => [k, sampleOf(props[k]!, ids, k)]));
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => (schema.items ? sampleOf(schema.items, ids, name) : null));
    case 'string':
      return sampleString(schema);
    case 'integer': {
      const real = isIdName(name) ? (ids.byName[name!] ?? ids.all) : [];
      if (real.length > 0) return real[0];
      const { min, max } = bounds(schema);
      return Math.min(Math.max(1, min), max);
    }
    case 'number': {
      const { min, max } = bounds(schema);
      return Math.min(Math.max(1, min), max);
    }
    case 'boolean':
      return false;
    default:
      return null;
  }
}
