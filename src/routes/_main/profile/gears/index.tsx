import { createFileRoute } from '@tanstack/react-router';
import { SPORTS } from '#contract/sports';
import { MyGearPage } from '../../../../features/gear/components/my-gear-page';

/** A sport of the sport filter in the address (`?sportId=53`), or undefined for all sports. */
const sportFromSearch = (value: unknown) => SPORTS.find((s) => s.id === Number(value))?.id;

// No loader, as /profile/activities: the page asks for its list itself.
export const Route = createFileRoute('/_main/profile/gears/')({
  validateSearch: (raw: Record<string, unknown>): { sportId?: number | undefined } => ({ sportId: sportFromSearch(raw.sportId) }),
  component: function MyGear() {
    const navigate = Route.useNavigate();
    return <MyGearPage sportId={Route.useSearch().sportId} onSportChange={(sportId) => void navigate({ search: { sportId }, replace: true })} />;
  },
});
