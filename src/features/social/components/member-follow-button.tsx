import { useQuery } from '@tanstack/react-query';
import type { MemberSummary } from '#contract/social';
import { useSession } from '../../auth/session-context';
import { memberProfileQuery } from '../api';
import { FollowButton } from './follow-button';

/**
 * Follow a member named only by their summary (a short's author): where the viewer stands with them is asked for
 * this one member, and nothing shows for oneself or someone already followed.
 */
export function MemberFollowButton({ member, className }: { member: MemberSummary; className?: string }) {
  const { user } = useSession();
  const mine = user?.userId === member.userId;
  const { data } = useQuery({ ...memberProfileQuery(member.handleName), enabled: !mine });
  if (mine || !data || data.isFollowing) return null;
  return <FollowButton member={data} size="sm" className={className} />;
}

/** The follow button over a short's video (the player's author line), light on the dark picture. */
export const followOverVideo = (author: MemberSummary) => <MemberFollowButton member={author} className="border-white/70 bg-transparent text-white" />;
