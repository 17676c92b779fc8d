import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Gear } from '#contract/gear';
import { Icon } from '../../../components/icons';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCan } from '../../auth/use-can';
import { useDeleteGear, useRetireGear } from '../gear-mutations';

/**
 * The owner's actions on a piece's page: edit, retire or bring back, delete (after a confirmation). Its buttons join
 * the page's row of actions (sharing sits beside them).
 */
export function GearOwnerActions({ gear }: { gear: Gear }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const retire = useRetireGear();
  const remove = useDeleteGear(() => navigate({ to: '/profile/gears' }));
  const retired = gear.retiredAt !== null;
  // Retiring and deleting stay an associate's own to do; editing needs the right to add gear (issue 25).
  const mayEdit = useCan('add_gear');
  return (
    <>
      {mayEdit && (
        <Link to="/profile/gears/edit" search={{ id: gear.id }} className={buttonClass('secondary', undefined, 'sm')}>
          <Icon name="sliders" className="size-4" strokeWidth="2" />
          Edit
        </Link>
      )}
      <Button variant="secondary" size="sm" busy={retire.isPending} onClick={() => retire.mutate({ id: gear.id, retired: !retired })}>
        {retired ? 'Bring back into use' : 'Retire'}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      {confirming && (
        <ConfirmDialog
          title="Delete this gear?"
          description={<p>“{gear.title}” and its photos will be deleted. Your activities stay, without it.</p>}
          confirmLabel="Delete gear"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(gear.id, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
