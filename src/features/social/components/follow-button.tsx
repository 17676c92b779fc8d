import clsx from 'clsx';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCan } from '../../auth/use-can';
import { useFollowToggle, type FollowTarget } from '../follow-toggle';

type Label = 'Follow' | 'Follow back' | 'Requested' | 'Following';

/** What the button says, from where the viewer stands with the member. */
export function followLabel(m: Pick<FollowTarget, 'isFollowing' | 'isRequested' | 'isFollowedBy'>): Label {
  if (m.isFollowing) return 'Following';
  if (m.isRequested) return 'Requested';
  return m.isFollowedBy ? 'Follow back' : 'Follow';
}

/**
 * Follow / Requested / Following / Follow back. Pressed (aria-pressed) while the viewer follows or has asked; the
 * member's handle is part of the name, so a list of buttons reads apart. Unfollowing a private member asks first:
 * getting back in takes a new request. An associate not allowed to follow (issue 25) is offered no Follow, but may
 * still unfollow or withdraw a request.
 */
export function FollowButton({ member, size = 'md', className }: { member: FollowTarget; size?: 'sm' | 'md'; className?: string }) {
  const { follow, unfollow } = useFollowToggle();
  const mayFollow = useCan('follow');
  const [confirming, setConfirming] = useState(false);
  const label = followLabel(member);
  const pressed = member.isFollowing || member.isRequested;
  if (!pressed && !mayFollow) return null;

  const onClick = () => {
    if (!pressed) void follow(member);
    else if (member.isFollowing && member.isPrivate) setConfirming(true);
    else void unfollow(member);
  };

  return (
    <>
      <button
        type="button"
        aria-pressed={pressed}
        // The handle tells a list of these buttons apart for screen readers; the visible word comes first.
        aria-label={`${label} @${member.handleName}`}
        onClick={onClick}
        className={clsx(
          buttonClass(pressed ? 'secondary' : 'primary', className, size),
          'shrink-0',
          size === 'sm' ? 'min-w-28' : 'min-w-32',
          member.isRequested && 'text-muted',
        )}
      >
        {label}
      </button>
      {confirming && (
        <ConfirmDialog
          title={`Unfollow @${member.handleName}?`}
          description={<p>You will need to request again to see their posts.</p>}
          confirmLabel="Unfollow"
          onConfirm={() => {
            setConfirming(false);
            void unfollow(member);
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
