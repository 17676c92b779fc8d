import { useEffect } from 'react';

/** The browser tab's title when a page names nothing (yet): the app's own name. */
export const APP_TITLE = 'Switchback';

/**
 * Names the browser tab after the page: "Feeds · Switchback", an event's name, a member's name. Undefined (still
 * loading) leaves the previous title, so the tab does not flicker to the app name. The unread count in front is put
 * by the signed-in frame (notifications/use-unread-title.ts), which watches the title.
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => setDocumentTitle(title), [title]);
}

function setDocumentTitle(title: string | undefined) {
  if (title === undefined) return;
  const next = title ? `${title} · ${APP_TITLE}` : APP_TITLE;
  if (document.title !== next) document.title = next;
}

