import type { AppContext } from '../../context';
import { pollLoop } from '../../lib/poll-loop';
import type { ConfirmationsService } from './service';

export interface ConfirmationPoller {
  stop(): Promise<void>;
}

/**
 * Reads the second sources on their schedule (CONFIRM_POLL_MINUTES, every day): checks every
 * `tickMs`; the slot table runs each slot once across processes. Off, with one log line, while no
 * list URL is set (decision 022).
 */
export function startConfirmationPoller(
  ctx: AppContext,
  service: ConfirmationsService,
  opts: { tickMs?: number } = {},
): ConfirmationPoller {
  if (!service.enabled) {
    ctx.log.info('split confirmation is off: set NASDAQ_DAILY_LIST_URL and/or FINRA_OTC_DAILY_LIST_URL');
    return { stop: async () => undefined };
  }
  ctx.log.info({ sources: service.sources, every: ctx.config.CONFIRM_POLL_MINUTES }, 'split confirmation on');
  return pollLoop(
    () => service.runPoll(),
    (err) => ctx.log.error({ err }, 'confirmation poll crashed'),
    opts.tickMs ?? 60_000,
  );
}
