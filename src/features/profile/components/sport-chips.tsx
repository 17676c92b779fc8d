import { SPORTS } from '#contract/sports';
import { Icon } from '../../../components/icons';

type Props = { value: readonly number[]; onChange(value: number[]): void; onBlur?(): void; error?: string | undefined };

/** Spec §3's sport types as toggle chips: each is a real checkbox, so keyboards and screen readers know it. */
export function SportChips({ value, onChange, onBlur, error }: Props) {
  const toggle = (id: number) => {
    const next = new Set(value);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    // Always in the spec's order, whatever order they were ticked in.
    onChange(SPORTS.filter((s) => next.has(s.id)).map((s) => s.id));
  };
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'sports-error' : undefined}>
      <legend className="text-sm font-medium">Sports</legend>
      <p className="text-xs text-muted">What you ride, hike, run or walk. Choose as many as you like.</p>
      <div className="flex flex-wrap gap-2">
        {SPORTS.map((sport) => {
          const checked = value.includes(sport.id);
          return (
            <label key={sport.id} className="relative">
              <input type="checkbox" className="peer sr-only" checked={checked} onChange={() => toggle(sport.id)} onBlur={onBlur} />
              <span
                className={
                  'flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors ' +
                  'peer-focus-visible:[outline:3px_solid_var(--focus)] peer-focus-visible:[outline-offset:2px] ' +
                  (checked ? 'border-brand bg-brand text-on-brand' : 'border-line bg-surface text-fg hover:bg-surface-2')
                }
              >
                {checked && (
                  <Icon name="tick" className="size-4" strokeWidth="2.5" />
                )}
                {sport.name}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id="sports-error" role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
