import { useEffect, useRef, useState } from 'react';
import type { Feed } from '#contract/feeds';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useFeedForm } from './feed-form-context';
import { FeedForm } from './feed-form';

/**
 * The feed form in a dialog, opened with `useFeedForm().open()` (a new post) or `.open(feed)` (an edit). Closing it
 * with something unsaved asks first. The question replaces the form inside the same dialog (the form is only hidden,
 * so "Keep editing" finds everything as it was): a second modal on top would fight the first over focus and Escape.
 */
export function FeedComposer() {
  const { isOpen, data, close } = useFeedForm();
  if (!isOpen) return null;
  // Keyed, so each opening (and each post) starts with a fresh form and no leftover question.
  return <ComposerDialog key={data?.id ?? 'new'} feed={data} close={close} />;
}

function ComposerDialog({ feed, close }: { feed: Feed | null; close(): void }) {
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const requestClose = () => (dirty ? setConfirming(true) : close());

  return (
    <Dialog title={confirming ? 'Discard this post?' : feed ? 'Edit post' : 'New post'} onClose={confirming ? () => setConfirming(false) : requestClose} size="lg">
      {confirming && <DiscardQuestion isEdit={feed !== null} onKeep={() => setConfirming(false)} onDiscard={close} />}
      {/* On a phone the form fills the screen; from `sm` up it is a centred dialog. */}
      <div hidden={confirming} className="max-sm:min-h-[calc(100dvh-6rem)]">
        <FeedForm feed={feed} onSaved={close} onCancel={requestClose} onDirtyChange={setDirty} />
      </div>
    </Dialog>
  );
}

function DiscardQuestion({ isEdit, onKeep, onDiscard }: { isEdit: boolean; onKeep(): void; onDiscard(): void }) {
  const keep = useRef<HTMLButtonElement>(null);
  // The safe answer has focus, so a stray Enter loses nothing.
  useEffect(() => keep.current?.focus(), []);
  return (
    <div role="alert" className="flex flex-col gap-4">
      <p className="text-sm">{isEdit ? 'Your changes to this post will be lost.' : 'What you wrote and the photos you added will be lost.'}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button ref={keep} type="button" className={buttonClass('secondary')} onClick={onKeep}>
          Keep editing
        </button>
        <Button variant="danger" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </div>
  );
}
