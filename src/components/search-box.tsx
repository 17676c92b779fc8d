import { useEffect, useId, useState } from 'react';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { Icon } from './icons';

/** A labelled search field with its magnifier (member lists, the feed); the screen debounces what is typed. */
export function SearchBox({ value, onChange, label, placeholder }: { value: string; onChange(value: string): void; label: string; placeholder: string }) {
  const id = useId();
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" strokeWidth="2" />
      <input
        id={id}
        type="search"
        value={value}
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 w-full rounded-xl border border-line bg-surface py-2 pr-3 pl-10 text-fg placeholder:text-muted"
      />
    </div>
  );
}

const ADDRESS_SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box whose text lives in the address (the feed's and the events list's `search`): what is typed shows at
 * once, the address (and so the query) follows once typing pauses, and a change of the address from elsewhere (a
 * hashtag link, the back button) shows in the box.
 */
export function AddressSearchBox({ value, onSettled, label, placeholder }: { value: string; onSettled(text: string): void; label: string; placeholder: string }) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // State adjusted while rendering, not in an effect: the box shows the new address in the same paint.
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  const settled = useDebouncedValue(text.trim(), ADDRESS_SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (settled !== value) onSettled(settled);
    // Only a pause in typing sends the search; the address catching up must not send it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return <SearchBox value={text} onChange={setText} label={label} placeholder={placeholder} />;
}
