import { useId } from 'react';

/** A labelled search field with its magnifier (member lists, the feed); the screen debounces what is typed. */
export function SearchBox({ value, onChange, label, placeholder }: { value: string; onChange(value: string): void; label: string; placeholder: string }) {
  const id = useId();
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-3.5-3.5" />
      </svg>
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
