/**
 * Coalesces concurrent loads of the same key: while one load runs, every other caller for that key
 * waits for it instead of starting its own. Without it, a cache entry that expires under load is
 * rebuilt once per request in flight (50 connections: 50 list queries and 100 compressions at once),
 * which is where GET /api/rs's p99 tail came from. Nothing is kept after the load
 * settles: caching the result stays the caller's business.
 */
export function singleFlight<K, V>(): (key: K, load: () => Promise<V>) => Promise<V> {
  const inFlight = new Map<K, Promise<V>>();
  return (key, load) => {
    const running = inFlight.get(key);
    if (running) return running;
    const started = load().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
