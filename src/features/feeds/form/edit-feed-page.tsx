import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Feed } from '#contract/feeds';
import { DiscardChangesDialog } from '../../../components/discard-changes-dialog';
import { buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { UnavailableNotice } from '../../../components/unavailable-notice';
import { ApiError } from '../../../lib/api-error';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { NotPermittedNotice } from '../../auth/components/not-permitted-notice';
import { useSession } from '../../auth/session-context';
import { useCan } from '../../auth/use-can';
import { feedDetailQuery } from '../api';
import { feedWords } from '../feed-words';
import { FeedForm } from './feed-form';

/**
 * `/feeds/edit`: the feed form on a page of its own. With `feedId` it edits that post (only its author may); without,
 * it writes a new one (spec §4: create versus edit is the presence of an id). Drafts reopen here from My posts.
 */
export function EditFeedPage({ feedId }: { feedId: number | undefined }) {
  const mayPost = useCan('post');
  if (!mayPost) return <NotPermittedNotice permission="post" />;
  if (feedId === undefined) return <FeedFormPage feed={null} />;
  return <EditExisting feedId={feedId} />;
}

function EditExisting({ feedId }: { feedId: number }) {
  const { user } = useSession();
  const query = useQuery(feedDetailQuery(feedId));
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    // A missing post and one the viewer may not see both answer 404 (check 10): one not-found state for both.
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403)) return <PostNotEditable />;
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
        <h1 className="text-2xl font-bold">This post could not be loaded</h1>
        <button type="button" className={buttonClass('primary')} onClick={() => void query.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  // Someone else's post is not editable, and saying more would tell what exists.
  if (query.data.author.userId !== user?.userId) return <PostNotEditable />;
  return <FeedFormPage feed={query.data} />;
}

function FeedFormPage({ feed }: { feed: Feed | null }) {
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const { question } = useUnsavedChangesGuard({ dirty, words: feed ? feedWords.discardPostChanges : feedWords.discardNewPost });
  // After a save nothing is lost, so that departure is not asked about; Cancel is, when something would be.
  const leave = (post: Feed | null, saved: boolean) =>
    post && !post.isDraft
      ? navigate({ to: '/feeds/$feedId', params: { feedId: String(post.id) }, ignoreBlocker: saved })
      : navigate({ to: '/feeds/myFeeds', ignoreBlocker: saved });
  return (
    <section aria-labelledby="feed-form-title" className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 id="feed-form-title" className="text-2xl font-bold">
        {feed ? (feed.isDraft ? 'Edit draft' : 'Edit post') : 'New post'}
      </h1>
      <div className="rounded-2xl border border-line bg-surface p-4 sm:p-6">
        <FeedForm
          key={feed?.id ?? 'new'}
          feed={feed}
          onSaved={(saved) => void leave(saved, true)}
          onCancel={() => void leave(feed, false)}
          onDirtyChange={setDirty}
        />
      </div>
      <DiscardChangesDialog question={question} />
    </section>
  );
}

/** The edit form for a post that is gone or not the member's own. */
function PostNotEditable() {
  return (
    <UnavailableNotice
      title="Post not found"
      action={
        <Link to="/feeds/myFeeds" className={buttonClass('primary')}>
          Go to My posts
        </Link>
      }
    >
      This post does not exist any more, or it is not yours to edit.
    </UnavailableNotice>
  );
}
