import { formatMoney, formatPrice } from '@roundup/shared/money';
import { formatLongDate } from '../long-date';
import { useRecentRoundUps } from '../api';

/**
 * The landing page's table of the six most recent round-up splits (product.md#screens Landing). At phone width it
 * is one card per split, as every data table is: it is in the page's HTML, so it must fit before anyone scrolls.
 */
export function RecentSplitsTable() {
  const { data, isPending, isError } = useRecentRoundUps();

  if (isPending) {
    return (
      // data-needs-app: on a page rendered at build, the app starts when this nears the viewport (decision 016).
      <div className="d-flex align-items-center gap-2 text-body-secondary py-4" role="status" data-needs-app="">
        <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        Loading recent round-ups…
      </div>
    );
  }
  if (isError) {
    return <p className="text-body-secondary py-3 mb-0">Recent round-ups are unavailable right now. Please check back soon.</p>;
  }
  if (data.length === 0) {
    return (
      <p className="text-body-secondary py-3 mb-0">
        No completed round-up splits yet. New ones appear here after their effective date.
      </p>
    );
  }
  return (
    // A focusable region so keyboard users can scroll the table on small screens (axe scrollable-region-focusable).
    <section
      className="table-responsive bg-white rounded-3 border"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-label="Recent round-up splits table"
    >
      <table className="table table-hover align-middle mb-0 ru-card-table" aria-describedby="recent-splits-caption">
        <caption id="recent-splits-caption" className="visually-hidden">
          The six most recent reverse splits that rounded fractional shares up
        </caption>
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col">Effective Date</th>
            <th scope="col" className="text-end">
              Split Ratio
            </th>
            <th scope="col" className="text-end d-none d-sm-table-cell">
              Price
            </th>
            <th scope="col" className="text-end">
              Average Profit
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((row) => (
            <tr key={row._id ?? `${row.ticker}-${row.effDate}`}>
              <th scope="row" className="fw-semibold">
                {row.ticker}
              </th>
              <td data-label="Effective Date">{formatLongDate(row.effDate)}</td>
              <td className="text-end" data-label="Split Ratio">
                {row.ratio}:1
              </td>
              <td className="text-end d-none d-sm-table-cell" data-label="Price">
                {formatPrice(row.price)}
              </td>
              <td className="text-end rp-profit-pos" data-label="Average Profit">
                {formatMoney(row.avgProfit)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
