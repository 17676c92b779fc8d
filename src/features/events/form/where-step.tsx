import type { UseFormReturn } from 'react-hook-form';
import type { EventFormInput, EventFormValues } from './event-form-schema';
import { MeetingPointField } from './meeting-point-field';
import { RouteField, type RouteSaver } from './route-field';

type Props = { form: UseFormReturn<EventFormInput, unknown, EventFormValues>; routeSaver: RouteSaver; onRouteBusy(busy: boolean): void };

/** Step 3: where people meet, and the way they go. */
export function WhereStep({ form, routeSaver, onRouteBusy }: Props) {
  return (
    <div className="flex flex-col gap-8">
      <MeetingPointField form={form} />
      <RouteField form={form} saver={routeSaver} onBusyChange={onRouteBusy} />
    </div>
  );
}
