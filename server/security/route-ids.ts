import type { RouteTableEntry } from '../app';

// Check 10 reads the server's own route table to find every route that takes an id, so a route added tomorrow is
// found without anyone remembering to list it. An id is a path parameter, or a query or body field named `id`/`ids`
// or ending in `Id`/`Ids`, at any depth.

const ID_FIELD = /^ids?$|Ids?$/;

type ZodLike = { _zod: { def: Record<string, unknown> } };
const isZod = (s: unknown): s is ZodLike => typeof s === 'object' && s !== null && '_zod' in s;

/** Field paths of a request schema: zod (classic or mini) as contract/ writes them, or plain JSON Schema. */
function fieldPaths(schema: unknown, prefix = '', open = new Set<unknown>()): string[] {
  // `open` holds the schemas being walked, so a recursive (lazy) schema ends; one reused elsewhere is walked again.
  if (schema === null || typeof schema !== 'object' || open.has(schema)) return [];
  open.add(schema);
  try {
    return walk(schema, prefix, open);
  } finally {
    open.delete(schema);
  }
}

function walk(schema: object, prefix: string, open: Set<unknown>): string[] {
  const nested = (s: unknown) => fieldPaths(s, prefix, open);
  const fields = (shape: Record<string, unknown>) =>
    Object.entries(shape).flatMap(([key, value]) => [`${prefix}${key}`, ...fieldPaths(value, `${prefix}${key}.`, open)]);

  if (!isZod(schema)) {
    const json = schema as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[] };
    return [
      ...(json.properties ? fields(json.properties) : []),
      ...nested(json.items),
      ...[...(json.anyOf ?? []), ...(json.oneOf ?? []), ...(json.allOf ?? [])].flatMap(nested),
    ];
  }
  const def = schema._zod.def;
  switch (def.type) {
    case 'object':
      return fields(def.shape as Record<string, unknown>);
    case 'union':
      return (def.options as unknown[]).flatMap(nested);
    case 'intersection':
      return [...nested(def.left), ...nested(def.right)];
    case 'pipe':
      return [...nested(def.in), ...nested(def.out)];
    case 'array':
      return nested(def.element);
    case 'record':
      return nested(def.valueType);
    case 'lazy':
      return nested((def.getter as () => unknown)());
    default:
      // optional, nullable, default, prefault, catch, readonly, nonoptional… wrap one schema.
      return 'innerType' in def ? nested(def.innerType) : [];
  }
}

/** `:name` parameters (a regex after a name is not part of it) and the `*` wildcard. */
function pathParams(url: string) {
  return [...[...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => `:${m[1]}`), ...(url.includes('*') ? ['*'] : [])];
}

const idFields = (where: string, schema: unknown) =>
  fieldPaths(schema)
    .filter((path) => ID_FIELD.test(path.split('.').at(-1)!))
    .map((path) => `${where} ${path}`);

/** What in a route names an object: e.g. `['path :exportId']`, `['body userId']`; empty when nothing does. */
export function idInputs(route: RouteTableEntry) {
  return [
    ...pathParams(route.url).map((p) => `path ${p}`),
    ...idFields('query', route.querystring),
    ...idFields('body', route.body),
  ];
}

/**
 * Every route taking an id, keyed `METHOD url`. Fastify answers HEAD for each GET with the GET's own handler and
 * guards, so a HEAD twin is covered by its GET and not listed.
 */
export function routesTakingIds(table: readonly RouteTableEntry[]) {
  const gets = new Set(table.filter((r) => r.method === 'GET').map((r) => r.url));
  const out = new Map<string, string[]>();
  for (const route of table) {
    if (route.method === 'HEAD' && gets.has(route.url)) continue;
    const inputs = idInputs(route);
    if (inputs.length > 0) out.set(`${route.method} ${route.url}`, inputs);
  }
  return out;
}
