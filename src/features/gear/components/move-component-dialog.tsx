import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { GearComponent, GearPickable } from '#contract/gear';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { localDayDoneAt, localDayToInstant, todayLocalDay } from '../../../lib/local-day';
import { gearPickableQuery } from '../api';
import { useMoveComponent } from '../component-mutations';
import { componentWords } from '../component-words';

/** Named as on the wire, so a 400 lands under its field; `movedAt` holds the picked day. */
const moveForm = z.object({
  gearId: z.string().check(z.minLength(1, 'Choose the piece it goes on.')),
  movedAt: z.string().check(z.refine((v) => localDayToInstant(v) !== null, 'Give the day it was moved.')),
});
type MoveFormValues = z.input<typeof moveForm>;
const MOVE_FIELDS = ['gearId', 'movedAt'] as const;

/**
 * "Move": onto another of the member's pieces in use (the pickers' list, this piece left out) from a day on. It keeps
 * what it has done; from that day its wear counts the other piece's activities.
 */
export function MoveComponentDialog({ component, onClose }: { component: GearComponent; onClose(): void }) {
  const pickable = useQuery(gearPickableQuery());
  const others = (pickable.data ?? []).filter((piece) => piece.id !== component.gearId);
  return (
    <Dialog title={`Move ${component.name}`} onClose={onClose}>
      {pickable.isPending ? (
        <Spinner label="Loading your gear" />
      ) : pickable.isError ? (
        <LoadError what="Your gear" error={pickable.error} onRetry={() => void pickable.refetch()} />
      ) : others.length === 0 ? (
        <>
          <p className="text-sm">{componentWords.nowhereToMove}</p>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </>
      ) : (
        <MoveForm component={component} others={others} onClose={onClose} />
      )}
    </Dialog>
  );
}

/** Made once the pieces are in, so the first other piece is chosen from the start. */
function MoveForm({ component, others, onClose }: { component: GearComponent; others: GearPickable; onClose(): void }) {
  const form = useForm<MoveFormValues>({ resolver: zodResolver(moveForm), defaultValues: { gearId: String(others[0]!.id), movedAt: todayLocalDay() } });
  const { errors } = form.formState;
  const move = useMoveComponent(component.gearId);

  const submit = form.handleSubmit(async (values) => {
    try {
      await move.mutateAsync({ id: component.id, gearId: Number(values.gearId), movedAt: localDayDoneAt(values.movedAt)! });
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, MOVE_FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">It keeps what it has done; from that day on it counts the other piece’s activities.</p>
      <SelectField label="Move to" error={errors.gearId?.message} {...form.register('gearId')}>
        {others.map((piece) => (
          <option key={piece.id} value={piece.id}>
            {piece.title}
          </option>
        ))}
      </SelectField>
      <TextField label="Moved on" type="date" max={todayLocalDay()} error={errors.movedAt?.message} {...form.register('movedAt')} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={move.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={move.isPending}>
          Move component
        </Button>
      </div>
    </form>
  );
}
