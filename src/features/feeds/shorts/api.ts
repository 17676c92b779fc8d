import { queryOptions } from '@tanstack/react-query';
import { feed, type VideoFeedInput } from '#contract/feeds';
import { uploadedVideo, type UploadedVideo } from '#contract/videos';
import { api } from '../../../lib/api-client';

/** Every short-only query key; a short's lists and detail are the feeds' own (features/feeds/api.ts, kind `short`). */
export const shortKeys = {
  upload: (key: string) => ['shorts', 'upload', key] as const,
};

/** `POST /api/video-feed` for a new short, `PUT` (with `id`) for an edit; answers the saved short and the server's message. */
export const saveShort = (body: VideoFeedInput) => (body.id === undefined ? api.post(feed, 'video-feed', body) : api.put(feed, 'video-feed', body));

/** How often the form asks how a processing video stands. */
const PROCESSING_POLL_MS = 2000;

/**
 * `GET /api/video-upload/:key`: where an uploaded video stands, asked again every two seconds while it is processing
 * (the form shows it go from processing to ready or failed).
 */
export const videoUploadQuery = (key: string, initial?: UploadedVideo) =>
  queryOptions({
    queryKey: shortKeys.upload(key),
    queryFn: ({ signal }) => api.get(uploadedVideo, `video-upload/${key}`, { signal }).then((r) => r.data),
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false),
  });

/**
 * `POST /api/video-upload/:key/poster`: a frame the browser captured (uploaded as a `poster` image) becomes the
 * poster of a ready video the server kept without one; answers the video.
 */
export const setVideoPoster = (key: string, image: string) => api.post(uploadedVideo, `video-upload/${key}/poster`, { image }).then((r) => r.data);
