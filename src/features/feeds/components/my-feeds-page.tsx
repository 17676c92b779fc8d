import { FeedList } from './feed-list';
import { Composer, EmptyState } from './feeds-page';
import { useFeedFormActions } from '../form/feed-form-context';
import { buttonClass } from '../../../components/ui/button';
import { useCan } from '../../auth/use-can';

/** `/feeds/myFeeds`: everything you have posted, drafts included (marked), each to edit or delete from its menu. */
export function MyFeedsPage() {
  const { open } = useFeedFormActions();
  const mayPost = useCan('post');
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 pb-8">
      <header className="flex flex-col gap-1 px-4 sm:px-0">
        <h1 className="text-2xl font-bold">My posts</h1>
        <p className="text-sm text-muted">Everything you have shared, drafts included. Only you see your drafts.</p>
      </header>
      <Composer />
      <FeedList
        filters={{ filter_type: 'mine' }}
        label="Your posts"
        empty={
          <EmptyState
            title="You haven’t posted yet"
            hint="Share a photo from your last ride, hike or run, or save a draft to finish later."
            action={
              mayPost && (
                <button type="button" className={buttonClass('primary')} onClick={() => open()}>
                  Share something
                </button>
              )
            }
          />
        }
      />
    </div>
  );
}
