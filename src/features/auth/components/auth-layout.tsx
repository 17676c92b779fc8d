import { Link, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';
import { ThemeSwitch } from '../../../components/theme-switch';

/** The frame of the sign-in pages: brand, the step in the middle, the way back home. */
export function AuthLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface-2">
      <header className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Link to="/" aria-label="Switchback home" className="rounded-lg">
          <Logo />
        </Link>
        <ThemeSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center">
        {children ?? <Outlet />}
      </main>
    </div>
  );
}
