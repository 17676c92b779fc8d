import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { IMAGE_ACCEPT } from '#contract/media';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/ui/button';
import { FileButton } from '../../../components/ui/file-button';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { imageFileProblem } from '../../../lib/image-file';
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

  const choose = ([file]: File[]) => {
    if (!file) return;
    const refused = imageFileProblem(file);
    setProblem(refused);
    if (!refused) setChosen(file);
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
        <FileButton id={inputId} accept={IMAGE_ACCEPT} disabled={uploading} aria-describedby={shownMessage ? `${inputId}-error` : undefined} onFiles={choose}>
          {target === 'profile' ? 'Choose profile photo' : 'Choose cover image'}
        </FileButton>
        {shown && !uploading && (
          <Button variant="ghost" onClick={() => onChange(null)}>
            {target === 'profile' ? 'Remove profile photo' : 'Remove cover image'}
          </Button>
        )}
      </div>

      {uploading && <UploadProgress label={`Uploading your ${label}`} progress={progress} onCancel={() => controller.current?.abort()} className="max-w-md" />}

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
