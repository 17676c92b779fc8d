import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { eventKeys, saveEvent } from '../api';
import { invitableMembersQuery } from '../detail-queries';
import { replaceEvent } from '../event-cache';

/** Members the viewer may ask to co-host, by what was typed (`invitableMembersQuery`: page 1 is plenty for a picker). */
export function useSelectMembers(search: string, enabled: boolean) {
  const debounced = useDebouncedValue(search.trim(), 200);
  // An autocomplete that fails shows no options (the query is silent); a toast per keystroke would be noise.
  return useQuery({ ...invitableMembersQuery(debounced), enabled });
}

/**
 * `POST /api/challenge` for a new event, `PUT /api/challenge` (with `id`) for an edit (spec §4). The saved event goes
 * into its detail and wherever lists hold it; lists are refreshed, since a new or re-dated event moves between them.
 */
export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEvent,
    onSuccess: ({ data }) => {
      replaceEvent(queryClient, data);
      queryClient.setQueryData(eventKeys.detail(data.id), data);
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
  });
}
