import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EVENT_INVITES_MAX } from '#contract/events';
import type { MemberSummary } from '#contract/social';
import { Avatar } from '../../../components/avatar';
import { SearchBox } from '../../../components/search-box';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { displayName } from '../../../lib/display-name';
import { useInviteMembers } from '../detail-mutations';
import { invitableMembersQuery } from '../detail-queries';

/**
 * Invite members (organiser and co-hosts): search among the members they may invite (their followers and the members
 * they follow), tick as many as needed (up to the contract's limit), send once. Each one invited gets a notification;
 * the toast says how many. A refusal (the daily cap) is said here, the members chosen kept.
 */
export function InviteDialog({ eventId, onClose }: { eventId: number; onClose(): void }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<MemberSummary[]>([]);
  const query = useDebouncedValue(search.trim(), 250);
  const options = useQuery(invitableMembersQuery(query));
  const invite = useInviteMembers();
  const full = chosen.length >= EVENT_INVITES_MAX;

  const isChosen = (userId: number) => chosen.some((m) => m.userId === userId);
  const toggle = (member: MemberSummary) =>
    setChosen((list) => (list.some((m) => m.userId === member.userId) ? list.filter((m) => m.userId !== member.userId) : [...list, member]));

  const send = () =>
    invite.mutate({ challengeId: eventId, userIds: chosen.map((m) => m.userId) }, { onSuccess: onClose });

  return (
    <Dialog
      title="Invite members"
      description={<p className="text-muted">Members who follow you, or whom you follow. They get a notification with a link to this event.</p>}
      onClose={onClose}
    >
      <div className="flex flex-col gap-3">
        <SearchBox value={search} onChange={setSearch} label="Search members" placeholder="Search by name or handle" />

        {chosen.length > 0 && (
          <ul aria-label="Chosen members" className="flex flex-wrap gap-1.5">
            {chosen.map((m) => (
              <li key={m.userId}>
                <button
                  type="button"
                  onClick={() => toggle(m)}
                  aria-label={`Remove ${displayName(m)}`}
                  className="flex min-h-9 items-center gap-1.5 rounded-full bg-surface-2 py-1 pr-2.5 pl-1 text-sm hover:bg-surface-3"
                >
                  <Avatar src={m.profileImage} name={displayName(m)} size="sm" />
                  <span className="max-w-40 truncate">{displayName(m)}</span>
                  <span aria-hidden="true" className="text-muted">
                    ×
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}

        <div className="max-h-72 min-h-40 overflow-y-auto" aria-busy={options.isFetching || undefined}>
          {options.isPending ? (
            <div className="flex justify-center p-6">
              <Spinner label="Loading members" />
            </div>
          ) : options.isError ? (
            <div className="flex flex-col items-center gap-3 p-6 text-center text-sm text-muted">
              <p>Members could not be loaded.</p>
              <Button variant="secondary" onClick={() => void options.refetch()}>
                Try again
              </Button>
            </div>
          ) : options.data.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted">
              {query
                ? `None of your followers or the members you follow matches “${query}”.`
                : 'No one to invite yet: members who follow you, or whom you follow, show here.'}
            </p>
          ) : (
            <ul aria-label="Members" className="flex flex-col">
              {options.data.map((m) => {
                const on = isChosen(m.userId);
                return (
                  <li key={m.userId}>
                    <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg px-1 py-1.5 hover:bg-surface-2 has-disabled:cursor-not-allowed has-disabled:opacity-60">
                      <input type="checkbox" checked={on} disabled={!on && full} onChange={() => toggle(m)} className="size-5 shrink-0 accent-brand" />
                      <Avatar src={m.profileImage} name={displayName(m)} />
                      <span className="flex min-w-0 flex-col">
                        <span className="truncate font-semibold">{displayName(m)}</span>
                        <span className="truncate text-sm text-muted">@{m.handleName}</span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {full && <p className="text-sm text-muted">Up to {EVENT_INVITES_MAX} members at a time.</p>}
        {invite.isError && (
          <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
            {invite.error.message}
          </p>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={invite.isPending}>
            Close
          </Button>
          <Button busy={invite.isPending} disabled={chosen.length === 0} onClick={send}>
            {chosen.length === 0 ? 'Invite' : `Invite ${chosen.length} ${chosen.length === 1 ? 'member' : 'members'}`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
