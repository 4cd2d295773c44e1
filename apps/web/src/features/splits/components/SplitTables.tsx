import { useState, type ReactNode } from 'react';
import Pagination from 'react-bootstrap/Pagination';
import { LIMITS } from '@roundup/shared/domain';
import { formatRatio, isFullSplit, type Split, type SplitView } from '@roundup/shared/splits';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatIsoDate, formatMoney, formatPrice } from '../../../lib/format';
import { WarningIcon } from './icons';
import { ChangeMarker } from './SplitChanges';
import { SplitActions, UpgradeButton } from './SplitActions';
import { ConfirmationLine } from './ConfirmationLine';
import { SellAsLine } from './SellAsLine';
import { SplitDeadline } from './SplitDeadline';
import { CallBadge, CallProfit } from './CallBadge';
import { SplitEvidence } from './SplitEvidence';
import { RiskBadge } from './SplitRisk';
import { VerdictLines } from './VerdictLines';

interface Props {
  splits: readonly SplitView[];
  today: string;
  fullAccess: boolean;
  canTrade: boolean;
  onNote: (s: Split) => void;
}

const shortDate = (d: string) => formatIsoDate(d, 'MMM dd, yyyy');

/** What a masked row shows in a number column: the server sent no number. */
function Hidden() {
  return (
    <span className="text-body-secondary" aria-label="Pro only">
      —
    </span>
  );
}

/** A cell of a full split's number; a masked row's is hidden. */
const full = (cell: (s: Split) => ReactNode) => (s: SplitView) => (isFullSplit(s) ? cell(s) : <Hidden />);

function Company({ s }: { s: SplitView }) {
  return (
    <>
      {isFullSplit(s) && s.caution ? (
        <span className="text-warning-emphasis me-1" title="Caution">
          <WarningIcon />
          <span className="visually-hidden">Caution: </span>
        </span>
      ) : null}
      {s.name}
      <ChangeMarker split={s} />
      {isFullSplit(s) ? <VerdictLines split={s} /> : null}
      {isFullSplit(s) && (s.evidence?.sentence || (s.risk && s.risk.level !== 'normal')) ? (
        <details className="small fw-normal mt-1">
          <summary className="text-body-secondary">{s.evidence?.sentence ? 'From the filing' : 'Risk'}</summary>
          <SplitEvidence evidence={s.evidence} history={s.history} risk={s.risk} />
        </details>
      ) : null}
    </>
  );
}

type Columns = Array<Column<SplitView>>;
const COMPANY: Column<SplitView> = { header: 'Company', cellClassName: 'ru-col-name', cell: (s) => <Company s={s} /> };
const RATIO: Column<SplitView> = { header: 'Split Ratio', label: 'Split ratio', cell: full((s) => formatRatio(s.ratio)) };
const number = (header: string, label: string, cell: (s: Split) => ReactNode, bold = false): Column<SplitView> => ({
  header,
  label,
  className: 'text-end',
  cellClassName: bold ? 'fw-semibold' : undefined,
  cell: full(cell),
});

/** The ticker, and after it what a full split shows beside it. */
const symbol = (extra: (s: Split) => ReactNode): Column<SplitView> => ({
  header: 'Symbol',
  label: 'Symbol',
  cellClassName: 'font-monospace',
  cell: (s) => (
    <>
      {s.ticker}
      {isFullSplit(s) ? extra(s) : null}
    </>
  ),
});

function upcomingColumns(today: string, notes: Column<SplitView>): Columns {
  return [
    COMPANY,
    symbol((s) => (
      <>
        <CallBadge split={s} className="ms-1" />
        <RiskBadge risk={s.risk} className="ms-1" />
        <SellAsLine split={s} />
        <ConfirmationLine split={s} />
      </>
    )),
    {
      header: 'Purchase Date',
      label: 'Purchase date',
      cellClassName: 'ru-col-deadline',
      cell: (s) => (
        <>
          <span className="text-nowrap">{shortDate(s.buyDate)}</span>
          {s.buyDate === today ? <span className="badge ru-badge-strong ms-2">Today</span> : null}
          {isFullSplit(s) ? <SplitDeadline split={s} className="d-block small text-body-secondary text-wrap" /> : null}
        </>
      ),
    },
    RATIO,
    number('Current Price', 'Current price', (s) => formatPrice(s.price)),
    number('Estimated Profit', 'Estimated profit', (s) => <CallProfit split={s} />, true),
    notes,
  ];
}

function completedColumns(notes: Column<SplitView>): Columns {
  return [
    COMPANY,
    symbol((s) => (
      <>
        <CallBadge split={s} className="ms-1" />
        <SellAsLine split={s} />
      </>
    )),
    { header: 'Effective Date', label: 'Effective date', cellClassName: 'text-nowrap', cell: (s) => shortDate(s.effDate) },
    RATIO,
    number('Average Cost', 'Average cost', (s) => formatPrice(s.price)),
    number('Average Profit', 'Average profit', (s) => formatMoney(s.avgProfit), true),
    notes,
  ];
}

/** One of the two tables' cards: its heading and count, then the table. */
function SplitCard(p: { id: string; title: string; count: string; className?: string; children: ReactNode }) {
  return (
    <section className={`card shadow-sm ${p.className ?? ''}`.trim()} aria-labelledby={`${p.id}-heading`}>
      <div className="card-header bg-body d-flex flex-wrap justify-content-between align-items-center gap-2">
        <h2 id={`${p.id}-heading`} className="h5 mb-0">
          {p.title}
        </h2>
        <span className="small text-body-secondary">{p.count}</span>
      </div>
      {p.children}
    </section>
  );
}

function SplitTable(p: { columns: Columns; rows: readonly SplitView[]; empty: string; testId: string; responsive?: boolean }) {
  return (
    <DataTable
      className="align-middle mb-0 ru-split-table"
      hover
      cards
      responsive={p.responsive}
      columns={p.columns}
      rows={p.rows}
      rowKey={(s) => s._id}
      rowClassName={(s) => (isFullSplit(s) && s.caution ? 'ru-caution' : undefined)}
      rowTestId={p.testId}
      empty={p.empty}
      emptyClassName="text-center text-body-secondary py-4"
    />
  );
}

function CompletedPages({ pages, current, setPage }: { pages: number; current: number; setPage: (n: number) => void }) {
  return (
    <div className="card-footer bg-body d-flex justify-content-center">
      <Pagination size="sm" className="mb-0 flex-wrap" aria-label="Completed splits pages">
        <Pagination.Prev disabled={current === 1} onClick={() => setPage(current - 1)} aria-label="Previous page" />
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <Pagination.Item key={n} active={n === current} onClick={() => setPage(n)} aria-label={`Page ${n}`}>
            {n}
          </Pagination.Item>
        ))}
        <Pagination.Next disabled={current === pages} onClick={() => setPage(current + 1)} aria-label="Next page" />
      </Pagination>
    </div>
  );
}

/** Upcoming and Completed tables (product.md#screens table view). */
export function SplitTables({ splits, today, fullAccess, canTrade, onNote }: Props) {
  const upcoming = splits
    .filter((s) => s.status === 'Upcoming')
    .sort((a, b) => a.buyDate.localeCompare(b.buyDate) || a.ticker.localeCompare(b.ticker));
  const completed = splits
    .filter((s) => s.status === 'Complete')
    .sort((a, b) => b.effDate.localeCompare(a.effDate) || a.ticker.localeCompare(b.ticker));
  const pages = Math.max(1, Math.ceil(completed.length / LIMITS.completedPageSize));
  const [page, setPage] = useState(1);
  const current = Math.min(page, pages);
  const shown = completed.slice((current - 1) * LIMITS.completedPageSize, current * LIMITS.completedPageSize);
  const starterBlur = !fullAccess && upcoming.some((s) => s.masked);
  const notes: Column<SplitView> = {
    header: 'Notes',
    cellClassName: 'ru-col-actions',
    cell: (s) => <SplitActions split={s} canTrade={canTrade} onNote={onNote} />,
  };

  return (
    <>
      <SplitCard id="upcoming" title="Upcoming" count={`${upcoming.length} announced`} className="mb-4">
        <div className="position-relative">
          <div className={`table-responsive ${starterBlur ? 'ru-blurred' : ''}`} aria-hidden={starterBlur ? true : undefined}>
            <SplitTable
              columns={upcomingColumns(today, notes)}
              rows={upcoming}
              empty="No Reverse Spilts announced"
              testId="upcoming-row"
              responsive={false}
            />
          </div>
          {starterBlur ? (
            <div className="ru-blur-overlay">
              <div className="text-center p-3 bg-body rounded-3 shadow-sm">
                <p className="fw-semibold mb-2">Upcoming reverse splits are for Pro members.</p>
                <UpgradeButton />
              </div>
            </div>
          ) : null}
        </div>
      </SplitCard>
      <SplitCard id="completed" title="Completed" count={`${completed.length} splits`}>
        <SplitTable columns={completedColumns(notes)} rows={shown} empty="No completed splits yet." testId="completed-row" />
        {pages > 1 ? <CompletedPages pages={pages} current={current} setPage={setPage} /> : null}
      </SplitCard>
    </>
  );
}
