import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SPORTS, type SportId } from '#contract/sports';
import { Icon, type IconName } from '../../../components/icons';
import { buttonClass } from '../../../components/ui/button';
import { useSession } from '../../auth/session-context';
import { AppStoreLinks } from './public-layout';

/** What each sport of spec §3 looks like and what it means on Switchback. */
const SPORT_DETAILS: Record<SportId, { blurb: string; icon: IconName }> = {
  53: { blurb: 'Singletrack, enduro laps and bike-park days.', icon: 'bikeTrail' },
  37: { blurb: 'Longer loops and bigger climbs with a little help from the battery.', icon: 'bikeElectric' },
  34: { blurb: 'Club spins, gran fondos and the café stop in the middle.', icon: 'bikeRoad' },
  35: { blurb: 'Day hikes, summit pushes and multi-day treks.', icon: 'summit' },
  5: { blurb: 'Trail runs, tempo sessions and race day.', icon: 'shoe' },
  54: { blurb: 'Dog walks, the long way to work and slow Sunday strolls.', icon: 'walker' },
  59: { blurb: 'Paddling, climbing, skiing: if it gets you outside, it counts.', icon: 'compass' },
};

const FEATURES: { title: string; text: string; icon: IconName }[] = [
  {
    title: 'Share the ride',
    text: 'Post photos and short videos from the trail, tag the people you were out with, and add the hashtags others search for.',
    icon: 'photo',
  },
  {
    title: 'React and comment',
    text: 'Cheer a first big climb with a reaction, ask about the line through the rock garden, and reply in threads.',
    icon: 'commentText',
  },
  {
    title: 'Follow your crew',
    text: 'Follow friends, clubs and local legends. Keep your profile private if you like and approve each follow request yourself.',
    icon: 'userPlus',
  },
  {
    title: 'Events with a route on a map',
    text: "Join or organise group rides, hikes and challenges. Draw the route, set the meeting point and the goals, and see who's interested and who's going.",
    icon: 'routeMap',
  },
  {
    title: 'Log every activity',
    text: 'Keep distance, time and elevation for every outing, look back over your weeks on charts, and share live location while you are out.',
    icon: 'activities',
  },
  {
    title: 'Keep a gear list',
    text: 'Bikes, boots and shoes with the details riders actually ask about: year, frame size, wheel size, travel and build kit.',
    icon: 'gear',
  },
  {
    title: 'Accounts for the kids',
    text: 'Parents and guardians add associates for their children and decide, permission by permission, what each one can post, join and see.',
    icon: 'family',
  },
  {
    title: 'You stay in control',
    text: 'Block, mute or report any member, post, short or comment. Blocked members cannot see you, and reports go straight to our moderators.',
    icon: 'shield',
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
      <Icon name="contours" className="pointer-events-none absolute inset-0 size-full text-line" />
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
        <Icon name="routePreview" className="mt-3 block w-full rounded-xl bg-surface-2" />
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
            <Icon name="heartFilled" className="size-4 text-brand" />
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
              <Icon name={SPORT_DETAILS[sport.id].icon} className="size-7" strokeWidth="1.7" />
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
                <Icon name={f.icon} className="size-6" strokeWidth="1.7" />
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
              <Icon name="checkCircle" className="mt-0.5 size-6 shrink-0 text-success" strokeWidth="2" />
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

/**
 * A route whose start and finish fade out inside a privacy zone. Kept here rather than in feature-icons.tsx: it is
 * not a drawing alone, its caption is the page's own words (a <text>).
 */
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
        <Icon name="ridge" className="pointer-events-none absolute inset-x-0 bottom-0 h-24 w-full opacity-20" />
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
