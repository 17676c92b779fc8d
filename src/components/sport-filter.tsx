import clsx from 'clsx';
import { useId } from 'react';
import { SPORTS } from '#contract/sports';
import { scrollRowFade } from './scroll-row';

/**
 * One sport to filter by, the member's own sports (`offerMine`: the sports on their profile), or all: radio chips in the look of the profile's sport chips (those pick many, with the
 * profile's wording; a filter picks one). Arrow keys move between them, as with any radio group. On a phone they
 * scroll sideways with a fade at the edge, or wrap (`wrap`) where there is height to spare (a filters sheet).
 */
export function SportFilter({
  value,
  onChange,
  wrap = false,
  offerMine = false,
}: {
  value: number | 'mine' | undefined;
  onChange(value: number | 'mine' | undefined): void;
  wrap?: boolean;
  offerMine?: boolean;
}) {
  const options: { id: number | 'mine' | undefined; name: string }[] = [
    ...(offerMine ? [{ id: 'mine' as const, name: 'Your sports' }] : []),
    { id: undefined, name: 'All sports' },
    ...SPORTS,
  ];
  // Its own group name: the events page draws a second one in its phone sheet.
  const group = useId();
  return (
    // min-w-0: a fieldset is as wide as its content by default, which would push the page sideways on a phone.
    <fieldset className="min-w-0">
      <legend className="sr-only">Sport</legend>
      <div className={clsx('-mx-1 flex gap-2 px-1 py-1 sm:flex-wrap', wrap ? 'flex-wrap' : ['overflow-x-auto sm:pr-1 sm:[mask-image:none]', scrollRowFade])}>
        {options.map((sport) => {
          const checked = sport.id === value;
          return (
            <label key={sport.id ?? 'all'} className="relative shrink-0">
              <input type="radio" name={group} className="peer sr-only" checked={checked} onChange={() => onChange(sport.id)} />
              <span
                className={
                  'flex min-h-11 cursor-pointer items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors ' +
                  'peer-focus-visible:[outline:3px_solid_var(--focus)] peer-focus-visible:[outline-offset:2px] ' +
                  (checked ? 'border-brand bg-brand text-on-brand' : 'border-line bg-surface text-fg hover:bg-surface-2')
                }
              >
                {sport.name}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
