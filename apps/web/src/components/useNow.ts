import { useEffect, useState } from 'react';

/**
 * The current time, ticking every `everyMs`: what a live deadline reads (the countdown in the last
 * hour, "Closed" after the close) without a reload. A page that sits open across the close changes
 * by itself.
 */
export function useNow(everyMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
