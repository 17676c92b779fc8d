import { useQuery } from '@tanstack/react-query';
import { email as emailRule } from '#contract/rules';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { emailAvailabilityQuery } from './api';

const CHECK_DELAY_MS = 400;

/**
 * Where the check of a new associate's e-mail stands: nothing to check yet (empty, or not an e-mail address),
 * checking, available, taken, or unchecked (the check failed, e.g. past its hourly limit: the save decides then).
 */
export type EmailAvailability = 'none' | 'checking' | 'available' | 'taken' | 'unchecked';

/**
 * Asks the server about `typed` once typing has paused for 400 ms, and only for an address that passes the contract's
 * rule, so a name typed letter by letter costs one check, not one per letter (the server allows 30 an hour).
 */
export function useEmailAvailability(typed: string, enabled: boolean): EmailAvailability {
  const parsed = emailRule.safeParse(typed);
  const candidate = enabled && parsed.success ? parsed.data : '';
  const settled = useDebouncedValue(candidate, CHECK_DELAY_MS);
  const check = useQuery({ ...emailAvailabilityQuery(settled), enabled: settled !== '' });
  if (candidate === '') return 'none';
  if (settled !== candidate) return 'checking';
  if (check.isError) return 'unchecked';
  if (check.data === undefined) return 'checking';
  return check.data ? 'available' : 'taken';
}
