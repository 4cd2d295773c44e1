import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { TAX_ADVANTAGED_ACCOUNT_TYPES, type TaxExport, type TaxLeftOut } from '@roundup/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { firstErrorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { fetchTaxExport } from '../api';

const listOf = (items: readonly string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')}${items.length > 2 ? ',' : ''} and ${items[items.length - 1]}`;

/** What the export of `year` leaves out, and why; null when nothing is. */
export function leftOutMessage(leftOut: TaxLeftOut | undefined): string | null {
  if (!leftOut || leftOut.trades === 0) return null;
  const n = leftOut.trades;
  return (
    `${n} ${n === 1 ? 'sale' : 'sales'} in your ${listOf(leftOut.accountTypes)} ${leftOut.accountTypes.length === 1 ? 'account is' : 'accounts are'} left out of ` +
    `the ${leftOut.year} file: sales inside tax-advantaged accounts are not reported on Form 8949.`
  );
}

/**
 * One line that reconciles the year's realized profit with Form 8949: the sales in tax-advantaged accounts
 * are what the form leaves out, by amount. The numbers are the export's own, so they match its totals line.
 */
export function reconcileMessage(out: TaxExport | undefined): string | null {
  if (!out) return null;
  const { realizedCents, leftOutCents, form8949Cents } = out.reconcile;
  const form = `Form 8949 for ${out.year}: ${formatMoney(form8949Cents / 100)}`;
  if (out.leftOut.trades === 0) return `${form}, your realized profit from ${out.year}'s sales.`;
  return (
    `${form} = realized ${formatMoney(realizedCents / 100)} − ${formatMoney(leftOutCents / 100)} from ` +
    `${out.leftOut.trades} ${out.leftOut.trades === 1 ? 'sale' : 'sales'} in your ${listOf(out.leftOut.accountTypes)} ` +
    `${out.leftOut.accountTypes.length === 1 ? 'account' : 'accounts'}, left out (not reported on Form 8949).`
  );
}

export function TaxExportForm({ years, currentYear, leftOut }: { years: number[]; currentYear: number; leftOut: TaxLeftOut[] }) {
  const options = years.length ? years : [currentYear];
  const [year, setYear] = useState(options[0]);
  // The chosen year's export, read for its reconciliation line; an older year's answer never replaces a newer one.
  const [shown, setShown] = useState<TaxExport | undefined>();
  useEffect(() => {
    const ask = new AbortController();
    fetchTaxExport(year, ask.signal).then(setShown, () => setShown(undefined));
    return () => ask.abort();
  }, [year]);
  const note = reconcileMessage(shown?.year === year ? shown : undefined) ?? leftOutMessage(leftOut.find((l) => l.year === year));
  const [busy, setBusy] = useState(false);
  const error = useTimedMessage(5000);
  const done = useTimedMessage(5000);

  const download = async () => {
    setBusy(true);
    error.clear();
    try {
      const out = await fetchTaxExport(year);
      const url = URL.createObjectURL(new Blob([out.csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = out.filename;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      done.show(
        `${out.rows} ${out.rows === 1 ? 'sale' : 'sales'} exported${out.leftOut.trades ? `; ${out.leftOut.trades} in tax-advantaged accounts left out` : ''}.`,
      );
    } catch (e) {
      error.show(firstErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <p className="small text-body-secondary mb-2">
        Closed trades of a tax year in your taxable accounts, with the columns (a)–(h) of IRS Form 8949 (description, date
        acquired, date sold, proceeds, cost basis, code, adjustment, gain or loss). Trades in{' '}
        {listOf(TAX_ADVANTAGED_ACCOUNT_TYPES)} accounts are left out: sales inside tax-advantaged accounts are not reported on
        Form 8949. Round-up trades are short-term; check them against each broker&apos;s Form 1099-B.
      </p>
      <div className="d-flex flex-wrap align-items-end gap-2">
        <Form.Group controlId="tax-year">
          <Form.Label className="small mb-1">Tax year</Form.Label>
          <Form.Select size="sm" value={year} onChange={(e) => setYear(Number(e.target.value))}>
            {options.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button size="sm" variant="outline-primary" onClick={() => void download()} disabled={busy}>
          {busy ? 'Preparing…' : 'Download CSV'}
        </Button>
        <span className="small text-success" aria-live="polite">
          {done.value}
        </span>
      </div>
      {note ? (
        <p className="small mt-2 mb-0" role="status" data-testid="tax-left-out">
          {note}
        </p>
      ) : null}
      <ErrorAlert className="mt-2 mb-0" messages={error.value ? [error.value] : null} />
    </div>
  );
}
