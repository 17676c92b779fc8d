import fc from 'fast-check';
import { ExtraKey, hostileValues, locationsOf, RawText, type Hostile, type Location } from './hostile-values';
import type { Operation } from './operations';
import { branchesOf, sampleOf, shapedValue, type KnownIds } from './shaped-values';
import type { Draft } from './wire-request';
import { setAt } from './wire-request';

/** A request body known to pass every check the contract cannot state (an end after its start, say). */
export type Bases = Record<string, () => unknown>;

type Actor = Draft['actor'];

const text = (value: unknown) => (typeof value === 'string' || value instanceof RawText ? value : JSON.stringify(value));

/** Puts one value at one location of a draft. */
function withValueAt(draft: Draft, location: Location, value: unknown, label: string, ids: KnownIds): Draft {
  const [name] = location.pointer as [string];
  switch (location.part) {
    case 'path':
      return { ...draft, label, path: { ...draft.path, [name]: text(value) } };
    case 'query':
      return { ...draft, label, query: { ...draft.query, [name]: text(value) } };
    case 'form':
      return { ...draft, label, form: { ...draft.form, [name]: value instanceof Uint8Array ? value : text(value) } };
    case 'json':
      return { ...draft, label, json: setAt(draft.json, location.pointer, value, (depth) => sampleOf(location.trail[depth]!, ids)) };
  }
}

/** Any value at all, for the random runs: JSON of any shape, any text, any number. */
const anyValue = fc.oneof(fc.jsonValue(), fc.string({ unit: 'binary', maxLength: 60 }), fc.integer(), fc.double({ noNaN: true }));

/**
 * The requests the fuzz sends to one operation: `examples`, every hostile value at every location of a plain request
 * plus whole-request oddities, sent every run; and `arbitrary`, random requests shaped like the contract, some with
 * one location given a hostile or random value.
 */
export function requestsFor(op: Operation, ids: KnownIds, bases: Bases) {
  const key = `${op.method} ${op.url}`;
  const variants = op.json ? branchesOf(op.json) : [undefined];
  const locations = locationsOf(op);

  const paramsSample = (only: 'required' | 'all') =>
    Object.fromEntries(op.params.filter((p) => only === 'all' || p.required).map((p) => [p.name, text(sampleOf(p.schema, ids, p.name))]));
  const base = (variant: number, actor: Actor = 'member'): Draft => {
    const pick = bases[key];
    const params = paramsSample('required');
    return {
      path: Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, params[p.name]])),
      query: Object.fromEntries(op.params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, params[p.name]])),
      ...(op.json ? { json: pick ? pick() : sampleOf(variants[variant]!, ids) } : {}),
      ...(op.form && !op.json ? { form: sampleOf(op.form, ids) as Record<string, unknown> } : {}),
      actor,
      label: 'a plain request',
    };
  };

  const examples: Draft[] = [base(0), base(0, 'anonymous'), base(0, 'bad token')];
  for (const location of locations) {
    for (const hostile of hostileValues(location, ids)) {
      examples.push(withValueAt(base(location.variant), location, hostile.value, `${location.part} ${location.pointer.join('.')} = ${hostile.label}`, ids));
    }
  }
  examples.push(...wholeRequestOddities(op, base(0)));

  const shapedParams = (where: 'path' | 'query') => {
    const params = op.params.filter((p) => p.in === where);
    return fc.record(
      Object.fromEntries(params.map((p) => [p.name, shapedValue(p.schema, ids, p.name).map(text)])),
      { requiredKeys: params.filter((p) => p.required).map((p) => p.name) },
    );
  };
  const shaped = (variant: number): fc.Arbitrary<Draft> =>
    fc.record({
      path: shapedParams('path'),
      query: shapedParams('query'),
      actor: fc.constantFrom<Actor>('member', 'member', 'member', 'anonymous', 'bad token'),
      ...(op.json ? { json: shapedValue(variants[variant]!, ids) } : {}),
      ...(op.form && !op.json ? { form: shapedValue(op.form, ids) as fc.Arbitrary<Record<string, unknown>> } : {}),
    }).map((d) => ({ ...d, label: 'a request shaped like the contract' }) as Draft);

  const mutated =
    locations.length === 0
      ? undefined
      : fc.constantFrom(...locations).chain((location) =>
          fc
            .tuple(
              shaped(location.variant),
              fc.oneof(
                fc.constantFrom(...hostileValues(location, ids)),
                anyValue.map((value): Hostile => ({ label: 'a random value', value })),
              ),
            )
            .map(([draft, hostile]) => withValueAt(draft, location, hostile.value, `${location.part} ${location.pointer.join('.')} = ${hostile.label}`, ids)),
        );

  const shapedAny = fc.oneof(...variants.map((_, i) => shaped(i)));
  const arbitrary = mutated ? fc.oneof(shapedAny, mutated) : shapedAny;
  return { examples, arbitrary };
}

/** Oddities of the request as a whole: its query's keys, its body's text and type, its path's segments. */
function wholeRequestOddities(op: Operation, plain: Draft): Draft[] {
  const out: Draft[] = [];
  const odd = (label: string, change: Partial<Draft>) => out.push({ ...plain, ...change, label });

  for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'zzUnknown']) odd(`query key ${key}`, { query: { ...plain.query, [key]: '1' } });
  for (const p of op.params.filter((p) => p.in === 'query')) odd(`query ${p.name} twice`, { query: { ...plain.query, [p.name]: ['1', '2'] } });
  odd('query key with a broken escape', { query: { ...plain.query, '%zz': new RawText('1') } });
  for (const p of op.params.filter((p) => p.in === 'path')) {
    for (const [label, value] of [
      ['dot-dot', new RawText('..')],
      ['encoded slash', new RawText('1%2F2')],
      ['2,000 characters', 'x'.repeat(2000)],
      ['empty', ''],
    ] as const) {
      odd(`path ${p.name} ${label}`, { path: { ...plain.path, [p.name]: value } });
    }
  }

  if (op.json) {
    const json = plain.json;
    for (const [label, raw] of [
      ['JSON cut short', '{"a":'],
      ['empty body', ''],
      ['null', 'null'],
      ['an array', '[]'],
      ['a string', '"text"'],
      ['a number', '7'],
      ['duplicate keys', '{"a":1,"a":2}'],
      ['a byte-order mark first', `\uFEFF${JSON.stringify(json)}`],
      ['nested 10,000 deep', '['.repeat(10_000) + ']'.repeat(10_000)],
      ['over the body limit (3 MB)', `{"x":"${'a'.repeat(3 * 1024 * 1024)}"}`],
    ] as const) {
      odd(`body ${label}`, { json: undefined, raw, contentType: 'application/json' });
    }
    odd('body __proto__ key', { json: setAt(json, [], new ExtraKey('__proto__', { isAdmin: true }), () => ({})) });
    odd('body constructor.prototype key', { json: setAt(json, [], new ExtraKey('constructor', { prototype: { isAdmin: true } }), () => ({})) });
    odd('body as text/plain', { json: undefined, raw: JSON.stringify(json), contentType: 'text/plain' });
    odd('body as a form', { json: undefined, raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' });
    odd('body in UTF-16', { json: undefined, raw: Buffer.from(JSON.stringify(json), 'utf16le'), contentType: 'application/json; charset=utf-16le' });
  } else if (op.form) {
    odd('form without a boundary', { form: undefined, raw: 'x', contentType: 'multipart/form-data' });
    odd('form cut short', { form: undefined, raw: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nabc', contentType: 'multipart/form-data; boundary=b' });
    odd('JSON instead of a form', { form: undefined, raw: '{}', contentType: 'application/json' });
  } else if (op.method !== 'GET') {
    odd('an unexpected JSON body', { raw: '{"userId":1}', contentType: 'application/json' });
    odd('an unexpected broken JSON body', { raw: '{', contentType: 'application/json' });
  }
  return out;
}
