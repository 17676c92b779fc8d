import { useState } from 'react';
import type { MemberCard } from '#contract/social';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { followListQuery } from '../api';
import { useRemoveFollower } from '../follow-mutations';
import { FollowButton } from './follow-button';
import { MemberList } from './member-list';
import { fullName, MemberRow } from './member-row';
import { SearchBox } from '../../../components/search-box';
import { useSearchText } from '../use-search-text';
import { SocialPage } from './social-page';

/** `/followers`: everyone who follows the viewer, searchable; each can be followed back or removed. */
export function FollowersPage() {
  const { text, setText, settled } = useSearchText();
  const [removing, setRemoving] = useState<MemberCard | null>(null);
  return (
    <SocialPage title="Your followers" intro="Everyone who follows you. Removing a follower does not tell them.">
      <SearchBox value={text} onChange={setText} label="Search your followers" placeholder="Search by name or handle" />
      <MemberList
        query={followListQuery('followers', settled)}
        label="Your followers"
        searching={settled !== ''}
        empty={{ title: 'No followers yet.', hint: 'When someone follows you, they show up here.' }}
        renderRow={(m) => (
          <MemberRow
            member={m}
            action={
              <>
                <FollowButton member={m} size="sm" />
                <button
                  type="button"
                  aria-label={`Remove @${m.handleName}`}
                  onClick={() => setRemoving(m)}
                  className="min-h-11 rounded-lg px-3 text-sm font-semibold text-muted hover:bg-surface-2 hover:text-danger"
                >
                  Remove
                </button>
              </>
            }
          />
        )}
      />
      {removing && <RemoveFollowerDialog member={removing} onClose={() => setRemoving(null)} />}
    </SocialPage>
  );
}

function RemoveFollowerDialog({ member, onClose }: { member: MemberCard; onClose(): void }) {
  const remove = useRemoveFollower();
  const name = fullName(member) || `@${member.handleName}`;
  return (
    <ConfirmDialog
      title="Remove this follower?"
      description={
        <p>
          {name} (@{member.handleName}) will no longer follow you. They are not told. If your profile is private, they
          need your approval to follow you again.
        </p>
      }
      confirmLabel="Remove"
      busy={remove.isPending}
      onConfirm={() => remove.mutate(member.userId, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
