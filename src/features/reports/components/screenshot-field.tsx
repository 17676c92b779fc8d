import { useId } from 'react';
import { REPORT_IMAGES_MAX } from '#contract/reports';
import { IMAGE_ACCEPT, IMAGE_FORMAT_NAMES } from '#contract/media';
import { Icon } from '../../../components/icons';
import { FileButton } from '../../../components/ui/file-button';
import { UploadProgress } from '../../../components/ui/upload-progress';
import type { useScreenshotUploads } from '../use-screenshot-uploads';

type Props = { shots: ReturnType<typeof useScreenshotUploads>; error?: string | undefined };

/** A report's optional screenshots: thumbnails with a remove button each, a bar while one uploads, and the count left. */
export function ScreenshotField({ shots, error }: Props) {
  const id = useId();
  const { items } = shots;
  const message = shots.problem ?? error;
  const describedBy = message ? `${id}-error` : `${id}-hint`;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium">Screenshots (optional)</legend>
      {items.length > 0 && (
        <ul className="grid grid-cols-4 gap-2" aria-label="Screenshots">
          {items.map((item, index) => {
            const label = `Screenshot ${index + 1}`;
            return (
              <li key={item.id} aria-label={label} className="relative aspect-square overflow-hidden rounded-lg border border-line bg-surface-2">
                {item.thumbnail ? (
                  <img src={item.thumbnail} alt={label} className="size-full object-cover" />
                ) : (
                  <div className="flex size-full items-center p-1.5">
                    <UploadProgress label={`Uploading ${item.name}`} progress={item.progress ?? 0} />
                  </div>
                )}
                <button
                  type="button"
                  aria-label={item.key ? `Remove screenshot ${index + 1}` : `Cancel upload of ${item.name}`}
                  title={item.key ? 'Remove' : 'Cancel upload'}
                  onClick={() => shots.remove(item.id)}
                  className="absolute top-1 right-1 flex size-8 items-center justify-center rounded-full bg-surface/90 text-fg shadow hover:bg-surface"
                >
                  <Icon name="close" className="size-4" strokeWidth="2" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <FileButton id={id} multiple accept={IMAGE_ACCEPT} disabled={items.length >= REPORT_IMAGES_MAX} aria-describedby={describedBy} onFiles={shots.add}>
          Add screenshots
        </FileButton>
        <p id={`${id}-hint`} className="text-xs text-muted">
          {items.length} of {REPORT_IMAGES_MAX} · {IMAGE_FORMAT_NAMES}
        </p>
      </div>
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {message}
        </p>
      )}
    </fieldset>
  );
}
