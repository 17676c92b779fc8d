import type { ReactNode, SVGProps } from 'react';

/**
 * One drawing: an outline path on the 24 px grid (stroked in currentColor, like the navigation's), or its own shapes
 * with the svg attributes they are drawn with (another grid, fills, an illustration's frame). Without `svg`, the
 * shapes get the outline look.
 */
type Drawing = string | { readonly svg?: SVGProps<SVGSVGElement>; readonly body: ReactNode };

const outline = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '1.8',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  className: 'size-6',
} as const satisfies SVGProps<SVGSVGElement>;

/** Draws `drawing`; `props` (size, colour, stroke width…) have the last word. Always hidden from assistive technology. */
function drawIcon(drawing: Drawing, props: SVGProps<SVGSVGElement>) {
  if (typeof drawing === 'string') {
    return (
      <svg {...outline} aria-hidden="true" {...props}>
        <path d={drawing} />
      </svg>
    );
  }
  return (
    <svg {...(drawing.svg ?? outline)} aria-hidden="true" {...props}>
      {drawing.body}
    </svg>
  );
}

/** Two wheels and a frame, shared by the three cycling marks of the landing page. */
const bikeFrame = (
  <>
    <circle cx="5.5" cy="15" r="4" />
    <circle cx="18.5" cy="15" r="4" />
    <path d="M5.5 15l4-7h6.5l2.5 7M9.5 8l3 7h-7M16 8l-3.5 7M8 5.5h3M15 5.5h2.5l-1.5 2.5" />
  </>
);

/**
 * Every drawing of the SPA, the one place they live: outline icons on a 24 px grid in currentColor (the navigation,
 * small marks beside text) unless an entry says otherwise, and the public pages' illustrations. One module on
 * purpose: the sign-in page does not load it (its Google mark stays in google-sign-in.tsx), and a second icon
 * chunk would add its name to the entry's preload map, which /auth/login (at its P1 budget) cannot afford.
 */
const drawings = {
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
  // Shared components, the public pages' frame, and the features.
  close: 'M6 6l12 12M18 6L6 18',
  menu: 'M4 7h16M4 12h16M4 17h16',
  search: {
    body: (
      <>
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-3.5-3.5" />
      </>
    ),
  },
  more: {
    svg: { viewBox: '0 0 24 24', fill: 'currentColor' },
    body: (
      <>
        <circle cx="5" cy="12" r="1.8" />
        <circle cx="12" cy="12" r="1.8" />
        <circle cx="19" cy="12" r="1.8" />
      </>
    ),
  },
  phone: {
    body: (
      <>
        <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
        <path d="M10.5 18.5h3" />
      </>
    ),
  },
  phoneDownload: {
    body: (
      <>
        <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
        <path d="M10.5 18.5h3M12 7v6m-2.5-2.5L12 13l2.5-2.5" />
      </>
    ),
  },
  chevronLeft: 'M15 6l-6 6 6 6',
  chevronRight: 'M9 6l6 6-6 6',
  chevronUp: 'M6 15l6-6 6 6',
  plus: 'M12 5v14M5 12h14',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  tick: 'M5 12l5 5 9-10',
  comment: 'M4 5h16v11H9l-5 4z',
  commentText: 'M4 5h16v11H9l-5 4zM8 9.5h8M8 12.5h5',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  react: 'M12 20s-7-4.4-9.2-9A5 5 0 0 1 12 6a5 5 0 0 1 9.2 5c-2.2 4.6-9.2 9-9.2 9z',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  pennant: 'M5 21V4h11l-2 4 2 4H5',
  calendarAdd: 'M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM4 10h16M8 3v4M16 3v4M12 13v5M9.5 15.5h5',
  share: 'M12 15V3M7.5 7.5 12 3l4.5 4.5M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7',
  play: 'M7 4.5v15l13-7.5z',
  pause: 'M8 5v14M16 5v14',
  volume: 'M4 9v6h4l5 4V5L8 9zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12',
  volumeOff: 'M4 9v6h4l5 4V5L8 9zM17 9.5l5 5M22 9.5l-5 5',
  userPlus: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M19 8v6M16 11h6',
  image: {
    body: (
      <>
        <path d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4" />
        <circle cx="15.5" cy="9" r="1.5" />
      </>
    ),
  },
  sliders: {
    body: (
      <>
        <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
        <circle cx="16" cy="6" r="2" />
        <circle cx="10" cy="12" r="2" />
        <circle cx="18" cy="18" r="2" />
      </>
    ),
  },
  checkCircle: {
    body: (
      <>
        <circle cx="12" cy="12" r="9.5" />
        <path d="M8 12.5l2.8 2.8L16.5 9.5" />
      </>
    ),
  },
  heartFilled: {
    svg: { viewBox: '0 0 24 24', fill: 'currentColor' },
    body: <path d="M12 21s-7.5-4.6-9.5-9.3C1.2 8.4 3.3 5 6.8 5c2 0 3.5 1.1 5.2 3 1.7-1.9 3.2-3 5.2-3 3.5 0 5.6 3.4 4.3 6.7C19.5 16.4 12 21 12 21z" />,
  },
  /** The empty feed's mark, on a 48 px grid. */
  landscape: {
    svg: { viewBox: '0 0 48 48', fill: 'none', stroke: 'currentColor', strokeWidth: '2.2', strokeLinecap: 'round', strokeLinejoin: 'round' },
    body: (
      <>
        <path d="M4 38l12-18 8 10 6-8 14 16z" />
        <circle cx="34" cy="12" r="4" />
      </>
    ),
  },
  // The sports of the landing page (spec §3).
  bikeTrail: {
    body: (
      <>
        {bikeFrame}
        <path d="M1.5 22c1.5-1.6 3-1.6 4.5 0s3 1.6 4.5 0 3-1.6 4.5 0 3 1.6 4.5 0 2.2-1.2 3-.6" />
      </>
    ),
  },
  bikeElectric: {
    body: (
      <>
        {bikeFrame}
        <path d="M13 1.5l-2.5 3.5h3L11 8.5" />
      </>
    ),
  },
  bikeRoad: {
    body: (
      <>
        {bikeFrame}
        <path d="M1.5 22h21" />
      </>
    ),
  },
  summit: {
    body: (
      <>
        <path d="M2 20.5l7-12 4 6.5 2.5-3.5 6.5 9z" />
        <path d="M9 8.5V3l4 1.5-4 1.5" />
      </>
    ),
  },
  shoe: {
    body: (
      <>
        <path d="M2.5 17.5c0-3 .8-6 2-7.5l3 2 2.7-1.2 2 2.2c2.4 1 5.6 1.5 7.8 2.6 1 .6 1.5 1.6 1.5 3.4z" />
        <path d="M2.5 20.5h19.5M9 13.5l1.5-1M11.5 15l1.5-1" />
      </>
    ),
  },
  walker: {
    body: (
      <>
        <circle cx="13" cy="4" r="2" />
        <path d="M12.5 7.5l-2 7-2.5 7M10.5 14.5l3.5 2.5 1 4.5M12.5 8.5l-3.5 3M12.5 8.5l3 3.5" />
      </>
    ),
  },
  compass: {
    body: (
      <>
        <circle cx="12" cy="12" r="9.5" />
        <path d="M15.5 8.5l-2 5-5 2 2-5z" />
      </>
    ),
  },
  // What members do (the landing page).
  photo: {
    body: (
      <>
        <rect x="3" y="5" width="18" height="14" rx="2.5" />
        <path d="M3 16l5-5 4 4 3-3 6 6" />
        <circle cx="16" cy="9" r="1.5" />
      </>
    ),
  },
  routeMap: {
    body: (
      <>
        <path d="M3 6l6-2.5 6 2.5 6-2.5v14.5l-6 2.5-6-2.5-6 2.5z" />
        <path d="M9 3.5V18M15 6v14.5" />
      </>
    ),
  },
  gear: {
    body: (
      <>
        <circle cx="12" cy="12" r="3" />
        <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
      </>
    ),
  },
  family: 'M8 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2.5 20a5.5 5.5 0 0 1 11 0M17 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM14.5 20a4 4 0 0 1 7.5-2',
  shield: 'M12 2.5l8 3v6c0 5-3.4 8.6-8 10-4.6-1.4-8-5-8-10v-6zM8.5 12l2.5 2.5 4.5-5',
  // Illustrations, each in its own frame.
  /** Topographic lines behind the landing page's hero, drawn rather than downloaded. */
  contours: {
    svg: { viewBox: '0 0 1200 600', preserveAspectRatio: 'xMidYMid slice', fill: 'none', stroke: 'currentColor', strokeWidth: '1.2' },
    body: (
      <>
        <path d="M-20 480c120-40 220-20 330-70s190-140 330-140 240 90 380 80 220-70 200-90" />
        <path d="M-20 520c140-30 240-10 350-60s200-130 320-130 250 100 390 90 210-60 180-80" opacity=".7" />
        <path d="M-20 440c110-50 200-40 310-90s180-150 340-150 230 80 370 70 230-80 220-100" opacity=".7" />
        <path d="M700 120c60-30 150-30 200 10s20 100-60 110-170-20-170-60 10-45 30-60z" />
        <path d="M730 130c40-20 110-20 140 8s10 70-45 76-120-12-120-42 10-30 25-42z" opacity=".7" />
        <path d="M40 160c80-60 200-70 260-20s-10 130-120 130S-30 220 40 160z" opacity=".6" />
        <path d="M80 170c50-35 130-40 170-10s-10 80-80 80-135-35-90-70z" opacity=".5" />
      </>
    ),
  },
  /** A route on a map, as a post in the landing page's preview shows it. */
  routePreview: {
    svg: { viewBox: '0 0 320 150' },
    body: (
      <>
        <g fill="none" stroke="currentColor" className="text-line" strokeWidth="1">
          <path d="M0 120c40-10 70-40 110-40s70 30 110 25 70-40 100-45" />
          <path d="M0 100c40-10 70-45 110-45s70 35 110 30 70-45 100-50" />
          <path d="M150 40c20-15 60-15 70 5s-20 35-45 32-45-22-25-37z" />
          <path d="M165 45c12-8 36-8 42 3s-12 20-27 18-27-13-15-21z" />
        </g>
        <path
          d="M30 128c20-6 30-22 52-24s28 14 46 6 10-34 28-44 26 10 34 2 4-22 18-26 24 12 30 26 24 18 42 10"
          fill="none"
          className="stroke-brand"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="30" cy="128" r="6" className="fill-success stroke-surface" strokeWidth="2.5" />
        <circle cx="280" cy="98" r="6" className="fill-danger stroke-surface" strokeWidth="2.5" />
      </>
    ),
  },
  /** The ridge along the bottom of the landing page's closing band. */
  ridge: {
    svg: { viewBox: '0 0 600 200', preserveAspectRatio: 'none' },
    body: <path d="M0 200V150l90-40 60 50 90-110 80 80 60-50 90 70 70-50 60 40v60z" className="fill-surface" />,
  },
  /** The hairpin bends the product is named after, climbing a hill to a flag (the about page). */
  switchbackClimb: {
    svg: { viewBox: '0 0 360 260' },
    body: (
      <>
        <path d="M170 252c50-60 90-110 125-118 25-6 45 14 65 40v78z" className="fill-line" opacity=".6" />
        <path d="M0 252c60-10 100-132 150-192 15-18 45-18 60 0 50 60 90 182 150 192z" className="fill-surface-3" />
        <path
          d="M60 242H280a12 12 0 0 0 0-24H96a12 12 0 0 1 0-24H252a12 12 0 0 0 0-24H122a12 12 0 0 1 0-24H228a12 12 0 0 0 0-24H150a10 10 0 0 1 0-20H196a10 10 0 0 0 0-20H180"
          fill="none"
          className="stroke-brand"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path d="M180 82V50l20 7-20 7" fill="none" className="stroke-fg" strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" />
        <circle cx="60" cy="242" r="6" className="fill-brand stroke-surface" strokeWidth="2.5" />
      </>
    ),
  },
  /** A quiet ridgeline for a profile without a cover image, stretched to the cover's 3:1. */
  coverRidge: {
    svg: { viewBox: '0 0 300 100', preserveAspectRatio: 'none' },
    body: (
      <>
        <path d="M0 100V70l40-30 30 22 45-42 35 30 30-18 50 40 30-20 40 28v20z" className="fill-surface opacity-15" />
        <path d="M0 100V82l55-22 40 18 50-30 45 26 40-14 70 30v10z" className="fill-surface opacity-25" />
      </>
    ),
  },
} as const satisfies Record<string, Drawing>;

export type IconName = keyof typeof drawings;

export function Icon({ name, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return drawIcon(drawings[name], props);
}
