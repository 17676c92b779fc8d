import clsx from 'clsx';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { DEFAULT_REACTION, type FeedLikes, type ReactionCode } from '#contract/feeds';
import { formatCount } from '../../../lib/format-count';
import { reactionOf, topReactions } from '../reaction-counts';
import type { ReactionAdapter } from '../reaction-adapter';
import { useReactionToggle } from '../reaction-toggle';
import { LikersDialog } from './likers-dialog';
import { ReactionPicker } from './reaction-picker';
import { Icon } from '../../../components/icons';
import { useCan } from '../../auth/use-can';

/** How long the pointer rests on the button before the picker opens (desktop), and a press lasts to count as long. */
const HOVER_OPEN_MS = 500;
const HOVER_CLOSE_MS = 300;
const LONG_PRESS_MS = 450;

type Picker = { focus: boolean } | null;

/** What the bar shows reactions of: a post or an event (anything `adapter` speaks for). */
export type ReactionSubject = { id: number; likes: FeedLikes; isDraft: boolean };

/**
 * A post's or an event's reactions: one click reacts with ❤️ or takes your reaction back; resting the pointer on it (desktop), a
 * long press (touch) or the small "more" button (keyboard) opens the picker to choose another. Beside it the most
 * used reactions and the total, which open who reacted. Everything moves at once and settles on the server's answer.
 */
export function ReactionBar({ adapter, subject }: { adapter: ReactionAdapter; subject: ReactionSubject }) {
  const react = useReactionToggle(adapter);
  // An associate whose owner has not allowed reactions (issue 25) still sees them and who reacted.
  const mayReact = useCan('react');
  const [picker, setPicker] = useState<Picker>(null);
  const [likersOpen, setLikersOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const longPressed = useRef(false);
  const moreRef = useRef<HTMLButtonElement>(null);
  const reactRef = useRef<HTMLButtonElement>(null);
  const { likes } = subject;
  const mine = likes.mine ? reactionOf(likes.mine) : null;

  useEffect(() => () => clearTimeout(timer.current), []);

  const choose = (code: ReactionCode | null) => {
    setPicker(null);
    // The picker goes away with the chosen button in it: focus lands on the reaction it set, not on the page's start.
    reactRef.current?.focus();
    void react(subject, code);
  };
  const later = (ms: number, action: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, ms);
  };

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') later(HOVER_OPEN_MS, () => setPicker((p) => p ?? { focus: false }));
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') later(HOVER_CLOSE_MS, () => setPicker((p) => (p?.focus ? p : null)));
  };
  const onPointerDown = (event: PointerEvent) => {
    longPressed.current = false;
    if (event.pointerType !== 'mouse')
      later(LONG_PRESS_MS, () => {
        longPressed.current = true;
        setPicker({ focus: false });
      });
  };
  const cancelPress = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') clearTimeout(timer.current);
  };

  if (subject.isDraft) return <p className="text-sm text-muted">Reactions open once you publish.</p>;

  return (
    <div className="flex min-w-0 items-center gap-2">
      {mayReact && (
        <div className="relative flex items-center" onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave}>
          <button
            ref={reactRef}
            type="button"
            aria-pressed={mine !== null}
            // The name holds the word on the button ("Like", "Wow"), so those who speak to their browser can say it (WCAG 2.5.3).
            aria-label={mine ? `Your reaction: ${mine.label}. Remove it` : `Like, react with ${reactionOf(DEFAULT_REACTION).label}`}
            onPointerDown={onPointerDown}
            onPointerUp={cancelPress}
            onPointerCancel={cancelPress}
            onContextMenu={(e) => e.preventDefault()}
            onClick={() => {
              // A long press opened the picker; the click it ends with chooses nothing.
              if (longPressed.current) {
                longPressed.current = false;
                return;
              }
              clearTimeout(timer.current);
              setPicker(null);
              void react(subject, mine ? null : DEFAULT_REACTION);
            }}
            className={clsx(
              'flex min-h-11 items-center gap-1.5 rounded-l-full py-1 pr-2 pl-3 text-sm font-semibold select-none hover:bg-surface-2',
              mine ? 'text-brand' : 'text-muted hover:text-fg',
            )}
          >
            {mine ? (
              <span aria-hidden="true" className="text-xl leading-none">
                {mine.emoji}
              </span>
            ) : (
              <Icon name="react" className="size-5" strokeWidth="2" />
            )}
            <span aria-hidden="true">{mine ? mine.label : 'Like'}</span>
          </button>
          <button
            ref={moreRef}
            type="button"
            aria-label="More reactions"
            aria-expanded={picker !== null}
            onClick={() => setPicker((p) => (p ? null : { focus: true }))}
            className="flex min-h-11 w-8 items-center justify-center rounded-r-full text-muted hover:bg-surface-2 hover:text-fg"
          >
            <Icon name="chevronUp" className="size-4" strokeWidth="2.2" />
          </button>
          {picker && (
            <ReactionPicker
              mine={likes.mine}
              focusOnOpen={picker.focus}
              onChoose={choose}
              onClose={(returnFocus) => {
                setPicker(null);
                if (returnFocus) moreRef.current?.focus();
              }}
            />
          )}
        </div>
      )}

      {likes.total > 0 && (
        <button
          type="button"
          onClick={() => setLikersOpen(true)}
          aria-label={`${likes.total} ${likes.total === 1 ? 'reaction' : 'reactions'}: see who reacted`}
          className="flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm text-muted hover:bg-surface-2 hover:text-fg"
        >
          <span aria-hidden="true" className="flex -space-x-1">
            {topReactions(likes).map((r) => (
              <span key={r.likeUniCode} className="flex size-6 items-center justify-center rounded-full bg-surface-2 text-sm ring-2 ring-surface">
                {reactionOf(r.likeUniCode).emoji}
              </span>
            ))}
          </span>
          <span aria-hidden="true" className="tabular-nums">
            {formatCount(likes.total)}
          </span>
        </button>
      )}
      {likersOpen && <LikersDialog adapter={adapter} subjectId={subject.id} likes={likes} onClose={() => setLikersOpen(false)} />}
    </div>
  );
}
