import type { ImportRequest, ImportResult, LeftSplit } from '@roundup/shared';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/retry';
import { importedTrades } from '../trades/queries';
import { buildPreview, itemFor, type AccountPreview } from './build-preview';
import type { StatementRow } from './formats/types';
import { mapAccounts, type ImportGroup } from './map-accounts';
import { accountMapsRepo } from './mapping-repo';
import { joinPreviews } from './plan-rules';
import type { ImportDeps } from './prepare-import';
import { importRowsRepo } from './repo';

type AccountResult = AccountPreview & Pick<ImportResult, 'imported' | 'saved' | 'left'>;

/**
 * One account's part, in the apply's transaction: all or nothing per split. A split whose rows break a
 * trade rule is left, named with the reason and its lines, and its rows are not stored, so importing the
 * file again later applies it once it can be; every other split is applied. Only rows this call stores
 * (unique per account and fingerprint) change trades, so the same file again, or at the same moment from
 * another tab, changes nothing.
 */
async function applyGroup(tx: Db, today: string, userId: string, { accountId, prepared }: ImportGroup): Promise<AccountResult> {
  const { preview, plan, rowsBySplit } = await buildPreview({ db: tx, today }, userId, accountId, prepared);
  const left: LeftSplit[] = preview.trades
    .filter((t) => t.problem)
    .map((t) => ({
      accountId,
      splitId: t.splitId,
      splitName: t.splitName,
      ticker: t.ticker,
      lines: t.lines,
      reason: t.problem!,
    }));
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
  const saved = await importedTrades(tx).write(userId, accountId, items, today);
  return { ...preview, imported: stored.size, saved, left };
}

/**
 * POST /api/imports/apply (decisions 030 and 042): the statement's trades, into each account it goes into,
 * in one transaction through the trade rules of the bulk API; a mapping of a file's broker accounts is
 * remembered in the same transaction.
 */
export async function applyImport(deps: ImportDeps, input: ImportRequest & { userId: string }): Promise<ImportResult> {
  const { userId } = input;
  const grouped = await mapAccounts(deps, userId, input, true);
  const result = await withRetry(() =>
    deps.db.transaction(async (t0) => {
      const tx = t0 as unknown as Db;
      const parts: AccountResult[] = [];
      for (const g of grouped.groups) parts.push(await applyGroup(tx, deps.today, userId, g));
      if (grouped.remember) await accountMapsRepo(tx).remember(userId, grouped.remember.broker, grouped.remember.entries);
      return {
        ...joinPreviews(grouped, parts),
        imported: parts.reduce((n, p) => n + p.imported, 0),
        saved: parts.flatMap((p) => p.saved),
        left: parts.flatMap((p) => p.left),
      };
    }),
  );
  const recorded = result.saved.filter((t) => t.outcome !== 'pending').map((t) => t.splitId);
  if (recorded.length > 0) await deps.recordVerdicts?.(recorded);
  return result;
}
