import type { ReactNode } from 'react';
import { SocialNav } from './social-nav';

/** The frame of the four social screens: heading, what the screen is for, the sub-navigation, then the screen. */
export function SocialPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-sm text-muted">{intro}</p>
      </header>
      <SocialNav />
      {children}
    </div>
  );
}
