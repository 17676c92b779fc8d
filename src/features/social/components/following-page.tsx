import { followListQuery } from '../api';
import { FollowButton } from './follow-button';
import { MemberList } from './member-list';
import { MemberRow } from './member-row';
import { SearchBox } from '../../../components/search-box';
import { useSearchText } from '../use-search-text';
import { SocialPage } from './social-page';

/** `/following`: the members the viewer follows, searchable, each with its follow button (to unfollow). */
export function FollowingPage() {
  const { text, setText, settled } = useSearchText();
  return (
    <SocialPage title="Following" intro="The members you follow. Their posts and activities show in your feed.">
      <SearchBox value={text} onChange={setText} label="Search the members you follow" placeholder="Search by name or handle" />
      <MemberList
        query={followListQuery('following', settled)}
        label="Members you follow"
        searching={settled !== ''}
        empty={{ title: 'You do not follow anyone yet.', hint: 'Find people to follow under Members.' }}
        renderRow={(m) => <MemberRow member={m} action={<FollowButton member={m} size="sm" />} />}
      />
    </SocialPage>
  );
}
