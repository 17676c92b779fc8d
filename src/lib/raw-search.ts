/**
 * A route's search params as the address has them, unchecked: typed by name, each value `unknown` until the page's own
 * parser, which loads with the page, reads it. Search validation is part of a route's definition and so of every
 * page's first load (check P1); the parsers of the list pages' filters would ride along on all of them.
 */
export function rawSearch<Name extends string>() {
  return (raw: Record<string, unknown>) => raw as { [K in Name]?: unknown };
}
