import type { DeliveryDeps } from './delivery-deps';

/**
 * Keeps this worker's claims alive while it works through a batch (decision 005): every
 * leaseMs/3 it extends the lease of the deliveries it still holds (`held`: id → the attempts
 * value its claim set, the fencing token). A delivery whose claim was lost (its lease lapsed,
 * e.g. the process stalled, and another worker claimed it) is dropped from `held`, so this
 * worker does not start sending it.
 */
export function leaseHeartbeat(
  { ctx, repo }: Pick<DeliveryDeps, 'ctx' | 'repo'>,
  { held, leaseMs }: { held: Map<string, number>; leaseMs: number },
) {
  const every = Math.max(100, Math.floor(leaseMs / 3));
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  const beat = async () => {
    const list = [...held].map(([id, attempts]) => ({ id, attempts }));
    if (list.length === 0) return;
    try {
      const kept = new Set(await repo.renewLeases(list, ctx.clock(), leaseMs));
      const lost = list.filter((d) => !kept.has(d.id) && held.get(d.id) === d.attempts);
      for (const d of lost) held.delete(d.id);
      if (lost.length > 0) ctx.log.warn({ lost: lost.length }, 'delivery leases lost to another worker; not sending those');
    } catch (err) {
      ctx.log.warn({ err }, 'delivery lease renewal failed; will try again');
    }
  };
  const schedule = () => {
    timer = setTimeout(() => {
      running = beat().finally(() => {
        if (!stopped) schedule();
      });
    }, every);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
