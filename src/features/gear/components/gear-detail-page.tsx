import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { Feed } from '#contract/feeds';
import type { GearActivity } from '#contract/gear';
import { sportName } from '#contract/sports';
import { Avatar } from '../../../components/avatar';
import { Icon } from '../../../components/icons';
import { PhotoGrid } from '../../../components/photo-grid';
import { PageSpinner } from '../../../components/ui/spinner';
import { displayName } from '../../../lib/display-name';
import { formatDuration } from '../../../lib/duration-format';
import { dateTimeFormat } from '../../../lib/intl-format';
import { formatDistance, useUnits } from '../../../lib/units';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../auth/session-context';
import { gearDetailQuery } from '../api';
import { gearDetailFacts } from '../gear-format';
import { GearBadges } from './gear-badges';
import { GearComponents } from './gear-components';
import { GearOwnerActions } from './gear-owner-actions';
import { GearShareActions } from './gear-share-actions';
import { GearTotals } from './gear-totals';

/**
 * `/gears/$gearId`: one piece whole — its photos (opening the full-screen viewer), sport, make, model, year and the
 * sport's details, notes, totals, its components with their wear and the latest activities it was used on. The owner
 * edits, retires (or brings it back) and deletes it, looks after its components and posts about it; anyone who sees it
 * can share its link. `onPosted` is the route's: a new post reaching the feed area's caches.
 */
export function GearDetailPage({ gearId, onPosted }: { gearId: number; onPosted?: (post: Feed) => unknown }) {
  const { data } = useQuery(gearDetailQuery(gearId));
  const { user } = useSession();
  const headingId = useId();
  useDocumentTitle(data?.gear.title);
  // The route's loader has it before this renders; a deletion leaves for the list before it goes.
  if (!data) return <PageSpinner />;
  const { gear, components, recentActivities } = data;
  const own = gear.owner.userId === user?.userId;
  const facts = [
    ...(gear.brand ? [{ label: 'Brand', value: gear.brand }] : []),
    ...(gear.model ? [{ label: 'Model', value: gear.model }] : []),
    ...(gear.year !== null ? [{ label: 'Year', value: String(gear.year) }] : []),
    ...gearDetailFacts(gear),
  ];

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 pb-8">
      <div className="flex items-center gap-2 px-2 sm:px-0">
        <Link
          {...(own ? { to: '/profile/gears' } : { to: '/profile/$username/gears', params: { username: gear.owner.handleName } })}
          className="flex min-h-11 items-center gap-1 rounded-full pr-3 pl-2 text-sm font-semibold text-muted hover:bg-surface-2 hover:text-fg"
        >
          <Icon name="chevronLeft" className="size-5" strokeWidth="2" />
          {own ? 'Your gear' : `${gear.owner.firstName}’s gear`}
        </Link>
      </div>
      <article aria-labelledby={headingId} className="flex flex-col gap-4 border-line bg-surface p-4 sm:rounded-2xl sm:border">
        <header className="flex flex-col gap-2">
          {!own && (
            <Link to="/profile/$username" params={{ username: gear.owner.handleName }} className="flex min-h-11 items-center gap-2 self-start rounded-lg pr-2 hover:bg-surface-2">
              <Avatar src={gear.owner.profileImage} name={displayName(gear.owner)} size="sm" />
              <span className="font-semibold">{displayName(gear.owner)}</span>
            </Link>
          )}
          <h1 id={headingId} className="text-2xl leading-tight font-bold break-words">
            {gear.title}
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{sportName(gear.sportId)}</span>
            <GearBadges gear={gear} />
          </p>
          <div className="flex flex-wrap gap-2">
            {own && <GearOwnerActions gear={gear} />}
            <GearShareActions gear={gear} own={own} onPosted={onPosted} />
          </div>
        </header>
        {gear.images.length > 0 && <PhotoGrid images={gear.images} title={gear.title} />}
        {facts.length > 0 && (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {facts.map((fact) => (
              <div key={fact.label} className="flex flex-col">
                <dt className="text-xs text-muted">{fact.label}</dt>
                <dd className="font-medium break-words">{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {gear.notes && <p className="text-sm break-words whitespace-pre-wrap">{gear.notes}</p>}
      </article>
      <section aria-labelledby={`${headingId}-totals`} className="flex flex-col gap-3 border-line bg-surface p-4 sm:rounded-2xl sm:border">
        <h2 id={`${headingId}-totals`} className="text-lg font-bold">
          Totals
        </h2>
        <GearTotals totals={gear.totals} />
      </section>
      <GearComponents gearId={gear.id} components={components} own={own} />
      <RecentGearActivities activities={recentActivities} />
    </div>
  );
}

function RecentGearActivities({ activities }: { activities: GearActivity[] }) {
  const units = useUnits();
  const headingId = useId();
  const day = dateTimeFormat(undefined, { dateStyle: 'medium' });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-line bg-surface p-4 sm:rounded-2xl sm:border">
      <h2 id={headingId} className="text-lg font-bold">
        Recent activities
      </h2>
      {activities.length === 0 ? (
        <p className="text-sm text-muted">No activities with this gear yet.</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-line">
          {activities.map((activity) => (
            <li key={activity.id} className="flex flex-col py-2.5">
              <Link to="/activities/$activityId" params={{ activityId: String(activity.id) }} className="truncate font-semibold hover:underline">
                {activity.title}
              </Link>
              <span className="text-xs text-muted">
                {sportName(activity.sportId)} · <time dateTime={activity.startAt}>{day.format(new Date(activity.startAt))}</time> · {formatDistance(activity.distance, units)} ·{' '}
                {formatDuration(activity.movingTime)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
