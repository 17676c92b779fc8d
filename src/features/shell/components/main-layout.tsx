import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Logo } from '../../../components/ui/logo';
import { useRouteTitle } from '../../../lib/use-route-title';
import { profileQuery } from '../../auth/api';
import { useSessionActions } from '../../auth/session-context';
import { notificationBadgeQuery } from '../../notifications/api';
import { useLiveUpdates, type LiveHandler } from '../../notifications/live-updates';
import { useUnreadTitle } from '../../notifications/use-unread-title';
import { ROUTE_TITLES } from '../route-titles';
import { AssociateBanner } from './associate-banner';
import { MainNav } from './main-nav';
import { TopBarNavIcons } from './top-bar-nav-icons';
import { UserMenu } from './user-menu';

/**
 * The signed-in frame: top bar with navigation on wide screens, a tab bar at the bottom on phones. `live`: what the
 * other areas keep current from the live connection (a constant list, given where the app is put together).
 */
export function MainLayout({ live }: { live: readonly LiveHandler[] }) {
  // Asks the server who is signed in: a revoked session (sign-out elsewhere, password reset) gets its 401 and ends,
  // and a live one refreshes the stored member.
  const { data: profile } = useQuery(profileQuery);
  const { setUser } = useSessionActions();
  useEffect(() => {
    if (profile) setUser(profile);
  }, [profile, setUser]);
  // One live connection for the signed-in session; it keeps the badge below current.
  useLiveUpdates(live);
  const { data: badge } = useQuery(notificationBadgeQuery);
  useUnreadTitle(badge?.unreadCount ?? 0);
  // The page shown is the last match: a fixed title names the tab (pages named by their content do it themselves).
  useRouteTitle(ROUTE_TITLES);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-3 sm:px-4">
          <Link to="/feeds" aria-label="Switchback feeds" className="shrink-0 whitespace-nowrap rounded-lg">
            <Logo />
          </Link>
          <MainNav variant="bar" className="ml-2 hidden min-w-0 flex-1 lg:block xl:ml-4" />
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <TopBarNavIcons className="lg:hidden" />
            <UserMenu />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-3 pb-24 pt-4 sm:px-4 lg:pb-8">
        <AssociateBanner />
        <Outlet />
      </main>
      <MainNav variant="tabs" className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface lg:hidden" />
    </div>
  );
}
