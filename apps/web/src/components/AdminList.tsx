import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { QueryStatus } from './QueryStatus';

/** The top of an admin list page: title, Add button, the load error (dismiss retries) and a loading line. */
export function AdminListHeader(props: {
  title: string;
  addTo: string;
  addLabel: string;
  loadingText: string;
  /** The list's query: its error, whether it is loading, and the refetch a dismissed error runs. */
  query: { error: unknown; isPending: boolean; refetch: () => unknown };
}) {
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <h1 className="h3 fw-bold mb-0">{props.title}</h1>
        <Link to={props.addTo} className="btn btn-primary">
          {props.addLabel}
        </Link>
      </div>
      <QueryStatus query={props.query} loadingText={props.loadingText} firstOnly />
    </>
  );
}

/** View and Delete for one row; `label` names the row for screen readers. */
export function AdminRowActions({ viewTo, label, onDelete }: { viewTo: string; label: ReactNode; onDelete: () => void }) {
  return (
    <td className="text-end text-nowrap ru-col-actions">
      <Link to={viewTo} className="btn btn-sm btn-outline-primary me-2">
        View<span className="visually-hidden"> {label}</span>
      </Link>
      <Button size="sm" variant="outline-danger" className="ru-btn-danger" onClick={onDelete}>
        Delete<span className="visually-hidden"> {label}</span>
      </Button>
    </td>
  );
}
