import * as z from 'zod/mini';
import { FEED_DESCRIPTION_MAX, FEED_IMAGES_MAX, FEED_LOCATION_MAX, FEED_TITLE_MAX, feedInput, type Feed, type FeedInput } from '#contract/feeds';

/**
 * The feed form's fields: `feedInput` without what the buttons decide (`id` from the post being edited, `isDraft` from
 * the button pressed), with the same limits worded for a person. The location is a plain string here (empty = none);
 * `activityId` is the linked activity (spec §3 Feed.activityId), null for none.
 */
export const feedForm = z
  .object({
    title: z.string().check(z.trim(), z.maxLength(FEED_TITLE_MAX, `Keep the title to ${FEED_TITLE_MAX} characters.`)),
    description: z
      .string()
      .check(z.trim(), z.maxLength(FEED_DESCRIPTION_MAX, `Keep the description to ${FEED_DESCRIPTION_MAX.toLocaleString('en')} characters.`)),
    location: z.string().check(z.trim(), z.maxLength(FEED_LOCATION_MAX, `Keep the place to ${FEED_LOCATION_MAX} characters.`)),
    latitude: feedInput.shape.latitude,
    longitude: feedInput.shape.longitude,
    images: z.array(z.string()).check(z.maxLength(FEED_IMAGES_MAX, `A post holds up to ${FEED_IMAGES_MAX} photos.`)),
    activityId: z.nullable(z.int()),
  })
  .check(
    z.refine((v) => v.title !== '' || v.description !== '' || v.images.length > 0 || v.activityId !== null, {
      message: 'Write something, add a photo or link an activity first.',
      path: ['description'],
    }),
  );
export type FeedFormInput = z.input<typeof feedForm>;
export type FeedFormValues = z.output<typeof feedForm>;

/** The fields a server 400 may name that have an input of their own here. */
export const FEED_FORM_FIELDS = ['title', 'description', 'location', 'latitude', 'longitude', 'images', 'activityId'] as const;

/** A new post; `activityId` links an activity from the start (an activity's "Share as a post"). */
export const emptyFeedForm = (activityId: number | null = null): FeedFormInput => ({
  title: '',
  description: '',
  location: '',
  latitude: null,
  longitude: null,
  images: [],
  activityId,
});

/** An existing post as the form starts it. */
export function toFeedFormValues(feed: Feed): FeedFormInput {
  return {
    title: feed.title,
    description: feed.description,
    location: feed.location ?? '',
    latitude: feed.latitude,
    longitude: feed.longitude,
    images: feed.images.map((image) => image.key),
    activityId: feed.activityId,
  };
}

/** The body of `POST`/`PUT /api/feed`: an id only when editing (spec §4: create versus edit is the id). */
export function toFeedInput(values: FeedFormValues, { id, isDraft }: { id: number | undefined; isDraft: boolean }): FeedInput {
  return {
    ...(id === undefined ? {} : { id }),
    title: values.title,
    description: values.description,
    isDraft,
    location: values.location === '' ? null : values.location,
    latitude: values.latitude ?? null,
    longitude: values.longitude ?? null,
    images: values.images,
    activityId: values.activityId,
  };
}
