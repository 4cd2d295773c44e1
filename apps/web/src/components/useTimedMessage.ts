import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A value that clears itself after `ms` (product.md#limits: messages, Saved and banners shown 5 s).
 * `show(v)` sets it and restarts the timer; `clear()` removes it now.
 */
export function useTimedMessage<T = string>(ms = 5000) {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setValue(null);
  }, []);

  const show = useCallback(
    (next: T) => {
      if (timer.current) clearTimeout(timer.current);
      setValue(next);
      timer.current = setTimeout(() => {
        timer.current = null;
        setValue(null);
      }, ms);
    },
    [ms],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { value, show, clear };
}
