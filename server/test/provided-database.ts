/** What global-setup.ts hands every test file: where to get a freshly migrated database of the project's kind. */
export type ProvidedDatabase =
  | { kind: 'pglite'; dumpPath: string }
  | { kind: 'postgres'; adminUrl: string; template: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: ProvidedDatabase;
  }
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
