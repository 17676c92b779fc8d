/**
 * The app's page addresses, as the build lists them from the router's generated tree (`dist/app-routes.json`), and
 * whether a path is one of them: the server answers any other path 404 with the not-found page (no soft 404s).
 * A `$name` segment matches one segment, a lone `$` the rest of the path.
 */

/** The full paths of `src/routeTree.gen.ts` (its `FileRoutesByFullPath` interface), as the build reads them. */
export function fullPathsOf(routeTreeSource: string): string[] {
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(routeTreeSource)?.[1] ?? '';
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]!);
}

/** A matcher for `patterns`: true for a path one of them names (a trailing slash or none alike). */
export function appRouteMatcher(patterns: readonly string[]) {
  const compiled = patterns.map((pattern) => {
    const segments = pattern.split('/').filter(Boolean);
    return new RegExp(
      `^/${segments
        .map((segment) => (segment === '$' ? '.+' : segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}/?$`,
    );
  });
  return (pathname: string) => compiled.some((regex) => regex.test(pathname));
}
