import { useState } from 'react';
import Pagination from 'react-bootstrap/Pagination';
import { LIMITS } from '@roundup/shared/domain';
import { formatRatio, isFullSplit, type Split, type SplitView } from '@roundup/shared/splits';
import { formatIsoDate, formatMoney, formatPrice } from '../../../lib/format';
import { WarningIcon } from './icons';
import { ChangeMarker } from './SplitChanges';
import { SplitActions, UpgradeButton } from './SplitActions';
import { ConfirmationLine } from './ConfirmationLine';
import { SplitDeadline } from './SplitDeadline';
import { CallBadge, CallProfit } from './CallBadge';
import { SplitEvidence } from './SplitEvidence';

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
      {isFullSplit(s) && s.evidence?.sentence ? (
        <details className="small fw-normal mt-1">
          <summary className="text-body-secondary">From the filing</summary>
          <SplitEvidence evidence={s.evidence} history={s.history} />
        </details>
      ) : null}
    </>
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

  return (
    <>
      <section className="card shadow-sm mb-4" aria-labelledby="upcoming-heading">
        <div className="card-header bg-body d-flex flex-wrap justify-content-between align-items-center gap-2">
          <h2 id="upcoming-heading" className="h5 mb-0">
            Upcoming
          </h2>
          <span className="small text-body-secondary">{upcoming.length} announced</span>
        </div>
        <div className="position-relative">
          <div className={`table-responsive ${starterBlur ? 'ru-blurred' : ''}`} aria-hidden={starterBlur ? true : undefined}>
            <table className="table table-hover align-middle mb-0 ru-split-table ru-card-table">
              <thead>
                <tr>
                  <th scope="col">Company</th>
                  <th scope="col">Symbol</th>
                  <th scope="col">Purchase Date</th>
                  <th scope="col">Split Ratio</th>
                  <th scope="col" className="text-end">
                    Current Price
                  </th>
                  <th scope="col" className="text-end">
                    Estimated Profit
                  </th>
                  <th scope="col">Notes</th>
                </tr>
              </thead>
              <tbody>
                {upcoming.length === 0 ? (
                  <tr>
                    <td colSpan={7} className="text-center text-body-secondary py-4">
                      No Reverse Spilts announced
                    </td>
                  </tr>
                ) : (
                  upcoming.map((s) => (
                    <tr key={s._id} className={isFullSplit(s) && s.caution ? 'ru-caution' : undefined} data-testid="upcoming-row">
                      <td className="ru-col-name">
                        <Company s={s} />
                      </td>
                      <td className="font-monospace" data-label="Symbol">
                        {s.ticker}
                        {isFullSplit(s) ? (
                          <>
                            <CallBadge split={s} className="ms-1" />
                            <ConfirmationLine split={s} />
                          </>
                        ) : null}
                      </td>
                      <td className="ru-col-deadline" data-label="Purchase date">
                        <span className="text-nowrap">{shortDate(s.buyDate)}</span>
                        {s.buyDate === today ? <span className="badge ru-badge-strong ms-2">Today</span> : null}
                        {isFullSplit(s) ? (
                          <SplitDeadline split={s} className="d-block small text-body-secondary text-wrap" />
                        ) : null}
                      </td>
                      <td data-label="Split ratio">{isFullSplit(s) ? formatRatio(s.ratio) : <Hidden />}</td>
                      <td className="text-end" data-label="Current price">
                        {isFullSplit(s) ? formatPrice(s.price) : <Hidden />}
                      </td>
                      <td className="text-end fw-semibold" data-label="Estimated profit">
                        {isFullSplit(s) ? <CallProfit split={s} /> : <Hidden />}
                      </td>
                      <td className="ru-col-actions">
                        <SplitActions split={s} canTrade={canTrade} onNote={onNote} />
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
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
      </section>

      <section className="card shadow-sm" aria-labelledby="completed-heading">
        <div className="card-header bg-body d-flex flex-wrap justify-content-between align-items-center gap-2">
          <h2 id="completed-heading" className="h5 mb-0">
            Completed
          </h2>
          <span className="small text-body-secondary">{completed.length} splits</span>
        </div>
        <div className="table-responsive">
          <table className="table table-hover align-middle mb-0 ru-split-table ru-card-table">
            <thead>
              <tr>
                <th scope="col">Company</th>
                <th scope="col">Symbol</th>
                <th scope="col">Effective Date</th>
                <th scope="col">Split Ratio</th>
                <th scope="col" className="text-end">
                  Average Cost
                </th>
                <th scope="col" className="text-end">
                  Average Profit
                </th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {shown.length === 0 ? (
                <tr>
                  <td colSpan={7} className="text-center text-body-secondary py-4">
                    No completed splits yet.
                  </td>
                </tr>
              ) : (
                shown.map((s) => (
                  <tr key={s._id} className={isFullSplit(s) && s.caution ? 'ru-caution' : undefined} data-testid="completed-row">
                    <td className="ru-col-name">
                      <Company s={s} />
                    </td>
                    <td className="font-monospace" data-label="Symbol">
                      {s.ticker}
                      {isFullSplit(s) ? <CallBadge split={s} className="ms-1" /> : null}
                    </td>
                    <td className="text-nowrap" data-label="Effective date">
                      {shortDate(s.effDate)}
                    </td>
                    <td data-label="Split ratio">{isFullSplit(s) ? formatRatio(s.ratio) : <Hidden />}</td>
                    <td className="text-end" data-label="Average cost">
                      {isFullSplit(s) ? formatPrice(s.price) : <Hidden />}
                    </td>
                    <td className="text-end fw-semibold" data-label="Average profit">
                      {isFullSplit(s) ? formatMoney(s.avgProfit) : <Hidden />}
                    </td>
                    <td className="ru-col-actions">
                      <SplitActions split={s} canTrade={canTrade} onNote={onNote} />
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        {pages > 1 ? (
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
        ) : null}
      </section>
    </>
  );
}
