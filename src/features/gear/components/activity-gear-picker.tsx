import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { sportName } from '#contract/sports';
import { LoadError } from '../../../components/load-error';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useCan } from '../../auth/use-can';
import { gearPickableQuery, type ActivityGearList } from '../api';
import { useSetActivityGear } from '../gear-mutations';

/** The server takes up to five pieces per activity (`activityGearBody`). */
const GEAR_PER_ACTIVITY_MAX = 5;

type Props = {
  activityId: number;
  /** The gear the activity has now. */
  chosen: ActivityGearList;
  /** The list as the server saved it. */
  onSaved(gear: ActivityGearList): void;
  onClose(): void;
};

/**
 * Which of your gear an activity used: your pieces in use (`GET /api/equipment/pickable`, each sport's default
 * first) as checkboxes, saved with `POST /api/activity/gear`. A piece on the activity that is no longer pickable
 * (retired since) is offered too, so saving does not drop it unasked. The activities area shows it (the route hands
 * it down); the activity's cache is that area's to update, with what `onSaved` hears.
 */
export function ActivityGearPicker({ activityId, chosen, onSaved, onClose }: Props) {
  const pickable = useQuery({ ...gearPickableQuery(), meta: { silent: true } });
  const [ids, setIds] = useState(() => new Set(chosen.map((g) => g.id)));
  const save = useSetActivityGear();
  const hintId = useId();
  const mayAddGear = useCan('add_gear');
  const offered = [...(pickable.data ?? []), ...chosen.filter((g) => !pickable.data?.some((p) => p.id === g.id)).map((g) => ({ ...g, isDefault: false }))];
  const full = ids.size >= GEAR_PER_ACTIVITY_MAX;
  const toggle = (id: number) =>
    setIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const onSave = () =>
    save.mutate(
      { activityId, gearIds: offered.filter((g) => ids.has(g.id)).map((g) => g.id) },
      {
        onSuccess: (gear) => {
          onSaved(gear);
          onClose();
        },
      },
    );

  return (
    <Dialog title="Gear used" onClose={onClose}>
      <div className="flex flex-col gap-4">
        {pickable.isPending ? (
          <Spinner label="Loading your gear" />
        ) : pickable.isError && offered.length === 0 ? (
          <LoadError what="Your gear" error={pickable.error} onRetry={() => void pickable.refetch()} />
        ) : offered.length === 0 ? (
          <div className="flex flex-col items-start gap-2">
            <p className="text-sm text-muted">You have no gear in use yet.</p>
            {mayAddGear && (
              <Link to="/profile/gears/add" className={buttonClass('secondary')}>
                Add gear
              </Link>
            )}
          </div>
        ) : (
          <fieldset className="flex min-w-0 flex-col gap-1" aria-describedby={hintId}>
            <legend className="sr-only">Gear used on this activity</legend>
            <p id={hintId} className="mb-1 text-sm text-muted">
              Up to {GEAR_PER_ACTIVITY_MAX} pieces.
            </p>
            {offered.map((piece) => {
              const on = ids.has(piece.id);
              return (
                <label key={piece.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-surface-2">
                  <input type="checkbox" checked={on} disabled={!on && full} onChange={() => toggle(piece.id)} className="size-5 shrink-0 accent-brand" />
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-medium">{piece.title}</span>
                    <span className="text-xs text-muted">
                      {sportName(piece.sportId)}
                      {piece.isDefault && ' · Default'}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button busy={save.isPending} disabled={pickable.isPending} onClick={onSave}>
            Save gear
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
