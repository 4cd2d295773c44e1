import { STATEMENT_FORMAT_NAMES, type ImportBuy, type ImportPreview, type ImportResult } from '@roundup/shared/imports';
import { Link } from 'react-router';
import { AccountChoice } from './AccountChoice';
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
  brokerAccount,
  onBrokerAccount,
}: {
  preview: ImportPreview;
  result: ImportResult | null;
  applying: boolean;
  onApply: () => void;
  onBuy: (buy: ImportBuy) => void;
  brokerAccount: string | undefined;
  onBrokerAccount: (brokerAccount: string) => void;
}) {
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
      {result ? null : <AccountChoice preview={preview} chosen={brokerAccount} onChoose={onBrokerAccount} />}
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
        <ImportTradesTable trades={preview.trades} title={result ? 'Saved' : `Will be saved (${preview.trades.length})`} />
      ) : (
        <p className="text-body-secondary">Nothing to save: every matching row was imported before, or no row matches a split.</p>
      )}
      {!result ? (
        <div className="d-flex flex-wrap gap-2 align-items-center my-3">
          <button
            type="button"
            className="btn btn-success"
            disabled={applying || blocked.length === preview.trades.length}
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
        <NeedsBuyForm key={t.splitId} trade={t} onBuy={onBuy} />
      ))}
      {preview.unmatched.length ? <UnmatchedTable rows={preview.unmatched} total={preview.unmatchedTotal} /> : null}
    </div>
  );
}
