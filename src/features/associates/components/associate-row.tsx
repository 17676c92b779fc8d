import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { ASSOCIATE_STATUS, type Associate } from '#contract/associates';
import { Avatar } from '../../../components/avatar';
import { Button, buttonClass } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { fullDateTime, relativeTime } from '../../../lib/relative-time';
import { useResendInvitation } from '../associate-mutations';
import { useAssociateStatusToggle } from '../status-toggle';

type Props = {
  associate: Associate;
  now: Date;
  onRemove(associate: Associate): void;
};

/**
 * One associate in the owner's list: photo, name, age, whether they still have to accept the invitation (with a way
 * to send it again), when they were last active, their account on or off, and the ways to edit, set permissions or
 * remove them.
 */
export function AssociateRow({ associate: a, now, onRemove }: Props) {
  const toggleStatus = useAssociateStatusToggle();
  const resend = useResendInvitation();
  const nameId = useId();
  const statusId = useId();
  const name = `${a.firstName} ${a.lastName}`.trim();
  const active = a.status === ASSOCIATE_STATUS.active;
  const params = { associateId: String(a.associateId) };

  return (
    <li>
      <article aria-labelledby={nameId} className="flex flex-col gap-3 border-line bg-surface p-4 sm:rounded-2xl sm:border">
        <div className="flex items-start gap-3">
          <Avatar src={a.profileImage} name={name} />
          <div className="min-w-0 flex-1">
            <h2 id={nameId} className="break-words font-semibold">
              {name}
            </h2>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
              <span className="break-all">@{a.handleName}</span>
              <span aria-hidden="true">·</span>
              <span>Age {a.age}</span>
              {a.invitationPending && (
                <span className="rounded-full border border-line bg-surface-2 px-2 py-0.5 text-xs font-semibold text-fg">Invitation pending</span>
              )}
            </p>
            <p className="text-sm text-muted">
              {a.lastActiveAt ? (
                <>
                  Last active{' '}
                  <time dateTime={a.lastActiveAt} title={fullDateTime(a.lastActiveAt)}>
                    {relativeTime(a.lastActiveAt, now)}
                  </time>
                </>
              ) : (
                'Not active yet'
              )}
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <Switch on={active} onToggle={() => void toggleStatus(a)} aria-labelledby={`${statusId} ${nameId}`} />
            <span id={statusId} className="text-xs font-medium text-muted">
              Active
            </span>
          </div>
        </div>

        {!active && <p className="text-sm text-muted">Inactive: {a.firstName} is signed out and cannot sign in until you turn the account on.</p>}

        {a.invitationPending && (
          <div className="flex flex-col gap-2 rounded-xl bg-surface-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <p>{a.firstName} has not set a password yet. The invitation went to {a.email}.</p>
            <Button
              variant="secondary"
              size="sm"
              className="shrink-0"
              busy={resend.isPending}
              onClick={() => resend.mutate({ associateId: a.associateId, email: a.email })}
            >
              Resend invitation
            </Button>
          </div>
        )}

        <div className="flex flex-wrap gap-2">
          <Link to="/profile/associate/edit/$associateId" params={params} className={buttonClass('secondary', undefined, 'sm')}>
            Edit{' '}
            <span className="sr-only">{name}</span>
          </Link>
          <Link to="/profile/associate/permissions/$associateId" params={params} className={buttonClass('secondary', undefined, 'sm')}>
            Permissions{' '}
            <span className="sr-only">of {name}</span>
          </Link>
          <Button variant="ghost" size="sm" onClick={() => onRemove(a)}>
            Remove{' '}
            <span className="sr-only">{name}</span>
          </Button>
        </div>
      </article>
    </li>
  );
}
