import clsx from 'clsx';
import { lazy, Suspense, useState } from 'react';
import type { FeedImage } from '#contract/feeds';
import { sizeOf } from '../lib/image-size';

// The viewer loads the first time a photo is opened, not with the feed.
const PhotoViewer = lazy(() => import('./photo-viewer').then((m) => ({ default: m.PhotoViewer })));

/** How many tiles a grid shows; the last says how many more the viewer holds. */
const TILES_MAX = 4;

/** A single photo keeps its own shape, between a tall 4:5 and a wide 1.91:1, as the big feeds do. */
function singleRatio(image: FeedImage) {
  const { width, height } = sizeOf(image);
  return Math.min(1.91, Math.max(0.8, width / height));
}

/** The grid's width over its height: it is laid out before any photo arrives (and estimated before it renders). */
export const photoGridRatio = (images: FeedImage[]) => (images.length === 1 ? singleRatio(images[0]!) : images.length === 2 ? 2 : 4 / 3);

/** Where each tile sits in a grid of 2 to 4, by how many photos there are. */
const LAYOUTS: Record<number, string[]> = {
  2: ['', ''],
  3: ['row-span-2', '', ''],
  4: ['', '', '', ''],
};

/**
 * A post's photos (1 to 10): one photo in its own shape, more in a grid of up to four tiles whose last shows "+N".
 * The space is reserved before any photo arrives (from `dimens`, spec §3), so the list never jumps; photos load
 * lazily. Each tile opens the full-screen viewer at that photo.
 */
export function PhotoGrid({ images, title }: { images: FeedImage[]; title: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return null;
  const shown = images.slice(0, TILES_MAX);
  const rest = images.length - shown.length;
  const single = images.length === 1;
  const layout = LAYOUTS[Math.min(images.length, TILES_MAX)] ?? [];

  return (
    <>
      <div
        className={clsx('grid gap-0.5 overflow-hidden bg-surface-2 sm:rounded-xl', single ? 'grid-cols-1' : 'grid-cols-2', images.length >= 3 && 'grid-rows-2')}
        style={{ aspectRatio: photoGridRatio(images) }}
      >
        {shown.map((image, i) => {
          const more = i === shown.length - 1 && rest > 0 ? rest : 0;
          return (
            <button
              key={image.key}
              type="button"
              onClick={() => setOpen(i)}
              aria-label={`Open photo ${i + 1} of ${images.length}${more ? ` (${more} more)` : ''}`}
              className={clsx('relative block min-h-0 overflow-hidden focus-visible:outline-offset-[-3px]', layout[i])}
            >
              <img
                src={single ? image.url : image.thumbnail}
                alt=""
                loading="lazy"
                decoding="async"
                className="size-full object-cover transition-transform duration-300 hover:scale-[1.02]"
              />
              {more > 0 && (
                <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center bg-black/55 text-2xl font-bold text-white">
                  +{more}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {open !== null && (
        <Suspense fallback={null}>
          <PhotoViewer images={images} start={open} title={title} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
