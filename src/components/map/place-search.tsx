import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useState, type KeyboardEvent } from 'react';
import { PLACE_QUERY_MAX, type Place } from '#contract/places';
import { placesQuery } from '../../features/maps/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { controlClass } from '../ui/field-frame';

type Props = {
  /** Called with the place chosen; the caller aims its map there. */
  onPick(place: Place): void;
  label?: string;
  className?: string;
};

/**
 * "Search places": type a town's name, choose it from the list, and the map goes there. A combobox: arrows move
 * through the places, Enter chooses, Escape closes the list. The server answers from its geocoder or its towns list.
 */
export function PlaceSearch({ onPick, label = 'Search places', className }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebouncedValue(text.trim(), 250);
  const places = useQuery(placesQuery(q));
  const options = q === text.trim() ? (places.data ?? []) : [];
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));
  const activeOption = open ? options[activeIndex] : undefined;
  const waiting = text.trim() !== '' && (q !== text.trim() || places.isFetching);
  const showList = open && text.trim() !== '';

  const pick = (place: Place) => {
    onPick(place);
    setText(place.label);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      setActive((activeIndex + (event.key === 'ArrowDown' ? 1 : -1) + options.length) % options.length);
    } else if (event.key === 'Enter') {
      // Enter chooses; it never submits the form around the map.
      event.preventDefault();
      if (activeOption) pick(activeOption);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className={clsx('relative flex flex-col gap-1', className)}>
      <label htmlFor={`${id}-input`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        placeholder="Town or place name"
        maxLength={PLACE_QUERY_MAX}
        value={text}
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={showList && activeOption ? `${listId}-${activeIndex}` : undefined}
        className={clsx('min-h-11 w-full', controlClass(undefined))}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Places"
          aria-busy={waiting || undefined}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-xl border border-line bg-surface p-1 shadow-lg"
        >
          {options.length === 0 && (
            <li role="presentation" className="px-3 py-2 text-sm text-muted">
              {waiting ? 'Searching…' : places.isError ? 'The search did not answer. Try again in a moment.' : 'No place found by that name.'}
            </li>
          )}
          {options.map((place, index) => (
            <li
              key={`${place.label}-${place.lng}-${place.lat}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              // Keeps focus in the input while the mouse picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(place)}
              className={clsx('flex min-h-11 cursor-pointer flex-col justify-center rounded-lg px-3 py-1.5', index === activeIndex ? 'bg-surface-2' : 'hover:bg-surface-2')}
            >
              <span className="text-sm font-semibold">{place.name}</span>
              <span className="text-xs text-muted">{[place.region, place.country].filter(Boolean).join(', ') || place.label}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
