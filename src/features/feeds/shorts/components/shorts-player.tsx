import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Feed } from '#contract/feeds';
import { ShortSlide } from './short-slide';

/** How many shorts around the one in view hold a `<video>`: the one before and the next (check P11: at most 3). */
const MOUNTED_AROUND = 1;
/** Asked for more when the member is this close to the end. */
const MORE_WHEN_LEFT = 3;
/** In view when at least this much of a slide shows. */
const IN_VIEW = 0.6;

type Props = {
  shorts: Feed[];
  /** Asked when the member nears the end of what is loaded. */
  onNearEnd?: (() => void) | undefined;
  /** Said at the end when there is nothing more. */
  end?: ReactNode;
  label: string;
  followButton?: ((author: Feed['author']) => ReactNode) | undefined;
  /** A short the viewer reported (stable). */
  onReported?: ((feedId: number) => void) | undefined;
};

/**
 * The vertical player: one short per screen, snapping. The short in view plays (muted until the member turns the sound
 * on, as browsers require), loops, and the others pause; only it and its neighbours hold a `<video>` (the next one
 * preloads, so it starts at once after the snap), the rest show their poster. Keyboard: ↑/↓ or k/j move, space plays
 * or pauses, m turns the sound on or off.
 */
export function ShortsPlayer({ shorts, onNearEnd, end, label, followButton, onReported }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [muted, setMuted] = useState(true);
  const [paused, setPaused] = useState(false);

  // The slide in view is the one at least 60 % shown: observed, never measured on scroll (no work per frame).
  useEffect(() => {
    const root = scroller.current!;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          // A short coming into view plays, whatever the one before was left at.
          setActive(Number((entry.target as HTMLElement).dataset.index));
          setPaused(false);
        }
      },
      { root, threshold: IN_VIEW },
    );
    for (const slide of root.querySelectorAll('[data-index]')) observer.observe(slide);
    return () => observer.disconnect();
  }, [shorts.length]);

  useEffect(() => {
    if (active >= shorts.length - MORE_WHEN_LEFT) onNearEnd?.();
  }, [active, shorts.length, onNearEnd]);

  // Stable, with every slide memoised (short-slide.tsx): a step re-renders only the slides whose place changed (P11).
  const togglePaused = useCallback(() => setPaused((p) => !p), []);
  const toggleMuted = useCallback(() => setMuted((m) => !m), []);

  const go = (index: number) => {
    const slide = scroller.current?.querySelector<HTMLElement>(`[data-index="${Math.max(0, Math.min(shorts.length - 1, index))}"]`);
    slide?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Keys typed into a field (a comment) or pressed on a button are theirs.
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, [contenteditable="true"]') || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if (key === 'arrowdown' || key === 'j') go(active + 1);
    else if (key === 'arrowup' || key === 'k') go(active - 1);
    else if (key === 'm') setMuted((m) => !m);
    else if (key === ' ' && !target.closest('button, a')) setPaused((p) => !p);
    else return;
    event.preventDefault();
  };

  return (
    <div
      ref={scroller}
      role="region"
      aria-label={label}
      aria-roledescription="vertical video player"
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="mx-auto h-[calc(100dvh-13rem)] w-full max-w-md snap-y snap-mandatory overflow-y-auto overscroll-contain rounded-2xl bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand lg:h-[calc(100dvh-9.5rem)]"
    >
      {shorts.map((short, index) => {
        const mounted = Math.abs(index - active) <= MOUNTED_AROUND;
        return (
          <ShortSlide
            key={short.id}
            short={short}
            index={index}
            count={shorts.length}
            mounted={mounted}
            active={index === active}
            // Only the slides they concern change with pause and sound, so the others need no render for them.
            paused={index === active && paused}
            muted={!mounted || muted}
            onTogglePaused={togglePaused}
            onToggleMuted={toggleMuted}
            followButton={followButton}
            onReported={onReported}
          />
        );
      })}
      {end && <div className="flex h-40 snap-end items-center justify-center px-6 text-center text-sm text-white/80">{end}</div>}
    </div>
  );
}
