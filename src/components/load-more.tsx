import { useEffect, useRef } from 'react';
import { Button } from './ui/button';

type Props = {
  /** The button's words, e.g. "Load more comments"; after a failure it reads "Try again: load more comments". */
  label: string;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onMore(): void;
  /** Shown once everything is loaded, if anything (e.g. "That's everything."). */
  end?: string | undefined;
};

/**
 * The end of an infinite list: the next page comes as it scrolls into view, or with the button (keyboards, screen
 * readers, browsers without IntersectionObserver). After a failure only the button asks again, so a broken page is
 * not requested in a loop.
 */
export function LoadMore({ label, hasMore, loading, failed, onMore, end }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const onMoreRef = useRef(onMore);
  useEffect(() => {
    onMoreRef.current = onMore;
  });
  useEffect(() => {
    const node = ref.current;
    if (!node || !hasMore || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMoreRef.current(), { rootMargin: '400px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, failed]);

  if (!hasMore) return end ? <p className="py-2 text-center text-sm text-muted">{end}</p> : null;
  return (
    <div ref={ref} className="flex justify-center py-2">
      <Button variant="secondary" onClick={onMore} busy={loading}>
        {failed ? `Try again: ${label.charAt(0).toLowerCase()}${label.slice(1)}` : label}
      </Button>
    </div>
  );
}
