import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { liveMembersQuery } from './api';

/** The member picker's suggestions for what was typed; a failed search shows none (the query is silent). */
export function useLiveMembers(search: string, enabled: boolean) {
  const debounced = useDebouncedValue(search, 200);
  return useQuery({ ...liveMembersQuery(debounced), enabled });
}
