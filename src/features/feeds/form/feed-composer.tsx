import { useState } from 'react';
import type { Feed } from '#contract/feeds';
import { DiscardChangesPanel } from '../../../components/discard-changes-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { useFeedForm } from './feed-form-context';
import { FeedForm } from './feed-form';
import { feedWords } from '../feed-words';

/**
 * The feed form in a dialog, opened with `useFeedForm().open()` (a new post), `.open(feed)` (an edit) or
 * `useFeedFormActions().openWithActivity(id)` (a new post linked to an activity). Closing it, or leaving the page,
 * with something unsaved asks first (the one unsaved-changes guard). The question replaces the form inside the same
 * dialog (the form is only hidden, so "Keep editing" finds everything as it was).
 */
export function FeedComposer() {
  const { isOpen, data, activityId, close } = useFeedForm();
  if (!isOpen) return null;
  // Keyed, so each opening (and each post) starts with a fresh form and no leftover question.
  return <ComposerDialog key={data?.id ?? `new-${activityId}`} feed={data} activityId={activityId} close={close} />;
}

function ComposerDialog({ feed, activityId, close }: { feed: Feed | null; activityId: number | null; close(): void }) {
  const [dirty, setDirty] = useState(false);
  const { question, requestDiscard } = useUnsavedChangesGuard({ dirty, words: feed ? feedWords.discardPostChanges : feedWords.discardNewPost, onDiscard: close });

  return (
    <Dialog title={question ? question.title : feed ? 'Edit post' : 'New post'} onClose={question ? question.keep : requestDiscard} size="lg">
      {question && <DiscardChangesPanel question={question} />}
      {/* On a phone the form fills the screen; from `sm` up it is a centred dialog. */}
      <div hidden={question !== null} className="max-sm:min-h-[calc(100dvh-6rem)]">
        <FeedForm feed={feed} activityId={activityId} onSaved={close} onCancel={requestDiscard} onDirtyChange={setDirty} />
      </div>
    </Dialog>
  );
}
