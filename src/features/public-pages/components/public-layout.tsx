import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ThemeSwitch } from '../../../components/theme-switch';
import { buttonClass } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { useSession } from '../../auth/session-context';
import { Icon } from '../../../components/icons';

const SITE_LINKS = [
  { to: '/about-us', label: 'About' },
  { to: '/contact-us', label: 'Contact' },
] as const;

const navLinkClass = 'flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-muted hover:bg-surface-2 hover:text-fg';
const activeNavLink = { className: '!text-fg', 'aria-current': 'page' } as const;

/**
 * The frame of every page a visitor can reach: brand, the way in (or back into the app), the page, and a footer
 * with the legal pages and the mobile apps. `title` names the browser tab.
 */
export function PublicLayout({ title, children }: { title?: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title ? `${title} · Switchback` : 'Switchback: ride, hike, run and walk together';
  }, [title]);

  return (
    <div className="flex min-h-dvh flex-col bg-surface text-fg">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-3 focus:py-2 focus:shadow-lg"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** Sign in and join for visitors; one way back into the app for members. */
function AccountActions({ stacked = false, onNavigate }: { stacked?: boolean; onNavigate?: () => void }) {
  const { isSignedIn } = useSession();
  if (isSignedIn) {
    return (
      <Link to="/feeds" className={buttonClass('primary', stacked ? 'w-full' : undefined)} onClick={onNavigate}>
        Open Switchback
      </Link>
    );
  }
  return (
    <div className={clsx('flex gap-2', stacked && 'flex-col')}>
      <Link to="/auth/login" className={buttonClass(stacked ? 'secondary' : 'ghost', stacked ? 'w-full' : undefined)} onClick={onNavigate}>
        Sign in
      </Link>
      <Link to="/auth/sign-up" className={buttonClass('primary', stacked ? 'w-full' : undefined)} onClick={onNavigate}>
        Join
      </Link>
    </div>
  );
}

function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link to="/" aria-label="Switchback home" className="rounded-lg" onClick={close}>
          <Logo />
        </Link>
        <nav aria-label="Site" className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {SITE_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={navLinkClass} activeProps={activeNavLink}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto hidden items-center gap-4 md:flex">
          <ThemeSwitch />
          <AccountActions />
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="ml-auto inline-flex size-11 items-center justify-center rounded-lg text-fg hover:bg-surface-2 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} strokeWidth="2" />
          <span className="sr-only">Menu</span>
        </button>
      </div>
      {menuOpen && (
        <div id={menuId} className="border-t border-line bg-surface px-4 pb-5 pt-2 shadow-lg md:hidden">
          <nav aria-label="Site">
            <ul className="flex flex-col">
              {SITE_LINKS.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className={clsx(navLinkClass, 'text-base')} activeProps={activeNavLink} onClick={close}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-3 border-t border-line px-3 pt-4">
            <ThemeSwitch />
          </div>
          <div className="mt-4">
            <AccountActions stacked onNavigate={close} />
          </div>
        </div>
      )}
    </header>
  );
}

function storeUrls() {
  // Read on every render, not at import, so a build without the apps simply shows no links.
  return {
    appStore: import.meta.env.VITE_APP_STORE_URL || undefined,
    playStore: import.meta.env.VITE_PLAY_STORE_URL || undefined,
  };
}

function PhoneIcon({ download = false }: { download?: boolean }) {
  return <Icon name={download ? 'phoneDownload' : 'phone'} className="size-6 shrink-0" />;
}

function StoreBadge({ href, store, kicker }: { href: string; store: string; kicker: string }) {
  return (
    <a
      href={href}
      rel="noopener noreferrer"
      className="inline-flex min-h-12 items-center gap-3 rounded-xl border border-line bg-surface px-4 py-2 text-fg hover:bg-surface-2"
    >
      <PhoneIcon download />
      <span className="flex flex-col text-left leading-tight">
        <span className="text-xs text-muted">{kicker}</span>
        <span className="text-sm font-semibold">{store}</span>
      </span>
    </a>
  );
}

/**
 * Links to the mobile apps, each only when its store address is configured; with neither, a plain "coming soon"
 * so nobody follows a dead link.
 */
export function AppStoreLinks({ className, variant = 'text' }: { className?: string; variant?: 'text' | 'badges' }) {
  const { appStore, playStore } = storeUrls();
  if (!appStore && !playStore) {
    const note = 'The iOS and Android apps are coming soon. Until then, Switchback works in the browser on any phone.';
    if (variant === 'text') return <p className={clsx('text-sm text-muted', className)}>{note}</p>;
    return (
      <div className={clsx('flex max-w-sm flex-col gap-3', className)}>
        <div className="flex flex-wrap gap-3" aria-hidden="true">
          {['iPhone', 'Android'].map((platform) => (
            <span key={platform} className="inline-flex min-h-12 items-center gap-3 rounded-xl border border-dashed border-line px-4 py-2">
              <PhoneIcon />
              <span className="flex flex-col leading-tight">
                <span className="text-xs text-muted">Coming soon</span>
                <span className="text-sm font-semibold">{platform}</span>
              </span>
            </span>
          ))}
        </div>
        <p className="text-sm text-muted">{note}</p>
      </div>
    );
  }
  return (
    <ul className={clsx('flex flex-wrap gap-3', className)} aria-label="Mobile apps">
      {appStore && (
        <li>
          <StoreBadge href={appStore} kicker="Download on the" store="App Store" />
        </li>
      )}
      {playStore && (
        <li>
          <StoreBadge href={playStore} kicker="Get it on" store="Google Play" />
        </li>
      )}
    </ul>
  );
}

const footerLinkClass = 'inline-flex min-h-8 items-center text-sm text-muted hover:text-fg hover:underline underline-offset-2';

function SiteFooter() {
  return (
    <footer className="border-t border-line bg-surface-2">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1.4fr]">
        <div className="col-span-2 md:col-span-1">
          <Link to="/" aria-label="Switchback home" className="inline-block rounded-lg">
            <Logo />
          </Link>
          <p className="mt-3 max-w-xs text-sm text-muted">The social network for people who ride, hike, run and walk.</p>
        </div>
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold">Switchback</h2>
          <ul className="mt-3 flex flex-col gap-1">
            <li>
              <Link to="/about-us" className={footerLinkClass}>
                About us
              </Link>
            </li>
            <li>
              <Link to="/contact-us" className={footerLinkClass}>
                Contact us
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold">Legal</h2>
          <ul className="mt-3 flex flex-col gap-1">
            <li>
              <Link to="/app-terms-of-use" className={footerLinkClass}>
                Terms of use
              </Link>
            </li>
            <li>
              <Link to="/app-privacy-policy" className={footerLinkClass}>
                Privacy policy
              </Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-apps" className="col-span-2 md:col-span-1">
          <h2 id="footer-apps" className="text-sm font-semibold">
            Get the app
          </h2>
          <AppStoreLinks className="mt-3" />
        </section>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-muted sm:px-6">
          © 2026 Switchback. Made by people who would rather be outside.
        </p>
      </div>
    </footer>
  );
}

type DocumentSection = { id: string; title: string; body: ReactNode };

/**
 * A long read (terms, privacy): one heading, when it last changed, a table of contents, then numbered sections
 * set in a comfortable measure.
 */
export function DocumentPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: DocumentSection[];
}) {
  const tocId = useId();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-muted">Last updated: {updated}</p>
        <div className="mt-6 text-lg leading-relaxed text-muted">{intro}</div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby={tocId} className="lg:sticky lg:top-24 lg:self-start">
          <h2 id={tocId} className="text-sm font-semibold">
            On this page
          </h2>
          <ol className="mt-3 flex flex-col gap-0.5 border-l border-line">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="-ml-px flex min-h-9 items-center border-l-2 border-transparent pl-3 text-sm text-muted hover:border-brand hover:text-fg"
                >
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl">
          {sections.map((s, i) => (
            <section
              key={s.id}
              id={s.id}
              aria-labelledby={`${s.id}-title`}
              className="scroll-mt-24 border-t border-line py-8 first:border-t-0 first:pt-0"
            >
              <h2 id={`${s.id}-title`} className="text-xl font-semibold tracking-tight">
                <span className="mr-2 text-brand">{i + 1}.</span>
                {s.title}
              </h2>
              <div className={proseClass}>{s.body}</div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

/** Paragraphs, lists and links inside long text, without a typography plugin. */
export const proseClass = clsx(
  'mt-3 flex flex-col gap-3 leading-relaxed text-fg',
  '[&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-5 [&_li]:marker:text-muted',
  '[&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2',
  '[&_strong]:font-semibold',
);
