import { addDays, measuredBroker, type Reconcile } from '@roundup/shared';
import type { UpwardReads } from '../../context';
import type { Db } from '../../db/client';
import { tradeFacts } from './queries';
import {
  clawedBackThisWeek,
  holdsSomethingToSell,
  mayOweShare,
  outcomeDueDate,
  outcomeOverdue,
  type ReconcileDigest,
} from './reconcile-rules';

/** How far back To do looks for cash in lieu that may be owed (decision 027). */
export const OWED_LOOKBACK_DAYS = 60;

type Row = Awaited<ReturnType<ReturnType<typeof tradeFacts>['toReconcile']>>[number];
type Measured = Awaited<ReturnType<ReturnType<typeof tradeFacts>['outcomesByBroker']>>;

/**
 * One member's rows → their lines, per split and broker (the rules are reconcile-rules.ts; `today` is given).
 * `held`: the trades still open as positions (analytics'), for the unsold lines.
 */
function linesOf(rows: readonly Row[], measured: Measured, held: ReadonlySet<string>, today: string): ReconcileDigest {
  const owedSince = addDays(today, -OWED_LOOKBACK_DAYS);
  const overdue = new Map<string, Reconcile['overdue'][number]>();
  const owed = new Map<string, Reconcile['mayBeOwed'][number]>();
  const unsold = new Map<string, ReconcileDigest['unsold'][number]>();
  const clawed = new Map<string, ReconcileDigest['clawedBack'][number]>();
  const add = <T extends { accounts: number }>(into: Map<string, T>, key: string, fresh: () => T) => {
    const item = into.get(key) ?? fresh();
    item.accounts += 1;
    into.set(key, item);
  };
  for (const r of rows) {
    const key = `${r.split_id}|${r.broker_id}`;
    const base = () => ({ splitId: r.split_id, ticker: r.ticker, broker: r.broker, accounts: 0 });
    const median = measuredBroker(measured.get(r.broker_id))?.medianReturnDays ?? null;
    if (outcomeOverdue({ outcome: r.outcome, marketDate: r.eff_date, medianReturnDays: median }, today))
      add(overdue, key, () => ({ ...base(), dueDate: outcomeDueDate(r.eff_date, median) }));
    if (r.eff_date >= owedSince && mayOweShare({ outcome: r.outcome, rsType: r.rs_type })) add(owed, key, base);
    if (holdsSomethingToSell(r.outcome) && held.has(r.trade_id)) add(unsold, key, base);
    if (clawedBackThisWeek({ outcome: r.outcome, outcomeDate: r.outcome_date }, today)) add(clawed, key, base);
  }
  return {
    overdue: [...overdue.values()],
    mayBeOwed: [...owed.values()],
    unsold: [...unsold.values()],
    clawedBack: [...clawed.values()],
  };
}

/**
 * GET /api/trades/reconcile: the caller's own accounts that need a look, per split and
 * broker — bought but no outcome past the due day, and cash in lieu where the split rounded up.
 */
export async function listReconciliation(deps: { db: Db; today: string }, input: { userId: string }): Promise<Reconcile> {
  const facts = tradeFacts(deps.db);
  // Pending trades of any age count; the lookback only limits the cash-in-lieu notes.
  const rows = await facts.toReconcile([input.userId]);
  // To do shows no unsold lines, so it does not ask which trades are still held.
  const { overdue, mayBeOwed } = linesOf(rows, await facts.outcomesByBroker(), new Set(), deps.today);
  return { overdue, mayBeOwed };
}

/**
 * The weekly digest's lines (decision 031) for many members at once (one query for their trades): the
 * To do lines above plus received shares and fractions not yet sold, and shares clawed back this week. Members with nothing are left out.
 */
export async function reconciliationsFor(
  deps: { db: Db; today: string; upward: Pick<UpwardReads, 'openTradeIds'> },
  input: { userIds: readonly string[] },
): Promise<Map<string, ReconcileDigest>> {
  const out = new Map<string, ReconcileDigest>();
  if (input.userIds.length === 0) return out;
  const facts = tradeFacts(deps.db);
  const rows = await facts.toReconcile(input.userIds);
  if (rows.length === 0) return out;
  const measured = await facts.outcomesByBroker();
  const held = await deps.upward.openTradeIds(deps.db, [...new Set(rows.map((r) => r.user_id))]);
  const byUser = new Map<string, Row[]>();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  for (const [userId, mine] of byUser) {
    const lines = linesOf(mine, measured, held, deps.today);
    if (lines.overdue.length + lines.mayBeOwed.length + lines.unsold.length + lines.clawedBack.length > 0) out.set(userId, lines);
  }
  return out;
}
