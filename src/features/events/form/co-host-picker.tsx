import clsx from 'clsx';
import { useId, useState, type KeyboardEvent } from 'react';
import { EVENT_COHOSTS_MAX } from '#contract/events';
import type { MemberSummary } from '#contract/social';
import { Avatar } from '../../../components/avatar';
import { controlClass } from '../../../components/ui/field-frame';
import { useSession } from '../../auth/session-context';
import { useSelectMembers } from './event-form-api';
import { Icon } from '../../../components/icons';

type Props = {
  value: MemberSummary[];
  onChange(value: MemberSummary[]): void;
  onBlur?(): void;
  error?: string | undefined;
  /** Who accepted already; anyone else chosen is asked on save, and shows as invited until they answer. */
  accepted?: ReadonlySet<number>;
  /** Only the organiser chooses co-hosts: a co-host editing sees them, without changing them. */
  locked?: boolean;
};

const fullName = (m: MemberSummary) => `${m.firstName} ${m.lastName}`.trim() || m.handleName;

/**
 * Co-hosts: search the members the organiser may ask (their followers and the members they follow, `GET
 * /api/selectMembers`) and add them as chips, up to ten. Each newly added one is asked on save and is marked
 * "Invited" until they accept. A combobox: arrows move through the suggestions, Enter adds one, Escape closes the list.
 */
export function CoHostPicker({ value, onChange, onBlur, error, accepted = new Set(), locked = false }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const full = value.length >= EVENT_COHOSTS_MAX;
  const members = useSelectMembers(search, open && !full && !locked);
  const chosen = new Set(value.map((m) => m.userId));
  // The organiser hosts already; people chosen are chips, not suggestions.
  const options = (members.data ?? []).filter((m) => !chosen.has(m.userId) && m.userId !== user?.userId);
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));
  const activeOption = open ? options[activeIndex] : undefined;
  const showList = open && !full && (options.length > 0 || members.isFetching || search.trim() !== '');

  const add = (member: MemberSummary) => {
    const { userId, handleName, firstName, lastName, profileImage } = member;
    onChange([...value, { userId, handleName, firstName, lastName, profileImage }]);
    setSearch('');
    setActive(0);
  };
  const remove = (userId: number) => onChange(value.filter((m) => m.userId !== userId));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      // Enter picks; it never submits the form from here.
      event.preventDefault();
      if (activeOption) add(activeOption);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const hint = locked
    ? 'Only the organiser chooses co-hosts.'
    : full
      ? `That is the most co-hosts an event can have (${EVENT_COHOSTS_MAX}).`
      : 'Each one is asked when you save, and can edit the event with you once they accept. You can ask members who follow you or whom you follow.';
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-input`} className="text-sm font-medium">
        Co-hosts
      </label>
      {value.length > 0 && (
        <ul aria-label="Chosen co-hosts" className="flex flex-wrap gap-2">
          {value.map((m) => (
            <li key={m.userId} className="flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface-2 py-1 pr-1 pl-1.5">
              <Avatar src={m.profileImage} name={fullName(m)} size="sm" />
              <span className="text-sm font-medium">{fullName(m)}</span>
              {!accepted.has(m.userId) && <span className="rounded-full bg-surface px-2 py-0.5 text-xs text-muted">Invited</span>}
              {!locked && (
                <button
                  type="button"
                  aria-label={`Remove ${fullName(m)}`}
                  title={`Remove ${fullName(m)}`}
                  onClick={() => remove(m.userId)}
                  className="flex size-9 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-fg"
                >
                  <Icon name="close" className="size-4" strokeWidth="2" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          placeholder={locked ? 'Chosen by the organiser' : full ? 'Co-host list is full' : 'Search members by name'}
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
            aria-label="Members to add as co-host"
            aria-busy={members.isFetching || undefined}
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-xl border border-line bg-surface p-1 shadow-lg"
          >
            {options.length === 0 && (
              <li role="presentation" className="px-3 py-2 text-sm text-muted">
                {members.isFetching
                  ? 'Searching…'
                  : search.trim()
                    ? 'No one found by that name among your followers and the members you follow.'
                    : 'Members who follow you, or whom you follow, show here.'}
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
                <Avatar src={m.profileImage} name={fullName(m)} size="sm" />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate text-sm font-semibold">{fullName(m)}</span>
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
          {hint} {value.length > 0 && `${value.length} of ${EVENT_COHOSTS_MAX}.`}
        </p>
      )}
    </div>
  );
}
