import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MemberCard } from '#contract/social';
import { Button } from '../../../components/ui/button';
import { followListQuery } from '../api';
import { answeredRequestsQuery, useAcceptRequest, useDeclineRequest, useForgetAnsweredRequests, type AnsweredRequest } from '../follow-mutations';
import { FollowButton } from './follow-button';
import { MemberList } from './member-list';
import { MemberRow } from './member-row';
import { SearchBox } from '../../../components/search-box';
import { useSearchText } from '../use-search-text';
import { SocialPage } from './social-page';

/** `/followers/requests`: who asked to follow the viewer's private profile, to accept or decline one by one. */
export function RequestsPage() {
  const { text, setText, settled } = useSearchText();
  const forget = useForgetAnsweredRequests();
  const { data: answered } = useQuery(answeredRequestsQuery);
  useEffect(() => forget, [forget]);
  const answeredList = answered?.pages[0]?.list ?? [];
  const latest = answeredList[0];
  return (
    <SocialPage title="Follow requests" intro="People who asked to follow your private profile. They are not told when you decline.">
      <SearchBox value={text} onChange={setText} label="Search follow requests" placeholder="Search by name or handle" />
      <p role="status" className="sr-only">
        {latest ? `@${latest.handleName}: request ${latest.answer}.` : ''}
      </p>
      {answeredList.length > 0 && (
        <section aria-labelledby="answered-title" className="flex flex-col gap-2">
          <h2 id="answered-title" className="text-sm font-semibold text-muted">
            Answered just now
          </h2>
          <ul aria-labelledby="answered-title" className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
            {answeredList.map((m) => (
              <AnsweredRow key={m.userId} member={m} />
            ))}
          </ul>
        </section>
      )}
      <MemberList
        query={followListQuery('requests', settled)}
        label="Follow requests"
        searching={settled !== ''}
        empty={{
          title: answeredList.length > 0 ? 'No more requests waiting.' : 'No follow requests.',
          hint: 'When your profile is private, requests to follow you wait here.',
        }}
        renderRow={(m) => <RequestRow member={m} />}
      />
    </SocialPage>
  );
}

function AnsweredRow({ member }: { member: AnsweredRequest }) {
  const action =
    member.answer === 'accepted' ? (
      <>
        <span className="text-sm font-semibold text-success">Accepted</span>
        <FollowButton member={member} size="sm" />
      </>
    ) : (
      <span className="text-sm font-semibold text-muted">Declined</span>
    );
  return <MemberRow member={member} action={action} />;
}

function RequestRow({ member }: { member: MemberCard }) {
  const accept = useAcceptRequest();
  const decline = useDeclineRequest();
  const busy = accept.isPending || decline.isPending;
  const action = (
    <>
      <Button aria-label={`Accept @${member.handleName}`} size="sm" busy={accept.isPending} disabled={busy} onClick={() => accept.mutate(member)}>
        Accept
      </Button>
      <Button
        aria-label={`Decline @${member.handleName}`}
        variant="secondary"
        size="sm"
        busy={decline.isPending}
        disabled={busy}
        onClick={() => decline.mutate(member)}
      >
        Decline
      </Button>
    </>
  );
  return <MemberRow member={member} action={action} />;
}
