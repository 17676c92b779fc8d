import type { SVGProps } from 'react';

/** Outline icons (24 px grid, currentColor), for the navigation and small marks beside text. */
const paths = {
  feeds: 'M4 5h16M4 12h16M4 19h10',
  shorts: 'M7 3h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM10 9l5 3-5 3z',
  events: 'M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM4 10h16M8 3v4M16 3v4',
  activities: 'M3 12h4l3-8 4 16 3-8h4',
  members: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6M22 20a5 5 0 0 0-4-5',
  notifications: 'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 0 0 4 0',
  profile: 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM3 22a9 9 0 0 1 18 0',
  signOut: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9',
  lock: 'M7 11h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2zM8 11V8a4 4 0 0 1 8 0v3',
  pin: 'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM14.5 10a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0z',
  // The event icons (contract/events.ts EVENT_ICONS), also the marks of the sports.
  bike: 'M5.5 20a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM18.5 20a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM5.5 16.5 9 9h6l3.5 7.5M9 9l3 7.5 3-7.5M8 6h3M14 6h2l-1 3',
  mountain: 'M2 20 9 8l4 6 3-4 6 10zM7.5 10.5 9 12l1.5-1.5',
  run: 'M15 6a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM5 21l4-4.5 3 1.5 1.5-5 2.5 2.5H20M8 10.5 11 8h3.5l-1 5M13 18l-1.5 4',
  walk: 'M13 6a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM9 22l2.5-7 2.5 2.5V22M11.5 15l1-6-3 2L8 14M12.5 9l2 3H17',
  trophy: 'M8 3h8v6a4 4 0 0 1-8 0zM8 5H4v1a4 4 0 0 0 4 4M16 5h4v1a4 4 0 0 1-4 4M12 13v4M8 21h8M9.5 17h5v4h-5z',
  flag: 'M5 22V3M5 4h12l-2.5 4.5L17 13H5',
  sun: 'M12 16.5a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20.5 14.5A8.5 8.5 0 1 1 9.5 3.5a6.8 6.8 0 0 0 11 11z',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-6" {...props}>
      <path d={paths[name]} />
    </svg>
  );
}
