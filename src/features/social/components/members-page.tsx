import { useState } from 'react';
import { membersQuery } from '../api';
import { FollowButton } from './follow-button';
import { MemberList } from './member-list';
import { MemberRow } from './member-row';
import { SearchBox } from '../../../components/search-box';
import { useSearchText } from '../use-search-text';
import { SocialPage } from './social-page';
import { SportFilter } from '../../../components/sport-filter';

/** `/members`: find riders, hikers and runners by name, handle or sport, and follow them. */
export function MembersPage() {
  const { text, setText, settled } = useSearchText();
  const [sportId, setSportId] = useState<number | undefined>(undefined);
  return (
    <SocialPage title="Members" intro="Find riders, hikers and runners by name, handle or sport, and follow them.">
      <div className="flex flex-col gap-3">
        <SearchBox value={text} onChange={setText} label="Search members" placeholder="Search by name or handle" />
        <SportFilter value={sportId} onChange={(id) => setSportId(typeof id === 'number' ? id : undefined)} />
      </div>
      <MemberList
        query={membersQuery({ search: settled, sportId })}
        label="Members"
        searching={settled !== '' || sportId !== undefined}
        empty={{ title: 'No other members yet.', hint: 'Invite your riding friends: they will show up here.' }}
        renderRow={(m) => <MemberRow member={m} action={<FollowButton member={m} size="sm" />} />}
      />
    </SocialPage>
  );
}
