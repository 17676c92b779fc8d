import type { QueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { ASSOCIATE_STATUS, type Associate, type AssociateStatus, type associateListData, type associatePermissionsData } from '#contract/associates';
import { sendAsMutation, useOptimisticToggle } from '../../lib/optimistic-toggle';
import { associateKeys, setAssociateStatus } from './api';

type ListData = z.infer<typeof associateListData>;
type PermissionsData = z.infer<typeof associatePermissionsData>;

const keyOf = (associateId: number) => `associate:${associateId}`;
const idOf = (key: string) => Number(key.slice('associate:'.length));

/** Writes `status` of one associate wherever it is cached: the list, their edit form and their permissions page. */
function patchStatus(queryClient: QueryClient, associateId: number, status: AssociateStatus) {
  queryClient.setQueryData<ListData>(associateKeys.list(), (data) =>
    data && { ...data, associateList: data.associateList.map((a) => (a.associateId === associateId ? { ...a, status } : a)) },
  );
  queryClient.setQueryData<Associate>(associateKeys.profile(associateId), (a) => a && { ...a, status });
  queryClient.setQueryData<PermissionsData>(associateKeys.permissions(associateId), (data) => data && { ...data, status });
}

/**
 * An associate's account on or off (`POST /api/associate/status`), through the one optimistic toggle: the switch
 * moves at once, rapid clicks cost at most two requests and end on the server's answer, a failure puts back what the
 * server has (with the one failure toast). Once settled, the list and the associate's pages are asked again (the
 * audit has a new line, and turning an account off signs them out).
 */
export function useAssociateStatusToggle() {
  const toggle = useOptimisticToggle<AssociateStatus>('associate-status', (queryClient) => ({
    apply: (key, status) => patchStatus(queryClient, idOf(key), status),
    send: (key, wish) =>
      sendAsMutation(queryClient, [...associateKeys.all, 'status'], () => setAssociateStatus(idOf(key), wish)).then((saved) => saved.status),
    same: (a, b) => a === b,
    onSettled: (key) => {
      void queryClient.invalidateQueries({ queryKey: associateKeys.list() });
      void queryClient.invalidateQueries({ queryKey: associateKeys.one(idOf(key)) });
    },
  }));
  /** Turns `a`'s account off when it is on, on when it is off; resolves with the status the server settled on. */
  return (a: Pick<Associate, 'associateId' | 'status'>) =>
    toggle(keyOf(a.associateId), a.status, a.status === ASSOCIATE_STATUS.active ? ASSOCIATE_STATUS.inactive : ASSOCIATE_STATUS.active);
}
