import { useMutation } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useState } from 'react';
import type { Event } from '#contract/events';
import { IMAGE_ACCEPT, IMAGE_FORMAT_NAMES, type UploadedImage } from '#contract/media';
import { Button } from '../../../components/ui/button';
import { FileButton } from '../../../components/ui/file-button';
import { UploadProgress, useReportBusy, useUploadProgress } from '../../../components/ui/upload-progress';
import { imageFileProblem } from '../../../lib/image-file';
import { Icon } from '../../../components/icons';
import { uploadEventBanner } from '../api';

type Banner = NonNullable<Event['bannerImage']>;

type Props = {
  value: Banner | null;
  onChange(value: Banner | null): void;
  error?: string | undefined;
  /** Told when an upload starts and ends, so the form holds its save until the key is in. */
  onBusyChange(busy: boolean): void;
};

/**
 * The event's banner: choose an image, watch it upload through the image pipeline (purpose `event`) with a bar that
 * can be cancelled, see it, replace or remove it. Only the upload's key is saved with the event.
 */
export function BannerField({ value, onChange, error, onBusyChange }: Props) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const bar = useUploadProgress();
  const upload = useMutation({
    mutationFn: async ({ file, signal, onProgress }: { file: File; signal: AbortSignal; onProgress(fraction: number): void }): Promise<UploadedImage | null> => {
      try {
        return await uploadEventBanner(file, { signal, onProgress });
      } catch (e) {
        // A cancel is the member's choice, not a failure to toast.
        if (signal.aborted) return null;
        throw e;
      }
    },
  });
  const { uploading, progress, fileName } = bar;
  useReportBusy(uploading, onBusyChange);

  const choose = ([file]: File[]) => {
    if (!file) return;
    const refused = imageFileProblem(file);
    setProblem(refused);
    if (refused) return;
    const { signal, onProgress, done } = bar.start(file.name);
    upload.mutate(
      { file, signal, onProgress },
      {
        onSuccess: (image) => {
          if (image) onChange({ key: image.key, url: image.url, thumbnail: image.thumbnail, dimens: image.dimens });
        },
        // The failure is toasted once by the QueryClient with the server's reason.
        onSettled: done,
      },
    );
  };

  const message = problem ?? error;
  const describedBy = message ? `${inputId}-error` : `${inputId}-hint`;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy}>
      <legend className="text-sm font-medium">Banner image</legend>
      <div
        className={clsx(
          'relative aspect-[3/1] w-full overflow-hidden rounded-xl border bg-surface-2',
          value || uploading ? 'border-line' : 'border-dashed border-line',
        )}
      >
        {value ? (
          <img src={value.url} alt="Banner preview" className="size-full object-cover" />
        ) : (
          !uploading && (
            <div className="flex size-full flex-col items-center justify-center gap-1 p-4 text-center text-sm text-muted">
              <Icon name="image" className="size-7" />
              No banner yet. A wide photo of the place works best.
            </div>
          )
        )}
        {progress !== null && (
          <div className="absolute inset-0 flex flex-col justify-center bg-surface/90 p-4">
            <UploadProgress label={`Uploading ${fileName}`} progress={progress} caption={fileName} onCancel={bar.cancel} />
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <FileButton id={inputId} accept={IMAGE_ACCEPT} disabled={uploading} aria-describedby={describedBy} onFiles={choose}>
          {value ? 'Replace banner' : 'Choose a banner'}
        </FileButton>
        {value && !uploading && (
          <Button variant="ghost" onClick={() => onChange(null)}>
            Remove banner
          </Button>
        )}
      </div>
      {message ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-danger">
          {message}
        </p>
      ) : (
        <p id={`${inputId}-hint`} className="text-xs text-muted">
          Optional · {IMAGE_FORMAT_NAMES}, up to 20 MB
        </p>
      )}
    </fieldset>
  );
}
