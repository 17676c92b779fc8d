import { Button } from './ui/button';

type Props = {
  /** Which button sent the save under way, if one is. */
  pressed: 'draft' | 'publish' | null;
  busy: boolean;
  /** Photos still uploading: saving waits, and says so. */
  uploading: boolean;
  /** Anything else the form waits for before it can save (a sport's fields loading). */
  waiting?: boolean;
  /** A published thing's save keeps it published: "Save changes" rather than "Publish". */
  isPublished: boolean;
  onCancel(): void;
  onDraft(): void;
  onPublish(): void;
};

/** The foot of a form that saves as a draft or publishes (a post, a piece of gear): Cancel, Save as draft, Publish. */
export function DraftPublishBar({ pressed, busy, uploading, waiting = false, isPublished, onCancel, onDraft, onPublish }: Props) {
  const blocked = busy || uploading || waiting;
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      {uploading && (
        <p role="status" className="text-sm text-muted">
          Saving waits until your photos finish uploading.
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="secondary" busy={pressed === 'draft'} disabled={blocked} onClick={onDraft}>
          Save as draft
        </Button>
        <Button busy={pressed === 'publish'} disabled={blocked} onClick={onPublish}>
          {isPublished ? 'Save changes' : 'Publish'}
        </Button>
      </div>
    </div>
  );
}
