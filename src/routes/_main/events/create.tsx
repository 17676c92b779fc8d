import { createFileRoute } from '@tanstack/react-router';
import { CreateEventPage } from '../../../features/events/form/event-form-page';

/** `/events/create`: the stepped event form for a new event. */
export const Route = createFileRoute('/_main/events/create')({
  component: CreateEventPage,
});
