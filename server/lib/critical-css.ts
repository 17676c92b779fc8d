import Beasties from 'beasties';

/**
 * A public prerendered page with only the CSS its own markup uses inline, and the app's whole stylesheet loaded at
 * the end of the body (issue 23, P2). With every rule inline, the home page was 19 KB compressed: past what the
 * first round trip of a new connection carries (about 14 KB), so its first paint waited a whole round trip more
 * than a static page's. Beasties picks the rules by matching them against the markup; kept as well are the rules
 * the markup cannot show yet: the dark theme and the boot script's marks, which are set on <html> before the paint.
 * A stylesheet at the end of the body holds back no paint, and needs no inline script (the CSP allows none).
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
  return (html: string) => {
    const page = html.replace(/<style data-href="([^"]+)">[^]*?<\/style>/, '<link rel="stylesheet" href="$1">');
    return page === html ? Promise.resolve(html) : beasties.process(page);
  };
}
