import clsx from 'clsx';
import { useId, useState, type KeyboardEvent } from 'react';
import type { MemberSummary } from '#contract/social';
import { displayName } from '../lib/display-name';
import { Avatar } from './avatar';
import { Icon } from './icons';
import { controlClass } from './ui/field-frame';

type Props = {
  label: string;
  /** Said under the box while there is no error. */
  hint: string;
  max: number;
  value: MemberSummary[];
  onChange(value: MemberSummary[]): void;
  /** The members matching what was typed; asked only while the list is open (the area owns the query). */
  useOptions(search: string, enabled: boolean): { data?: MemberSummary[] | undefined; isFetching: boolean };
  /** Members never offered (the viewer themselves). */
  exclude?: ReadonlySet<number>;
  error?: string | undefined;
  onBlur?(): void;
  /** Shown, not changed: no search, no remove buttons (someone else chooses them). */
  locked?: boolean;
  /** A word on a chosen member's chip, e.g. "Invited" until they accept. */
  tagOf?(member: MemberSummary): string | undefined;
  /** The area's own words where the general ones would not do. */
  words?: Partial<Words>;
};

type Words = {
  /** The chips' list name. */
  chosen: string;
  /** The suggestions' list name. */
  options: string;
  /** The box's placeholder once `max` are chosen, and while locked. */
  full: string;
  locked: string;
  /** The suggestions' line when nothing matches what was typed. */
  noMatch: string;
};

const wordsFor = (label: string, words: Partial<Words> | undefined): Words => ({
  chosen: `Chosen: ${label}`,
  options: `Members to add: ${label}`,
  full: 'The list is full',
  locked: 'Chosen by someone else',
  noMatch: 'No one found by that name.',
  ...words,
});

/**
 * Choose members by name: type, pick from the suggestions, see them as removable chips, up to `max`. A combobox:
 * arrows move through the suggestions, Enter adds one (never submits the form), Escape closes the list. The one
 * member picker of the app: each area brings its query, its limit and, where it needs them, its words.
 */
export function MemberPicker({ label, hint, max, value, onChange, useOptions, exclude, error, onBlur, locked = false, tagOf, words: ownWords }: Props) {
  const words = wordsFor(label, ownWords);
  const id = useId();
  const listId = `${id}-list`;
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const full = value.length >= max;
  const members = useOptions(search.trim(), open && !full && !locked);
  const chosen = new Set(value.map((m) => m.userId));
  const options = (members.data ?? []).filter((m) => !chosen.has(m.userId) && !exclude?.has(m.userId));
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));
  const activeOption = open ? options[activeIndex] : undefined;
  const showList = open && !full && !locked && (options.length > 0 || members.isFetching || search.trim() !== '');

  const add = ({ userId, handleName, firstName, lastName, profileImage }: MemberSummary) => {
    onChange([...value, { userId, handleName, firstName, lastName, profileImage }]);
    setSearch('');
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      setActive((activeIndex + (event.key === 'ArrowDown' ? 1 : -1) + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeOption) add(activeOption);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-input`} className="text-sm font-medium">
        {label}
      </label>
      {value.length > 0 && (
        <ul aria-label={words.chosen} className="flex flex-wrap gap-2">
          {value.map((m) => {
            const tag = tagOf?.(m);
            return (
              <li key={m.userId} className={clsx('flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface-2 py-1 pl-1.5', locked ? 'pr-3' : 'pr-1')}>
                <Avatar src={m.profileImage} name={displayName(m)} size="sm" />
                <span className="text-sm font-medium">{displayName(m)}</span>
                {tag && <span className="rounded-full bg-surface px-2 py-0.5 text-xs text-muted">{tag}</span>}
                {!locked && (
                  <button
                    type="button"
                    aria-label={`Remove ${displayName(m)}`}
                    title={`Remove ${displayName(m)}`}
                    onClick={() => onChange(value.filter((v) => v.userId !== m.userId))}
                    className="flex size-9 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-fg"
                  >
                    <Icon name="close" className="size-4" strokeWidth="2" />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="relative">
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          placeholder={locked ? words.locked : full ? words.full : 'Search members by name'}
          disabled={full || locked}
          value={search}
          aria-expanded={showList}
          aria-controls={showList ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={showList && activeOption ? `${listId}-${activeOption.userId}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={clsx('min-h-11 w-full', controlClass(error))}
          onChange={(event) => {
            setSearch(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
        />
        {showList && (
          <ul
            id={listId}
            role="listbox"
            aria-label={words.options}
            aria-busy={members.isFetching || undefined}
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-xl border border-line bg-surface p-1 shadow-lg"
          >
            {options.length === 0 && (
              <li role="presentation" className="px-3 py-2 text-sm text-muted">
                {members.isFetching ? 'Searching…' : search.trim() ? words.noMatch : 'Members who follow you, or whom you follow, show here.'}
              </li>
            )}
            {options.map((m, index) => (
              <li
                key={m.userId}
                id={`${listId}-${m.userId}`}
                role="option"
                aria-selected={index === activeIndex}
                // Keeps focus in the input while the mouse picks.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => add(m)}
                className={clsx('flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-1.5', index === activeIndex ? 'bg-surface-2' : 'hover:bg-surface-2')}
              >
                <Avatar src={m.profileImage} name={displayName(m)} size="sm" />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate text-sm font-semibold">{displayName(m)}</span>
                  <span className="truncate text-xs text-muted">@{m.handleName}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint} {value.length > 0 && `${value.length} of ${max}.`}
        </p>
      )}
    </div>
  );
}
