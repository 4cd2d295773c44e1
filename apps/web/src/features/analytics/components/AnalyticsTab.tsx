import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { AnalyticsSummary, ProfitGroup } from '@roundup/shared';
import { DataTable, type Column } from '../../../components/DataTable';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SettingsPanel } from '../../../components/SettingsPanel';
import { firstErrorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useMyAnalytics } from '../api';
import { OpenPositions } from './OpenPositions';
import { ProfitChart } from './ProfitChart';
import { TaxExportForm } from './TaxExportForm';
import './analytics.css';

const CHART_MONTHS = 24;
const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents / 100));
const tone = (cents: number) => (cents > 0 ? 'text-success' : cents < 0 ? 'text-danger' : undefined);

const GROUP_COLUMNS: Array<Column<ProfitGroup>> = [
  { header: 'Name', cellClassName: 'text-break', cell: (g) => g.label },
  { header: 'Trades', className: 'ru-num', cell: (g) => g.trades },
  { header: 'Profit', className: 'ru-num', cellClassName: (g) => tone(g.profitCents), cell: (g) => money(g.profitCents) },
];

const days = (n: number | null) => (n === null ? '—' : `${n} d`);
const RETURN_COLUMNS: Array<Column<AnalyticsSummary['returnTimes'][number]>> = [
  { header: 'Broker', cell: (r) => r.broker },
  { header: 'Stated', className: 'ru-num', cell: (r) => days(r.statedDays) },
  { header: 'Measured avg', className: 'ru-num', cell: (r) => days(r.averageDays) },
  {
    header: 'Range',
    className: 'ru-num d-none d-sm-table-cell',
    cell: (r) => (r.minDays === null ? '—' : `${r.minDays}–${r.maxDays} d`),
  },
  { header: 'Sales', className: 'ru-num', cell: (r) => r.samples },
];

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
      <DataTable size="sm" className="mb-1" columns={GROUP_COLUMNS} rows={shown} rowKey={(g) => g.key} empty="None yet." />
      {limit && rows.length > limit ? (
        <Button variant="link" size="sm" className="px-0" onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${rows.length}`}
        </Button>
      ) : null}
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
          <DataTable
            size="sm"
            columns={RETURN_COLUMNS}
            rows={a.returnTimes}
            rowKey={(r) => r.brokerId ?? r.broker}
            empty="No sales measured yet."
          />
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
