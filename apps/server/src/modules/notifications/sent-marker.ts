import type { DeliveryDeps } from './delivery-deps';

export interface SentDelivery {
  id: string;
  providerId: string;
  recipient: string;
}

/**
 * Marks deliveries sent as soon as their send resolves, grouping the marks that arrive while an
 * update is running into the next one (one statement per group, not per message).
 */
export function sentMarker({ ctx, repo }: Pick<DeliveryDeps, 'ctx' | 'repo'>) {
  let pending: { done: SentDelivery; resolve: () => void; reject: (err: unknown) => void }[] = [];
  let flushing = false;
  const flush = async () => {
    flushing = true;
    while (pending.length > 0) {
      const group = pending;
      pending = [];
      try {
        await repo.markSent(
          group.map((g) => g.done),
          ctx.clock(),
        );
        for (const g of group) g.resolve();
      } catch (err) {
        for (const g of group) g.reject(err);
      }
    }
    flushing = false;
  };
  return (done: SentDelivery) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ done, resolve, reject });
      if (!flushing) void flush();
    });
}
