import { createHash } from 'node:crypto';

/**
 * The page's one inline script, first in its head (the build puts it there, scripts/build-extras.ts); the CSP allows
 * exactly this text by its hash (security-headers.ts), and no other inline script. It
 * - sets the theme before first paint, so a dark-theme user never sees a white flash (in step with src/lib/theme.ts);
 * - marks the page as booting (`data-booting` on <html>): a prerendered page shows before its script has taken it over,
 *   and a click meanwhile would reach markup with no handlers yet (a form sent natively, typing lost); styles.css lets
 *   no pointer through until main.tsx clears the mark, or ten seconds pass if the script never comes;
 * - holds a form sent before the app has taken the page over (Enter in a field, or a click once those ten seconds
 *   passed on a slow phone): sent natively it would reload the page with what was typed (a password too) in the
 *   address. The form and its button wait in `switchbackHeldSubmit`, and the app sends it once it answers
 *   (src/lib/held-submit.ts; `data-app` on <html> says it does);
 * - on a signed-in page's prerendered shell (`<meta name="switchback-shell">`), hides it from a visitor who is not
 *   signed in (no `access_token`, src/lib/storage.ts), who is on the way to the sign-in page: the app's frame should
 *   not flash first; main.tsx shows what the script drew;
 * - on a prerendered page, which names its script in `<meta name="switchback-entry">` instead of a script tag, and
 *   the scripts it imports in `<meta name="switchback-preload">` (server/plugins/spa.ts), starts that script and
 *   preloads those once the browser reports the first paint (a `paint` entry; after a second at the latest, as in a
 *   background tab, which paints nothing): their downloads no longer compete with the first paint on a slow
 *   network, and then run side by side rather than one after another as the imports are found; and adds the whole
 *   stylesheet of a page that came with only its own rules inline (`<meta name="switchback-stylesheet">`,
 *   server/lib/critical-css.ts).
 * Inline because a file of its own was a request that held the first paint back by a round trip.
 */
export const BOOT_SCRIPT =
  "(function(){var h=document.documentElement,c=null,t=null;try{c=localStorage.getItem('theme');t=localStorage.getItem('access_token')}catch(e){}" +
  "h.classList.toggle('dark',c==='dark'||(c!=='light'&&window.matchMedia('(prefers-color-scheme: dark)').matches));" +
  "if(!t&&document.querySelector('meta[name=\"switchback-shell\"]'))h.setAttribute('data-shell-hidden','');" +
  "h.setAttribute('data-booting','');setTimeout(function(){h.removeAttribute('data-booting')},10000);" +
  "document.addEventListener('submit',function(v){if(h.hasAttribute('data-app'))return;v.preventDefault();window.switchbackHeldSubmit={form:v.target,submitter:v.submitter||null}},true);" +
  "var e=document.querySelector('meta[name=\"switchback-entry\"]');" +
  "var g=function(){if(g.d)return;g.d=1;var d=document.head,s=document.createElement('script');s.type='module';s.src=e.content;d.appendChild(s);" +
  "var c=document.querySelector('meta[name=\"switchback-stylesheet\"]');if(c){var k=document.createElement('link');k.rel='stylesheet';k.href=c.content;d.appendChild(k)}" +
  "var p=document.querySelector('meta[name=\"switchback-preload\"]');(p?p.content.split(' '):[]).forEach(function(u){" +
  "var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;d.appendChild(l)})};" +
  "if(e){try{new PerformanceObserver(function(){setTimeout(g)}).observe({type:'paint',buffered:true})}catch(x){requestAnimationFrame(function(){setTimeout(g)})}setTimeout(g,1000)}})();";

/** The CSP source that allows it: `'sha256-…'` of its exact text. */
export const BOOT_SCRIPT_CSP_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/**
 * A prerendered page's HTML from the SPA's: its entry script and module preloads out, named in `<meta>`s before the
 * boot script, which starts them after the first paint; `preloads`, the route's own scripts, join the entry's.
 */
export function deferEntryScript(html: string, preloads: readonly string[] = []) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) return html;
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  const scripts = [...[...html.matchAll(preload)].map((m) => m[1]!), ...preloads];
  const metas = [`<meta name="switchback-entry" content="${entry[1]}">`, ...(scripts.length ? [`<meta name="switchback-preload" content="${scripts.join(' ')}">`] : [])];
  return html
    .replace(entry[0], '')
    .replace(preload, '')
    .replace('<head>', `<head>\n    ${metas.join('\n    ')}`);
}
