/**
 * At most `size` holders at once, and a bounded wait for a slot: `take(ms)` resolves to a release
 * function, or to null when no slot came free within `ms` (the caller answers 503 instead of waiting on).
 * A waiter that gave up is skipped when a slot comes free.
 */
export function waitSlots(size: number) {
  let used = 0;
  const waiting: { grant: () => void; gaveUp: boolean }[] = [];
  const releaser = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      for (let w = waiting.shift(); w; w = waiting.shift()) {
        if (!w.gaveUp) return w.grant();
      }
      used -= 1;
    };
  };
  return {
    get used() {
      return used;
    },
    take(ms: number): Promise<(() => void) | null> {
      if (used < size) {
        used += 1;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve) => {
        const w = {
          gaveUp: false,
          grant: () => {
            clearTimeout(timer);
            resolve(releaser());
          },
        };
        const timer = setTimeout(() => {
          w.gaveUp = true;
          resolve(null);
        }, ms);
        waiting.push(w);
      });
    },
  };
}
