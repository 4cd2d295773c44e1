import type { AppContext } from '../../context';
import { DEFAULT_DELIVERY, type DeliveryOptions, type NotificationsService } from './service';

/** The longest pause between polls while they keep failing. */
export const MAX_BACKOFF_MS = 10_000;

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

  // A failing database (or provider) is met with a growing pause and one line per outage, not a line a poll.
  let failures = 0;
  let failingSince = 0;
  const loop = (async () => {
    while (!stopped) {
      try {
        if (scheduleEveryMs > 0 && Date.now() - lastSchedule >= scheduleEveryMs) {
          lastSchedule = Date.now();
          await service.runSchedules();
          await service.sweepVerdicts?.();
        }
        const n = await service.deliverBatch(delivery);
        if (failures > 0) {
          const seconds = Math.round((Date.now() - failingSince) / 1000);
          ctx.log.warn({ failures, seconds }, `notification worker working again after ${failures} failed polls (${seconds} s)`);
          failures = 0;
        }
        if (n > 0) continue;
      } catch (err) {
        if (failures === 0) {
          failingSince = Date.now();
          ctx.log.error(
            { err },
            `notification worker error; retrying every ${pollMs} ms, backing off to ${MAX_BACKOFF_MS / 1000} s`,
          );
        }
        failures += 1;
      }
      if (stopped) break;
      const pause = failures > 0 ? Math.min(MAX_BACKOFF_MS, pollMs * 2 ** (failures - 1)) : pollMs;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, pause);
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
