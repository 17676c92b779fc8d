import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import type { Event } from '#contract/events';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, type UploadedImage } from '#contract/media';
import { Button, buttonClass } from '../../../components/ui/button';
import { messages } from '../../../lib/messages';
import { uploadImage } from '../../../lib/upload';

type Banner = NonNullable<Event['bannerImage']>;

type Props = {
  value: Banner | null;
  onChange(value: Banner | null): void;
  error?: string | undefined;
  /** Told when an upload starts and ends, so the form holds its save until the key is in. */
  onBusyChange(busy: boolean): void;
};

const hasImageExtension = (name: string) => IMAGE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/**
 * The event's banner: choose an image, watch it upload through the image pipeline (purpose `event`) with a bar that
 * can be cancelled, see it, replace or remove it. Only the upload's key is saved with the event.
 */
export function BannerField({ value, onChange, error, onBusyChange }: Props) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [fileName, setFileName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const upload = useMutation({
    mutationFn: async ({ file, signal }: { file: File; signal: AbortSignal }): Promise<UploadedImage | null> => {
      try {
        return await uploadImage(file, 'event', { signal, onProgress: (f) => !signal.aborted && setProgress(Math.round(f * 100)) });
      } catch (e) {
        // A cancel is the member's choice, not a failure to toast.
        if (signal.aborted) return null;
        throw e;
      }
    },
  });
  const uploading = progress !== null;

  // A layout effect, so a save clicked in the same instant already finds the buttons held.
  const onBusyChangeRef = useRef(onBusyChange);
  useLayoutEffect(() => {
    onBusyChangeRef.current = onBusyChange;
  });
  useLayoutEffect(() => onBusyChangeRef.current(uploading), [uploading]);
  // Leaving the step (or the page) mid-upload stops sending.
  useEffect(
    () => () => {
      controller.current?.abort();
      onBusyChangeRef.current(false);
    },
    [],
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again must still fire a change.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (!hasImageExtension(file.name)) return setProblem(messages.user.imageWrongType);
    if (file.size > IMAGE_MAX_BYTES) return setProblem(messages.user.imageTooLarge);
    const abort = new AbortController();
    controller.current = abort;
    setFileName(file.name);
    setProgress(0);
    upload.mutate(
      { file, signal: abort.signal },
      {
        onSuccess: (image) => {
          if (image) onChange({ key: image.key, url: image.url, thumbnail: image.thumbnail, dimens: image.dimens });
        },
        // The failure is toasted once by the QueryClient with the server's reason.
        onSettled: () => {
          if (controller.current === abort) controller.current = null;
          setProgress(null);
        },
      },
    );
  };

  const cancel = () => {
    controller.current?.abort();
    setProgress(null);
  };

  const message = problem ?? error;
  const describedBy = message ? `${inputId}-error` : `${inputId}-hint`;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy}>
      <legend className="text-sm font-medium">Banner image</legend>
      <div className="relative aspect-[3/1] w-full overflow-hidden rounded-xl border border-line bg-surface-2">
        {value ? (
          <img src={value.url} alt="Banner preview" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center p-4 text-center text-sm text-muted">
            {uploading ? null : 'No banner yet. A wide photo of the place works best.'}
          </div>
        )}
        {uploading && (
          <div className="absolute inset-0 flex flex-col justify-center gap-2 bg-surface/90 p-4">
            <p className="truncate text-xs text-muted">{fileName}</p>
            <div
              role="progressbar"
              aria-label={`Uploading ${fileName}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              aria-valuetext={progress < 100 ? `${progress}%` : 'Processing'}
              className="h-2 overflow-hidden rounded-full bg-surface-3"
            >
              <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${progress}%` }} />
            </div>
            <p className="text-xs tabular-nums text-muted" aria-hidden="true">
              {progress < 100 ? `${progress}%` : 'Processing…'}
            </p>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          type="file"
          accept={IMAGE_EXTENSIONS.join(',')}
          className="peer sr-only"
          disabled={uploading}
          aria-describedby={describedBy}
          onChange={choose}
        />
        <label
          htmlFor={inputId}
          className={buttonClass(
            'secondary',
            'cursor-pointer peer-disabled:cursor-not-allowed peer-disabled:opacity-60 peer-focus-visible:[outline:3px_solid_var(--focus)] peer-focus-visible:[outline-offset:2px]',
          )}
        >
          {value ? 'Replace banner' : 'Choose a banner'}
        </label>
        {uploading && (
          <Button variant="ghost" onClick={cancel}>
            Cancel upload
          </Button>
        )}
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
          Optional · PNG, JPG or GIF, up to 20 MB
        </p>
      )}
    </fieldset>
  );
}
