import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 18: server/policy/ is the one place that decides access (through the Guardian, guardian.ts), so that blocks,
// mutes and associate permissions can be added there once. This test reads every server file outside the policy
// folder and fails where one reads what access is decided from:
//
// - the columns themselves: `users.isPrivate`, `follows.status`, a subject's `whoCanSee` (`events.whoCanSee`), as
//   Drizzle columns of the schema (selected, filtered on, returned);
// - the same in SQL text: `is_private`, `who_can_see`, `f.status` / `follows.status`;
// - a branch on a value loaded from them: `isPrivate`, `whoCanSee` or a name ending so (`organiserIsPrivate`) as an
//   `if`/`switch`/`?:` condition, under `!`, or beside `===`, `!==`, `&&`, `||` (a comparison with `undefined` or `null` is a
//   presence check, not a decision).
//
// Writes are not reads: `.set({ isPrivate })` and `.values({ whoCanSee: input.whoCanSee })` name no column and branch
// on nothing, and a row's value put on the wire (`isPrivate: row.isPrivate`) is neither. Comments do not count (the
// source is parsed). This is a tripwire, not a proof: a table alias (`alias(users, 'u')`) or a spread of all columns
// is not followed.
//
// Files that still read so are listed below with what they read and why. Every listed read must still be found (so
// the list shrinks as code moves into the policy), and nothing unlisted may appear.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER = path.join(ROOT, 'server');

/** Outside the scan: the policy itself, the schema and migrations, tests and their helpers, the demo seed. */
function scanned(rel: string) {
  if (!rel.endsWith('.ts') || rel.endsWith('.d.ts')) return false;
  if (rel.startsWith('server/policy/') || rel.startsWith('server/demo/') || rel.startsWith('server/test/')) return false;
  if (rel.startsWith('server/db/schema/') || rel.startsWith('server/db/migrations/')) return false;
  const name = path.basename(rel);
  return !name.endsWith('.test.ts') && !/(^|-)test-/.test(name);
}

/** What a file reads: `users.isPrivate`, `follows.status`, `events.whoCanSee` (columns); `sql: …`; `branch on …`. */
type Read = string;

const WIRE = 'returns the value on the wire, does not decide';

/** Why a listed read may stay where it is: the reason above, and what it reads for. */
type Allowed = { reason: typeof WIRE; why: string };

/**
 * The files that may still read so: each read listed with its reason. `WIRE`: the file only returns the value (a
 * profile, a member card, a data export, the follow edges listed, counted or moved themselves) and the policy decides
 * the access. A read that decides belongs in server/policy/ (loaded there, asked through the Guardian).
 */
const ALLOWED: Record<string, Partial<Record<Read, Allowed>>> = {
  'server/modules/social/service.ts': {
    'users.isPrivate': { reason: WIRE, why: 'Member cards carry isPrivate; the follow target is loaded with it for the policy’s `followOutcome`.' },
    'follows.status': { reason: WIRE, why: 'The follower/following/request lists, the counts and the relationship flags list and move the follow edges.' },
  },
  'server/modules/moderation/service.ts': {
    'follows.status': { reason: WIRE, why: 'A block ends the follow edges both ways; a pending one takes its request notice with it.' },
  },
  'server/modules/social/export-section.ts': {
    'follows.status': { reason: WIRE, why: 'The member’s data export lists their follow edges with their status.' },
  },
  'server/modules/notifications/badge.ts': {
    'follows.status': { reason: WIRE, why: 'The badge counts the follow requests waiting for the member.' },
  },
  'server/modules/events/export-section.ts': {
    'events.whoCanSee': { reason: WIRE, why: 'The organiser’s data export carries each event’s audience.' },
  },
  'server/modules/events/event-views.ts': {
    'sql: f.status': { reason: WIRE, why: 'Answers `isRequest` (the viewer asked to follow the organiser) on the wire.' },
  },
};

const COLUMN_READS: Record<string, string[]> = { users: ['isPrivate'], follows: ['status'], '*': ['whoCanSee'] };
const SQL_TEXT = [/\bis_private\b/, /\bwho_can_see\b/, /\b(?:f|follows)\.status\b/];
const DECIDING_NAME = /^(?:isPrivate|whoCanSee)$|(?:IsPrivate|WhoCanSee)$/;
const BRANCHING = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
]);

const isNothing = (n: ts.Expression) => n.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(n) && n.text === 'undefined');

/** The expression a value flows into, past parentheses, `!` assertions and `as`. */
function consumer(node: ts.Node): { node: ts.Node; parent: ts.Node } {
  let n = node;
  while (ts.isParenthesizedExpression(n.parent) || ts.isNonNullExpression(n.parent) || ts.isAsExpression(n.parent)) n = n.parent;
  return { node: n, parent: n.parent };
}

/** Whether `node`'s value decides a branch. */
function branchesOn(node: ts.Expression) {
  const { node: n, parent } = consumer(node);
  if ((ts.isIfStatement(parent) || ts.isWhileStatement(parent) || ts.isSwitchStatement(parent)) && parent.expression === n) return true;
  if (ts.isConditionalExpression(parent) && parent.condition === n) return true;
  if (ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken) return true;
  if (ts.isBinaryExpression(parent) && BRANCHING.has(parent.operatorToken.kind)) {
    const other = parent.left === n ? parent.right : parent.left;
    return !isNothing(other);
  }
  return false;
}

/** The reads of one file, as `Read`s with their line numbers. */
function readsOf(rel: string, source: string): { read: Read; line: number }[] {
  const file = ts.createSourceFile(rel, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  // Local names of the schema's tables (`import { users as u }`) and of the schema itself (`import * as schema`).
  const tables = new Map<string, string>();
  const schemaNamespaces = new Set<string>();
  for (const stmt of file.statements) {
    if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier) || !/(^|\/)db\/schema(\/[a-z-]+)?$/.test(stmt.moduleSpecifier.text)) continue;
    const bindings = stmt.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) schemaNamespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) tables.set(el.name.text, (el.propertyName ?? el.name).text);
  }
  const tableOf = (e: ts.Expression): string | undefined => {
    if (ts.isIdentifier(e)) return tables.get(e.text);
    if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && schemaNamespaces.has(e.expression.text)) return e.name.text;
    return undefined;
  };

  const found: { read: Read; line: number }[] = [];
  const at = (node: ts.Node, read: Read) => found.push({ read, line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1 });
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node)) {
      const table = tableOf(node.expression);
      const column = node.name.text;
      if (table && ((COLUMN_READS[table] ?? []).includes(column) || COLUMN_READS['*']!.includes(column))) at(node, `${table}.${column}`);
      else if (!table && DECIDING_NAME.test(column) && branchesOn(node)) at(node, `branch on ${column}`);
    } else if (ts.isIdentifier(node) && DECIDING_NAME.test(node.text) && !ts.isPropertyAccessExpression(node.parent) && branchesOn(node)) {
      at(node, `branch on ${node.text}`);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      for (const pattern of SQL_TEXT) {
        const match = pattern.exec(node.text);
        if (match) at(node, `sql: ${match[0]}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function serverFiles(): string[] {
  return readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
    .map((p) => `server/${p.split(path.sep).join('/')}`)
    .filter(scanned)
    .sort();
}

describe('access is decided in server/policy/ only (issue 18)', () => {
  const files = serverFiles();
  const reads = new Map(files.map((rel) => [rel, readsOf(rel, readFileSync(path.join(ROOT, rel), 'utf8'))]));

  it('scans the server', () => {
    expect(files).toContain('server/modules/social/service.ts');
    expect(files).not.toContain('server/policy/guardian.ts');
    expect(files.length).toBeGreaterThan(50);
  });

  it('no file outside the policy reads privacy, follow status or audience, except those listed with their reason', () => {
    const unlisted = [...reads].flatMap(([rel, found]) => found.filter((f) => !ALLOWED[rel]?.[f.read]).map((f) => `${rel}:${f.line} reads ${f.read}`));
    expect(unlisted, 'Ask the Guardian (server/policy/guardian.ts) instead; or, for a value only put on the wire, list it in ALLOWED with why').toEqual([]);
  });

  it('every listed read is still there, so the list shrinks as code moves into the policy', () => {
    const gone = Object.entries(ALLOWED).flatMap(([rel, listed]) =>
      Object.keys(listed)
        .filter((r) => !(reads.get(rel) ?? []).some((f) => f.read === r))
        .map((r) => `${rel} no longer reads ${r}`),
    );
    expect(gone, 'Take these off ALLOWED in server/policy/access-reads.test.ts').toEqual([]);
  });

  it('every listed read gives its reason', () => {
    for (const [rel, listed] of Object.entries(ALLOWED)) {
      for (const [read, allowed] of Object.entries(listed)) {
        expect(allowed?.reason, `${rel} ${read}`).toBe(WIRE);
        expect(allowed?.why.length, `${rel} ${read}`).toBeGreaterThan(10);
      }
    }
  });

  // The patterns themselves, on snippets: writes and wire answers pass, reads and branches are caught.
  it.each([
    ["import { users } from '../../db/schema/users';\nconst q = db.select({ p: users.isPrivate }).from(users);", ['users.isPrivate']],
    ["import { users as u } from '../db/schema/users';\nconst q = eq(u.isPrivate, false);", ['users.isPrivate']],
    ["import * as schema from '../db/schema';\nconst q = eq(schema.follows.status, 'accepted');", ['follows.status']],
    ["import { events } from '../db/schema/events';\nconst c = sql`${events.whoCanSee} = 'public'`;", ['events.whoCanSee']],
    ["const c = sql`(select not u.is_private from users u)`;", ['sql: is_private']],
    ["const c = sql`exists (select 1 from follows f where f.status = 'accepted')`;", ['sql: f.status']],
    ['const status = target.isPrivate ? "pending" : "accepted";', ['branch on isPrivate']],
    ['if (!row.organiserIsPrivate) ok();', ['branch on organiserIsPrivate']],
    ["const open = event.whoCanSee === 'public';", ['branch on whoCanSee']],
    ['const open = whoCanSee !== "invite" && published;', ['branch on whoCanSee']],
    ['switch (event.whoCanSee) {\n  case "public":\n    break;\n}', ['branch on whoCanSee']],
    // Writes, wire answers, presence checks, comments.
    ["import { users } from '../db/schema/users';\nawait tx.update(users).set({ isPrivate: body.isPrivate });", []],
    ["const patch = { ...(body.isPrivate !== undefined ? { isPrivate: body.isPrivate } : {}) };", []],
    ['return { isPrivate: row.isPrivate, whoCanSee: row.whoCanSee };', []],
    ["await tx.insert(events).values({ whoCanSee: input.whoCanSee });", []],
    ['// users.isPrivate, f.status = \'accepted\', who_can_see\nconst x = 1;', []],
    ["import { attendees } from '../db/schema';\nconst c = eq(attendees.status, 'going');", []],
  ] as const)('%s', (source, expected) => {
    expect(readsOf('snippet.ts', source).map((f) => f.read)).toEqual(expected);
  });
});
