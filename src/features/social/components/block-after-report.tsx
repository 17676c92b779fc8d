import { useQueryClient } from '@tanstack/react-query';
import type { MemberProfile, Relationship } from '#contract/social';
import { Button } from '../../../components/ui/button';
import { socialKeys } from '../api';
import { useBlockMuteToggle } from '../block-mute-toggle';
import { relationshipOf } from '../follow-toggle';

/**
 * "Block @handle too" on a report's thank-you step (reports' ReportFollowUps, provided in src/routes/_main/route.tsx):
 * the one block toggle, so the block shows wherever the member is cached and settles like any other. The report
 * dialog says what a block does in place of the usual confirmation: a second modal over it would fight it for focus.
 */
export function BlockAfterReport({ userId, handleName, onDone }: { userId: number; handleName: string; onDone(): void }) {
  const queryClient = useQueryClient();
  const { block } = useBlockMuteToggle();
  // The relationship as last known (their profile, if open), so a failed block puts back what was there.
  const profile = queryClient.getQueryData<MemberProfile>(socialKeys.member(handleName));
  const known: Relationship =
    profile?.userId === userId
      ? relationshipOf(profile)
      : { userId, isFollowing: false, isRequested: false, isFollowedBy: false, isBlocked: false, isMuted: false };
  if (known.isBlocked) return null;
  const onClick = () => {
    void block(known);
    onDone();
  };
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-line p-3">
      <p className="text-sm text-muted">
        Blocked, they can't find your profile, see your posts or follow you, and you stop following each other.
      </p>
      <Button variant="danger" className="self-start" onClick={onClick}>
        Block @{handleName} too
      </Button>
    </div>
  );
}
