import { useBlocker } from '@tanstack/react-router';
import { useState } from 'react';

/** The question's words: a title ("Discard changes?") and what would be lost. */
export type DiscardWords = { title: string; description: string };

/** A question waiting for the member: keep editing (stay, everything as it was) or discard (go on, or close). */
export type DiscardQuestion = DiscardWords & { keep(): void; discard(): void };

export const discardChangesWords: DiscardWords = { title: 'Discard changes?', description: 'Your changes will be lost.' };

// Any navigation at all while something is unsaved (a link, Back or Forward, a redirect): a save that leaves does so
// with `ignoreBlocker`, so it is never asked about.
const everyNavigation = () => true;

type Options = {
  /** Something would be lost by leaving now. */
  dirty: boolean;
  words?: DiscardWords;
  /** What discarding does besides letting a navigation through: close the box or dialog that holds the work. */
  onDiscard?: () => void;
};

/**
 * The one unsaved-changes guard of every form. While `dirty`, leaving the page (a link, Back, a reload or closing the
 * tab: the browser's own prompt for those two) stops at a question, `question`, which the caller shows with
 * DiscardChangesDialog. `requestDiscard()` is for closing the work without leaving (Cancel, Escape): it discards at
 * once when nothing would be lost and asks otherwise.
 */
export function useUnsavedChangesGuard({ dirty, words = discardChangesWords, onDiscard }: Options) {
  const blocker = useBlocker({ shouldBlockFn: everyNavigation, enableBeforeUnload: true, disabled: !dirty, withResolver: true });
  const [asking, setAsking] = useState(false);

  const requestDiscard = () => {
    if (dirty) setAsking(true);
    else onDiscard?.();
  };

  let question: DiscardQuestion | null = null;
  if (blocker.status === 'blocked') {
    const { proceed, reset } = blocker;
    question = {
      ...words,
      keep: reset,
      discard: () => {
        proceed();
        onDiscard?.();
      },
    };
  } else if (asking) {
    question = {
      ...words,
      keep: () => setAsking(false),
      discard: () => {
        setAsking(false);
        onDiscard?.();
      },
    };
  }
  return { question, requestDiscard };
}
