import { useEffect, useState } from 'react';

const secondsUntil = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/** Whole seconds left until `deadline` (ms since the epoch), down to 0: the countdown of a resend cooldown. */
export function useSecondsUntil(deadline: number) {
  const [left, setLeft] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    const tick = () => {
      const now = secondsUntil(deadline);
      setLeft(now);
      if (now === 0) clearInterval(timer);
    };
    // A quarter second, so the shown second never lags the real one by a whole tick.
    const timer = setInterval(tick, 250);
    const first = setTimeout(tick, 0);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [deadline]);
  return left;
}

/** 75 -> "1:15". */
export const minutesAndSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
