// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_SCRIPT, deferEntryScript } from './boot-script';

// Issue 23: the page's one inline script, run as the browser runs it: first in the head, before the body is parsed.

type Page = { html: HTMLElement; head: HTMLHeadElement; paint(): void };
/** Where the script keeps a form sent too early (src/lib/held-submit.ts sends it). */
const held = () => (window as { switchbackHeldSubmit?: unknown }).switchbackHeldSubmit;

const realObserver = globalThis.PerformanceObserver;

/** The page afresh: its head holds `metas`, then the boot script runs; `token` and `theme` are what storage holds. */
function load({ metas = '', token, theme, dark = false }: { metas?: string; token?: string; theme?: string; dark?: boolean } = {}): Page {
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  document.head.innerHTML = metas;
  localStorage.clear();
  if (token) localStorage.setItem('access_token', token);
  if (theme) localStorage.setItem('theme', theme);
  window.matchMedia = ((query: string) => ({ matches: dark && query.includes('dark') })) as typeof window.matchMedia;
  // jsdom paints nothing: the browser's paint entries are played by `paint()`.
  const observers: (() => void)[] = [];
  globalThis.PerformanceObserver = class {
    constructor(callback: () => void) {
      observers.push(callback);
    }
    observe() {}
  } as unknown as typeof PerformanceObserver;
  // As an inline script runs: in the page's global scope.
  (0, eval)(BOOT_SCRIPT);
  return { html, head: document.head, paint: () => observers.forEach((callback) => callback()) };
}

const added = (head: HTMLHeadElement) =>
  [...head.querySelectorAll('script[src], link')].map((el) => `${el.tagName.toLowerCase()} ${el.getAttribute('rel') ?? el.getAttribute('type')} ${el.getAttribute('src') ?? el.getAttribute('href')}`);

afterEach(() => {
  vi.useRealTimers();
  globalThis.PerformanceObserver = realObserver;
});

describe('the boot script', () => {
  it('sets the theme before the first paint: the stored choice, else the system’s', () => {
    expect(load({ theme: 'dark' }).html.classList.contains('dark')).toBe(true);
    expect(load({ theme: 'light', dark: true }).html.classList.contains('dark')).toBe(false);
    expect(load({ dark: true }).html.classList.contains('dark')).toBe(true);
    expect(load().html.classList.contains('dark')).toBe(false);
  });

  it('marks the page as booting, and lets go after ten seconds if the app never comes', async () => {
    vi.useFakeTimers();
    const page = load();
    expect(page.html.hasAttribute('data-booting')).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(page.html.hasAttribute('data-booting')).toBe(false);
  });

  it('holds a form sent before the app answers, with the button pressed, instead of letting it go out natively', () => {
    const page = load();
    document.body.innerHTML = '<form><input name="email" value="maya@demo.switchback.app"><button type="submit">Sign in</button></form>';
    const form = document.querySelector('form')!;
    const button = document.querySelector('button')!;
    const sent = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button });
    form.dispatchEvent(sent);
    expect(sent.defaultPrevented).toBe(true);
    expect(held()).toEqual({ form, submitter: button });
    // Once the app answers (`data-app`), its own handlers take the submit: nothing is held.
    (window as { switchbackHeldSubmit?: unknown }).switchbackHeldSubmit = undefined;
    page.html.setAttribute('data-app', '');
    const later = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button });
    form.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(held()).toBeUndefined();
    document.body.innerHTML = '';
  });

  it('hides a signed-in page’s shell from a visitor with no session, and only a shell', () => {
    const shell = '<meta name="switchback-shell">';
    expect(load({ metas: shell }).html.hasAttribute('data-shell-hidden')).toBe(true);
    expect(load({ metas: shell, token: 'a-session' }).html.hasAttribute('data-shell-hidden')).toBe(false);
    expect(load().html.hasAttribute('data-shell-hidden')).toBe(false);
  });

  it('starts a prerendered page’s entry, its preloads and the whole stylesheet after the paint, once', () => {
    vi.useFakeTimers();
    const html = `<html><head>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/router-def.js">
    </head><body><div id="root"></div></body></html>`;
    const metas = /<head>([^]*?)\s*<\/head>/.exec(deferEntryScript(html, ['/assets/feeds-ghi.js']))![1]!;
    const page = load({ metas: `${metas}<meta name="switchback-stylesheet" content="/assets/index-jkl.css">` });
    // Nothing is asked for before the page has painted.
    vi.advanceTimersByTime(500);
    expect(added(page.head)).toEqual([]);
    page.paint();
    vi.advanceTimersByTime(0);
    expect(added(page.head)).toEqual([
      'script module /assets/index-abc.js',
      'link stylesheet /assets/index-jkl.css',
      'link modulepreload /assets/router-def.js',
      'link modulepreload /assets/feeds-ghi.js',
    ]);
    // The second's fallback, and another paint, start nothing again.
    page.paint();
    vi.advanceTimersByTime(5000);
    expect(page.head.querySelectorAll('script[src]')).toHaveLength(1);
  });

  it('starts them after a second when no paint is reported (a tab in the background paints nothing)', () => {
    vi.useFakeTimers();
    const page = load({ metas: '<meta name="switchback-entry" content="/assets/index-abc.js">' });
    vi.advanceTimersByTime(999);
    expect(added(page.head)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added(page.head)).toEqual(['script module /assets/index-abc.js']);
  });

  it('adds nothing to a page that loads its script itself', () => {
    vi.useFakeTimers();
    const page = load();
    page.paint();
    vi.advanceTimersByTime(2000);
    expect(added(page.head)).toEqual([]);
  });
});
