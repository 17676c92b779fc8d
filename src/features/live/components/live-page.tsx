import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { NotPermittedNotice } from '../../auth/components/not-permitted-notice';
import { useCan } from '../../auth/use-can';
import { liveNowQuery } from '../api';
import { LiveNowSection } from './live-now-section';
import { SharerPanel } from './sharer-panel';
import { StartForm } from './start-form';
import type { ActivitySaved, VisibilityWords } from './stop-dialog';

/**
 * `/activities/live`: the member's own session (or the form to start one, if they may share), then everyone they may
 * watch now. Saving the session as an activity speaks and reaches the activities area through what the route hands in.
 */
export function LivePage({ visibilityWords, onActivitySaved }: { visibilityWords: VisibilityWords; onActivitySaved: ActivitySaved }) {
  const now = useQuery(liveNowQuery);
  const mayShare = useCan('share_live');
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 pb-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">Live activities</h1>
        <p className="text-sm text-muted">Share where you are while you are out, and follow the people who share with you.</p>
      </header>
      {now.isPending ? (
        <div className="flex justify-center p-8">
          <Spinner label="Loading live activities" />
        </div>
      ) : now.isError ? (
        <LoadError what="Live activities" error={now.error} onRetry={() => void now.refetch()} />
      ) : (
        <>
          {now.data.own ? (
            <SharerPanel own={now.data.own} visibilityWords={visibilityWords} onActivitySaved={onActivitySaved} />
          ) : mayShare ? (
            <StartForm shareableEvents={now.data.shareableEvents} />
          ) : (
            <NotPermittedNotice permission="share_live" />
          )}
          <LiveNowSection sessions={now.data.sessions} />
        </>
      )}
    </div>
  );
}
