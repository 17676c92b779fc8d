import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { Gear } from '#contract/gear';
import { sportName } from '#contract/sports';
import { Icon } from '../../../components/icons';
import { gearDetailFacts, gearMakeLine } from '../gear-format';
import { GearBadges } from './gear-badges';
import { GearTotals } from './gear-totals';

/** How many of a piece's details a card shows; its page has them all. */
const FACTS_SHOWN = 3;

/**
 * One piece in a list, linking to its page: its first photo (or the gear icon), name, sport, draft / default /
 * retired marks, make and model, a few details and its totals in the member's units.
 */
export function GearCard({ gear }: { gear: Gear }) {
  const headingId = useId();
  const params = { gearId: String(gear.id) };
  const photo = gear.images[0];
  const make = gearMakeLine(gear);
  const facts = gearDetailFacts(gear).slice(0, FACTS_SHOWN);
  return (
    <article aria-labelledby={headingId} className="flex gap-3 rounded-2xl border border-line bg-surface p-3 text-left sm:gap-4">
      {/* The title is the link for keyboards and screen readers; the picture is a second way in for a pointer. */}
      <Link to="/gears/$gearId" params={params} tabIndex={-1} aria-hidden="true" className="w-24 shrink-0 self-start sm:w-36">
        {photo ? (
          <img src={photo.thumbnail} alt="" loading="lazy" decoding="async" className="aspect-square w-full rounded-xl border border-line bg-surface-2 object-cover" />
        ) : (
          <span className="flex aspect-square w-full items-center justify-center rounded-xl bg-surface-2 text-muted">
            <Icon name="gear" className="size-10" strokeWidth="1.5" />
          </span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
            <span className="font-semibold text-fg">{sportName(gear.sportId)}</span>
            <GearBadges gear={gear} />
          </p>
          <h3 id={headingId} className="leading-snug font-bold break-words">
            <Link to="/gears/$gearId" params={params} className="hover:underline">
              {gear.title}
            </Link>
          </h3>
          {make && <p className="text-sm text-muted">{make}</p>}
        </div>
        {facts.length > 0 && (
          <p className="text-sm break-words">
            {facts.map((fact, i) => (
              <span key={fact.label}>
                {i > 0 && <span aria-hidden="true"> · </span>}
                <span className="text-muted">{fact.label}:</span> {fact.value}
              </span>
            ))}
          </p>
        )}
        <GearTotals totals={gear.totals} />
      </div>
    </article>
  );
}
