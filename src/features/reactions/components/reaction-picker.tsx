import clsx from 'clsx';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { REACTIONS, type ReactionCode } from '#contract/feeds';
import { tabKeyTarget } from '../../../lib/tab-keys';

/**
 * The six reactions in a row (a toolbar: arrow keys, Home and End move between them; Escape closes). The viewer's
 * own reaction is pressed; choosing it again takes it away. Focus starts on the viewer's reaction, else the first.
 */
export function ReactionPicker({
  mine,
  onChoose,
  onClose,
  focusOnOpen,
}: {
  mine: ReactionCode | null;
  onChoose(code: ReactionCode | null): void;
  onClose(returnFocus: boolean): void;
  /** Opened from the keyboard: focus moves into the picker. Opened by hover, focus stays where it is. */
  focusOnOpen: boolean;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (focusOnOpen) refs.current[Math.max(0, REACTIONS.findIndex((r) => r.code === mine))]?.focus();
    // Only on opening: a reaction chosen meanwhile does not move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.parentElement?.contains(event.target as Node)) onCloseRef.current(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
      return;
    }
    const at = refs.current.indexOf(document.activeElement as HTMLButtonElement);
    const next = tabKeyTarget(event.key, Math.max(0, at), REACTIONS.length);
    if (next === undefined) return;
    event.preventDefault();
    refs.current[next]?.focus();
  };

  return (
    <div
      ref={rootRef}
      role="toolbar"
      aria-label="Choose a reaction"
      onKeyDown={onKeyDown}
      className="absolute bottom-full left-0 z-20 mb-2 flex gap-0.5 rounded-full border border-line bg-surface p-1 shadow-lg"
    >
      {REACTIONS.map((reaction, i) => (
        <button
          key={reaction.code}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          aria-label={reaction.label}
          aria-pressed={mine === reaction.code}
          title={reaction.label}
          tabIndex={i === Math.max(0, REACTIONS.findIndex((r) => r.code === mine)) ? 0 : -1}
          onClick={() => onChoose(mine === reaction.code ? null : reaction.code)}
          className={clsx(
            'flex size-11 items-center justify-center rounded-full text-2xl transition-transform motion-safe:hover:-translate-y-1 motion-safe:hover:scale-125',
            mine === reaction.code && 'bg-brand/15',
          )}
        >
          <span aria-hidden="true">{reaction.emoji}</span>
        </button>
      ))}
    </div>
  );
}
