import type { HTTPMethods } from './wire-request';
import type { RouteTableEntry } from '../../app';

/** The JSON Schema (OpenAPI 3.0 dialect) that `@fastify/swagger` writes for each zod request schema. */
export type JsonSchema = {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type Param = { in: 'path' | 'query'; name: string; required: boolean; schema: JsonSchema };

/** One documented call: what the fuzz sends to, and the schemas it builds requests from. */
export type Operation = {
  method: HTTPMethods;
  /** As the document writes it, `/api/feed/{feedId}`. */
  path: string;
  /** As the route table writes it, `/api/feed/:feedId`. */
  url: string;
  params: Param[];
  /** The JSON body's schema, when the call takes JSON. */
  json?: JsonSchema;
  /** The multipart form's schema, when the call takes a form. */
  form?: JsonSchema;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
};

export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/** Every operation of the OpenAPI document the server serves at `/api/docs`, in the document's order. */
export function readOperations(document: unknown): Operation[] {
  const doc = document as OpenApiDocument;
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = (op.parameters ?? [])
        .filter((p): p is Param & { in: string } => p.in === 'path' || p.in === 'query')
        .map((p) => ({ in: p.in as Param['in'], name: p.name, required: p.in === 'path' || p.required === true, schema: p.schema }));
      const content = op.requestBody?.content ?? {};
      return {
        // The document's keys are lower-case HTTP methods, which fastify lists upper-case.
        method: method.toUpperCase() as HTTPMethods,
        path,
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        params,
        json: content['application/json']?.schema,
        form: content['multipart/form-data']?.schema,
      };
    }),
  );
}

/**
 * Routes of the route table the document leaves out, keyed `METHOD url`. A HEAD twin of a GET runs the GET's own
 * handler and checks, so it is covered by its GET.
 */
export function undocumentedRoutes(table: readonly RouteTableEntry[], operations: readonly Operation[]) {
  const documented = new Set(operations.map((o) => routeKey(o.method, o.url)));
  const gets = new Set(table.filter((r) => r.method === 'GET').map((r) => r.url));
  return [...new Set(table.filter((r) => !(r.method === 'HEAD' && gets.has(r.url))).map((r) => routeKey(r.method, r.url)))].filter(
    (key) => !documented.has(key),
  );
}
