import { useEffect, useRef } from 'react';
import type { DiscardQuestion } from '../lib/use-unsaved-changes-guard';
import { Button, buttonClass } from './ui/button';
import { Dialog } from './ui/dialog';

/**
 * The unsaved-changes question (useUnsavedChangesGuard's) as a modal of its own. Keep editing has focus, and Escape
 * and the close button keep editing too: only the Discard button loses anything.
 */
export function DiscardChangesDialog({ question }: { question: DiscardQuestion | null }) {
  if (!question) return null;
  return (
    <Dialog role="alertdialog" title={question.title} description={<p>{question.description}</p>} onClose={question.keep}>
      <DiscardChoices question={question} />
    </Dialog>
  );
}

/**
 * The same question inside a dialog that is already open (the post composer), in place of what it shows: a second
 * modal on top would fight the first over focus and Escape. The host dialog takes `question.title` as its title and
 * `question.keep` as its Escape.
 */
export function DiscardChangesPanel({ question }: { question: DiscardQuestion }) {
  return (
    <div role="alert" className="flex flex-col gap-4">
      <p className="text-sm">{question.description}</p>
      <DiscardChoices question={question} focusKeep />
    </div>
  );
}

function DiscardChoices({ question, focusKeep = false }: { question: DiscardQuestion; focusKeep?: boolean }) {
  const keep = useRef<HTMLButtonElement>(null);
  // The safe answer has focus, so a stray Enter loses nothing. A Dialog of its own focuses it (its first button) and
  // remembers what had focus before: focusing it here first would make it forget.
  useEffect(() => {
    if (focusKeep) keep.current?.focus();
  }, [focusKeep]);
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button ref={keep} type="button" className={buttonClass('secondary')} onClick={question.keep}>
        Keep editing
      </button>
      <Button variant="danger" onClick={question.discard}>
        Discard
      </Button>
    </div>
  );
}
