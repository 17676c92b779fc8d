import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import type { ActivityDetail } from '#contract/activities';
import { Icon } from '../../../components/icons';
import { Button } from '../../../components/ui/button';
import { useCan } from '../../auth/use-can';
import { setActivityGear } from '../activity-cache';

/** What the gear area's picker is handed (the route puts it here: this area may not import that one). */
export type ActivityGearPickerProps = {
  activityId: number;
  chosen: ActivityDetail['gear'];
  onSaved(gear: ActivityDetail['gear']): void;
  onClose(): void;
};

type Props = {
  activity: ActivityDetail;
  /** The owner's way to change the gear; without it, the gear is only shown. */
  picker?: ((props: ActivityGearPickerProps) => ReactNode) | undefined;
};

/** The gear an activity was done with, each a chip to its page; the owner changes it in the gear area's picker. */
export function ActivityGear({ activity, picker }: Props) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [picking, setPicking] = useState(false);
  // Changing an activity's gear edits the activity: an associate needs the right to add activities (issue 25).
  const canPick = useCan('record_activities') && activity.isOwner && picker !== undefined;
  if (activity.gear.length === 0 && !canPick) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 border-line bg-surface p-4 sm:rounded-2xl sm:border">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold">
          Gear
        </h2>
        {canPick && (
          <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
            {activity.gear.length === 0 ? 'Add gear' : 'Change gear'}
          </Button>
        )}
      </div>
      {activity.gear.length === 0 ? (
        <p className="text-sm text-muted">No gear on this activity.</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-wrap gap-2">
          {activity.gear.map((piece) => (
            <li key={piece.id}>
              <Link
                to="/gears/$gearId"
                params={{ gearId: String(piece.id) }}
                className="flex min-h-11 items-center gap-1.5 rounded-full border border-line bg-surface px-3 text-sm font-medium hover:bg-surface-2"
              >
                <Icon name="gear" className="size-4" strokeWidth="2" />
                {piece.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {picking &&
        picker?.({
          activityId: activity.id,
          chosen: activity.gear,
          onSaved: (gear) => setActivityGear(queryClient, activity.id, gear),
          onClose: () => setPicking(false),
        })}
    </section>
  );
}
