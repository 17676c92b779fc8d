import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, type ReactNode } from 'react';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { CommentThread } from '../../comments/components/comment-thread';
import { eventComments } from '../event-comments';
import { eventDetailQuery } from '../api';
import { DetailPeople } from './detail-people';
import { DetailRoute } from './detail-route';
import { DetailSummary } from './detail-summary';
import { EventMenu } from './event-menu';
import { EventProgress, hasProgress } from './event-progress';
import { Icon } from '../../../components/icons';

/**
 * `/events/$eventId`: one event whole — what, when (in its own zone) and where, the route on the map with its
 * elevation profile, who runs it and who is going, their progress toward its goals, Interested / Going, reactions and
 * the comment thread. The organiser and co-hosts edit it from the menu; the organiser alone cancels or deletes it.
 * `live` is who is live on the event now, the live area's part, handed in by the route (the areas never import each
 * other); a draft has no one going, so it shows none.
 */
export function EventDetailPage({ eventId, live }: { eventId: number; live?: ReactNode }) {
  const { data: event } = useQuery(eventDetailQuery(eventId));
  const navigate = useNavigate();
  const now = useNow();
  useDocumentTitle(event?.eventName);
  // What, when and Going come in the first frame; the route's map, the people and the comments follow at low
  // priority, in slices between frames (the whole page in one go held the thread ~100 ms at 4x CPU: check P7).
  // A link to a part of the page (#comments) gets it all at once, so the browser can scroll to it.
  const hash = useLocation({ select: (l) => l.hash });
  const whole = useDeferredValue(true, hash !== '');
  // The route's loader has the event before this renders; a deletion leaves for the list before the event goes.
  if (!event) return <PageSpinner />;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 pb-8">
      <div className="flex items-center gap-2 px-2 sm:px-0">
        <Link to="/events" className="flex min-h-11 items-center gap-1 rounded-full pr-3 pl-2 text-sm font-semibold text-muted hover:bg-surface-2 hover:text-fg">
          <Icon name="chevronLeft" className="size-5" strokeWidth="2" />
          Events
        </Link>
      </div>
      <DetailSummary event={event} menu={<EventMenu event={event} onDeleted={() => navigate({ to: '/events' })} />} onLeave={() => navigate({ to: '/events' })} />
      {whole && !event.isDraft && live}
      {whole && <DetailRoute event={event} />}
      {whole && <DetailPeople event={event} />}
      {whole && hasProgress(event, now) && <EventProgress event={event} />}
      {whole && !event.isDraft && (
        <section id="comments" className="scroll-mt-20 border-line bg-surface p-4 sm:rounded-2xl sm:border">
          <CommentThread adapter={eventComments} subjectId={event.id} moderatorIds={[event.createdBy.userId, ...event.coHosts.map((c) => c.userId)]} />
        </section>
      )}
    </div>
  );
}
