/**
 * At most `size` holders at once, and a bounded wait for a slot. `take(stallMs, maxMs)` resolves to a
 * release function, or to null when no slot came free for `stallMs` (the holders are stuck: answer 503
 * now) or after `maxMs` in all. A queue that moves (slots released now and then) is waited on, so a burst
 * of quick requests queues instead of failing. A waiter that gave up is skipped when a slot comes free.
 */
export function waitSlots(size: number, now: () => number = Date.now) {
  let used = 0;
  let lastRelease = now();
  const waiting: { grant: () => void; gaveUp: boolean }[] = [];
  const releaser = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      lastRelease = now();
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
    take(stallMs: number, maxMs = stallMs): Promise<(() => void) | null> {
      if (used < size) {
        used += 1;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve) => {
        const start = now();
        let timer: NodeJS.Timeout;
        const w = {
          gaveUp: false,
          grant: () => {
            clearTimeout(timer);
            resolve(releaser());
          },
        };
        const check = () => {
          const t = now();
          const stalledAt = Math.max(start, lastRelease) + stallMs;
          if (t >= stalledAt || t >= start + maxMs) {
            w.gaveUp = true;
            resolve(null);
          } else timer = setTimeout(check, Math.min(stalledAt, start + maxMs) - t);
        };
        timer = setTimeout(check, Math.min(stallMs, maxMs));
        waiting.push(w);
      });
    },
  };
}
