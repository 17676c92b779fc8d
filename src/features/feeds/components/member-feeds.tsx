import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';
import { FeedList } from './feed-list';
import { EmptyState } from './feeds-page';

/**
 * A member's posts on their profile (the Posts tab), newest first. The profile page already keeps a private
 * member's tabs away from a viewer who does not follow them; the server answers the same.
 */
export function MemberFeeds({ handleName }: { handleName: string }) {
  return (
    <div className="-mx-6 text-left sm:mx-0">
      <FeedList
        filters={{ filter_type: 'all', handleName }}
        label={`Posts by @${handleName}`}
        empty={<EmptyState title="No posts yet" hint={`When @${handleName} shares a ride, hike or run, it shows up here.`} />}
      />
    </div>
  );
}

/** The Feeds tab of your own profile: your posts, drafts included, with a way to all of them. */
export function OwnFeeds() {
  return (
    <div className="flex flex-col gap-4 text-left">
      <FeedList
        filters={{ filter_type: 'mine' }}
        label="Your posts"
        empty={<EmptyState title="You haven’t posted yet" hint="Share a photo from your last ride, hike or run." />}
      />
      <Link to="/feeds/myFeeds" className={buttonClass('secondary', 'self-center')}>
        Manage my posts
      </Link>
    </div>
  );
}
