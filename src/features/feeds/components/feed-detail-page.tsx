import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { UnavailableNotice } from '../../../components/unavailable-notice';
import { displayName } from '../../../lib/display-name';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CommentThread } from '../../comments/components/comment-thread';
import { feedComments } from '../feed-comments';
import { feedDetailQuery } from '../api';
import { FeedCard } from './feed-card';
import { Icon } from '../../../components/icons';

/** `/feeds/$feedId`: one post, whole, with its comment thread. Its address is the link to share. */
export function FeedDetailPage({ feedId }: { feedId: number }) {
  const { data: feed } = useQuery(feedDetailQuery(feedId));
  const navigate = useNavigate();
  useDocumentTitle(feed && (feed.title.trim() || `Post by ${displayName(feed.author)}`));
  // The route's loader has the post before this renders; a deletion leaves for the feed before the post goes.
  if (!feed) return <PageSpinner />;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 pb-8">
      <div className="flex items-center gap-2 px-2 sm:px-0">
        <Link to="/feeds" className="flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg" aria-label="Back to the feed">
          <Icon name="chevronLeft" className="size-5" strokeWidth="2" />
        </Link>
        <h1 className="text-xl font-bold">Post</h1>
      </div>
      <FeedCard feed={feed} variant="detail" onDeleted={() => navigate({ to: '/feeds' })} />
      {!feed.isDraft && (
        <section id="comments" className="scroll-mt-20 border-line bg-surface p-4 sm:rounded-2xl sm:border">
          <CommentThread adapter={feedComments} subjectId={feed.id} moderatorIds={[feed.author.userId]} />
        </section>
      )}
    </div>
  );
}

/** A post that does not exist, was deleted, or is not the viewer's to see: one answer for all three (check 10). */
export function FeedNotFound() {
  return (
    <UnavailableNotice
      title="This post isn’t available"
      action={
        <Link to="/feeds" className={buttonClass('primary')}>
          Back to the feed
        </Link>
      }
    >
      It may have been deleted, or it’s from a private account you don’t follow.
    </UnavailableNotice>
  );
}
