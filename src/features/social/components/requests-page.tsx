import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
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
import { useCan, useManagerName } from '../../auth/use-can';

/** `/followers/requests`: who asked to follow the viewer's private profile, to accept or decline one by one. */
export function RequestsPage() {
  const { text, setText, settled } = useSearchText();
  const forget = useForgetAnsweredRequests();
  const { data: answered } = useQuery(answeredRequestsQuery);
  useEffect(() => forget, [forget]);
  const answeredList = answered?.pages[0]?.list ?? [];
  const latest = answeredList[0];
  // An associate whose owner has not allowed new followers (issue 25) may only decline.
  const mayAccept = useCan('accept_followers');
  const manager = useManagerName();
  const reasonId = useId();
  return (
    <SocialPage title="Follow requests" intro="People who asked to follow your private profile. They are not told when you decline.">
      {!mayAccept && (
        <p id={reasonId} className="rounded-lg bg-surface-2 p-3 text-sm">
          {manager} has not allowed you to accept followers, so requests can only be declined.
        </p>
      )}
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
        renderRow={(m) => <RequestRow member={m} notAllowedId={mayAccept ? undefined : reasonId} />}
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

/** `notAllowedId`: the reason Accept is off, when it is. */
function RequestRow({ member, notAllowedId }: { member: MemberCard; notAllowedId: string | undefined }) {
  const accept = useAcceptRequest();
  const decline = useDeclineRequest();
  const busy = accept.isPending || decline.isPending;
  const action = (
    <>
      <Button
        aria-label={`Accept @${member.handleName}`}
        aria-describedby={notAllowedId}
        size="sm"
        busy={accept.isPending}
        disabled={busy || notAllowedId !== undefined}
        onClick={() => accept.mutate(member)}
      >
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
