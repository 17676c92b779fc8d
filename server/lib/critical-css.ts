import Beasties from 'beasties';

/**
 * A public prerendered page with only the CSS its own markup uses inline, and the app's whole stylesheet loaded at
 * the end of the body (issue 23, P2). With every rule inline, the home page was 19 KB compressed: past what the
 * first round trip of a new connection carries (about 14 KB), so its first paint waited a whole round trip more
 * than a static page's. Beasties picks the rules by matching them against the markup; kept as well are the rules
 * the markup cannot show yet: the dark theme and the boot script's marks, which are set on <html> before the paint.
 * The whole stylesheet is added by the boot script after the first paint (server/lib/boot-script.ts).
 * The build leaves the stylesheet inline with its address (`<style data-href>`, scripts/build-extras.ts); the signed-in
 * pages keep it whole, since what the app draws next needs all of it.
 */
export function criticalCss(spaDir: string) {
  const beasties = new Beasties({
    path: spaDir,
    publicPath: '/',
    external: true,
    preload: 'body',
    pruneSource: false,
    reduceInlineStyles: false,
    allowRules: [/\.dark\b/, /data-booting/, /data-shell-hidden/],
    logLevel: 'warn',
  });
  return async (html: string) => {
    const href = /<style data-href="([^"]+)">[^]*?<\/style>/.exec(html);
    if (!href) return html;
    const page = await beasties.process(html.replace(href[0], `<link rel="stylesheet" href="${href[1]}">`));
    // Even at the end of the body, a stylesheet counts as holding the paint back (Lighthouse's simulation waits for
    // it): the boot script adds it once the page has painted; without scripts, the inline rules are the page's.
    return page
      .replace(`<link rel="stylesheet" href="${href[1]}">`, `<noscript><link rel="stylesheet" href="${href[1]}"></noscript>`)
      .replace('<head>', `<head>\n    <meta name="switchback-stylesheet" content="${href[1]}">`);
  };
}
