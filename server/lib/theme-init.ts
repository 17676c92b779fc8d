import { createHash } from 'node:crypto';

/**
 * Runs before first paint so a dark-theme user never sees a white flash; kept in step with src/lib/theme.ts. It also
 * marks the page as booting (`data-booting`, on <html>): a prerendered page shows before its script has taken it over,
 * and a click meanwhile would reach markup with no handlers yet (a form sent natively, typing lost); styles.css lets
 * no pointer through until main.tsx clears the mark, or ten seconds pass if the script never comes. Inline
 * in the page (the build puts it there, scripts/build-extras.ts): a file of its own was a request that held the first
 * paint back by a round trip. The CSP allows exactly this text by its hash (security-headers.ts), and no other inline
 * script.
 */
export const THEME_INIT_SCRIPT =
  "(function(){var c=null;try{c=localStorage.getItem('theme')}catch(e){}var d=c==='dark'||(c!=='light'&&window.matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.classList.toggle('dark',d);var h=document.documentElement;h.setAttribute('data-booting','');setTimeout(function(){h.removeAttribute('data-booting')},10000)})();";

/** The CSP source that allows it: `'sha256-…'` of its exact text. */
export const THEME_INIT_CSP_HASH = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;
