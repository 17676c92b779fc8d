import clsx from 'clsx';

/** A 3:1 cover: the member's image, or a quiet ridgeline on the brand gradient until they choose one. */
export function CoverImage({ src, className }: { src: string | null | undefined; className?: string }) {
  return (
    <div className={clsx('relative aspect-[3/1] w-full overflow-hidden bg-surface-2', className)}>
      {src ? (
        <img src={src} alt="" className="size-full object-cover" />
      ) : (
        <div aria-hidden="true" className="size-full bg-linear-to-br from-brand via-brand-strong to-surface-3">
          <svg viewBox="0 0 300 100" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 h-2/3 w-full">
            <path d="M0 100V70l40-30 30 22 45-42 35 30 30-18 50 40 30-20 40 28v20z" className="fill-surface opacity-15" />
            <path d="M0 100V82l55-22 40 18 50-30 45 26 40-14 70 30v10z" className="fill-surface opacity-25" />
          </svg>
        </div>
      )}
    </div>
  );
}
