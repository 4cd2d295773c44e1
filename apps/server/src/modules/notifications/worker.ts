import type { AppContext } from '../../context';
import { DEFAULT_DELIVERY, type DeliveryOptions, type NotificationsService } from './service';

export interface WorkerOptions extends Partial<DeliveryOptions> {
  /** Pause between polls when the queue is empty. */
  pollMs?: number;
  /** How often the 08:00 New York schedules are checked; 0 disables them. */
  scheduleEveryMs?: number;
}

export interface Worker {
  stop(): Promise<void>;
  /** Delivers until nothing is due (tests, benchmarks). */
  drain(): Promise<number>;
}

/**
 * The delivery worker: polls the queue (short queries, so an embedded single-connection
 * PGlite stays responsive), delivers batches, runs the daily schedules, with the app's notifications service.
 */
export function startWorker(
  ctx: AppContext,
  service: Pick<NotificationsService, 'runSchedules' | 'deliverBatch'> & Partial<Pick<NotificationsService, 'sweepVerdicts'>>,
  opts: WorkerOptions = {},
): Worker {
  const delivery: DeliveryOptions = { ...DEFAULT_DELIVERY, ...opts };
  const pollMs = opts.pollMs ?? 1000;
  const scheduleEveryMs = opts.scheduleEveryMs ?? 60_000;
  let stopped = false;
  let lastSchedule = 0;
  let wake: (() => void) | null = null;

  const loop = (async () => {
    while (!stopped) {
      try {
        if (scheduleEveryMs > 0 && Date.now() - lastSchedule >= scheduleEveryMs) {
          lastSchedule = Date.now();
          await service.runSchedules();
          await service.sweepVerdicts?.();
        }
        const n = await service.deliverBatch(delivery);
        if (n > 0) continue;
      } catch (err) {
        ctx.log.error({ err }, 'notification worker error');
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      wake = null;
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
    async drain() {
      let total = 0;
      for (;;) {
        const n = await service.deliverBatch(delivery);
        if (n === 0) return total;
        total += n;
      }
    },
  };
}
