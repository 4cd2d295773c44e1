import type { AppContext } from '../../context';
import { pollLoop } from '../../lib/poll-loop';
import type { DiscoveryService } from './service';

export interface DiscoveryPoller {
  stop(): Promise<void>;
}

/**
 * Runs the discovery cycle on its schedule (EDGAR_POLL_MINUTES inside EDGAR_POLL_WINDOW, New York
 * time). It checks every `tickMs`; the slot table makes each slot run once across processes and
 * keeps a slow cycle from overlapping the next. Off, with one log line, while SEC_USER_AGENT is unset.
 */
export function startDiscoveryPoller(
  ctx: AppContext,
  service: DiscoveryService,
  opts: { tickMs?: number } = {},
): DiscoveryPoller {
  if (!service.enabled) {
    ctx.log.info('SEC discovery is off: set SEC_USER_AGENT (e.g. "RoundUp ops@example.com") to read EDGAR filings');
    return { stop: async () => undefined };
  }
  ctx.log.info(
    { every: ctx.config.EDGAR_POLL_MINUTES, window: ctx.config.EDGAR_POLL_WINDOW, search: ctx.config.EDGAR_SEARCH_URL },
    'SEC discovery on',
  );
  const loop = pollLoop(
    () => service.runCycle(),
    (err) => ctx.log.error({ err }, 'discovery cycle crashed'),
    opts.tickMs ?? 60_000,
  );
  return {
    // The service is the app's (services.ts): the app closes it.
    async stop() {
      await loop.stop();
    },
  };
}
