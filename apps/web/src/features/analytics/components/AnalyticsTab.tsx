import { useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import {
  TAX_ADVANTAGED_ACCOUNT_TYPES,
  type AnalyticsSummary,
  type OpenPosition,
  type ProfitGroup,
  type TaxLeftOut,
} from '@roundup/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SettingsPanel } from '../../../components/SettingsPanel';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { firstErrorMessage } from '../../../lib/api-client';
import { formatIsoDate, formatMoney } from '../../../lib/format';
import { fetchTaxExport, useAllOpenPositions, useMyAnalytics } from '../api';
import { ProfitChart } from './ProfitChart';
import './analytics.css';

const CHART_MONTHS = 24;
const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents / 100));
const day = (d: string | null) => (d ? formatIsoDate(d, 'MMM d, yyyy') : '—');
const tone = (cents: number) => (cents > 0 ? 'text-success' : cents < 0 ? 'text-danger' : undefined);

function Stat({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: string; testId?: string }) {
  return (
    <div className="ru-stat">
      <div className="small text-body-secondary">{label}</div>
      <div className="ru-stat-value" data-testid={testId}>
        {value}
      </div>
      {hint ? <div className="small text-body-secondary">{hint}</div> : null}
    </div>
  );
}

function GroupTable({ caption, rows, limit }: { caption: string; rows: ProfitGroup[]; limit?: number }) {
  const [all, setAll] = useState(false);
  const shown = limit && !all ? rows.slice(0, limit) : rows;
  return (
    <div className="mb-4">
      <h3 className="h6 fw-semibold">{caption}</h3>
      <Table size="sm" responsive className="mb-1">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="ru-num">
              Trades
            </th>
            <th scope="col" className="ru-num">
              Profit
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((g) => (
            <tr key={g.key}>
              <td className="text-break">{g.label}</td>
              <td className="ru-num">{g.trades}</td>
              <td className={`ru-num ${tone(g.profitCents) ?? ''}`}>{money(g.profitCents)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {limit && rows.length > limit ? (
        <Button variant="link" size="sm" className="px-0" onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${rows.length}`}
        </Button>
      ) : null}
    </div>
  );
}

const listOf = (items: readonly string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')}${items.length > 2 ? ',' : ''} and ${items[items.length - 1]}`;

/** What the export of `year` leaves out, and why (issue 12 §3); null when nothing is. */
export function leftOutMessage(leftOut: TaxLeftOut | undefined): string | null {
  if (!leftOut || leftOut.trades === 0) return null;
  const n = leftOut.trades;
  return (
    `${n} ${n === 1 ? 'sale' : 'sales'} in your ${listOf(leftOut.accountTypes)} ${leftOut.accountTypes.length === 1 ? 'account is' : 'accounts are'} left out of ` +
    `the ${leftOut.year} file: sales inside tax-advantaged accounts are not reported on Form 8949.`
  );
}

export function TaxExportForm({ years, currentYear, leftOut }: { years: number[]; currentYear: number; leftOut: TaxLeftOut[] }) {
  const options = years.length ? years : [currentYear];
  const [year, setYear] = useState(options[0]);
  const note = leftOutMessage(leftOut.find((l) => l.year === year));
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

function EmptyAnalytics() {
  return (
    <div className="py-3">
      <p className="fw-semibold mb-2">No trades recorded yet</p>
      <p className="text-body-secondary small">
        Your profit, open positions and tax export appear here once you record your first trade:
      </p>
      <ol className="small mb-3">
        <li>
          Add your brokerage accounts under <Link to="/settings/accounts">Accounts</Link>.
        </li>
        <li>
          Open the <Link to="/reverse-splits">Reverse Splits</Link> calendar and click the pencil on a split.
        </li>
        <li>
          Enter the buy price and date of the one share in each account; add the sell price and date after the shares return.
        </li>
      </ol>
      <Link to="/reverse-splits" className="btn btn-primary btn-sm">
        Go to Reverse Splits
      </Link>
    </div>
  );
}

function OpenPositions({ summary, total }: { summary: OpenPosition[]; total: number }) {
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

function Summary({ a }: { a: AnalyticsSummary }) {
  const t = a.totals;
  return (
    <>
      <div className="row g-3 mb-4">
        <div className="col-6 col-md-3">
          <Stat
            label="Realized profit"
            value={<span className={tone(t.realizedCents)}>{money(t.realizedCents)}</span>}
            testId="realized-total"
          />
        </div>
        <div className="col-6 col-md-3">
          <Stat
            label={`In ${a.year}`}
            value={<span className={tone(t.thisYearCents)}>{money(t.thisYearCents)}</span>}
            testId="realized-year"
          />
        </div>
        <div className="col-6 col-md-3">
          <Stat label="Closed trades" value={t.closedTrades} testId="closed-trades" />
        </div>
        <div className="col-6 col-md-3">
          <Stat label="Open positions" value={t.openPositions} testId="open-positions" />
        </div>
      </div>

      {a.byMonth.length > 0 ? (
        <div className="mb-4">
          <h3 className="h6 fw-semibold">
            Profit by month{a.byMonth.length > CHART_MONTHS ? ` (last ${CHART_MONTHS} months)` : ''}
          </h3>
          <ProfitChart months={a.byMonth.slice(-CHART_MONTHS)} />
        </div>
      ) : null}

      <div className="row g-4">
        <div className="col-12 col-xl-6">
          <GroupTable caption="By broker" rows={a.byBroker} />
        </div>
        <div className="col-12 col-xl-6">
          <GroupTable caption="By account" rows={a.byAccount} limit={10} />
        </div>
      </div>
      <GroupTable caption="By split" rows={a.bySplit} limit={10} />

      <OpenPositions summary={a.openPositions} total={t.openPositions} />

      {a.returnTimes.length > 0 ? (
        <div className="mb-4">
          <h3 className="h6 fw-semibold">Share return time by broker</h3>
          <p className="small text-body-secondary mb-2">Measured from your own sales: sell date − effective date, in days.</p>
          <Table size="sm" responsive>
            <thead>
              <tr>
                <th scope="col">Broker</th>
                <th scope="col" className="ru-num">
                  Stated
                </th>
                <th scope="col" className="ru-num">
                  Measured avg
                </th>
                <th scope="col" className="ru-num d-none d-sm-table-cell">
                  Range
                </th>
                <th scope="col" className="ru-num">
                  Sales
                </th>
              </tr>
            </thead>
            <tbody>
              {a.returnTimes.map((r) => (
                <tr key={r.brokerId ?? r.broker}>
                  <td>{r.broker}</td>
                  <td className="ru-num">{r.statedDays === null ? '—' : `${r.statedDays} d`}</td>
                  <td className="ru-num">{r.averageDays === null ? '—' : `${r.averageDays} d`}</td>
                  <td className="ru-num d-none d-sm-table-cell">{r.minDays === null ? '—' : `${r.minDays}–${r.maxDays} d`}</td>
                  <td className="ru-num">{r.samples}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
    </>
  );
}

/** Settings → Analytics: the spec says "Coming Soon"; this ships it. */
export function AnalyticsTab() {
  const q = useMyAnalytics();
  const a = q.data;
  return (
    <>
      <SettingsPanel
        title="Analytics"
        description="What your round-up trades earned: realized profit (sell − buy), open positions and share return times."
      >
        {q.isPending ? (
          <p className="text-body-secondary">Loading your analytics…</p>
        ) : q.error ? (
          <ErrorAlert messages={[firstErrorMessage(q.error)]} />
        ) : a && a.totals.totalTrades === 0 ? (
          <EmptyAnalytics />
        ) : a ? (
          <Summary a={a} />
        ) : null}
      </SettingsPanel>
      {a && a.totals.closedTrades > 0 ? (
        <SettingsPanel title="Tax export" description="A CSV for your tax preparer or software.">
          <TaxExportForm years={a.taxYears} currentYear={a.year} leftOut={a.taxLeftOut} />
        </SettingsPanel>
      ) : null}
    </>
  );
}
