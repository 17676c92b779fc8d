import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SPORTS, type SportId } from '#contract/sports';
import { buttonClass } from '../../../components/ui/button';
import { useSession } from '../../auth/session-context';
import { AppStoreLinks } from './public-layout';

/** What each sport of spec §3 looks like and what it means on Switchback. */
const SPORT_DETAILS: Record<SportId, { blurb: string; icon: ReactNode }> = {
  53: {
    blurb: 'Singletrack, enduro laps and bike-park days.',
    icon: (
      <>
        <Bike />
        <path d="M1.5 22c1.5-1.6 3-1.6 4.5 0s3 1.6 4.5 0 3-1.6 4.5 0 3 1.6 4.5 0 2.2-1.2 3-.6" />
      </>
    ),
  },
  37: {
    blurb: 'Longer loops and bigger climbs with a little help from the battery.',
    icon: (
      <>
        <Bike />
        <path d="M13 1.5l-2.5 3.5h3L11 8.5" />
      </>
    ),
  },
  34: {
    blurb: 'Club spins, gran fondos and the café stop in the middle.',
    icon: (
      <>
        <Bike />
        <path d="M1.5 22h21" />
      </>
    ),
  },
  35: {
    blurb: 'Day hikes, summit pushes and multi-day treks.',
    icon: (
      <>
        <path d="M2 20.5l7-12 4 6.5 2.5-3.5 6.5 9z" />
        <path d="M9 8.5V3l4 1.5-4 1.5" />
      </>
    ),
  },
  5: {
    blurb: 'Trail runs, tempo sessions and race day.',
    icon: (
      <>
        <path d="M2.5 17.5c0-3 .8-6 2-7.5l3 2 2.7-1.2 2 2.2c2.4 1 5.6 1.5 7.8 2.6 1 .6 1.5 1.6 1.5 3.4z" />
        <path d="M2.5 20.5h19.5M9 13.5l1.5-1M11.5 15l1.5-1" />
      </>
    ),
  },
  54: {
    blurb: 'Dog walks, the long way to work and slow Sunday strolls.',
    icon: (
      <>
        <circle cx="13" cy="4" r="2" />
        <path d="M12.5 7.5l-2 7-2.5 7M10.5 14.5l3.5 2.5 1 4.5M12.5 8.5l-3.5 3M12.5 8.5l3 3.5" />
      </>
    ),
  },
  59: {
    blurb: 'Paddling, climbing, skiing: if it gets you outside, it counts.',
    icon: (
      <>
        <circle cx="12" cy="12" r="9.5" />
        <path d="M15.5 8.5l-2 5-5 2 2-5z" />
      </>
    ),
  },
};

/** Two wheels and a frame, shared by the three cycling icons. */
function Bike() {
  return (
    <>
      <circle cx="5.5" cy="15" r="4" />
      <circle cx="18.5" cy="15" r="4" />
      <path d="M5.5 15l4-7h6.5l2.5 7M9.5 8l3 7h-7M16 8l-3.5 7M8 5.5h3M15 5.5h2.5l-1.5 2.5" />
    </>
  );
}

function OutlineIcon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}

const FEATURES: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Share the ride',
    text: 'Post photos and short videos from the trail, tag the people you were out with, and add the hashtags others search for.',
    icon: (
      <>
        <rect x="3" y="5" width="18" height="14" rx="2.5" />
        <path d="M3 16l5-5 4 4 3-3 6 6" />
        <circle cx="16" cy="9" r="1.5" />
      </>
    ),
  },
  {
    title: 'React and comment',
    text: 'Cheer a first big climb with a reaction, ask about the line through the rock garden, and reply in threads.',
    icon: <path d="M4 5h16v11H9l-5 4zM8 9.5h8M8 12.5h5" />,
  },
  {
    title: 'Follow your crew',
    text: 'Follow friends, clubs and local legends. Keep your profile private if you like and approve each follow request yourself.',
    icon: <path d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M19 8v6M16 11h6" />,
  },
  {
    title: 'Events with a route on a map',
    text: "Join or organise group rides, hikes and challenges. Draw the route, set the meeting point and the goals, and see who's interested and who's going.",
    icon: (
      <>
        <path d="M3 6l6-2.5 6 2.5 6-2.5v14.5l-6 2.5-6-2.5-6 2.5z" />
        <path d="M9 3.5V18M15 6v14.5" />
      </>
    ),
  },
  {
    title: 'Log every activity',
    text: 'Keep distance, time and elevation for every outing, look back over your weeks on charts, and share live location while you are out.',
    icon: <path d="M3 12h4l3-8 4 16 3-8h4" />,
  },
  {
    title: 'Keep a gear list',
    text: 'Bikes, boots and shoes with the details riders actually ask about: year, frame size, wheel size, travel and build kit.',
    icon: (
      <>
        <circle cx="12" cy="12" r="3" />
        <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
      </>
    ),
  },
  {
    title: 'Accounts for the kids',
    text: 'Parents and guardians add associates for their children and decide, permission by permission, what each one can post, join and see.',
    icon: (
      <path d="M8 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2.5 20a5.5 5.5 0 0 1 11 0M17 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM14.5 20a4 4 0 0 1 7.5-2" />
    ),
  },
  {
    title: 'You stay in control',
    text: 'Block, mute or report any member, post, short or comment. Blocked members cannot see you, and reports go straight to our moderators.',
    icon: <path d="M12 2.5l8 3v6c0 5-3.4 8.6-8 10-4.6-1.4-8-5-8-10v-6zM8.5 12l2.5 2.5 4.5-5" />,
  },
];

export function LandingPage() {
  return (
    <>
      <Hero />
      <SportsSection />
      <FeaturesSection />
      <LocationSection />
      <AppsSection />
      <ClosingCall />
    </>
  );
}

function JoinActions({ className }: { className?: string }) {
  const { isSignedIn } = useSession();
  return (
    <div className={className}>
      {isSignedIn ? (
        <Link to="/feeds" className={buttonClass('primary', undefined, 'lg')}>
          Open your feed
        </Link>
      ) : (
        <>
          <Link to="/auth/sign-up" className={buttonClass('primary', undefined, 'lg')}>
            Create your account
          </Link>
          <Link to="/auth/login" className={buttonClass('secondary', undefined, 'lg')}>
            Sign in
          </Link>
        </>
      )}
    </div>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-line bg-surface-2">
      <Contours className="pointer-events-none absolute inset-0 size-full text-line" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.25fr_1fr] lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-sm font-medium text-muted">
            <span aria-hidden="true" className="size-2 rounded-full bg-brand" />
            For riders, hikers, runners and walkers
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-extrabold tracking-tight sm:text-5xl xl:text-[3.5rem] xl:leading-[1.1]">
            Get outside. <span className="block text-brand">Bring your people.</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted">
            Switchback is the social network for everyone who moves under their own steam, or with a little help from a battery. Share the
            ride, plan the group hike, log the miles and keep your crew in the loop, all in one place.
          </p>
          <JoinActions className="mt-8 flex flex-wrap gap-3" />
          <p className="mt-4 text-sm text-muted">
            Sign up with your e-mail and a 4-digit code. Members are 13 or older; younger riders join through a parent.
          </p>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

/** Topographic lines behind the hero, drawn rather than downloaded. */
function Contours({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 1200 600"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.2"
    >
      <path d="M-20 480c120-40 220-20 330-70s190-140 330-140 240 90 380 80 220-70 200-90" />
      <path d="M-20 520c140-30 240-10 350-60s200-130 320-130 250 100 390 90 210-60 180-80" opacity=".7" />
      <path d="M-20 440c110-50 200-40 310-90s180-150 340-150 230 80 370 70 230-80 220-100" opacity=".7" />
      <path d="M700 120c60-30 150-30 200 10s20 100-60 110-170-20-170-60 10-45 30-60z" />
      <path d="M730 130c40-20 110-20 140 8s10 70-45 76-120-12-120-42 10-30 25-42z" opacity=".7" />
      <path d="M40 160c80-60 200-70 260-20s-10 130-120 130S-30 220 40 160z" opacity=".6" />
      <path d="M80 170c50-35 130-40 170-10s-10 80-80 80-135-35-90-70z" opacity=".5" />
    </svg>
  );
}

/** A post and an event as they look in the app, so a visitor sees the product before signing up. */
function HeroPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto mb-16 w-full max-w-md select-none lg:mr-0">
      <div className="rounded-2xl border border-line bg-surface p-4 shadow-xl shadow-black/5 sm:p-5">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand text-sm font-bold text-on-brand">MT</span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">Maya Torres</p>
            <p className="truncate text-xs text-muted">MTB · Sunday, 8:10 AM</p>
          </div>
          <span className="ml-auto rounded-full bg-surface-3 px-2.5 py-1 text-xs font-medium">Following</span>
        </div>
        <p className="mt-3 text-sm">Sunday loop over Kessel Ridge. The new switchbacks on the north side are dry and flowing. #trailcrew</p>
        <RouteMap />
        <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
          {[
            ['Distance', '23.9 mi'],
            ['Elevation', '3,675 ft'],
            ['Moving time', '2:47'],
          ].map(([term, value]) => (
            <div key={term} className="rounded-lg bg-surface-2 px-2 py-2">
              <dt className="text-[11px] text-muted">{term}</dt>
              <dd className="text-sm font-bold">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-3 flex items-center gap-4 text-xs text-muted">
          <span className="inline-flex items-center gap-1">
            <svg viewBox="0 0 24 24" className="size-4 text-brand" fill="currentColor">
              <path d="M12 21s-7.5-4.6-9.5-9.3C1.2 8.4 3.3 5 6.8 5c2 0 3.5 1.1 5.2 3 1.7-1.9 3.2-3 5.2-3 3.5 0 5.6 3.4 4.3 6.7C19.5 16.4 12 21 12 21z" />
            </svg>
            24 reactions
          </span>
          <span>6 comments</span>
        </div>
      </div>
      <div className="absolute -bottom-20 right-3 w-52 rounded-xl border border-line bg-surface p-3 shadow-lg shadow-black/10 sm:-right-6 sm:w-56">
        <p className="text-[11px] font-semibold uppercase tracking-wide text-brand">Event · Saturday 7:30 AM</p>
        <p className="mt-1 text-sm font-semibold">Gravel social, 30 miles, no drop</p>
        <div className="mt-2 flex items-center">
          {['JL', 'AR', 'SK'].map((initials, i) => (
            <span
              key={initials}
              className={`inline-flex size-7 items-center justify-center rounded-full border-2 border-surface text-[10px] font-bold ${
                i === 1 ? 'bg-fg text-surface' : 'bg-surface-3 text-fg'
              } ${i > 0 ? '-ml-2' : ''}`}
            >
              {initials}
            </span>
          ))}
          <span className="ml-2 text-xs text-muted">14 going</span>
        </div>
      </div>
    </div>
  );
}

function RouteMap() {
  return (
    <svg viewBox="0 0 320 150" className="mt-3 block w-full rounded-xl bg-surface-2">
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
    </svg>
  );
}

function SectionHeading({ id, kicker, title, children }: { id: string; kicker: string; title: string; children?: ReactNode }) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand">{kicker}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-lg leading-relaxed text-muted">{children}</p>}
    </div>
  );
}

function SportsSection() {
  return (
    <section aria-labelledby="sports-title" className="mx-auto max-w-6xl px-4 pb-16 pt-24 sm:px-6 sm:pt-28">
      <SectionHeading id="sports-title" kicker="Sports" title="One home for seven ways to move">
        Pick your sports when you join. Your feed, your events and your gear list follow what you actually do.
      </SectionHeading>
      <ul className="mt-10 flex flex-wrap justify-center gap-3">
        {SPORTS.map((sport) => (
          <li
            key={sport.id}
            className="flex w-[calc(50%-0.375rem)] flex-col gap-3 rounded-2xl lg:flex-row lg:gap-4 border border-line bg-surface p-4 transition-colors hover:border-brand sm:w-[calc(33.333%-0.5rem)] sm:p-5 lg:w-[calc(25%-0.5625rem)]"
          >
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-brand">
              <OutlineIcon className="size-7">{SPORT_DETAILS[sport.id].icon}</OutlineIcon>
            </span>
            <div>
              <h3 className="font-semibold">{sport.name}</h3>
              <p className="mt-1 text-sm text-muted">{SPORT_DETAILS[sport.id].blurb}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FeaturesSection() {
  return (
    <section aria-labelledby="features-title" className="border-y border-line bg-surface-2">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <SectionHeading id="features-title" kicker="What members do" title="Everything your crew needs between rides">
          Switchback keeps the social side of getting outside in one place: the stories, the plans, the numbers and the people.
        </SectionHeading>
        <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <li key={f.title}>
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand text-on-brand">
                <OutlineIcon className="size-6">{f.icon}</OutlineIcon>
              </span>
              <h3 className="mt-4 font-semibold">{f.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{f.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function LocationSection() {
  const points = [
    ['Privacy zones', 'Draw a zone around home or work and the start and end of every activity inside it stay hidden.'],
    ['Live location on your terms', 'Share where you are only with the people you allow. Sharing switches itself off when it expires.'],
    ['Private profiles', 'Only followers you approve see your posts and activities. Blocked members see nothing at all.'],
  ] as const;
  return (
    <section
      aria-labelledby="location-title"
      className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2"
    >
      <div>
        <SectionHeading id="location-title" kicker="Safety and privacy" title="Your location is yours">
          Sharing a ride should never mean sharing your front door. These controls are on every account, free, from day one.
        </SectionHeading>
        <ul className="mt-8 flex flex-col gap-5">
          {points.map(([title, text]) => (
            <li key={title} className="flex gap-3">
              <svg
                viewBox="0 0 24 24"
                aria-hidden="true"
                className="mt-0.5 size-6 shrink-0 text-success"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <circle cx="12" cy="12" r="9.5" />
                <path d="M8 12.5l2.8 2.8L16.5 9.5" />
              </svg>
              <p className="text-muted">
                <strong className="font-semibold text-fg">{title}.</strong> {text}
              </p>
            </li>
          ))}
        </ul>
      </div>
      <PrivacyZoneMap />
    </section>
  );
}

/** A route whose start and finish fade out inside a privacy zone. */
function PrivacyZoneMap() {
  return (
    <svg viewBox="0 0 480 340" aria-hidden="true" className="block w-full rounded-3xl border border-line bg-surface-2">
      <g fill="none" stroke="currentColor" className="text-line" strokeWidth="1.2">
        <path d="M0 300c60-20 120-70 200-70s120 40 180 30 80-50 100-60" />
        <path d="M0 270c60-25 120-80 200-80s120 45 180 35 80-55 100-65" />
        <path d="M270 70c40-30 120-30 140 10s-40 70-90 64-90-44-50-74z" />
        <path d="M295 80c25-18 75-18 88 6s-25 44-56 40-57-27-32-46z" />
      </g>
      <circle cx="150" cy="240" r="62" className="fill-surface stroke-brand" strokeWidth="2" strokeDasharray="6 6" />
      <path
        d="M150 240c8-10 14-16 22-22"
        fill="none"
        className="stroke-muted"
        strokeWidth="3"
        strokeDasharray="2 8"
        strokeLinecap="round"
      />
      <path
        d="M172 218c30-26 50-70 90-90s60 30 100 10 40-60 70-40-10 80-60 100-120 40-130 60"
        fill="none"
        className="stroke-brand"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M150 220l-16 14v22h32v-22z" className="fill-surface-3 stroke-fg" strokeWidth="2" strokeLinejoin="round" />
      <text x="150" y="326" textAnchor="middle" className="fill-muted text-[15px] font-semibold">
        Hidden inside your privacy zone
      </text>
    </svg>
  );
}

function AppsSection() {
  return (
    <section aria-labelledby="apps-title" className="border-t border-line">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-16 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-xl">
          <h2 id="apps-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Take Switchback on the trail
          </h2>
          <p className="mt-3 text-muted">
            Record activities and share live location from your phone. Everything you do in the apps shows up here on the web, and the other
            way round.
          </p>
        </div>
        <AppStoreLinks variant="badges" />
      </div>
    </section>
  );
}

function ClosingCall() {
  return (
    <section aria-labelledby="closing-title" className="px-4 pb-16 sm:px-6 sm:pb-24">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-fg px-6 py-14 text-center text-surface sm:px-12">
        <svg
          viewBox="0 0 600 200"
          preserveAspectRatio="none"
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-0 h-24 w-full opacity-20"
        >
          <path d="M0 200V150l90-40 60 50 90-110 80 80 60-50 90 70 70-50 60 40v60z" className="fill-surface" />
        </svg>
        <h2 id="closing-title" className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Your next ride starts with a follow
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg opacity-90">
          Find the people who ride your trails, walk your hills and run your streets. It takes a minute to join.
        </p>
        <ClosingActions />
      </div>
    </section>
  );
}

/** The closing band is dark in light mode and light in dark mode, so its buttons use its own colours. */
function ClosingActions() {
  const { isSignedIn } = useSession();
  const solid =
    'inline-flex min-h-12 items-center justify-center rounded-lg bg-surface px-6 text-base font-semibold text-fg hover:bg-surface-2';
  const outline =
    'inline-flex min-h-12 items-center justify-center rounded-lg border border-surface/60 px-6 text-base font-semibold text-surface hover:bg-surface/10';
  return (
    <div className="relative mt-8 flex flex-wrap justify-center gap-3">
      {isSignedIn ? (
        <Link to="/feeds" className={solid}>
          Open your feed
        </Link>
      ) : (
        <>
          <Link to="/auth/sign-up" className={solid}>
            Create your account
          </Link>
          <Link to="/auth/login" className={outline}>
            Sign in
          </Link>
        </>
      )}
    </div>
  );
}
