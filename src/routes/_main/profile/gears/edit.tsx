import { createFileRoute } from '@tanstack/react-router';
import { gearDetailQuery } from '../../../../features/gear/api';
import { GearFormPage } from '../../../../features/gear/components/gear-form-page';
import { idFromSearch } from '../../../../lib/id-search';

/** `/profile/gears/edit?id=`: edit that piece; without a (valid) id, add a new one. */
export const Route = createFileRoute('/_main/profile/gears/edit')({
  validateSearch: (raw: Record<string, unknown>): { id?: number | undefined } => ({ id: idFromSearch(raw.id) }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  // A prefetch only: a missing or foreign piece is the page's not-found state, decided where it renders.
  loader: ({ context: { queryClient }, deps: { id } }) => (id === undefined ? undefined : queryClient.prefetchQuery(gearDetailQuery(id))),
  component: function EditGear() {
    return <GearFormPage gearId={Route.useSearch().id} />;
  },
});
