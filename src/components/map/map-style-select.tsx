import { useId } from 'react';

export type StyleChoice = { id: string; name: string };

/** The map's style switcher, over the map's top-left corner; shown only when there is a choice to make. */
export function MapStyleSelect({ styles, value, onChange }: { styles: readonly StyleChoice[]; value: string; onChange(id: string): void }) {
  const selectId = useId();
  if (styles.length < 2) return null;
  return (
    <div className="absolute top-2 left-2 z-10">
      <label htmlFor={selectId} className="sr-only">
        Map style
      </label>
      <select
        id={selectId}
        className="min-h-9 rounded-md border border-line bg-surface px-2 text-sm text-fg shadow"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {styles.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}
