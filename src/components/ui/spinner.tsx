import clsx from 'clsx';

export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const px = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-4' }[size];
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <span aria-hidden="true" className={clsx('animate-spin rounded-full border-current border-t-transparent', px)} />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

/** What a lazy route shows while its code and data load. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-brand">
      <Spinner size="lg" label="Loading" />
    </div>
  );
}
