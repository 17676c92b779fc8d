import { useCallback, useRef, type KeyboardEvent } from 'react';
import { COMMENT_MAX } from '#contract/feeds';
import { DiscardChangesDialog } from '../../../components/discard-changes-dialog';
import { Button } from '../../../components/ui/button';
import { useUnsavedChangesGuard, type DiscardWords } from '../../../lib/use-unsaved-changes-guard';
import { TagTextArea } from '../../tags/components/tag-text-area';
import { commentWords } from '../comment-words';

type Props = {
  /** The field's label ("Add a comment", "Reply to Maya Torres", "Edit your comment"). */
  label: string;
  submitLabel: string;
  value: string;
  onChange(value: string): void;
  /** Gets the trimmed text; only called when there is some and it is within the limit. */
  onSubmit(text: string): void;
  /** Shows a Cancel button and lets Escape cancel (asking first when something typed would be lost). */
  onCancel?: () => void;
  /** What the box held when it opened (an edit's old text, a reply's mention): only text beyond it counts as unsaved. */
  pristine?: string;
  /** The unsaved-changes question's words for this box. */
  discardWords: DiscardWords;
  /** Focus the field (caret at the end) when the box appears: a reply or edit box opened by a button. */
  autoFocus?: boolean;
};

/**
 * Where a comment is written, for a new comment, a reply or an edit: `#hashtag` and `@mention` suggestions (the
 * feed form's TagTextArea), Enter sends, Shift+Enter starts a new line, Escape cancels where cancelling means
 * something, and text past COMMENT_MAX (the server's limit) is flagged instead of sent. Text typed is never dropped
 * without a word: Escape, Cancel or leaving the page asks first (the one unsaved-changes guard).
 */
export function CommentBox({ label, submitLabel, value, onChange, onSubmit, onCancel, pristine = '', discardWords, autoFocus = false }: Props) {
  const text = value.trim();
  const { question, requestDiscard } = useUnsavedChangesGuard({ dirty: text !== pristine.trim(), words: discardWords, onDiscard: onCancel });
  const over = text.length > COMMENT_MAX;
  const canSend = text.length > 0 && !over;
  const focused = useRef(false);
  // TagTextArea hands its node over at every render: focus only the first time.
  const focusOnce = useCallback(
    (node: HTMLTextAreaElement | null) => {
      if (!node || !autoFocus || focused.current) return;
      focused.current = true;
      node.focus();
      node.setSelectionRange(node.value.length, node.value.length);
    },
    [autoFocus],
  );

  const send = () => {
    if (canSend) onSubmit(text);
  };
  // Bubbles up from the textarea after TagTextArea had its say: a key it used to pick a suggestion or close the list
  // arrives handled (default prevented, or stopped), so Enter here always means "send".
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || !(event.target instanceof HTMLTextAreaElement)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      // The question's dialog listens for Escape on the document: this one must not reach it and answer at once.
      event.stopPropagation();
      requestDiscard();
    }
  };

  return (
    <form
      className="flex min-w-0 flex-1 flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {/* Two lines to start, growing with the text where the browser can size a field to its content. */}
      <div onKeyDown={onKeyDown} className="[&_textarea]:field-sizing-content [&_textarea]:max-h-64 [&_textarea]:min-h-16">
        <TagTextArea
          label={label}
          value={value}
          onChange={onChange}
          onBlur={() => {}}
          max={COMMENT_MAX}
          error={over ? commentWords.commentTooLong : undefined}
          hint="Enter sends, Shift+Enter starts a new line."
          ref={focusOnce}
          rows={2}
        />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {onCancel && (
          <Button variant="ghost" onClick={requestDiscard}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={!canSend}>
          {submitLabel}
        </Button>
      </div>
      <DiscardChangesDialog question={question} />
    </form>
  );
}
