import { ticksToCents } from '@roundup/shared';

/**
 * Admin: the members' average realized profit per account for one split.
 * Only closed trades (a profit, issue 26: Σ sells − Σ buys + cash in lieu) count; the average is in
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
  };
}
