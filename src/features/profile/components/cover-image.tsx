import clsx from 'clsx';
import { Icon } from '../../../components/icons';

/** A 3:1 cover: the member's image, or a quiet ridgeline on the brand gradient until they choose one. */
export function CoverImage({ src, className }: { src: string | null | undefined; className?: string }) {
  return (
    <div className={clsx('relative aspect-[3/1] w-full overflow-hidden bg-surface-2', className)}>
      {src ? (
        <img src={src} alt="" className="size-full object-cover" />
      ) : (
        <div aria-hidden="true" className="size-full bg-linear-to-br from-brand via-brand-strong to-surface-3">
          <Icon name="coverRidge" className="absolute inset-x-0 bottom-0 h-2/3 w-full" />
        </div>
      )}
    </div>
  );
}
