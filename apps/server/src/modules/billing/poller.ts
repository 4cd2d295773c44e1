import type { AppContext } from '../../context';
import { pollLoop } from '../../lib/poll-loop';
import type { BillingService } from './service';

/**
 * The daily billing reconciliation (decision 040), beside the notification worker: checks every
 * `tickMs` whether today's New York run is claimed; the first process to claim it runs it.
 */
export function startReconciliationPoller(
  ctx: AppContext,
  service: Pick<BillingService, 'runReconciliation'>,
  opts: { tickMs?: number } = {},
) {
  return pollLoop(
    () => service.runReconciliation(),
    (err) => ctx.log.error({ err }, 'billing reconciliation crashed'),
    opts.tickMs ?? 15 * 60_000,
  );
}
export type ReconciliationPoller = ReturnType<typeof startReconciliationPoller>;
