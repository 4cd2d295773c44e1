import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { OpenPosition } from '@roundup/shared';
import { DataTable, type Column } from '../../../components/DataTable';
import { firstErrorMessage } from '../../../lib/api-client';
import { formatIsoDate, formatMoney } from '../../../lib/format';
import { useAllOpenPositions } from '../api';

const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents / 100));
const day = (d: string | null) => (d ? formatIsoDate(d, 'MMM d, yyyy') : '—');

const COLUMNS: Array<Column<OpenPosition>> = [
  { header: 'Symbol', cellClassName: 'fw-semibold', cell: (p) => p.ticker },
  {
    header: 'Account',
    cell: (p) => (
      <>
        {p.account} <span className="text-body-secondary small d-none d-md-inline">({p.broker})</span>
      </>
    ),
  },
  {
    header: 'Bought',
    className: 'd-none d-sm-table-cell',
    cellClassName: 'text-nowrap',
    cell: (p) => (
      <>
        {day(p.buyDate)}{' '}
        {p.buyPriceCents !== null ? (
          <span className="text-body-secondary small d-none d-md-inline">@ {money(p.buyPriceCents)}</span>
        ) : null}
      </>
    ),
  },
  { header: 'Effective', className: 'd-none d-sm-table-cell', cellClassName: 'text-nowrap', cell: (p) => day(p.effDate) },
  {
    header: 'Shares expected',
    cellClassName: 'text-nowrap',
    cell: (p) => (
      <>
        {day(p.expectedReturnDate)}{' '}
        {p.overdue ? (
          <Badge bg="warning" text="dark">
            Overdue
          </Badge>
        ) : null}
      </>
    ),
  },
];

export function OpenPositions({ summary, total }: { summary: OpenPosition[]; total: number }) {
  const [all, setAll] = useState(false);
  const full = useAllOpenPositions(all);
  const rows = all && full.data ? full.data : summary;
  return (
    <div className="mb-4">
      <h3 className="h6 fw-semibold">Open positions</h3>
      {total === 0 ? (
        <p className="small text-body-secondary">Nothing waiting: every share you bought is sold.</p>
      ) : (
        <>
          <p className="small text-body-secondary mb-2">
            Bought, not yet sold. Shares are expected back on the effective date plus the broker&apos;s share return time.
          </p>
          <DataTable
            size="sm"
            columns={COLUMNS}
            rows={rows}
            rowKey={(p) => `${p.accountId}:${p.splitId}`}
            empty="Nothing waiting."
          />
          {total > summary.length && !all ? (
            <Button variant="link" size="sm" className="px-0" onClick={() => setAll(true)}>
              Show all {total}
            </Button>
          ) : null}
          {all && full.isPending ? <span className="small text-body-secondary">Loading…</span> : null}
          {full.error ? <p className="small text-danger">{firstErrorMessage(full.error)}</p> : null}
        </>
      )}
    </div>
  );
}
