import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** Short enough to feel live, long enough not to ask the server for every letter. */
const SEARCH_DEBOUNCE_MS = 200;

/** What is typed, and the trimmed text to search for once typing pauses. */
export function useSearchText() {
  const [text, setText] = useState('');
  return { text, setText, settled: useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS) };
}
