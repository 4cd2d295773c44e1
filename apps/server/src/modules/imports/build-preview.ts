import type { ImportPreview, ImportTrade } from '@roundup/shared';
import type { Db } from '../../db/client';
import { importedState, importedTrades, type ImportedTrade } from '../trades/queries';
import type { StatementRow } from './formats/types';
import type { CandidateSplit } from './match-rules';
import { buyToAsk, patchFor, planImport, splitLabel, type ImportPlan } from './plan-rules';
import type { GivenBuy, PreparedImport } from './prepare-import';
import { importRowsRepo } from './repo';

/** One split's trade as the statement leaves it, from all its imported and fresh rows. */
export function itemFor(split: CandidateSplit, rows: readonly StatementRow[], buy?: GivenBuy): ImportedTrade {
  return {
    splitId: split.id,
    ticker: split.ticker,
    buyDate: split.buyDate,
    effDate: split.effDate,
    label: splitLabel(split),
    ...patchFor(rows, buy),
  };
}

/** A preview of one RoundUp account's rows; the file's broker accounts are added for the whole file. */
export type AccountPreview = Omit<ImportPreview, 'accounts'>;

export interface BuiltPreview {
  preview: AccountPreview;
  plan: ImportPlan;
  /** Each changed trade's statement rows, by split (to name the lines of a problem). */
  rowsBySplit: Map<string, StatementRow[]>;
}

/**
 * What applying the statement to the account would do (decision 030), read in `db` (the apply's
 * transaction, or the plain connection for a preview): rows imported before, unmatched rows with
 * reasons, and per split with fresh rows the trade it leaves, through the trade rules.
 */
export async function buildPreview(
  deps: { db: Db; today: string },
  userId: string,
  accountId: string,
  p: PreparedImport,
): Promise<BuiltPreview> {
  const repo = importRowsRepo(deps.db);
  const { statement } = p;
  const plan = planImport(
    statement,
    await repo.taken(
      accountId,
      statement.matched.map((m) => m.fingerprint),
    ),
  );
  const touched = [...new Set(plan.fresh.map((f) => f.splitId))];
  const [previous, stored] = await Promise.all([
    repo.forSplits(accountId, touched),
    importedTrades(deps.db).stored(userId, accountId, touched),
  ]);
  const rowsBySplit = new Map<string, StatementRow[]>(touched.map((id) => [id, []]));
  for (const r of [...previous, ...plan.fresh]) rowsBySplit.get(r.splitId)!.push(r.row);
  const freshLines = new Map<string, number[]>(touched.map((id) => [id, []]));
  for (const f of plan.fresh) freshLines.get(f.splitId)!.push(f.row.line);
  const trades: ImportTrade[] = touched.map((splitId) => {
    const split = p.splits.get(splitId)!;
    const rows = rowsBySplit.get(splitId)!;
    const { state, change, problem } = importedState(
      stored.get(splitId) ?? null,
      itemFor(split, rows, p.buys.get(splitId)),
      deps.today,
    );
    const lines = [...new Set(freshLines.get(splitId))].sort((a, b) => a - b);
    const bought = state.legs.some((l) => l.side === 'buy');
    return {
      accountId,
      brokerAccount: statement.brokerAccount,
      splitId,
      splitName: split.name,
      ticker: split.ticker,
      effDate: split.effDate,
      change,
      newRows: freshLines.get(splitId)!.length,
      ...state,
      problem,
      lines,
      needsBuy: bought ? null : buyToAsk(rows, split),
    };
  });
  trades.sort((a, b) => a.effDate.localeCompare(b.effDate) || a.ticker.localeCompare(b.ticker));
  const preview: AccountPreview = {
    format: statement.format,
    brokerAccount: statement.brokerAccount,
    rows: statement.rows,
    alreadyImported: plan.alreadyImported,
    trades,
    unmatched: plan.unmatched,
    unmatchedTotal: plan.unmatchedTotal,
  };
  return { preview, plan, rowsBySplit };
}
