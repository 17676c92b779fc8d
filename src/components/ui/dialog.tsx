import clsx from 'clsx';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '../icons';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusablesIn = (node: HTMLElement) =>
  Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]') && el.getAttribute('aria-hidden') !== 'true');

type Props = {
  title: string;
  /** What is at stake, read out with the title when the dialog opens (confirmations). */
  description?: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** Wider for the cropper. */
  size?: 'md' | 'lg';
  /** `alertdialog` for a confirmation of something that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
};

/**
 * A modal dialog: focus moves in (to the first field, not the close button) and is kept inside with Tab and
 * Shift+Tab, Escape closes, and focus returns to whatever opened it. A role=dialog rather than <dialog>, so it
 * behaves the same in every browser and in jsdom. Rendered only while open; closing it unmounts its state.
 */
export function Dialog({ title, description, onClose, children, size = 'md', role = 'dialog' }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const node = ref.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = focusablesIn(node).find((el) => !el.hasAttribute('data-dialog-close'));
    (first ?? node).focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusablesIn(node);
      if (items.length === 0) {
        event.preventDefault();
        node.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (!node.contains(active)) {
        event.preventDefault();
        firstItem.focus();
      } else if (event.shiftKey && (active === firstItem || active === node)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && active === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-black/50 sm:items-center sm:p-4">
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={clsx(
          'flex max-h-dvh w-full flex-col gap-4 overflow-y-auto rounded-t-2xl border border-line bg-surface p-4 text-fg shadow-xl sm:rounded-2xl sm:p-6',
          size === 'lg' ? 'sm:max-w-2xl' : 'sm:max-w-md',
        )}
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <button
            type="button"
            data-dialog-close
            aria-label="Close"
            className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
            onClick={onClose}
          >
            <Icon name="close" className="size-5" strokeWidth="2" />
          </button>
        </div>
        {description && (
          <div id={descriptionId} className="flex flex-col gap-2 text-sm">
            {description}
          </div>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
