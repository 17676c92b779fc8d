import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type DragEvent, type RefObject } from 'react';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { FEED_DESCRIPTION_MAX, FEED_TITLE_MAX, FEED_VISIBILITIES, FEED_VISIBILITY_LABELS, VIDEO_ALT_MAX, type Feed } from '#contract/feeds';
import { VIDEO_ACCEPT, VIDEO_FORMATS, VIDEO_MAX_BYTES, VIDEO_MAX_DURATION_MS } from '#contract/videos';
import { DiscardChangesPanel } from '../../../../components/discard-changes-dialog';
import { Icon } from '../../../../components/icons';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { controlClass, describedBy, FieldFrame } from '../../../../components/ui/field-frame';
import { FileButton } from '../../../../components/ui/file-button';
import { Spinner } from '../../../../components/ui/spinner';
import { TextField } from '../../../../components/ui/text-field';
import { UploadProgress } from '../../../../components/ui/upload-progress';
import { applyServerErrors } from '../../../../lib/form-errors';
import { messages } from '../../../../lib/messages';
import { toast } from '../../../../lib/toast';
import { useUnsavedChangesGuard } from '../../../../lib/use-unsaved-changes-guard';
import { TagTextArea } from '../../../tags/components/tag-text-area';
import { saveShort } from '../api';
import { emptyShortForm, SHORT_FORM_FIELDS, shortForm, toShortFormValues, toVideoFeedInput, type ShortFormInput, type ShortFormValues } from './short-form-schema';
import { reloadFirstPages } from '../../form/save-feed';
import { CaptionsField } from './captions-field';
import { useVideoUpload, type VideoUpload } from './use-video-upload';

/** The form's own words; spec §8's are in src/lib/messages.ts. */
const words = {
  updated: 'Short updated.',
  waitsForVideo: 'Your short will be published as soon as its video is ready.',
  waitsForUpload: 'Saving waits until your video finishes uploading.',
  failedVideo: 'This video could not be used. Choose another video.',
  keepsVideo: 'A published short keeps its video. Post a new short for another.',
  videoHint: `${VIDEO_FORMATS.map((f) => f.name).join(', ')} · up to ${VIDEO_MAX_BYTES / 1024 / 1024} MB and ${VIDEO_MAX_DURATION_MS / 60_000} minutes. Upright videos fill the screen best.`,
  discardNew: { title: 'Discard this short?', description: 'What you wrote and the video you added will be lost.' },
  discardChanges: { title: 'Discard changes?', description: 'Your changes to this short will be lost.' },
} as const;

type Props = { open: boolean; onClose: () => void; short?: Feed | undefined };

/**
 * The video feed form in a dialog: a new short, or the given one to edit. Closing it (Cancel, Escape, the close
 * button) or leaving the page with something unsaved, an upload under way included, asks first; discarding stops
 * the upload. The question takes the form's place inside the same dialog, as in the post composer.
 */
export function ShortFormDialog({ open, onClose, short }: Props) {
  if (!open) return null;
  // Keyed, so each opening (and each short) starts with a fresh form, a fresh upload and no leftover question.
  return <ShortDialog key={short?.id ?? 'new'} short={short} onClose={onClose} />;
}

function ShortDialog({ short, onClose }: { short: Feed | undefined; onClose(): void }) {
  const [dirty, setDirty] = useState(false);
  const { question, requestDiscard } = useUnsavedChangesGuard({ dirty, words: short ? words.discardChanges : words.discardNew, onDiscard: onClose });
  return (
    <Dialog title={question ? question.title : short ? 'Edit short' : 'New short'} onClose={question ? question.keep : requestDiscard} size="lg">
      {question && <DiscardChangesPanel question={question} />}
      <div hidden={question !== null} className="max-sm:min-h-[calc(100dvh-6rem)]">
        <ShortForm short={short} onSaved={onClose} onCancel={requestDiscard} onDirtyChange={setDirty} />
      </div>
    </Dialog>
  );
}

function useSaveShort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShort,
    // Not awaited: the form closes at once while the lists reload behind it (as a post's save does).
    onSuccess: ({ data }, body) => void reloadFirstPages(queryClient, data, body.id !== undefined),
  });
}

type FormProps = { short: Feed | undefined; onSaved(saved: Feed): void; onCancel(): void; onDirtyChange(dirty: boolean): void };

function ShortForm({ short, onSaved, onCancel, onDirtyChange }: FormProps) {
  const form = useForm<ShortFormInput, unknown, ShortFormValues>({
    resolver: zodResolver(shortForm),
    defaultValues: short ? toShortFormValues(short) : emptyShortForm(),
  });
  const { errors, isDirty } = form.formState;
  const video = useVideoUpload(short?.videos[0], (key) =>
    form.setValue('videos', key ? [key] : [], { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
  );
  const save = useSaveShort();
  const preview = useRef<HTMLVideoElement>(null);
  const [pressed, setPressed] = useState<'draft' | 'publish' | null>(null);
  // Published: it cannot go back to being a draft, nor change its video. Waiting for its video is not published yet.
  const isPublished = short !== undefined && short.publishedAt !== null;

  const dirty = isDirty || video.isUploading;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = (isDraft: boolean) =>
    form.handleSubmit(async (values) => {
      if (video.stage.step === 'failed') {
        form.setError('videos', { type: 'manual', message: words.failedVideo });
        return;
      }
      setPressed(isDraft ? 'draft' : 'publish');
      try {
        const { data, message } = await save.mutateAsync(toVideoFeedInput(values, { id: short?.id, isDraft }));
        toast.success(message || (short ? words.updated : messages.feed.created));
        form.reset(form.getValues());
        onSaved(data);
      } catch (error) {
        // The message itself is toasted once by the QueryClient; the fields get theirs here.
        applyServerErrors(error, form.setError, SHORT_FORM_FIELDS);
      } finally {
        setPressed(null);
      }
    });

  const busy = save.isPending;
  const held = busy || video.isUploading;
  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-5" aria-label={short ? 'Edit short' : 'New short'}>
      <VideoField video={video} locked={isPublished} error={errors.videos?.message ?? errors.videos?.root?.message} preview={preview} />
      <TextField label="Title" autoComplete="off" maxLength={FEED_TITLE_MAX} error={errors.title?.message} {...form.register('title')} />
      <Controller
        control={form.control}
        name="description"
        render={({ field }) => (
          <TagTextArea
            label="Description"
            hint="Type # for a hashtag or @ to mention someone."
            max={FEED_DESCRIPTION_MAX}
            rows={4}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.description?.message}
          />
        )}
      />
      <VisibilitySelect error={errors.visibility?.message} register={form.register('visibility')} />
      <TextField
        label="Alt text"
        hint="Describe the video for people who use screen readers."
        autoComplete="off"
        maxLength={VIDEO_ALT_MAX}
        error={errors.altText?.message}
        {...form.register('altText')}
      />
      <Controller
        control={form.control}
        name="captions"
        render={({ field }) => <CaptionsField value={field.value} onChange={field.onChange} error={errors.captions?.message} preview={preview} />}
      />

      <div className="flex flex-col gap-3 border-t border-line pt-4">
        {video.isUploading ? (
          <p role="status" className="text-sm text-muted">
            {words.waitsForUpload}
          </p>
        ) : (
          video.stage.step === 'processing' &&
          !isPublished && (
            <p role="status" className="text-sm text-muted">
              {words.waitsForVideo}
            </p>
          )
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          {!isPublished && (
            <Button variant="secondary" busy={pressed === 'draft'} disabled={held} onClick={submit(true)}>
              Save draft
            </Button>
          )}
          <Button busy={pressed === 'publish'} disabled={held} onClick={submit(false)}>
            {isPublished ? 'Save' : 'Publish'}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** Who sees the short (spec §3 Video feed: visibility, Public by default). */
function VisibilitySelect({ register, error }: { register: UseFormRegisterReturn<'visibility'>; error: string | undefined }) {
  const id = useId();
  const hint = 'Followers means only the people who follow you.';
  return (
    <FieldFrame inputId={id} label="Who can see it" error={error} hint={hint}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { error, hint })} className={clsx('min-h-11', controlClass(error))} {...register}>
        {FEED_VISIBILITIES.map((value) => (
          <option key={value} value={value}>
            {FEED_VISIBILITY_LABELS[value]}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/**
 * The short's video: choose it with the button or drop it on the zone (keyboards and screen readers use the button),
 * watch it upload, then see it processed and ready to preview, or failed with its reason and a way to choose another.
 * `locked`: a published short's video stays.
 */
function VideoField({ video, locked, error, preview }: { video: VideoUpload; locked: boolean; error: string | undefined; preview: RefObject<HTMLVideoElement | null> }) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const { stage } = video;
  const message = video.problem ?? error;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const canChoose = !locked && stage.step !== 'uploading';

  const onDragOver = (event: DragEvent) => {
    if (!canChoose || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Moving over the zone's own text and button is not leaving it.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canChoose) video.choose(Array.from(event.dataTransfer.files));
  };

  const chooseButton = (label: string) => (
    <FileButton id={inputId} accept={VIDEO_ACCEPT} aria-describedby={message ? errorId : hintId} onFiles={video.choose}>
      {label}
    </FileButton>
  );

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={message ? errorId : hintId}>
      <legend className="mb-1 text-sm font-medium">Video</legend>
      <div
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={clsx(
          'flex flex-col items-center gap-3 rounded-2xl border-2 p-4 text-center transition-colors',
          stage.step === 'none' ? 'border-dashed' : 'border-solid',
          dragging ? 'border-brand bg-surface-2' : message ? 'border-danger' : 'border-line bg-surface',
        )}
      >
        {stage.step === 'none' && (
          <>
            <Icon name="shorts" className="size-10 text-brand" />
            <p className="font-semibold">Drop a video here, or choose one</p>
            {chooseButton('Choose a video')}
          </>
        )}
        {stage.step === 'uploading' && (
          <UploadProgress
            className="w-full"
            label={`Uploading ${stage.name}`}
            progress={stage.progress}
            caption={stage.name}
            onCancel={video.cancel}
            cancelLabel="Cancel upload"
          />
        )}
        {stage.step === 'processing' && (
          <div className="flex items-center gap-3 py-6">
            <Spinner size="sm" />
            <p role="status" className="text-sm font-medium">
              Processing…
            </p>
          </div>
        )}
        {stage.step === 'ready' && (
          <>
            <video
              ref={preview}
              src={stage.video.videoUrl}
              poster={stage.video.thumbnail || undefined}
              aria-label="Preview of your video"
              muted
              playsInline
              controls
              preload="metadata"
              className="max-h-[50dvh] rounded-xl bg-black"
              style={stage.video.width > 0 && stage.video.height > 0 ? { aspectRatio: `${stage.video.width} / ${stage.video.height}` } : undefined}
            />
            <p role="status" className="flex items-center gap-1 text-sm font-medium text-success">
              <Icon name="checkCircle" className="size-4" />
              Ready
            </p>
          </>
        )}
        {stage.step === 'failed' && (
          <p role="alert" className="py-4 text-sm text-danger">
            Failed: {stage.failure}
          </p>
        )}
        {canChoose && stage.step !== 'none' && (
          <div className="flex flex-wrap items-center justify-center gap-2">
            {chooseButton('Choose another video')}
            {stage.step !== 'failed' && (
              <Button variant="ghost" onClick={video.remove}>
                Remove video
              </Button>
            )}
          </div>
        )}
      </div>
      {message ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {message}
        </p>
      ) : (
        <p id={hintId} className="text-xs text-muted">
          {locked ? words.keepsVideo : words.videoHint}
        </p>
      )}
    </fieldset>
  );
}
