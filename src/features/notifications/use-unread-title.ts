import { useEffect } from 'react';
import { badgeText } from './badge-text';

const COUNT_PREFIX = /^\(\d+\+?\) /;

/**
 * "(3) " before the tab's title while notifications wait unread, as social apps do. Pages set their own titles, so
 * the prefix is put back whenever the title changes under it.
 */
export function useUnreadTitle(unread: number) {
  useEffect(() => {
    const apply = () => {
      const base = document.title.replace(COUNT_PREFIX, '');
      const next = unread > 0 ? `(${badgeText(unread)}) ${base}` : base;
      if (document.title !== next) document.title = next;
    };
    apply();
    const title = document.querySelector('title');
    const observer = new MutationObserver(apply);
    if (title) observer.observe(title, { childList: true, characterData: true, subtree: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(COUNT_PREFIX, '');
    };
  }, [unread]);
}
