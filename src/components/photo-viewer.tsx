import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { createPortal } from 'react-dom';
import type { FeedImage } from '#contract/feeds';
import { sizeOf } from '../lib/image-size';
import { Icon } from './icons';

/** How far a finger must travel sideways for a swipe to change the photo. */
const SWIPE_MIN_PX = 50;

/**
 * A post's photos full screen, one at a time: arrow keys and the on-screen arrows step through them, a swipe does
 * on touch, Escape or the close button leaves, and the counter says where you are ("2 / 5"). A modal dialog: focus
 * moves in, stays in with Tab, and goes back to the photo that opened it.
 */
export function PhotoViewer({ images, start, title, onClose }: { images: FeedImage[]; start: number; title: string; onClose(): void }) {
  const [index, setIndex] = useState(start);
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const touchX = useRef<number | null>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const count = images.length;
  const step = (by: number) => setIndex((i) => Math.min(count - 1, Math.max(0, i + by)));

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
      else if (event.key === 'ArrowRight') setIndex((i) => Math.min(count - 1, i + 1));
      else if (event.key === 'ArrowLeft') setIndex((i) => Math.max(0, i - 1));
      else if (event.key === 'Home') setIndex(0);
      else if (event.key === 'End') setIndex(count - 1);
      else if (event.key === 'Tab') {
        const items = Array.from(ref.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? []);
        const at = items.indexOf(document.activeElement as HTMLElement);
        const next = items[(at + (event.shiftKey ? items.length - 1 : 1)) % items.length];
        next?.focus();
      } else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [count]);

  const onTouchStart = (event: TouchEvent) => {
    touchX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const from = touchX.current;
    const to = event.changedTouches[0]?.clientX;
    touchX.current = null;
    if (from === null || to === undefined || Math.abs(to - from) < SWIPE_MIN_PX) return;
    step(to < from ? 1 : -1);
  };

  const image = images[index]!;
  const { width, height } = sizeOf(image);
  const label = title.trim() || 'Post photos';

  return createPortal(
    <div ref={ref} role="dialog" aria-modal="true" aria-label={`${label}: photo ${index + 1} of ${count}`} className="fixed inset-0 z-50 flex flex-col bg-black/95 text-white">
      <div className="flex items-center justify-between gap-3 p-2 sm:p-4">
        <p aria-live="polite" className="min-w-16 px-2 text-sm font-semibold tabular-nums">
          {index + 1} / {count}
        </p>
        <button
          ref={closeRef}
          type="button"
          aria-label="Close photos"
          onClick={onClose}
          className="flex size-11 items-center justify-center rounded-full hover:bg-white/15"
        >
          <Icon name="close" strokeWidth="2" />
        </button>
      </div>
      <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-6 sm:px-16" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <img
          key={image.key}
          src={image.url}
          alt={`Photo ${index + 1} of ${count}`}
          width={width}
          height={height}
          className="max-h-full max-w-full object-contain select-none"
          draggable={false}
        />
        {count > 1 && (
          <>
            <ArrowButton direction="previous" disabled={index === 0} onClick={() => step(-1)} />
            <ArrowButton direction="next" disabled={index === count - 1} onClick={() => step(1)} />
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}

function ArrowButton({ direction, disabled, onClick }: { direction: 'previous' | 'next'; disabled: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      aria-label={direction === 'previous' ? 'Previous photo' : 'Next photo'}
      disabled={disabled}
      onClick={onClick}
      className={`absolute top-1/2 hidden size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 hover:bg-white/25 disabled:opacity-30 sm:flex ${direction === 'previous' ? 'left-3' : 'right-3'}`}
    >
      <Icon name={direction === 'previous' ? 'chevronLeft' : 'chevronRight'} strokeWidth="2" />
    </button>
  );
}
