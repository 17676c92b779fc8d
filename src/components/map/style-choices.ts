import type { StyleChoice } from './map-style-select';

/** The id of the offline style among the choices (the others are their URLs). */
export const OFFLINE = 'offline';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A style's name from its URL: OpenFreeMap's `…/styles/liberty` is "Liberty", `…/outdoor/style.json` "Outdoor". */
export function styleName(url: string) {
  const { pathname, hostname } = new URL(url);
  const parts = pathname.split('/').filter(Boolean).map((p) => p.replace(/\.json$/i, ''));
  const meaningful = parts.filter((p) => !/^(style|styles|v\d+)$/i.test(p));
  return capitalise((meaningful.at(-1) ?? hostname).replace(/[-_]+/g, ' '));
}

/** The server's styles (`MAP_STYLE_URL`) in its order, then the offline one, which is always there to fall back on. */
export function styleChoices(urls: readonly string[]): StyleChoice[] {
  return [...urls.map((url) => ({ id: url, name: styleName(url) })), { id: OFFLINE, name: urls.length ? 'Basic (offline)' : 'Basic' }];
}
