import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Icon } from '../icons';

/** The look of each entry of an options menu (a button or a link). */
export const menuItemClass = 'flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left text-sm hover:bg-surface-2';

/**
 * A "⋯" button that opens a small menu below it (a disclosure, like the account menu): Escape closes it and gives
 * focus back to the button, a press anywhere else closes it. `children` renders the entries and is given `close`, for
 * entries that act and then open something of their own (a confirm dialog).
 */
export function OptionsMenu({
  label,
  className = 'w-48',
  onMedia = false,
  children,
}: {
  label: string;
  className?: string;
  /** Over a photo or video (the shorts player): a light button with a shadow, seen on any picture. */
  onMedia?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => !rootRef.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className={
          onMedia
            ? 'flex size-11 items-center justify-center rounded-full text-white drop-shadow hover:bg-white/15'
            : 'flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg'
        }
      >
        <Icon name="more" className="size-5" />
      </button>
      {open && (
        <div id={menuId} className={`absolute top-full right-0 z-20 mt-1 rounded-xl border border-line bg-surface p-1.5 shadow-lg ${className}`}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
