import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { OpenPosition } from '@roundup/shared';
import { firstErrorMessage } from '../../../lib/api-client';
import { formatIsoDate, formatMoney } from '../../../lib/format';
import { useAllOpenPositions } from '../api';

const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents / 100));
const day = (d: string | null) => (d ? formatIsoDate(d, 'MMM d, yyyy') : '—');

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
          <Table size="sm" responsive>
            <thead>
              <tr>
                <th scope="col">Symbol</th>
                <th scope="col">Account</th>
                <th scope="col" className="d-none d-sm-table-cell">
                  Bought
                </th>
                <th scope="col" className="d-none d-sm-table-cell">
                  Effective
                </th>
                <th scope="col">Shares expected</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={`${p.accountId}:${p.splitId}`}>
                  <td className="fw-semibold">{p.ticker}</td>
                  <td>
                    {p.account} <span className="text-body-secondary small d-none d-md-inline">({p.broker})</span>
                  </td>
                  <td className="text-nowrap d-none d-sm-table-cell">
                    {day(p.buyDate)}{' '}
                    {p.buyPriceCents !== null ? (
                      <span className="text-body-secondary small d-none d-md-inline">@ {money(p.buyPriceCents)}</span>
                    ) : null}
                  </td>
                  <td className="text-nowrap d-none d-sm-table-cell">{day(p.effDate)}</td>
                  <td className="text-nowrap">
                    {day(p.expectedReturnDate)}{' '}
                    {p.overdue ? (
                      <Badge bg="warning" text="dark">
                        Overdue
                      </Badge>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
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
