import clsx from 'clsx';

/** A member's picture, or their initials on the brand colour when they have none. */
export function Avatar({ src, name, size = 'md' }: { src: string | null | undefined; name: string; size?: 'sm' | 'md' | 'lg' }) {
  const px = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-20 text-2xl' }[size];
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();
  return src ? (
    <img src={src} alt="" className={clsx('rounded-full object-cover', px)} />
  ) : (
    <span aria-hidden="true" className={clsx('inline-flex items-center justify-center rounded-full bg-brand font-bold text-on-brand', px)}>
      {initials || '?'}
    </span>
  );
}
