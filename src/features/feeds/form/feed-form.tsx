import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense, use, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FEED_DESCRIPTION_MAX, FEED_IMAGES_MAX, FEED_TITLE_MAX, type Feed } from '#contract/feeds';
import { DraftPublishBar } from '../../../components/draft-publish-bar';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { messages } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { ActivityPickerSlot } from './activity-picker-slot';
import { useFeedFormActions } from './feed-form-context';
import { emptyFeedForm, FEED_FORM_FIELDS, feedForm, toFeedFormValues, toFeedInput, type FeedFormInput, type FeedFormValues } from './feed-form-schema';
import { LocationField } from './location-field';
import { PhotoUploads } from '../../../components/photo-uploads';
import { useSaveFeed } from './save-feed';
import { TagTextArea } from '../../tags/components/tag-text-area';
import { usePhotoUploads, type PhotoUploadSpec } from '../../../lib/use-photo-uploads';
import { uploadFeedPhoto } from '../api';
import { feedWords } from '../feed-words';

/** A post's photos go through the image pipeline as `feed`. */
const FEED_PHOTOS: PhotoUploadSpec = { upload: uploadFeedPhoto, max: FEED_IMAGES_MAX, tooMany: feedWords.tooManyPhotos };

type Props = {
  /** The post being edited; null writes a new one (spec §4: create versus edit is the presence of an id). */
  feed: Feed | null;
  /** A new post linked to this activity from the start (an activity's "Share as a post"). */
  activityId?: number | null;
  onSaved(saved: Feed): void;
  onCancel(): void;
  /** Told whether anything would be lost by leaving, so its host (composer or page) can ask before it goes. */
  onDirtyChange?(dirty: boolean): void;
};

/**
 * The feed form: title, description with hashtag and mention suggestions, up to ten photos, a linked activity (when
 * the frame gives the activities' picker), a place, then save as a draft or publish.
 */
export function FeedForm({ feed, activityId = null, onSaved, onCancel, onDirtyChange }: Props) {
  const form = useForm<FeedFormInput, unknown, FeedFormValues>({
    resolver: zodResolver(feedForm),
    defaultValues: feed ? toFeedFormValues(feed) : emptyFeedForm(activityId),
  });
  const ActivityPicker = use(ActivityPickerSlot);
  const { errors, isDirty } = form.formState;
  const photos = usePhotoUploads(FEED_PHOTOS, feed?.images ?? [], (keys) => form.setValue('images', keys, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }));
  const save = useSaveFeed();
  const status = useFeedFormActions();
  const [pressed, setPressed] = useState<'draft' | 'publish' | null>(null);
  const isPublished = feed !== null && !feed.isDraft;

  const dirty = isDirty || photos.isUploading;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const submit = (isDraft: boolean) =>
    form.handleSubmit(async (values) => {
      setPressed(isDraft ? 'draft' : 'publish');
      status.setLoading(true);
      try {
        const { data, message } = await save.mutateAsync(toFeedInput(values, { id: feed?.id, isDraft }));
        status.markSuccessful();
        if (feed) toast.success(message || feedWords.updated);
        else toast.success(isDraft ? feedWords.draftSaved : messages.feed.created);
        form.reset(form.getValues());
        onSaved(data);
      } catch (error) {
        status.setLoading(false);
        applyServerErrors(error, form.setError, FEED_FORM_FIELDS);
      } finally {
        setPressed(null);
      }
    });

  const busy = save.isPending;
  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-5" aria-label={feed ? 'Edit post' : 'New post'}>
      <TextField label="Title" autoComplete="off" maxLength={FEED_TITLE_MAX} error={errors.title?.message} {...form.register('title')} />
      <Controller
        control={form.control}
        name="description"
        render={({ field }) => (
          <TagTextArea
            label="Description"
            hint="Type # for a hashtag or @ to mention someone."
            max={FEED_DESCRIPTION_MAX}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.description?.message}
          />
        )}
      />
      <PhotoUploads photos={photos} error={errors.images?.message} />
      {ActivityPicker && (
        <Controller
          control={form.control}
          name="activityId"
          render={({ field }) => (
            // The picker's code may still be on its way (it loads with the first form that shows it).
            <Suspense fallback={null}>
              <ActivityPicker value={field.value} onChange={field.onChange} error={errors.activityId?.message} />
            </Suspense>
          )}
        />
      )}
      <LocationField form={form} />

      <DraftPublishBar pressed={pressed} busy={busy} uploading={photos.isUploading} isPublished={isPublished} onCancel={onCancel} onDraft={submit(true)} onPublish={submit(false)} />
    </form>
  );
}
