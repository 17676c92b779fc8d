import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveNow, LiveStartBody, OwnLiveSession } from '#contract/live';
import { toast } from '../../lib/toast';
import { answerCheck, liveKeys, makeLiveLink, revokeLiveLink, setLiveState, setLivePeople, startLive, stopLive, type LiveStopBody } from './api';

/**
 * The member's own session as the server now has it, in the list's cache (the panel reads it there). Before the list
 * has come there is nothing to patch: the list brings the session with it.
 */
function setOwn(queryClient: QueryClient, own: OwnLiveSession | null) {
  queryClient.setQueryData<LiveNow>(liveKeys.now(), (data) => (data ? { ...data, own } : data));
}

/** `POST /api/live`: the panel replaces the form at once; the server's message ("You are live.") is the toast. */
export function useStartLive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...liveKeys.all, 'start'],
    mutationFn: (body: LiveStartBody) => startLive(body),
    onSuccess: ({ message, data }) => {
      setOwn(queryClient, data);
      toast.success(message);
    },
  });
}

/** Every change of the own session answers the session as it now is. */
function useOwnChange<V>(name: string, change: (liveId: number, variables: V) => Promise<OwnLiveSession>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...liveKeys.all, name],
    mutationFn: ({ liveId, ...variables }: { liveId: number } & V) => change(liveId, variables as V),
    onSuccess: (own) => setOwn(queryClient, own),
  });
}

/** `POST /api/live/:liveId/state`: pause or resume. */
export const useSetLiveState = () => useOwnChange<{ status: 'live' | 'paused' }>('state', (liveId, { status }) => setLiveState(liveId, status));
/** `POST /api/live/:liveId/ok`: "I'm OK"; the banner goes with the answer. */
export const useAnswerCheck = () => useOwnChange<object>('ok', (liveId) => answerCheck(liveId));
/** `PUT /api/live/:liveId/people`. */
export const useSetLivePeople = () => useOwnChange<{ watcherIds: number[]; contactIds: number[] }>('people', (liveId, body) => setLivePeople(liveId, body));
/** `DELETE /api/live/:liveId/links/:linkId`. */
export const useRevokeLiveLink = () => useOwnChange<{ linkId: number }>('revoke-link', (liveId, { linkId }) => revokeLiveLink(liveId, linkId));

/** `POST /api/live/:liveId/links`: the new link joins the session's list; its address is for the caller to show once. */
export function useMakeLiveLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...liveKeys.all, 'link'],
    mutationFn: ({ liveId, email }: { liveId: number; email: string }) => makeLiveLink(liveId, email),
    onSuccess: ({ link }) =>
      queryClient.setQueryData<LiveNow>(liveKeys.now(), (data) => (data?.own ? { ...data, own: { ...data.own, links: [...data.own.links, link] } } : data)),
  });
}

/**
 * `POST /api/live/:liveId/stop`: the session leaves the page; the server's message is the toast. A track saved as an
 * activity is news to the activities' lists, which `onActivitySaved` (the activities area's, handed in) brings.
 */
export function useStopLive(onActivitySaved: (queryClient: QueryClient) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...liveKeys.all, 'stop'],
    mutationFn: ({ liveId, body }: { liveId: number; body: LiveStopBody }) => stopLive(liveId, body),
    onSuccess: ({ message, data }) => {
      setOwn(queryClient, null);
      if (data.activityId !== null) onActivitySaved(queryClient);
      if (message) toast.success(message);
    },
  });
}
