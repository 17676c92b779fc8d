import * as z from 'zod/mini';
import {
  FEED_DESCRIPTION_MAX,
  FEED_TITLE_MAX,
  feedVisibility,
  SHORT_NEEDS_VIDEO,
  VIDEO_ALT_MAX,
  type Feed,
  type VideoFeedInput,
} from '#contract/feeds';
import { parseWebVtt } from '#contract/webvtt';

/**
 * The short form's fields: `videoFeedInput` without what the buttons decide (`id` from the short being edited,
 * `isDraft` from the button pressed), with the same limits worded for a person. `videos` holds the one upload key
 * once the video is up (empty before), named as the server names it so its field error lands on the video.
 */
export const shortForm = z.object({
  title: z.string().check(z.trim(), z.maxLength(FEED_TITLE_MAX, `Keep the title to ${FEED_TITLE_MAX} characters.`)),
  description: z
    .string()
    .check(z.trim(), z.maxLength(FEED_DESCRIPTION_MAX, `Keep the description to ${FEED_DESCRIPTION_MAX.toLocaleString('en')} characters.`)),
  visibility: feedVisibility,
  altText: z.string().check(z.trim(), z.maxLength(VIDEO_ALT_MAX, `Keep the description of the video to ${VIDEO_ALT_MAX} characters.`)),
  // WebVTT or nothing, checked as the server checks it (contract/webvtt.ts), its line named.
  captions: z.string().check(
    z.refine((text) => !text.trim() || !('error' in parseWebVtt(text)), { error: (issue) => (parseWebVtt(String(issue.input)) as { error: string }).error }),
  ),
  // A draft needs its video too: the server keeps no short without one (spec §5).
  videos: z.array(z.string()).check(z.minLength(1, SHORT_NEEDS_VIDEO), z.maxLength(1, 'A short holds one video.')),
});
export type ShortFormInput = z.input<typeof shortForm>;
export type ShortFormValues = z.output<typeof shortForm>;

/** The fields a server 400 may name that have an input of their own here. */
export const SHORT_FORM_FIELDS = ['title', 'description', 'visibility', 'altText', 'captions', 'videos'] as const;

/** A new short: Public unless the member says otherwise (spec §3 Video feed). */
export const emptyShortForm = (): ShortFormInput => ({ title: '', description: '', visibility: 'everyone', altText: '', captions: '', videos: [] });

/** An existing short as the form starts it. */
export function toShortFormValues(short: Feed): ShortFormInput {
  const video = short.videos[0];
  return {
    title: short.title,
    description: short.description,
    visibility: short.visibility,
    altText: video?.altText ?? '',
    captions: video?.captions ?? '',
    videos: video ? [video.key] : [],
  };
}

/** The body of `POST`/`PUT /api/video-feed`: an id only when editing (spec §4: create versus edit is the id). */
export function toVideoFeedInput(values: ShortFormValues, { id, isDraft }: { id: number | undefined; isDraft: boolean }): VideoFeedInput {
  return {
    ...(id === undefined ? {} : { id }),
    title: values.title,
    description: values.description,
    isDraft,
    visibility: values.visibility,
    videos: values.videos,
    altText: values.altText,
    captions: values.captions.trim(),
  };
}
