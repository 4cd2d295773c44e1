import { ticksToCents, type SplitProgress } from '@roundup/shared';

/**
 * Admin: the members' average realized profit per account for one split.
 * Only closed trades (a profit: Σ sells − Σ buys + cash in lieu) count; the average is in
 * cents, rounded half away from zero.
 */
export function splitAverage(rows: readonly { userId: string; profitTicks: number | null }[]): {
  trades: number;
  members: number;
  avgProfitCents: number | null;
} {
  let sum = 0;
  let n = 0;
  const members = new Set<string>();
  for (const r of rows) {
    if (r.profitTicks === null) continue;
    sum += r.profitTicks;
    n += 1;
    members.add(r.userId);
  }
  if (n === 0) return { trades: 0, members: 0, avgProfitCents: null };
  // Mean in ticks, rounded to a whole tick, then to cents.
  const meanTicks = sum >= 0 ? Math.round(sum / n) : -Math.round(-sum / n);
  return { trades: n, members: members.size, avgProfitCents: ticksToCents(meanTicks) };
}

/** Admin: how the members' accounts on one split turned out (pending ones are counted, not recorded). */
export function outcomeCounts(rows: readonly { outcome: string }[]) {
  const n = (o: string) => rows.filter((r) => r.outcome === o).length;
  return {
    accounts: rows.length,
    recorded: rows.length - n('pending'),
    shareReceived: n('share_received'),
    cashInLieu: n('cash_in_lieu'),
    noCredit: n('no_credit'),
    fractionKept: n('fraction_kept'),
    clawedBack: n('clawed_back'),
  };
}

/** One of a member's trades as their progress reads it (trades/repo.ts `progressRows`). */
export interface ProgressRow {
  id: string;
  splitId: string;
  accountId?: string;
  bought: boolean;
  /** A sale is recorded (a sell date or price). */
  sale: boolean;
  outcome: string;
}

/**
 * The member's progress on each split they traded. Sold: a sale is recorded and no share
 * is still held (the dance's pre-split sale of 99 is not the kept share's sale); `open` is
 * the trades still open as positions (analytics' `trade_open_positions`, migration 0021).
 */
export function splitProgressOf(rows: readonly ProgressRow[], open: ReadonlySet<string>): SplitProgress[] {
  const bySplit = new Map<string, SplitProgress>();
  for (const r of rows) {
    const p = bySplit.get(r.splitId) ?? { splitId: r.splitId, bought: 0, received: 0, sold: 0, receivedUnsold: 0 };
    const held = r.bought && open.has(r.id);
    if (r.bought) p.bought += 1;
    if (r.outcome === 'share_received') p.received += 1;
    if (r.sale && !held) p.sold += 1;
    if (r.outcome === 'share_received' && held) p.receivedUnsold += 1;
    bySplit.set(r.splitId, p);
  }
  return [...bySplit.values()];
}
