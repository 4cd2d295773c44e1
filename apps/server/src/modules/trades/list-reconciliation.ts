import { addDays, measuredBroker, type Reconcile } from '@roundup/shared';
import type { Db } from '../../db/client';
import { tradeFacts } from './queries';
import { mayOweShare, outcomeDueDate, outcomeOverdue } from './reconcile-rules';

/** How far back To do looks for cash in lieu that may be owed (decision 027). */
export const OWED_LOOKBACK_DAYS = 60;

/**
 * GET /api/trades/reconcile (issue 26 §6): the caller's own accounts that need a look, per split and
 * broker — bought but no outcome past the due day, and cash in lieu where the split rounded up.
 */
export async function listReconciliation(deps: { db: Db; today: string }, input: { userId: string }): Promise<Reconcile> {
  const facts = tradeFacts(deps.db);
  // Pending trades of any age count; the lookback only limits the cash-in-lieu notes.
  const rows = await facts.toReconcile(input.userId);
  const measured = await facts.outcomesByBroker();
  const owedSince = addDays(deps.today, -OWED_LOOKBACK_DAYS);
  const overdue = new Map<string, Reconcile['overdue'][number]>();
  const owed = new Map<string, Reconcile['mayBeOwed'][number]>();
  for (const r of rows) {
    const key = `${r.split_id}|${r.broker_id}`;
    const base = { splitId: r.split_id, ticker: r.ticker, broker: r.broker, accounts: 0 };
    const median = measuredBroker(measured.get(r.broker_id))?.medianReturnDays ?? null;
    if (outcomeOverdue({ outcome: r.outcome, marketDate: r.eff_date, medianReturnDays: median }, deps.today)) {
      const item = overdue.get(key) ?? { ...base, dueDate: outcomeDueDate(r.eff_date, median) };
      item.accounts += 1;
      overdue.set(key, item);
    }
    if (r.eff_date >= owedSince && mayOweShare({ outcome: r.outcome, rsType: r.rs_type })) {
      const item = owed.get(key) ?? base;
      item.accounts += 1;
      owed.set(key, item);
    }
  }
  return { overdue: [...overdue.values()], mayBeOwed: [...owed.values()] };
}
