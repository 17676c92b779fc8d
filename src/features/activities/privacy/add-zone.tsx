import { ZONE_LABEL_MAX } from '#contract/activities';
import type { LngLat } from '#contract/map-routes';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useUnits } from '../../../lib/units';
import { DistanceChips } from './distance-chips';
import { radiusChoices } from './distance-choices';
import type { ZoneDraft } from './zone-map';

export type NewZone = ZoneDraft & { label: string };

type Props = {
  draft: NewZone;
  onChange(draft: NewZone): void;
  /** The map's centre, for placing the point from the keyboard (move the map, then press the button). */
  mapCentre(): LngLat | null;
  onAdd(zone: NewZone & { centre: LngLat }): void;
};

/**
 * A new zone's settings under the map: its point (clicked, searched, dragged, or the map's centre), its radius in the
 * member's units and a label. "Add zone" puts it in the list; the whole set is saved with the page's Save.
 */
export function AddZone({ draft, onChange, mapCentre, onAdd }: Props) {
  const units = useUnits();
  const { centre } = draft;
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-line p-3 sm:p-4">
      <legend className="px-1 text-base font-semibold">Add a zone</legend>
      <div className="flex min-h-11 flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            const point = mapCentre();
            if (point) onChange({ ...draft, centre: point });
          }}
        >
          Place at map centre
        </Button>
        <p role="status" className="text-sm text-muted">
          {centre ? (
            <>
              <span className="sr-only">New zone’s centre: </span>
              <span className="tabular-nums">
                {centre[1].toFixed(5)}, {centre[0].toFixed(5)}
              </span>
            </>
          ) : (
            'Click the map or search a place to choose where.'
          )}
        </p>
      </div>
      <DistanceChips legend="Radius" choices={radiusChoices(units)} value={draft.radius} onChange={(radius) => onChange({ ...draft, radius })} />
      <TextField
        label="Label"
        hint="Only you see it."
        placeholder="Home, Work…"
        maxLength={ZONE_LABEL_MAX}
        autoComplete="off"
        value={draft.label}
        onChange={(event) => onChange({ ...draft, label: event.target.value })}
        onKeyDown={(event) => {
          // Enter here adds the zone it names; it does not save the page without it.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (centre) onAdd({ ...draft, centre });
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!centre} onClick={() => centre && onAdd({ ...draft, centre })}>
          Add zone
        </Button>
        {centre && (
          <Button variant="ghost" onClick={() => onChange({ ...draft, centre: null })}>
            Clear the point
          </Button>
        )}
      </div>
    </fieldset>
  );
}
