import type { ImportRequest, ImportResult, LeftSplit } from '@roundup/shared';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/retry';
import { importedTrades } from '../trades/queries';
import { buildPreview, itemFor } from './build-preview';
import type { StatementRow } from './formats/types';
import { prepareImport, type ImportDeps } from './prepare-import';
import { importRowsRepo } from './repo';

/**
 * POST /api/imports/apply (decision 030): the statement's trades in one transaction, through the trade
 * rules of the bulk API; all or nothing per split. A split whose rows break a trade rule is left, named
 * with the reason and its lines, and its rows are not stored, so importing the file again later applies
 * it once it can be; every other split is applied. Idempotent: only rows this call stores (unique per
 * account and fingerprint) change trades, so the same file again, or at the same moment from another
 * tab, changes nothing.
 */
export async function applyImport(deps: ImportDeps, input: ImportRequest & { userId: string }): Promise<ImportResult> {
  const { userId, accountId } = input;
  const prepared = await prepareImport(deps, userId, input, true);
  return withRetry(() =>
    deps.db.transaction(async (t0) => {
      const tx = t0 as unknown as Db;
      const { preview, plan, rowsBySplit } = await buildPreview({ db: tx, today: deps.today }, userId, accountId, prepared);
      const left: LeftSplit[] = preview.trades
        .filter((t) => t.problem)
        .map((t) => ({ splitId: t.splitId, splitName: t.splitName, ticker: t.ticker, lines: t.lines, reason: t.problem! }));
      const leftIds = new Set(left.map((l) => l.splitId));
      const fresh = plan.fresh.filter((f) => !leftIds.has(f.splitId));
      const repo = importRowsRepo(tx);
      const stored = await repo.insert(
        { userId, accountId, format: prepared.statement.format, brokerAccount: prepared.statement.brokerAccount },
        fresh,
      );
      if (stored.size === 0)
        return { ...preview, trades: [], alreadyImported: preview.alreadyImported + fresh.length, imported: 0, saved: [], left };
      const touched = [...new Set(fresh.filter((f) => stored.has(f.fingerprint)).map((f) => f.splitId))];
      let rows = rowsBySplit;
      if (stored.size < fresh.length) {
        // Another tab stored some of these rows meanwhile: from every row now stored for these splits.
        rows = new Map<string, StatementRow[]>(touched.map((id) => [id, []]));
        for (const r of await repo.forSplits(accountId, touched)) rows.get(r.splitId)!.push(r.row);
      }
      const items = touched.map((id) => itemFor(prepared.splits.get(id)!, rows.get(id)!, prepared.buys.get(id)));
      const saved = await importedTrades(tx).write(userId, accountId, items, deps.today);
      return { ...preview, imported: stored.size, saved, left };
    }),
  );
}
