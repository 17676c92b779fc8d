import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from '#contract/media';
import { Avatar } from '../../../components/avatar';
import { Button, buttonClass } from '../../../components/ui/button';
import { messages } from '../../../lib/messages';
import { useUploadImage } from '../api';
import { CROP_TARGETS, type CropTarget } from '../crop-math';
import { CoverImage } from './cover-image';
import { ImageCropper } from './image-cropper';

type Props = {
  target: CropTarget;
  /** What the server has now. */
  currentUrl: string | null;
  /** The form's value: undefined = unchanged, null = remove, a string = the key of a new upload. */
  value: string | null | undefined;
  onChange(value: string | null): void;
  /** The member's name, for the avatar's initials when there is no photo. */
  name: string;
  error?: string | undefined;
  /** Told when an upload starts and ends, so the form can hold its save until the key is in. */
  onBusyChange?(busy: boolean): void;
};

const hasImageExtension = (name: string) => IMAGE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/**
 * Choose, crop, upload (with a progress bar that can be cancelled) or remove the profile photo or the cover. The
 * upload's key goes into the form; nothing changes on the profile until the form is saved.
 */
export function ImagePicker({ target, currentUrl, value, onChange, name, error, onBusyChange }: Props) {
  const { label } = CROP_TARGETS[target];
  const inputId = useId();
  const upload = useUploadImage();
  const [chosen, setChosen] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  // A page left mid-upload stops sending; a replaced preview frees its memory.
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const shown = value === undefined ? currentUrl : value === null ? null : preview;
  const uploading = progress !== null;

  // A layout effect, so the form knows before the browser paints the closed cropper: a save clicked in the same
  // instant must already find the button disabled (the mutation cache reports a started upload a tick later).
  const onBusyChangeRef = useRef(onBusyChange);
  useLayoutEffect(() => {
    onBusyChangeRef.current = onBusyChange;
  });
  useLayoutEffect(() => {
    onBusyChangeRef.current?.(uploading);
  }, [uploading]);
  useEffect(() => () => onBusyChangeRef.current?.(false), []);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again must still fire a change.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (!hasImageExtension(file.name)) return setProblem(messages.user.imageWrongType);
    if (file.size > IMAGE_MAX_BYTES) return setProblem(messages.user.imageTooLarge);
    setChosen(file);
  };

  const send = (image: Blob) => {
    setChosen(null);
    const abort = new AbortController();
    controller.current = abort;
    setProgress(0);
    upload.mutate(
      {
        image,
        purpose: target,
        signal: abort.signal,
        // XHR can report progress once more after a cancel; it must not bring the finished bar back.
        onProgress: (fraction) => !abort.signal.aborted && setProgress(Math.round(fraction * 100)),
      },
      {
        onSuccess: (uploaded) => {
          if (!uploaded) return;
          setPreview(URL.createObjectURL(image));
          onChange(uploaded.key);
        },
        onSettled: () => {
          controller.current = null;
          setProgress(null);
        },
      },
    );
  };

  const shownMessage = problem ?? error;

  return (
    <div className="flex flex-col gap-3">
      {target === 'cover' ? (
        <CoverImage src={shown} className="rounded-xl border border-line" />
      ) : (
        <div className="flex items-center gap-4">
          <Avatar src={shown} name={name} size="lg" />
          <p className="text-sm text-muted">A square photo, shown in a circle. You crop it before it is sent.</p>
        </div>
      )}

      <div className="flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          type="file"
          accept={IMAGE_EXTENSIONS.join(',')}
          className="peer sr-only"
          disabled={uploading}
          aria-describedby={shownMessage ? `${inputId}-error` : undefined}
          onChange={choose}
        />
        <label
          htmlFor={inputId}
          className={buttonClass(
            'secondary',
            'cursor-pointer peer-disabled:cursor-not-allowed peer-disabled:opacity-60 peer-focus-visible:[outline:3px_solid_var(--focus)] peer-focus-visible:[outline-offset:2px]',
          )}
        >
          {target === 'profile' ? 'Choose profile photo' : 'Choose cover image'}
        </label>
        {shown && !uploading && (
          <Button variant="ghost" onClick={() => onChange(null)}>
            {target === 'profile' ? 'Remove profile photo' : 'Remove cover image'}
          </Button>
        )}
      </div>

      {uploading && (
        <div className="flex flex-wrap items-center gap-3">
          <div
            role="progressbar"
            aria-label={`Uploading your ${label}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={progress < 100 ? `${progress}%` : 'Processing'}
            className="h-2 min-w-40 flex-1 overflow-hidden rounded-full bg-surface-3"
          >
            <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${progress}%` }} />
          </div>
          <span className="w-24 text-sm tabular-nums text-muted" aria-hidden="true">
            {progress < 100 ? `${progress}%` : 'Processing…'}
          </span>
          <Button variant="ghost" onClick={() => controller.current?.abort()}>
            Cancel upload
          </Button>
        </div>
      )}

      {shownMessage && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-danger">
          {shownMessage}
        </p>
      )}

      {chosen && (
        <ImageCropper
          file={chosen}
          target={target}
          onCancel={() => setChosen(null)}
          onDone={send}
          onError={(message) => {
            setChosen(null);
            setProblem(message);
          }}
        />
      )}
    </div>
  );
}
