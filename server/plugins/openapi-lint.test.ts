import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Issue 19 item 15: the document at /api/docs/json passes Redocly's recommended rules, so client generators and
// readers get a name, a summary, the error answers and the security of every call.

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }>;
};
type OpenApi = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: OpenApi;
beforeAll(async () => {
  t = await createTestApp();
  doc = t.app.swagger() as unknown as OpenApi;
});
afterAll(() => t?.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })));

const ERROR_BODY = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };

describe('the OpenAPI document', () => {
  it('names and sums up every route: a camelCase operationId, unique, and a summary', () => {
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const { route, op } of operations()) {
      if (!op.summary?.trim()) problems.push(`${route}: add a summary to its schema`);
      if (!op.operationId) problems.push(`${route}: add an operationId to its schema`);
      else if (!/^[a-z][a-zA-Z0-9]*$/.test(op.operationId)) problems.push(`${route}: operationId ${op.operationId} is not camelCase`);
      else if (seen.has(op.operationId)) problems.push(`${route}: operationId ${op.operationId} is taken by ${seen.get(op.operationId)}`);
      if (op.operationId) seen.set(op.operationId, route);
    }
    expect(problems).toEqual([]);
    expect(seen.size).toBeGreaterThan(80);
  });

  it('lists each route’s refusals with the error body, and its security', () => {
    const op = (method: string, path: string) => doc.paths[path]![method]!;
    // Signed in, takes input, refuses what the viewer may not see.
    const post = op('get', '/api/feed/{feedId}');
    expect(post.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(post.responses)).toEqual(['200', '400', '401', '404']);
    expect(post.responses['404']).toEqual({ description: 'Not found, or not visible to this member.', content: ERROR_BODY });
    expect(post.responses['400']!.description).toMatch(/`errors` names each refused field/);
    // Public and rate-limited: no token needed, and 429 says when to come back.
    const login = op('post', '/api/login');
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses)).toEqual(['200', '400', '401', '429']);
    expect(login.responses['429']!.headers).toHaveProperty('retry-after');
    expect(login.responses['429']!.content).toEqual(ERROR_BODY);
    // An upload names its own refusals.
    expect(Object.keys(op('post', '/api/compress-image').responses)).toEqual(['200', '400', '401', '413', '415', '429']);
    // A file download still documents its success.
    expect(op('get', '/api/account/exports/{exportId}/download').responses['200']!.description).toBe('The file itself, not JSON.');
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('passes Redocly’s recommended rules with no errors', { timeout: 60_000 }, async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/api/docs/json', config });
    const lines = (severity: string) =>
      problems.filter((p) => p.severity === severity).map((p) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
    const warnings = lines('warn');
    console.log(`redocly lint (recommended): ${lines('error').length} errors, ${warnings.length} warnings\n${warnings.join('\n')}`);
    expect(lines('error')).toEqual([]);
  });
});
