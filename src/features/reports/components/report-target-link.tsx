import { Link, linkOptions } from '@tanstack/react-router';
import { TARGET_ROW, type ReportTarget, type ReportTargetView } from '#contract/reports';

function destination({ link, member }: ReportTargetView) {
  switch (link?.kind) {
    case 'post':
      return { noun: 'post', to: linkOptions({ to: '/feeds/$feedId', params: { feedId: String(link.id) } }) };
    case 'short':
      return { noun: 'short', to: linkOptions({ to: '/shorts/$feedId', params: { feedId: String(link.id) } }) };
    case 'event':
      return { noun: 'event', to: linkOptions({ to: '/events/$eventId', params: { eventId: String(link.id) } }) };
    case 'activity':
      return { noun: 'activity', to: linkOptions({ to: '/activities/$activityId', params: { activityId: String(link.id) } }) };
    case 'member':
      return member ? { noun: 'profile', to: linkOptions({ to: '/profile/$username', params: { username: member.handleName } }) } : null;
    case undefined:
      return null;
  }
}

/**
 * Where a reported thing lives, for its reporter and for the moderator deciding: the member's profile, the post, the
 * short, the event or the activity, and for a comment the one it is on. Nothing once it is gone.
 */
export function ReportTargetLink({ targetKind, target, className }: { targetKind: ReportTarget; target: ReportTargetView; className: string }) {
  const where = destination(target);
  if (!where) return null;
  return (
    <Link {...where.to} className={className}>
      {`Open the ${where.noun}${TARGET_ROW[targetKind] === 'comment' ? ' it is on' : ''}`}
    </Link>
  );
}
