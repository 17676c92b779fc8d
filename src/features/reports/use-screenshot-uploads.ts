import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { REPORT_IMAGES_MAX } from '#contract/reports';
import { IMAGE_MAX_BYTES, IMAGE_WRONG_TYPE, type UploadedImage } from '#contract/media';
import { hasImageExtension } from '../../lib/image-file';
import { messages } from '../../lib/messages';
import { uploadImage } from '../../lib/upload';

/** One screenshot of a report: on its way (`key` null, `progress` 0..100) or in. */
export type Screenshot = { id: string; name: string; key: string | null; thumbnail: string | null; progress: number | null };

export const TOO_MANY_SCREENSHOTS = `A report holds up to ${REPORT_IMAGES_MAX} screenshots; the rest were left out.`;

let nextId = 0;

/**
 * A report's screenshots: each chosen file uploads at once through the image pipeline (purpose `report`) with its own
 * progress and cancel, like a post's photos; `keys` are the finished ones in the order chosen.
 */
export function useScreenshotUploads() {
  const [items, setItems] = useState<Screenshot[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const { mutateAsync } = useMutation({
    mutationFn: async ({ file, onProgress, signal }: { file: File; onProgress(f: number): void; signal: AbortSignal }): Promise<UploadedImage | null> => {
      try {
        return await uploadImage(file, 'report', { onProgress, signal });
      } catch (error) {
        // A cancel is the member's choice, not a failure to toast.
        if (signal.aborted) return null;
        throw error;
      }
    },
  });

  // Closing the dialog mid-upload stops sending.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const patch = (id: string, change: Partial<Screenshot>) => setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  const remove = (id: string) => {
    controllers.current.get(id)?.abort();
    setItems((list) => list.filter((item) => item.id !== id));
  };

  const start = (file: File) => {
    const id = `shot-${++nextId}`;
    const controller = new AbortController();
    controllers.current.set(id, controller);
    setItems((list) => [...list, { id, name: file.name, key: null, thumbnail: null, progress: 0 }]);
    mutateAsync({
      file,
      signal: controller.signal,
      // XHR can report progress once more after a cancel; it must not bring the removed screenshot back.
      onProgress: (fraction) => !controller.signal.aborted && patch(id, { progress: Math.round(fraction * 100) }),
    })
      .then((image) => (image ? patch(id, { key: image.key, thumbnail: image.thumbnail, progress: null }) : remove(id)))
      // The failure is toasted once by the QueryClient with the server's reason; the screenshot leaves the row.
      .catch(() => remove(id))
      .finally(() => controllers.current.delete(id));
  };

  const add = (files: readonly File[]) => {
    setProblem(null);
    const fine = files.filter((f) => hasImageExtension(f.name) && f.size <= IMAGE_MAX_BYTES);
    const taken = fine.slice(0, Math.max(0, REPORT_IMAGES_MAX - items.length));
    if (fine.length < files.length) setProblem(files.some((f) => !hasImageExtension(f.name)) ? IMAGE_WRONG_TYPE : messages.user.imageTooLarge);
    else if (taken.length < fine.length) setProblem(TOO_MANY_SCREENSHOTS);
    taken.forEach(start);
  };

  return {
    items,
    problem,
    keys: items.flatMap((item) => (item.key ? [item.key] : [])),
    isUploading: items.some((item) => item.key === null),
    add,
    remove,
  };
}
