import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ComponentInput, GearComponent, GearDetail } from '#contract/gear';
import { toast } from '../../lib/toast';
import { gearKeys, logComponentService, moveComponent, removeComponent, saveComponent, type ComponentMoveBody, type ComponentServiceBody } from './api';
import { componentWords } from './component-words';

/**
 * A piece's components live in its detail (`GET /api/equipment/:gearId`), so each answer is written into that cache
 * at once rather than asked again: the server answers the component whole (wear, due mark, service log).
 */
function updateComponents(queryClient: QueryClient, gearId: number, update: (components: GearComponent[]) => GearComponent[]) {
  queryClient.setQueryData<GearDetail>(gearKeys.detail(gearId), (detail) => (detail ? { ...detail, components: update(detail.components) } : detail));
}

/** The saved component in its place, or at the end when it is new. */
const withComponent = (saved: GearComponent) => (components: GearComponent[]) =>
  components.some((c) => c.id === saved.id) ? components.map((c) => (c.id === saved.id ? saved : c)) : [...components, saved];

const withoutComponent = (id: number) => (components: GearComponent[]) => components.filter((c) => c.id !== id);

/** `POST /api/equipment/component`: add or edit. The dialog puts a 400 under its fields; the toast is the server's. */
export function useSaveComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...gearKeys.all, 'component', 'save'],
    mutationFn: (body: ComponentInput) => saveComponent(body),
    onSuccess: ({ message, data }, body) => {
      updateComponents(queryClient, data.gearId, withComponent(data));
      toast.success(message || (body.id === undefined ? componentWords.added : componentWords.saved));
    },
  });
}

/** `DELETE /api/equipment/component`: off the piece's page at once. */
export function useRemoveComponent(gearId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...gearKeys.all, 'component', 'remove'],
    mutationFn: (id: number) => removeComponent(id),
    onSuccess: ({ message }, id) => {
      updateComponents(queryClient, gearId, withoutComponent(id));
      toast.success(message || componentWords.removed);
    },
  });
}

/**
 * `POST /api/equipment/component/move`: it leaves this piece's page; the piece it went to is asked again when next
 * shown (its cache, if any, does not have it yet).
 */
export function useMoveComponent(fromGearId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...gearKeys.all, 'component', 'move'],
    mutationFn: (body: ComponentMoveBody) => moveComponent(body),
    onSuccess: ({ message, data }) => {
      updateComponents(queryClient, fromGearId, withoutComponent(data.id));
      void queryClient.invalidateQueries({ queryKey: gearKeys.detail(data.gearId) });
      toast.success(message || componentWords.moved);
    },
  });
}

/** `POST /api/equipment/component/service`: the component comes back with its wear from zero and the service on top. */
export function useLogService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...gearKeys.all, 'component', 'service'],
    mutationFn: (body: ComponentServiceBody) => logComponentService(body),
    onSuccess: ({ message, data }) => {
      updateComponents(queryClient, data.gearId, withComponent(data));
      toast.success(message || componentWords.serviced);
    },
  });
}
