import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';
import { useCan } from '../../auth/use-can';
import { GearList } from './gear-list';

/** Another member's Gear tab: their published pieces (the server leaves out drafts), by sport. */
export function MemberGear({ handleName }: { handleName: string }) {
  return (
    <GearList
      filters={{ handleName }}
      empty={
        <div className="flex flex-col items-center gap-1 text-center">
          <p className="font-medium">No gear to show</p>
          <p className="text-sm text-muted">This member has not added any gear yet.</p>
        </div>
      }
    />
  );
}

/** The Gear tab of your own profile: your pieces, drafts included, and the ways to add and manage them. */
export function OwnGear() {
  const mayAdd = useCan('add_gear');
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="/profile/gears" className={buttonClass('secondary')}>
          Manage your gear
        </Link>
        {mayAdd && (
          <Link to="/profile/gears/add" className={buttonClass('primary')}>
            Add gear
          </Link>
        )}
      </div>
      <GearList
        filters={{}}
        empty={
          <div className="flex flex-col items-center gap-1 text-center">
            <p className="font-medium">No gear yet</p>
            <p className="text-sm text-muted">Add your bikes, shoes and kit to see how far each has gone with you.</p>
          </div>
        }
      />
    </div>
  );
}
