/**
 * The app's page addresses, as the build lists them from the router's generated tree (`dist/app-routes.json`): each
 * with the scripts of its route's code (its own and its parents' lazy chunks). The server answers any other path
 * 404 with the not-found page (no soft 404s), and a page of the app asks for its route's scripts beside the entry's
 * (`modulepreload`), instead of after the entry has run and the router has matched the address.
 * A `$name` segment matches one segment, a lone `$` the rest of the path.
 */

/** What `dist/app-routes.json` holds: each page address pattern, and the scripts its route's code needs. */
export type AppRoutes = Record<string, string[]>;

/**
 * The full paths of `src/routeTree.gen.ts` (its `FileRoutesByFullPath` interface), each with the route files it runs
 * through, the root's first (as the tree imports them: `./routes/_main/feeds/index`). A route's parents are the
 * routes whose ids are a leading part of its id (`/_main` and `/_main/feeds` of `/_main/feeds/`).
 */
export function routeFilesOf(routeTreeSource: string): Record<string, string[]> {
  const block = (name: string) => new RegExp(`export interface ${name} \\{([^}]*)\\}`).exec(routeTreeSource)?.[1] ?? '';
  const entries = (name: string) => [...block(name).matchAll(/^\s*'?([^':\s]+)'?: typeof (\w+)$/gm)].map((m) => [m[1]!, m[2]!.replace(/WithChildren$/, '')] as const);
  const fileOfImport = new Map([...routeTreeSource.matchAll(/^import \{ Route as (\w+)Import \} from '([^']+)'$/gm)].map((m) => [m[1]!, m[2]!]));
  const byId = entries('FileRoutesById');
  const idOfRoute = new Map(byId.map(([id, route]) => [route, id]));
  // The root is `rootRouteImport` itself; every other route `XRoute`, imported as `XRouteImport`.
  const fileOfId = new Map(byId.map(([id, route]) => [id, fileOfImport.get(route.replace(/Import$/, ''))]));
  const chainOf = (id: string) => {
    const segments = id.split('/');
    const ids = ['__root__', ...segments.map((_, i) => segments.slice(0, i + 1).join('/')), id];
    return [...new Set(ids)].map((each) => fileOfId.get(each)).filter((file): file is string => file !== undefined);
  };
  return Object.fromEntries(entries('FileRoutesByFullPath').map(([fullPath, route]) => [fullPath, chainOf(idOfRoute.get(route) ?? '')]));
}

/** A segment's weight when two patterns match: a fixed word beats a `$name`, which beats a lone `$`. */
const weightOf = (segment: string) => (segment === '$' ? 2 : segment.startsWith('$') ? 1 : 0);

/**
 * A matcher for `patterns`: the pattern that names a path (a trailing slash or none alike), the most specific where
 * several do (`/profile/edit` before `/profile/$username`, as the router decides), or undefined.
 */
export function appRouteMatcher(patterns: readonly string[]) {
  const compiled = patterns.map((pattern) => {
    const segments = pattern.split('/').filter(Boolean);
    const regex = new RegExp(
      `^/${segments.map((segment) => (segment === '$' ? '.+' : segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`,
    );
    return { pattern, regex, weights: segments.map(weightOf) };
  });
  compiled.sort((a, b) => {
    for (let i = 0; i < Math.min(a.weights.length, b.weights.length); i++) if (a.weights[i] !== b.weights[i]) return a.weights[i]! - b.weights[i]!;
    // A layout's address and its index page's (`/profile/$username`, `/profile/$username/`): the index is the page.
    return b.weights.length - a.weights.length || Number(b.pattern.endsWith('/')) - Number(a.pattern.endsWith('/'));
  });
  return (pathname: string) => compiled.find(({ regex }) => regex.test(pathname))?.pattern;
}
