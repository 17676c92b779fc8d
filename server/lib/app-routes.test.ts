import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRouteMatcher, routeFilesOf } from './app-routes';

// Issue 23: the server knows the app's pages (real 404s) and each page's route code (preloaded with the entry).

const routeTree = fs.readFileSync(path.join(import.meta.dirname, '../../src/routeTree.gen.ts'), 'utf8');
const routes = routeFilesOf(routeTree);

describe('routeFilesOf (the generated route tree)', () => {
  it('lists every full path of the tree, each with its route files from the root down', () => {
    expect(routes['/']).toEqual(['./routes/__root', './routes/index']);
    expect(routes['/feeds/']).toEqual(['./routes/__root', './routes/_main/route', './routes/_main/feeds/index']);
    expect(routes['/auth/login']).toEqual(['./routes/__root', './routes/auth/route', './routes/auth/login']);
    // Nested in the member's layout, and one that the trailing underscore takes out of it.
    expect(routes['/profile/$username/activities']).toEqual([
      './routes/__root',
      './routes/_main/route',
      './routes/_main/profile/$username/route',
      './routes/_main/profile/$username/activities',
    ]);
    expect(routes['/profile/$username/$list']).toEqual(['./routes/__root', './routes/_main/route', './routes/_main/profile/$username_/$list']);
  });

  it('finds a file for every route of every path: the tree and the reading agree', () => {
    const fullPaths = [...(/export interface FileRoutesByFullPath \{([^}]*)\}/.exec(routeTree)?.[1] ?? '').matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]);
    expect(Object.keys(routes).sort()).toEqual(fullPaths.sort());
    for (const [fullPath, files] of Object.entries(routes)) {
      expect(files[0], fullPath).toBe('./routes/__root');
      for (const file of files) expect(fs.existsSync(path.join(import.meta.dirname, '../../src', `${file}.tsx`)), file).toBe(true);
    }
  });
});

describe('appRouteMatcher', () => {
  const routeOf = appRouteMatcher(['/', '/profile/$username', '/profile/$username/', '/profile/edit', '/profile/$username/$list', '/feeds/$feedId', '/files/$']);

  it.each([
    ['/', '/'],
    ['/profile/edit', '/profile/edit'],
    ['/profile/edit/', '/profile/edit'],
    ['/profile/mayatrails', '/profile/$username/'],
    ['/profile/mayatrails/followers', '/profile/$username/$list'],
    ['/feeds/42', '/feeds/$feedId'],
    ['/files/a/b/c', '/files/$'],
  ])('%s is the page %s (a fixed word before a $name, an index before its layout)', (pathname, pattern) => {
    expect(routeOf(pathname)).toBe(pattern);
  });

  it.each(['/nowhere', '/feeds', '/feeds/42/extra', '/profile/a/b/c'])('%s is no page', (pathname) => {
    expect(routeOf(pathname)).toBeUndefined();
  });
});
