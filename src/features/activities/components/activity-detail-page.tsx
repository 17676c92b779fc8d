import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, type ReactNode } from 'react';
import { Icon } from '../../../components/icons';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUnits } from '../../../lib/units';
import { CommentThread } from '../../comments/components/comment-thread';
import { activityComments } from '../activity-comments';
import { activityDetailQuery } from '../api';
import { usesPace } from '../pace-sports';
import { ActivityActions, ActivityMenu } from './activity-actions';
import { ActivityGear, type ActivityGearPickerProps } from './activity-gear';
import { ActivityHeader } from './activity-header';
import { ActivityTrackView } from './activity-track-view';
import { HeartRateZones } from './heart-rate-zones';
import { SplitsTable } from './splits-table';

type Props = {
  activityId: number;
  /** Opens the post composer with this activity linked (the route knows the feeds); without it, no share button. */
  onShare?: ((activityId: number) => void) | undefined;
  /** The owner's gear picker (the gear area's, which the route knows); without it, the gear is only shown. */
  gearPicker?: ((props: ActivityGearPickerProps) => ReactNode) | undefined;
};

/**
 * `/activities/$activityId`: one activity whole — who, what and when, its figures, the map with its track (trimmed at
 * the owner's privacy zones for anyone else, the hidden parts marked for the owner), the charts linked to the map,
 * heart-rate zones, splits and laps, the gear it was done with, kudos and comments. The owner edits, deletes, shares
 * it, changes its gear and downloads the original file; anyone who sees it may download its GPX.
 */
export function ActivityDetailPage({ activityId, onShare, gearPicker }: Props) {
  const { data: activity } = useQuery(activityDetailQuery(activityId));
  const navigate = useNavigate();
  const units = useUnits();
  useDocumentTitle(activity?.title);
  // The header and figures come in the first frame; the map, charts, tables and comments follow at low priority
  // (check P10). A link to a part of the page (#comments) gets it all at once, so the browser can scroll to it.
  const hash = useLocation({ select: (l) => l.hash });
  const whole = useDeferredValue(true, hash !== '');
  // The route's loader has the activity before this renders; a deletion leaves for the list before it goes.
  if (!activity) return <PageSpinner />;

  const splits = units === 'metric' ? activity.splits.metric : activity.splits.imperial;
  const pace = usesPace(activity.sportId);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 pb-8">
      <div className="flex items-center gap-2 px-2 sm:px-0">
        {/* Back to the log it came from: yours, or the athlete's on their profile. */}
        <Link
          {...(activity.isOwner ? { to: '/activities' } : { to: '/profile/$username/activities', params: { username: activity.author.handleName } })}
          className="flex min-h-11 items-center gap-1 rounded-full pr-3 pl-2 text-sm font-semibold text-muted hover:bg-surface-2 hover:text-fg"
        >
          <Icon name="chevronLeft" className="size-5" strokeWidth="2" />
          {activity.isOwner ? 'Activities' : `${activity.author.firstName}’s activities`}
        </Link>
      </div>
      <ActivityHeader
        activity={activity}
        menu={<ActivityMenu activity={activity} onDeleted={() => navigate({ to: '/activities' })} />}
        actions={<ActivityActions activity={activity} onShare={onShare} />}
      />
      <ActivityGear activity={activity} picker={gearPicker} />
      {whole && activity.hasTrack && <ActivityTrackView activity={activity} />}
      {whole && activity.heartRateZones && <HeartRateZones zones={activity.heartRateZones} />}
      {whole && splits.length > 0 && (
        <SplitsTable title={units === 'metric' ? 'Splits per kilometre' : 'Splits per mile'} rowName={units === 'metric' ? 'Km' : 'Mile'} splits={splits} units={units} pace={pace} />
      )}
      {whole && activity.laps.length > 0 && <SplitsTable title="Laps" rowName="Lap" splits={activity.laps} units={units} pace={pace} />}
      {whole && (
        <section id="comments" className="scroll-mt-20 border-line bg-surface p-4 sm:rounded-2xl sm:border">
          <CommentThread adapter={activityComments} subjectId={activity.id} moderatorIds={[activity.author.userId]} />
        </section>
      )}
    </div>
  );
}
