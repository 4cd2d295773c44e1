import type { ImportTrade, TradeLeg, UnmatchedRow } from '@roundup/shared';
import { DataTable, type Column } from '../../../components/DataTable';
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

const TRADE_COLUMNS: Array<Column<ImportTrade>> = [
  {
    header: 'Split',
    label: 'Split',
    cell: (t) => (
      <>
        <span className="fw-semibold">{t.ticker}</span>{' '}
        <span className="text-body-secondary small">
          {t.splitName}, effective <span className="text-nowrap">{t.effDate}</span>
        </span>
      </>
    ),
  },
  {
    header: 'Buys and sells',
    label: 'Buys and sells',
    // Across the card at phone width: a leg ("Buy 2 on 2026-11-06 at $0.50") reads on one line.
    cellClassName: 'ru-col-wide',
    cell: (t) =>
      t.legs.length ? (
        <ul className="list-unstyled mb-0 small">
          {t.legs.map((l, i) => (
            <li key={i}>
              <Leg l={l} />
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-body-secondary small">As recorded</span>
      ),
  },
  { header: 'Outcome', label: 'Outcome', cell: outcomeText },
  {
    header: 'Change',
    label: 'Change',
    cell: (t) => (t.problem ? <span className="text-danger">{t.problem}</span> : CHANGES[t.change]),
  },
];

const UNMATCHED_COLUMNS: Array<Column<UnmatchedRow>> = [
  { header: 'Line', label: 'Line', cell: (r) => r.line },
  { header: 'Date', label: 'Date', cellClassName: 'text-nowrap', cell: (r) => r.date ?? '—' },
  {
    header: 'Row',
    label: 'Row',
    cell: (r) => (
      <>
        {r.symbol || '—'} <span className="text-body-secondary small">{r.action}</span>
      </>
    ),
  },
  { header: 'Why', label: 'Why', cell: (r) => r.reason },
];

/**
 * The trades a statement writes, one per split and account: buys and sells, and the outcome with its date;
 * with `accountName`, the account each goes into (a file of several broker accounts).
 */
export function ImportTradesTable({
  trades,
  title,
  accountName,
}: {
  trades: readonly ImportTrade[];
  title: string;
  accountName?: (accountId: string) => string;
}) {
  const columns: Array<Column<ImportTrade>> = accountName
    ? [
        {
          header: 'Account',
          label: 'Account',
          cell: (t) => (
            <>
              {accountName(t.accountId)}{' '}
              {t.brokerAccount ? <span className="text-body-secondary small text-nowrap">from {t.brokerAccount}</span> : null}
            </>
          ),
        },
        ...TRADE_COLUMNS,
      ]
    : TRADE_COLUMNS;
  return (
    <section aria-labelledby="import-trades-title">
      <h3 id="import-trades-title" className="h6 fw-semibold mb-2">
        {title}
      </h3>
      <DataTable
        responsive={false}
        cards
        className="align-middle mb-0"
        columns={columns}
        rows={trades}
        rowKey={(t) => `${t.accountId}:${t.splitId}`}
        rowClassName={(t) => (t.problem ? 'table-danger' : undefined)}
        empty="No trades in this statement."
      />
    </section>
  );
}

/** Rows the import leaves out, with the line and the reason. */
export function UnmatchedTable({ rows, total }: { rows: readonly UnmatchedRow[]; total: number }) {
  return (
    <section aria-labelledby="import-unmatched-title" className="mt-4">
      <h3 id="import-unmatched-title" className="h6 fw-semibold mb-2">
        Rows not imported ({total.toLocaleString('en-US')})
      </h3>
      {total > rows.length ? (
        <p className="small text-body-secondary mb-2">The first {rows.length.toLocaleString('en-US')} are listed.</p>
      ) : null}
      <DataTable
        responsive={false}
        cards
        size="sm"
        className="align-middle mb-0"
        columns={UNMATCHED_COLUMNS}
        rows={rows}
        rowKey={(r) => String(r.line)}
        empty="Every row was imported."
      />
    </section>
  );
}
