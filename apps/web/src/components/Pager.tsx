import Button from 'react-bootstrap/Button';
import { formatCount } from '../lib/format';

/**
 * "Showing 51–100 of 1,234" with Previous/Next, for lists paged by the server. Shown once there
 * is more than one page, or when the URL points past the first page.
 */
export function Pager(props: {
  label: string;
  page: number;
  pages: number;
  pageSize: number;
  shown: number;
  total: number;
  noun: string;
  goTo(page: number): void;
}) {
  const { label, page, pages, pageSize, shown, total, noun, goTo } = props;
  if (pages <= 1 && page <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  return (
    <nav className="d-flex flex-wrap justify-content-between align-items-center gap-2 mt-3" aria-label={label}>
      <span className="small text-body-secondary">
        {shown
          ? `Showing ${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(total)}`
          : `${formatCount(total)} ${noun}`}
      </span>
      <div className="d-flex align-items-center gap-2">
        <Button variant="outline-secondary" size="sm" disabled={page <= 1} onClick={() => goTo(Math.min(page - 1, pages))}>
          Previous
        </Button>
        <span className="small">
          Page {page} of {pages}
        </span>
        <Button variant="outline-secondary" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
