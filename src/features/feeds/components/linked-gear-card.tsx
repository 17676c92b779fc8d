import { Link } from '@tanstack/react-router';
import type { LinkedGear } from '#contract/linked-gear';
import { sportName } from '#contract/sports';
import { Icon } from '../../../components/icons';

/** The picture's side (`size-16`) and the box's paddings and borders; feed-card-estimate.ts reads the total. */
const GEAR_THUMB_PX = 64;
export const GEAR_CARD_PX = 12 + GEAR_THUMB_PX + 12 + 2;

/**
 * The piece of gear a post is about (`/api/shareEquipment`), as the viewer may see it: its first photo (or the gear
 * mark), title, make and model, and sport, linking to the piece's page. One fixed height, whatever the width.
 */
export function LinkedGearCard({ gear }: { gear: LinkedGear }) {
  const params = { gearId: String(gear.id) };
  const makeAndModel = [gear.brand, gear.model].filter(Boolean).join(' ');
  return (
    <div className="mx-4 flex items-center gap-3 rounded-xl border border-line p-3 hover:bg-surface-2">
      {/* The title is the link for keyboards and screen readers; the picture is a larger target for a pointer. */}
      <Link to="/gears/$gearId" params={params} tabIndex={-1} aria-hidden="true" className="shrink-0">
        {gear.thumbnail ? (
          <img
            src={gear.thumbnail}
            alt=""
            width={GEAR_THUMB_PX}
            height={GEAR_THUMB_PX}
            loading="lazy"
            decoding="async"
            className="block size-16 rounded-lg bg-surface-2 object-cover dark:brightness-90"
          />
        ) : (
          <span className="flex size-16 items-center justify-center rounded-lg bg-surface-3 text-muted">
            <Icon name="gear" className="size-7" strokeWidth="2" />
          </span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <Link to="/gears/$gearId" params={params} aria-label={`Gear: ${gear.title}`} className="truncate font-semibold hover:underline">
          {gear.title}
        </Link>
        {makeAndModel && <span className="truncate text-sm">{makeAndModel}</span>}
        <span className="truncate text-xs text-muted">{sportName(gear.sportId)}</span>
      </div>
    </div>
  );
}
