import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { Icon } from '../../../components/icons';
import { Logo } from '../../../components/ui/logo';
import { mapStylesQuery } from '../../maps/api';
import { NAV_ITEMS } from '../nav-items';
import { UserMenu } from './user-menu';

/** The signed-in frame: top bar with navigation on wide screens, a tab bar at the bottom on phones. */
export function MainLayout() {
  // Spec §2: map styles load once per signed-in start.
  useQuery(mapStylesQuery);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-3 sm:px-4">
          <Link to="/feeds" aria-label="Switchback feeds" className="rounded-lg">
            <Logo />
          </Link>
          <nav aria-label="Main" className="ml-4 hidden flex-1 lg:block">
            <ul className="flex items-center gap-1">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="flex min-h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-muted hover:bg-surface-2 hover:text-fg"
                    activeProps={{ className: 'bg-surface-2 !text-fg', 'aria-current': 'page' }}
                  >
                    <Icon name={item.icon} className="size-5" />
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto">
            <UserMenu />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-3 pb-24 pt-4 sm:px-4 lg:pb-8">
        <Outlet />
      </main>
      <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface lg:hidden">
        <ul className="grid grid-cols-7">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="flex min-h-14 flex-col items-center justify-center gap-0.5 text-[10px] font-medium text-muted"
                activeProps={{ className: '!text-brand', 'aria-current': 'page' }}
              >
                <Icon name={item.icon} className="size-5" />
                <span className="max-w-full truncate">{item.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
