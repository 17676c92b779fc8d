import clsx from 'clsx';
import { useId, useState } from 'react';
import { IMAGE_ACCEPT, IMAGE_FORMAT_NAMES } from '#contract/media';
import type { usePhotoUploads } from '../lib/use-photo-uploads';
import { Icon, type IconName } from './icons';
import { Button } from './ui/button';
import { FileButton } from './ui/file-button';
import { UploadProgress } from './ui/upload-progress';

type Props = { photos: ReturnType<typeof usePhotoUploads>; error?: string | undefined };

/**
 * A thing's photos (a post's, a piece of gear's) as a grid: choose several at once, watch each upload with its own bar (and cancel it), reorder
 * with "Move left/right" (keyboard, touch) or by dragging (mouse), remove.
 */
export function PhotoUploads({ photos, error }: Props) {
  const inputId = useId();
  const { items, problem } = photos;
  const [dragged, setDragged] = useState<string | null>(null);
  const full = items.length >= photos.max;
  const message = problem ?? error;

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={message ? `${inputId}-error` : `${inputId}-hint`}>
      <legend className="text-sm font-medium">Photos</legend>
      {items.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos in the order they are shown">
          {items.map((item, index) => {
            const label = `Photo ${index + 1} of ${items.length}`;
            return (
              <li
                key={item.id}
                aria-label={label}
                draggable={item.key !== null}
                onDragStart={(event) => {
                  setDragged(item.id);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(event) => {
                  if (dragged && dragged !== item.id) event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged) photos.move(dragged, index);
                  setDragged(null);
                }}
                onDragEnd={() => setDragged(null)}
                className={clsx(
                  'flex flex-col gap-2 rounded-xl border border-line bg-surface-2 p-2',
                  item.key && 'sm:cursor-grab',
                  dragged === item.id && 'opacity-50',
                )}
              >
                <div className="relative aspect-square overflow-hidden rounded-lg bg-surface-3">
                  {item.thumbnail ? (
                    <img src={item.thumbnail} alt={label} className="size-full object-cover" draggable={false} />
                  ) : (
                    <div className="flex size-full flex-col justify-center p-3">
                      <UploadProgress label={`Uploading ${item.name}`} progress={item.progress ?? 0} caption={item.name} />
                    </div>
                  )}
                </div>
                {item.key === null ? (
                  <Button variant="ghost" size="xs" onClick={() => photos.cancel(item.id)} aria-label={`Cancel upload of ${item.name}`}>
                    Cancel
                  </Button>
                ) : (
                  <div className="flex items-center justify-between gap-1">
                    <IconButton label={`Move photo ${index + 1} left`} disabled={index === 0} onClick={() => photos.move(item.id, index - 1)} icon="chevronLeft" />
                    <IconButton label={`Remove photo ${index + 1}`} onClick={() => photos.remove(item.id)} icon="close" />
                    <IconButton
                      label={`Move photo ${index + 1} right`}
                      disabled={index === items.length - 1}
                      onClick={() => photos.move(item.id, index + 1)}
                      icon="chevronRight"
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <FileButton id={inputId} multiple accept={IMAGE_ACCEPT} disabled={full} aria-describedby={message ? `${inputId}-error` : `${inputId}-hint`} onFiles={photos.add}>
          Add photos
        </FileButton>
        <p id={`${inputId}-hint`} className="text-xs text-muted">
          {items.length} of {photos.max} · {IMAGE_FORMAT_NAMES}
        </p>
      </div>
      {message && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-danger">
          {message}
        </p>
      )}
    </fieldset>
  );
}

function IconButton({ label, icon, disabled, onClick }: { label: string; icon: IconName; disabled?: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-fg disabled:opacity-40"
    >
      <Icon name={icon} className="size-5" strokeWidth="2" />
    </button>
  );
}
