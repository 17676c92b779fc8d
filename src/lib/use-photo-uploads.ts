import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeedImage } from '#contract/feeds';
import { IMAGE_MAX_BYTES, IMAGE_WRONG_TYPE, type UploadedImage } from '#contract/media';
import { hasImageExtension } from './image-file';
import { messages } from './messages';
import type { UploadOptions } from './upload';

/** One photo of the form: an upload under way (`key` null, `progress` 0..100) or one in (an earlier or a new upload). */
export type PhotoItem = {
  id: string;
  name: string;
  key: string | null;
  thumbnail: string | null;
  dimens: string | null;
  progress: number | null;
};

/** What a thing's photos are: how each uploads (the area's call, with its purpose), how many it holds, the words when too many are chosen. */
export type PhotoUploadSpec = {
  upload(file: File, options: UploadOptions): Promise<UploadedImage>;
  max: number;
  tooMany: string;
};

let nextId = 0;

/**
 * A thing's photos (a post's, a piece of gear's): each chosen file uploads at once through the image pipeline with its own progress and cancel;
 * the order shown is the order saved. `onKeysChange` hears the keys of the finished ones, in order, after every change.
 */
export function usePhotoUploads(spec: PhotoUploadSpec, initial: readonly FeedImage[], onKeysChange: (keys: string[]) => void) {
  const specRef = useRef(spec);
  useEffect(() => {
    specRef.current = spec;
  });
  const [items, setItems] = useState<PhotoItem[]>(() =>
    initial.map((image) => ({ id: image.key, name: '', key: image.key, thumbnail: image.thumbnail, dimens: image.dimens, progress: null })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const upload = useMutation({
    mutationFn: async ({ file, onProgress, signal }: { file: File; onProgress(f: number): void; signal: AbortSignal }): Promise<UploadedImage | null> => {
      try {
        return await specRef.current.upload(file, { onProgress, signal });
      } catch (error) {
        // A cancel is the member's choice, not a failure to toast.
        if (signal.aborted) return null;
        throw error;
      }
    },
  });
  const { mutateAsync } = upload;

  // Closing the form mid-upload stops sending.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const keys = items.flatMap((item) => (item.key ? [item.key] : []));
  const keysText = keys.join('\n');
  const onKeysChangeRef = useRef(onKeysChange);
  useEffect(() => {
    onKeysChangeRef.current = onKeysChange;
  });
  const firstRun = useRef(true);
  useEffect(() => {
    // The starting keys are the form's defaults already; only changes make the form dirty.
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    onKeysChangeRef.current(keysText === '' ? [] : keysText.split('\n'));
  }, [keysText]);

  const patch = (id: string, change: Partial<PhotoItem>) => setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  const drop = (id: string) => setItems((list) => list.filter((item) => item.id !== id));

  const start = useCallback(
    (file: File) => {
      const id = `new-${++nextId}`;
      const controller = new AbortController();
      controllers.current.set(id, controller);
      setItems((list) => [...list, { id, name: file.name, key: null, thumbnail: null, dimens: null, progress: 0 }]);
      mutateAsync({
        file,
        signal: controller.signal,
        // XHR can report progress once more after a cancel; it must not bring the removed photo back.
        onProgress: (fraction) => !controller.signal.aborted && patch(id, { progress: Math.round(fraction * 100) }),
      })
        .then((image) => {
          if (image) patch(id, { key: image.key, thumbnail: image.thumbnail, dimens: image.dimens, progress: null });
          else drop(id);
        })
        // The failure is toasted once by the QueryClient with the server's reason; the photo leaves the grid.
        .catch(() => drop(id))
        .finally(() => controllers.current.delete(id));
    },
    [mutateAsync],
  );

  const add = (files: readonly File[]) => {
    setProblem(null);
    const room = spec.max - items.length;
    const wrongType = files.filter((f) => !hasImageExtension(f.name));
    const tooLarge = files.filter((f) => hasImageExtension(f.name) && f.size > IMAGE_MAX_BYTES);
    const fine = files.filter((f) => hasImageExtension(f.name) && f.size <= IMAGE_MAX_BYTES);
    const taken = fine.slice(0, Math.max(0, room));
    if (wrongType.length > 0) setProblem(IMAGE_WRONG_TYPE);
    else if (tooLarge.length > 0) setProblem(messages.user.imageTooLarge);
    else if (taken.length < fine.length) setProblem(spec.tooMany);
    taken.forEach(start);
  };

  const cancel = (id: string) => {
    controllers.current.get(id)?.abort();
    drop(id);
  };

  const move = (id: string, to: number) =>
    setItems((list) => {
      const from = list.findIndex((item) => item.id === id);
      if (from < 0 || to < 0 || to >= list.length || from === to) return list;
      const next = [...list];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });

  return { items, problem, max: spec.max, isUploading: items.some((item) => item.progress !== null), add, cancel, remove: drop, move };
}
