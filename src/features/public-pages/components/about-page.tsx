import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';
import { useSession } from '../../auth/session-context';
import { proseClass } from './public-layout';
import { Icon } from '../../../components/icons';

const BELIEFS = [
  {
    title: 'Outside is better together',
    text: 'The best days out usually start with someone saying "I know a loop". Switchback is built around the people you ride, hike and run with, not around a leaderboard.',
  },
  {
    title: 'Every sport counts',
    text: 'A downhill lap, a 60-mile road ride and a slow walk with the dog all belong in the same feed. Nobody has to be fast to be welcome.',
  },
  {
    title: 'Your location is yours',
    text: 'Privacy zones, live location that only the people you choose can see, and profiles you can make private. Sharing a ride should never mean sharing your address.',
  },
  {
    title: 'Kids deserve a careful start',
    text: 'Children join as associates of a parent or guardian, who decides what they can do, one permission at a time, and can pause or remove the account whenever they want.',
  },
  {
    title: 'No ad trackers',
    text: 'We do not sell your data and we do not put advertising trackers in your browser. What you log on Switchback is used to run Switchback.',
  },
  {
    title: 'Trails are shared spaces',
    text: 'Our event tools nudge organisers to describe difficulty honestly, and our rules ask everyone to respect closures, landowners and the people coming the other way.',
  },
] as const;

const AUDIENCES = [
  ['Riders and hikers', 'who want a record of their days out and a feed full of people they actually know.'],
  [
    'Organisers',
    'of club rides, shop rides, run clubs and hiking groups, who need one place to post the route, the meeting point and the plan.',
  ],
  ['Parents and coaches', 'who want young riders and athletes to be part of it, with the right guard rails in place.'],
] as const;

export function AboutPage() {
  const { isSignedIn } = useSession();
  return (
    <>
      <section aria-labelledby="about-title" className="border-b border-line bg-surface-2">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.5fr_1fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand">About Switchback</p>
            <h1 id="about-title" className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
              We build the app for the ride after the ride
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted">
              Switchback is a social network for people who ride mountain bikes, <span className="whitespace-nowrap">e-bikes</span> and road
              bikes, who hike, run and walk. It is where you share the day, plan the next one, and find the people who make both better.
            </p>
          </div>
          <SwitchbackClimb />
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="name-title" className="max-w-3xl">
          <h2 id="name-title" className="text-2xl font-bold tracking-tight">
            Why "Switchback"?
          </h2>
          <div className={proseClass}>
            <p>
              A switchback is the hairpin bend that turns a climb too steep to go straight up into one you can ride or walk. Nobody notices
              a good one. They just find themselves at the top.
            </p>
            <p>
              That is the job we want the app to do. Getting outside is easy to put off: finding a route, finding company, finding out
              whether the trail is dry. Switchback takes those small obstacles out of the way, so more plans turn into actual days out.
            </p>
          </div>

          <h2 className="mt-12 text-2xl font-bold tracking-tight">Who it is for</h2>
          <ul className="mt-4 flex flex-col gap-3">
            {AUDIENCES.map(([who, what]) => (
              <li key={who} className="rounded-xl border border-line p-4">
                <strong className="font-semibold">{who}</strong> <span className="text-muted">{what}</span>
              </li>
            ))}
          </ul>

          <h2 className="mt-12 text-2xl font-bold tracking-tight">How we keep it a good place to be</h2>
          <div className={proseClass}>
            <p>
              Every member can block, mute or report another member, a post, a short video or a comment. Blocking is immediate and total:
              the blocked member can no longer see your profile or your posts. Reports go to our moderators, who act on content that breaks
              the <Link to="/app-terms-of-use">terms of use</Link>.
            </p>
            <p>
              We are also clear about what Switchback is not. Event organisers are members like you, not guides, and the app cannot tell you
              whether a trail is within your ability. Our <Link to="/app-privacy-policy">privacy policy</Link> explains, in plain words,
              what we keep and who can see it.
            </p>
          </div>
        </section>

        <aside aria-labelledby="contact-cta-title" className="h-fit rounded-2xl border border-line bg-surface-2 p-6 lg:sticky lg:top-24">
          <h2 id="contact-cta-title" className="text-lg font-semibold">
            Talk to us
          </h2>
          <p className="mt-2 text-sm text-muted">
            Questions, ideas for the app, a club that wants to move its rides to Switchback, or a problem you need help with: we read every
            message.
          </p>
          <Link to="/contact-us" className={buttonClass('primary', 'mt-5 w-full')}>
            Contact us
          </Link>
        </aside>
      </div>

      <section aria-labelledby="beliefs-title" className="border-t border-line bg-surface-2">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <h2 id="beliefs-title" className="text-3xl font-bold tracking-tight">
            What we believe
          </h2>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {BELIEFS.map((b, i) => (
              <li key={b.title} className="rounded-2xl border border-line bg-surface p-6">
                <span aria-hidden="true" className="text-sm font-bold text-brand">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <h3 className="mt-2 text-lg font-semibold">{b.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted">{b.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="join-title" className="mx-auto max-w-6xl px-4 py-14 text-center sm:px-6 sm:py-20">
        <h2 id="join-title" className="text-3xl font-bold tracking-tight">
          Come along
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-muted">
          Joining takes a minute: your e-mail, a 4-digit code, and the sports you love.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {isSignedIn ? (
            <Link to="/feeds" className={buttonClass('primary', undefined, 'lg')}>
              Open Switchback
            </Link>
          ) : (
            <Link to="/auth/sign-up" className={buttonClass('primary', undefined, 'lg')}>
              Create your account
            </Link>
          )}
          <Link to="/" className={buttonClass('secondary', undefined, 'lg')}>
            See what Switchback does
          </Link>
        </div>
      </section>
    </>
  );
}

/** The hairpin bends the product is named after, climbing a hill to a flag. */
function SwitchbackClimb() {
  return (
    <Icon name="switchbackClimb" className="mx-auto hidden w-full max-w-sm lg:block" />
  );
}
