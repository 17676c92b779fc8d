import { EVENT_COHOSTS_MAX } from '#contract/events';
import type { MemberSummary } from '#contract/social';
import { MemberPicker } from '../../../components/member-picker';
import { useSession } from '../../auth/session-context';
import { useSelectMembers } from './event-form-api';

type Props = {
  value: MemberSummary[];
  onChange(value: MemberSummary[]): void;
  onBlur?(): void;
  error?: string | undefined;
  /** Who accepted already; anyone else chosen is asked on save, and shows as invited until they answer. */
  accepted?: ReadonlySet<number>;
  /** Only the organiser chooses co-hosts: a co-host editing sees them, without changing them. */
  locked?: boolean;
};

const WORDS = {
  chosen: 'Chosen co-hosts',
  options: 'Members to add as co-host',
  full: 'Co-host list is full',
  locked: 'Chosen by the organiser',
  noMatch: 'No one found by that name among your followers and the members you follow.',
};

/**
 * Co-hosts: the members the organiser may ask (their followers and the members they follow, `GET /api/selectMembers`),
 * up to ten, in the app's member picker. Each newly added one is asked on save and is marked "Invited" until they
 * accept.
 */
export function CoHostPicker({ value, onChange, onBlur, error, accepted, locked = false }: Props) {
  const { user } = useSession();
  const full = value.length >= EVENT_COHOSTS_MAX;
  const hint = locked
    ? 'Only the organiser chooses co-hosts.'
    : full
      ? `That is the most co-hosts an event can have (${EVENT_COHOSTS_MAX}).`
      : 'Each one is asked when you save, and can edit the event with you once they accept. You can ask members who follow you or whom you follow.';
  return (
    <MemberPicker
      label="Co-hosts"
      hint={hint}
      max={EVENT_COHOSTS_MAX}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      useOptions={useSelectMembers}
      // The organiser hosts already.
      exclude={user ? new Set([user.userId]) : undefined}
      error={error}
      locked={locked}
      tagOf={(m) => (accepted?.has(m.userId) ? undefined : 'Invited')}
      words={WORDS}
    />
  );
}
