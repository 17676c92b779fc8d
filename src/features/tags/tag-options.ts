import { useQuery } from '@tanstack/react-query';
import { HASHTAG_COUNT_CAP } from '#contract/social';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { getHashtagOptions, getMentionOptions, tagKeys } from './api';
import type { TagKind } from './tag-token';

/** One option of the description's autocomplete: what is inserted after the trigger, and how it is shown. */
export type TagOption = { id: string; value: string; label: string; detail: string; image: string | null; name: string };

/** `GET /api/getUserTagfollowerFollowingList` or `GET /api/feedTag`: page 1 of options for what was typed. */
async function fetchTagOptions(kind: TagKind, search: string, signal: AbortSignal): Promise<TagOption[]> {
  if (kind === 'mention') {
    const data = await getMentionOptions(search, signal);
    return data.list.map((m) => ({
      id: `u${m.userId}`,
      value: m.handleName,
      label: `@${m.handleName}`,
      detail: `${m.firstName} ${m.lastName}`.trim(),
      image: m.profileImage,
      name: `${m.firstName} ${m.lastName}`,
    }));
  }
  const data = await getHashtagOptions(search, signal);
  return data.list.map((t) => ({
    id: `h${t.tagName}`,
    value: t.tagName,
    label: `#${t.tagName}`,
    // The server counts a tag's posts up to the cap: there it means "at least".
    detail: `${t.useCount.toLocaleString('en')}${t.useCount >= HASHTAG_COUNT_CAP ? '+' : ''} ${t.useCount === 1 ? 'post' : 'posts'}`,
    image: null,
    name: t.tagName,
  }));
}

const matches = (option: TagOption, query: string) => {
  const q = query.toLowerCase();
  return option.value.toLowerCase().startsWith(q) || option.detail.toLowerCase().split(/\s+/).some((word) => word.startsWith(q));
};

/**
 * The options for the tag being typed. Spec §4: while the next answer loads, the list already shown is filtered
 * locally by the text typed, so the list narrows at every keystroke instead of flickering empty.
 */
export function useTagOptions(kind: TagKind | null, query: string) {
  const search = useDebouncedValue(query, 150);
  const result = useQuery({
    queryKey: tagKeys.options(kind ?? 'hashtag', search),
    queryFn: ({ signal }) => fetchTagOptions(kind!, search, signal),
    enabled: kind !== null && search !== '',
    // The last list of the same kind only: hashtags never stand in for members.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === kind ? previous : undefined),
    staleTime: 60_000,
    // An autocomplete that fails just shows no options; a toast for every keystroke would be noise.
    meta: { silent: true },
  });
  const fresh = !result.isPlaceholderData && search === query && !result.isFetching;
  const options = (result.data ?? []).filter((option) => fresh || matches(option, query));
  return { options, isLoading: result.isFetching };
}
