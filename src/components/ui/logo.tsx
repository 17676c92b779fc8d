/** The Switchback logo. Its mark is drawn here, not in icons.tsx: the logo is a component of its own, in brand fills. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={className}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="inline size-7 align-middle">
        <rect width="32" height="32" rx="7" className="fill-brand" />
        <path d="M6 24l6-9 4 5 3-4 7 8z" className="fill-on-brand" />
        <path d="M9 10c4 0 4 4 8 4s4-4 8-4" strokeWidth="2.2" fill="none" strokeLinecap="round" className="stroke-on-brand" />
      </svg>
      <span className="ml-2 align-middle text-lg font-bold tracking-tight">Switchback</span>
    </span>
  );
}
