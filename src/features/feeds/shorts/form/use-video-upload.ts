import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FeedVideo } from '#contract/feeds';
import { VIDEO_EXTENSIONS, VIDEO_MAX_BYTES, VIDEO_TOO_LARGE, VIDEO_WRONG_TYPE, type UploadedVideo } from '#contract/videos';
import { useUploadProgress } from '../../../../components/ui/upload-progress';
import { errorMessage } from '../../../../lib/api-error';
import { uploadImage } from '../../../../lib/upload';
import { setVideoPoster, shortKeys, videoUploadQuery } from '../api';
import { capturePoster } from './capture-poster';
import { uploadVideo } from '../video-upload';

/**
 * Where the short's video stands: none chosen, its bytes on their way (`progress` 0..100), then on the server being
 * made web-ready, ready to play, or failed with the reason in words.
 */
export type VideoStage =
  | { step: 'none' }
  | { step: 'uploading'; name: string; progress: number }
  | { step: 'processing' }
  | { step: 'ready'; video: UploadedVideo }
  | { step: 'failed'; failure: string };

/** Said when the server gives no reason of its own. */
const NOT_PROCESSED = 'The video could not be processed.';

/** Why a chosen file cannot go up as a short's video (its type, its size), said before a byte is sent; null when it can. */
function videoFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  const name = file.name.toLowerCase();
  if (!VIDEO_EXTENSIONS.some((ext) => name.endsWith(ext))) return VIDEO_WRONG_TYPE;
  if (file.size > VIDEO_MAX_BYTES) return VIDEO_TOO_LARGE;
  return null;
}

/** A short's saved video as the upload poll answers it, so an edit starts from what the list already knows. */
const asUpload = ({ key, status, failure, videoUrl, thumbnail, width, height, durationMs }: FeedVideo): UploadedVideo => ({
  key,
  status,
  failure,
  videoUrl,
  thumbnail,
  width,
  height,
  durationMs,
});

/** A frame of `file`, through the image pipeline, as the poster of ready video `key`. */
async function posterFromFile(file: File, key: string) {
  const image = await uploadImage(await capturePoster(file), 'poster');
  return setVideoPoster(key, image.key);
}

/**
 * The short's one video: a chosen (or dropped) file goes up at once with tus, with a bar and a cancel; then its state
 * is asked every two seconds while the server processes it (`videoUploadQuery`). `onKeyChange` hears the upload key
 * the short is to be saved with (null once the video is removed). A new upload leaves the one before in place until
 * its key is in, so cancelling it keeps the earlier video. Closing the form stops the upload (useUploadProgress).
 */
export function useVideoUpload(initial: FeedVideo | undefined, onKeyChange: (key: string | null) => void) {
  const queryClient = useQueryClient();
  const bar = useUploadProgress();
  const [key, setKey] = useState<string | null>(initial?.key ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const onKeyChangeRef = useRef(onKeyChange);
  useEffect(() => {
    onKeyChangeRef.current = onKeyChange;
  });

  const upload = useMutation({
    mutationFn: async ({ file, signal, onProgress }: { file: File; signal: AbortSignal; onProgress(fraction: number): void }) => {
      try {
        return await uploadVideo(file, { signal, onProgress });
      } catch (error) {
        // A cancel is the member's choice, not a failure to toast.
        if (signal.aborted) return null;
        throw error;
      }
    },
  });

  const status = useQuery({
    ...videoUploadQuery(key ?? '', initial && initial.key === key ? asUpload(initial) : undefined),
    enabled: key !== null,
    // Ready and failed are final: a video the short already shows so is not asked about again.
    staleTime: (query) => (query.state.data?.status === 'processing' ? 0 : Infinity),
    // Its failure is shown in the field, once, rather than toasted on every poll.
    meta: { silent: true },
  });

  // A video the server kept without a poster (no ffmpeg there) gets a frame from the file still in hand, once.
  const chosenFile = useRef<{ key: string; file: File } | null>(null);
  const ready = status.data?.status === 'ready' && !status.data.thumbnail ? status.data.key : null;
  useEffect(() => {
    const chosen = chosenFile.current;
    if (!ready || chosen?.key !== ready) return;
    chosenFile.current = null;
    void posterFromFile(chosen.file, ready).then(
      (video) => queryClient.setQueryData(shortKeys.upload(ready), video),
      // Optional: without one the player shows the video's first frame.
      () => undefined,
    );
  }, [ready, queryClient]);

  const set = (next: string | null) => {
    setKey(next);
    onKeyChangeRef.current(next);
  };

  const choose = ([file]: readonly File[]) => {
    if (!file) return;
    const refused = videoFileProblem(file);
    setProblem(refused);
    if (refused) return;
    const { signal, onProgress, done } = bar.start(file.name);
    upload.mutate(
      { file, signal, onProgress },
      {
        onSuccess: (video) => {
          if (!video) return;
          // The poll starts from the upload's answer (usually `processing`), not from a request of its own.
          queryClient.setQueryData(shortKeys.upload(video.key), video);
          chosenFile.current = { key: video.key, file };
          set(video.key);
        },
        // The failure is toasted once by the QueryClient with the server's reason.
        onSettled: done,
      },
    );
  };

  let stage: VideoStage;
  if (bar.progress !== null) stage = { step: 'uploading', name: bar.fileName, progress: bar.progress };
  else if (key === null) stage = { step: 'none' };
  else if (status.data?.status === 'ready') stage = { step: 'ready', video: status.data };
  else if (status.data?.status === 'failed') stage = { step: 'failed', failure: status.data.failure ?? NOT_PROCESSED };
  else if (!status.data && status.error) stage = { step: 'failed', failure: errorMessage(status.error) };
  else stage = { step: 'processing' };

  return {
    stage,
    /** Why the last file chosen was refused before sending (its type or size). */
    problem,
    isUploading: bar.uploading,
    choose,
    cancel: bar.cancel,
    remove: () => {
      setProblem(null);
      set(null);
    },
  };
}

export type VideoUpload = ReturnType<typeof useVideoUpload>;
