import clsx from 'clsx';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Avatar } from '../../../components/avatar';
import { TextArea } from '../../../components/ui/text-area';
import { insertTag, tagTokenAt } from '../tag-token';
import { useTagOptions, type TagOption } from '../tag-options';

type Props = {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  max: number;
  error?: string | undefined;
  hint?: string;
  name?: string;
  ref?: (node: HTMLTextAreaElement | null) => void;
  /** Visible lines to start with (a post's text: 6; a comment: 2, growing with its text where browsers can). */
  rows?: number;
};

/**
 * A textarea that suggests hashtags and members while a `#tag` or `@handle` is typed (the ARIA combobox pattern on a
 * textbox: the options are a listbox, the active one named by aria-activedescendant). Up and Down move, Enter or Tab
 * picks, Escape closes; picking writes `#tag ` / `@handle ` in place of what was typed.
 */
export function TagTextArea({ label, value, onChange, onBlur, max, error, hint, name, ref, rows = 6 }: Props) {
  const listId = useId();
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const token = caret === null ? null : tagTokenAt(value, caret);
  const tokenId = token ? `${token.kind}:${token.start}:${token.query}` : null;
  const { options, isLoading } = useTagOptions(token?.kind ?? null, token?.query ?? '');
  const open = token !== null && tokenId !== dismissed && (options.length > 0 || isLoading);
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));
  const activeOption = open ? options[activeIndex] : undefined;

  // After a pick the text re-renders; the caret goes after the inserted tag, not to the end.
  useLayoutEffect(() => {
    if (pendingCaret.current === null || !textarea.current) return;
    textarea.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const readCaret = () => {
    const node = textarea.current;
    setCaret(node && node.selectionStart === node.selectionEnd ? node.selectionStart : null);
  };

  const pick = (option: TagOption) => {
    if (!token) return;
    const next = insertTag(value, token, option.value);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    setActive(0);
    onChange(next.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % options.length);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && activeOption && !event.shiftKey) {
      event.preventDefault();
      pick(activeOption);
    } else if (event.key === 'Escape') {
      // Closes the list only; the dialog around stays open.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(tokenId);
    }
  };

  return (
    <div className="relative">
      <TextArea
        ref={(node) => {
          textarea.current = node;
          ref?.(node);
        }}
        label={label}
        name={name}
        value={value}
        error={error}
        hint={hint}
        count={{ used: value.length, max }}
        rows={rows}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
        onChange={(event) => {
          setActive(0);
          onChange(event.target.value);
          setCaret(event.target.selectionStart === event.target.selectionEnd ? event.target.selectionStart : null);
        }}
        onSelect={readCaret}
        onClick={readCaret}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setCaret(null);
          onBlur();
        }}
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={token.kind === 'hashtag' ? 'Hashtags' : 'Members to mention'}
          aria-busy={isLoading || undefined}
          className="absolute inset-x-0 top-full z-10 mt-1 max-h-64 overflow-y-auto rounded-xl border border-line bg-surface p-1 shadow-lg"
        >
          {options.length === 0 && (
            <li role="presentation" className="px-3 py-2 text-sm text-muted">
              Searching…
            </li>
          )}
          {options.map((option, index) => (
            <li
              key={option.id}
              id={`${listId}-${option.id}`}
              role="option"
              aria-selected={index === activeIndex}
              // Keeps focus (and the caret) in the textarea while the mouse picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
              className={clsx('flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-1.5', index === activeIndex ? 'bg-surface-2' : 'hover:bg-surface-2')}
            >
              {token.kind === 'mention' && <Avatar src={option.image} name={option.name} size="sm" />}
              <span className="flex min-w-0 flex-col">
                <span className="truncate text-sm font-semibold">{option.label}</span>
                <span className="truncate text-xs text-muted">{option.detail}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
