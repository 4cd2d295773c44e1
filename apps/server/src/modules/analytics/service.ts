import { todayInMarket, type AnalyticsSummary, type OpenPosition, type TaxExport } from '@roundup/shared';
import type { AppContext } from '../../context';
import { analyticsRepo } from './repo';
import { OPEN_POSITIONS_IN_SUMMARY, openPositions, summarize } from './summary-rules';
import { taxCsv, taxLeftOut, taxReconcile, taxRows } from './tax-rules';

/** Member analytics and the Form 8949 tax export (beyond the original "Coming Soon" tab). */
export function analyticsService(ctx: AppContext) {
  const repo = analyticsRepo(ctx.database.db);
  return {
    /** From the stored per-member totals (decision 008), not the raw trades. */
    async summary(userId: string): Promise<AnalyticsSummary> {
      const input = await repo.totalsFor(userId, OPEN_POSITIONS_IN_SUMMARY);
      return summarize({ ...input, today: todayInMarket(ctx.clock()) });
    },
    /** Every open position (the summary lists the first 100). */
    async openPositions(userId: string): Promise<OpenPosition[]> {
      const { accounts, open } = await repo.openFor(userId);
      return openPositions(open, accounts, todayInMarket(ctx.clock()));
    },
    /** Form 8949 for taxable accounts; says how many sales in tax-advantaged accounts it left out. */
    async taxExport(userId: string, year: number): Promise<TaxExport> {
      const records = await repo.recordsFor(userId);
      const rows = taxRows(records, year);
      return {
        year,
        filename: `roundup-form-8949-${year}.csv`,
        rows: rows.length,
        leftOut: taxLeftOut(records, year),
        reconcile: taxReconcile(records, year),
        csv: taxCsv(rows),
      };
    },
  };
}
