import { useRouterState } from '@tanstack/react-router';
import { useDocumentTitle } from './use-document-title';

/**
 * Names the tab after the page shown (the last route matched) from the signed-in frame's list of fixed titles by
 * route id, kept in the frame's chunk: the route tree loads with the sign-in page, whose script budget has no room
 * for every page's title (P1). The sign-in pages name themselves with useDocumentTitle, which loads no router hook.
 */
export function useRouteTitle(titles: Readonly<Partial<Record<string, string>>>) {
  useDocumentTitle(useRouterState({ select: (state) => titles[state.matches.at(-1)?.routeId ?? ''] }));
}
