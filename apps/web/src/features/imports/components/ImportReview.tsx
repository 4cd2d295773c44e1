import {
  STATEMENT_FORMAT_NAMES,
  type ImportBuy,
  type ImportMappingEntry,
  type ImportPreview,
  type ImportResult,
} from '@roundup/shared/imports';
import { Link } from 'react-router';
import { AccountMapping, fullyMapped } from './AccountMapping';
import { LeftSplits, NeedsBuyForm } from './NeedsBuyForm';
import { ImportTradesTable, UnmatchedTable } from './PreviewTables';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The preview of a statement and, once applied, what was saved. */
export function ImportReview({
  preview,
  result,
  applying,
  onApply,
  onBuy,
  accounts,
  broker,
  onMap,
}: {
  preview: ImportPreview;
  result: ImportResult | null;
  applying: boolean;
  onApply: () => void;
  onBuy: (buy: ImportBuy) => void;
  /** The member's accounts at the statement's broker. */
  accounts: readonly { _id: string; nickname: string }[];
  broker: string;
  onMap: (mapping: ImportMappingEntry[]) => void;
}) {
  const several = preview.accounts.length > 1;
  const nickname = new Map(accounts.map((a) => [a._id, a.nickname]));
  const blocked = preview.trades.filter((t) => t.problem);
  const needBuys = result ? [] : preview.trades.filter((t) => t.needsBuy);

  return (
    <div className="mt-4">
      <p className="mb-2">
        A {STATEMENT_FORMAT_NAMES[preview.format]} statement
        {preview.brokerAccount ? (
          <>
            {' '}
            for account <span className="text-nowrap">{preview.brokerAccount}</span>
          </>
        ) : null}
        : {plural(preview.rows, 'row')} read
        {preview.alreadyImported ? `, ${plural(preview.alreadyImported, 'row')} imported before` : ''}.
      </p>
      {result ? null : <AccountMapping preview={preview} accounts={accounts} broker={broker} onMap={onMap} />}
      {result ? (
        <div className="alert alert-success" role="status">
          {result.imported
            ? `Imported ${plural(result.imported, 'row')}: ${plural(result.saved.length, 'trade')} saved. `
            : 'This file was imported before: nothing changed. '}
          <Link to="/settings/analytics" className="alert-link">
            See your P&amp;L
          </Link>
        </div>
      ) : null}
      {result ? <LeftSplits left={result.left} /> : null}
      {preview.trades.length ? (
        <ImportTradesTable
          trades={preview.trades}
          title={result ? 'Saved' : `Will be saved (${preview.trades.length})`}
          accountName={several ? (id) => nickname.get(id) ?? '—' : undefined}
        />
      ) : (
        <p className="text-body-secondary">
          {several && !fullyMapped(preview) && !result
            ? 'Choose an account for each broker account, or skip it, to see what it saves.'
            : 'Nothing to save: every matching row was imported before, or no row matches a split.'}
        </p>
      )}
      {!result ? (
        <div className="d-flex flex-wrap gap-2 align-items-center my-3">
          <button
            type="button"
            className="btn btn-success"
            disabled={applying || blocked.length === preview.trades.length || (several && !fullyMapped(preview))}
            onClick={onApply}
          >
            {applying ? 'Saving…' : 'Apply'}
          </button>
          {blocked.length ? (
            <span className="text-danger small">
              {blocked.length === preview.trades.length ? 'Every split' : `${blocked.length} of ${preview.trades.length} splits`}{' '}
              marked red will be left out; the others are saved.
            </span>
          ) : null}
        </div>
      ) : null}
      {needBuys.map((t) => (
        <NeedsBuyForm key={`${t.accountId}:${t.splitId}`} trade={t} onBuy={onBuy} />
      ))}
      {preview.unmatched.length ? <UnmatchedTable rows={preview.unmatched} total={preview.unmatchedTotal} /> : null}
    </div>
  );
}
