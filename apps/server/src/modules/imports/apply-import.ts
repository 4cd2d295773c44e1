import type { ImportRequest, ImportResult } from '@roundup/shared';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/retry';
import { badRequest } from '../../http/app-error';
import { importedTrades } from '../trades/queries';
import { buildPreview, itemFor } from './build-preview';
import type { StatementRow } from './formats/types';
import { linesOf } from './plan-rules';
import { prepareImport, type ImportDeps } from './prepare-import';
import { importRowsRepo } from './repo';

/**
 * POST /api/imports/apply (issue 26 §5, decision 030): the statement's trades in one transaction,
 * through the trade rules of the bulk API; all or nothing, and the refusal names the split and lines.
 * Idempotent: only rows this call stores (unique per account and fingerprint) change trades, so the
 * same file again, or at the same moment from another tab, changes nothing.
 */
export async function applyImport(deps: ImportDeps, input: ImportRequest & { userId: string }): Promise<ImportResult> {
  const { userId, accountId } = input;
  const prepared = await prepareImport(deps, userId, input);
  return withRetry(() =>
    deps.db.transaction(async (t0) => {
      const tx = t0 as unknown as Db;
      const { preview, plan, rowsBySplit } = await buildPreview({ db: tx, today: deps.today }, userId, accountId, prepared);
      const bad = preview.trades.find((t) => t.problem);
      if (bad) throw badRequest(`${bad.ticker} (${bad.splitName}), ${linesOf(rowsBySplit.get(bad.splitId)!)}: ${bad.problem}`);
      const repo = importRowsRepo(tx);
      const stored = await repo.insert(
        { userId, accountId, format: prepared.statement.format, brokerAccount: prepared.statement.brokerAccount },
        plan.fresh,
      );
      if (stored.size === 0)
        return { ...preview, trades: [], alreadyImported: preview.alreadyImported + plan.fresh.length, imported: 0, saved: [] };
      const touched = [...new Set(plan.fresh.filter((f) => stored.has(f.fingerprint)).map((f) => f.splitId))];
      let rows = rowsBySplit;
      if (stored.size < plan.fresh.length) {
        // Another tab stored some of these rows meanwhile: from every row now stored for these splits.
        rows = new Map<string, StatementRow[]>(touched.map((id) => [id, []]));
        for (const r of await repo.forSplits(accountId, touched)) rows.get(r.splitId)!.push(r.row);
      }
      const items = touched.map((id) => itemFor(prepared.splits.get(id)!, rows.get(id)!));
      const saved = await importedTrades(tx).write(userId, accountId, items, deps.today);
      return { ...preview, imported: stored.size, saved };
    }),
  );
}
