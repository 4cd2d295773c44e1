import type { ImportTrade, TradeLeg, UnmatchedRow } from '@roundup/shared';
import { formatMoney, formatPrice } from '../../../lib/format';

const OUTCOMES: Record<ImportTrade['outcome'], string> = {
  pending: 'Pending',
  share_received: 'Share received',
  cash_in_lieu: 'Cash in lieu',
  no_credit: 'Nothing credited',
};
const CHANGES: Record<ImportTrade['change'], string> = { new: 'New trade', update: 'Updates your trade', none: 'No change' };

/** "Buy 100 on 2026-11-06 at $0.50", the date kept on one line. */
function Leg({ l }: { l: TradeLeg }) {
  return (
    <>
      {l.side === 'buy' ? 'Buy' : 'Sell'} {l.quantity} on <span className="text-nowrap">{l.date ?? '—'}</span>
      {l.price === null ? '' : ` at ${formatPrice(l.price)}`}
    </>
  );
}

function outcomeText(t: ImportTrade) {
  if (t.outcome === 'pending') return 'Pending';
  const shares = t.shares_received ? `, ${t.shares_received} share${t.shares_received === 1 ? '' : 's'}` : '';
  const cash = t.cash_in_lieu_amount === null ? '' : `, ${formatMoney(t.cash_in_lieu_amount)}`;
  return `${OUTCOMES[t.outcome]}${shares}${cash} on ${t.outcome_date ?? '—'}`;
}

/** The trades a statement writes, one per split: buys and sells, and the outcome with its date. */
export function ImportTradesTable({ trades, title }: { trades: readonly ImportTrade[]; title: string }) {
  return (
    <section aria-labelledby="import-trades-title">
      <h3 id="import-trades-title" className="h6 fw-semibold mb-2">
        {title}
      </h3>
      <table className="table align-middle ru-card-table mb-0">
        <thead>
          <tr>
            <th scope="col">Split</th>
            <th scope="col">Buys and sells</th>
            <th scope="col">Outcome</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {trades.map((t) => (
            <tr key={t.splitId} className={t.problem ? 'table-danger' : undefined}>
              <td data-label="Split">
                <span className="fw-semibold">{t.ticker}</span>{' '}
                <span className="text-body-secondary small">
                  {t.splitName}, effective {t.effDate}
                </span>
              </td>
              <td data-label="Buys and sells">
                {t.legs.length ? (
                  <ul className="list-unstyled mb-0 small">
                    {t.legs.map((l, i) => (
                      <li key={i}>
                        <Leg l={l} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-body-secondary small">As recorded</span>
                )}
              </td>
              <td data-label="Outcome">{outcomeText(t)}</td>
              <td data-label="Change">{t.problem ? <span className="text-danger">{t.problem}</span> : CHANGES[t.change]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Rows the import leaves out, with the line and the reason. */
export function UnmatchedTable({ rows }: { rows: readonly UnmatchedRow[] }) {
  return (
    <section aria-labelledby="import-unmatched-title" className="mt-4">
      <h3 id="import-unmatched-title" className="h6 fw-semibold mb-2">
        Rows not imported ({rows.length})
      </h3>
      <table className="table table-sm align-middle ru-card-table mb-0">
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Date</th>
            <th scope="col">Row</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.line}>
              <td data-label="Line">{r.line}</td>
              <td data-label="Date" className="text-nowrap">
                {r.date ?? '—'}
              </td>
              <td data-label="Row">
                {r.symbol || '—'} <span className="text-body-secondary small">{r.action}</span>
              </td>
              <td data-label="Why">{r.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
