import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, so "5 min. ago" and "Today" stay true while a page stays open. */
export function useNow(everyMs = 60_000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
