import { useMemo } from 'react';
import { usePageViewSummary } from '../api';
import { formatIsoDate } from '@roundup/shared/dates';
import { DataTable, type Column } from '../../../components/DataTable';
import '../pageviews.css';

type Row = { path: string; views: number };
const pathCell: Column<Row> = {
  header: 'Page',
  cellClassName: 'text-break',
  cell: (r) => <code>{r.path}</code>,
};
const viewsCell: Column<Row> = { header: 'Views', className: 'text-end', cell: (r) => r.views.toLocaleString() };
const TOP_COLUMNS = [pathCell, viewsCell];
const DAY_COLUMNS: Array<Column<Row & { day: string }>> = [
  { header: 'Day', cellClassName: 'text-nowrap', cell: (r) => formatIsoDate(r.day, 'MMM d, yyyy') },
  pathCell,
  viewsCell,
];

/** Views per page per day over the last 30 days (first-party page views). */
export function PageViewsPanel() {
  const { data, isPending, isError } = usePageViewSummary();

  const { days, top, max } = useMemo(() => {
    if (!data) return { days: [] as { day: string; views: number }[], top: [] as { path: string; views: number }[], max: 1 };
    const perDay = new Map<string, number>();
    for (const r of data.days) perDay.set(r.day, (perDay.get(r.day) ?? 0) + r.views);
    const list: { day: string; views: number }[] = [];
    // Every day of the window, oldest first, zero when nothing was viewed.
    const start = Date.parse(`${data.from}T12:00:00Z`);
    const end = Date.parse(`${data.to}T12:00:00Z`);
    for (let t = start; t <= end; t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      list.push({ day, views: perDay.get(day) ?? 0 });
    }
    return { days: list, top: data.totals.slice(0, 8), max: Math.max(1, ...list.map((d) => d.views)) };
  }, [data]);

  return (
    <section className="card shadow-sm mb-4 ru-panel" aria-labelledby="pv-title">
      <div className="card-body p-3 p-md-4">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
          <h2 id="pv-title" className="h5 fw-semibold mb-0">
            Page views
          </h2>
          {data ? (
            <span className="text-body-secondary small">
              {data.total.toLocaleString()} view{data.total === 1 ? '' : 's'} · {formatIsoDate(data.from, 'MMM d')} –{' '}
              {formatIsoDate(data.to, 'MMM d, yyyy')}
            </span>
          ) : null}
        </div>
        {isPending ? <p className="text-body-secondary small mb-0">Loading page views…</p> : null}
        {isError ? <p className="text-danger small mb-0">Page views could not be loaded.</p> : null}
        {data ? (
          <div className="row g-4">
            <div className="col-12 col-lg-7">
              <div
                className="ru-pv-chart"
                role="img"
                aria-label={`Daily page views for the last ${days.length} days, ${data.total} in total`}
              >
                {days.map((d) => (
                  <div
                    key={d.day}
                    className="ru-pv-bar"
                    style={{ height: `${Math.max(2, (d.views / max) * 100)}%` }}
                    title={`${formatIsoDate(d.day, 'MMM d')}: ${d.views}`}
                  />
                ))}
              </div>
              <div className="d-flex justify-content-between small text-body-secondary mt-1">
                <span>{formatIsoDate(data.from, 'MMM d')}</span>
                <span>{formatIsoDate(data.to, 'MMM d')}</span>
              </div>
            </div>
            <div className="col-12 col-lg-5">
              <DataTable
                size="sm"
                className="mb-0 align-middle"
                caption="Most viewed pages"
                responsive={false}
                columns={TOP_COLUMNS}
                rows={top}
                rowKey={(t) => t.path}
                empty="No views yet."
              />
            </div>
            {data.days.length > 0 ? (
              <div className="col-12">
                <details>
                  <summary className="small fw-semibold">Views per page per day</summary>
                  <DataTable
                    size="sm"
                    className="mb-0"
                    wrapperClassName="mt-2 ru-scroll-box"
                    columns={DAY_COLUMNS}
                    rows={data.days}
                    rowKey={(r) => `${r.day}-${r.path}`}
                    empty="No views yet."
                  />
                </details>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
