import type { ReactNode } from 'react';
import { AdminRowActions } from './AdminList';

export interface Column<T> {
  header: ReactNode;
  /** What a phone shows before the value when the table becomes cards (`data-label`); none for the title cell. */
  label?: string;
  /** Classes on the header and every cell of the column (alignment, which widths show it). */
  className?: string;
  /** Classes on the cells only. */
  cellClassName?: string | ((row: T) => string | undefined);
  cell: (row: T) => ReactNode;
}

/** View and Delete for a row (admin lists). */
export interface RowActions {
  viewTo: string;
  label: ReactNode;
  onDelete: () => void;
}

const join = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ') || undefined;

/**
 * The one table: columns in; the header, the rows, an empty-state row and an actions cell out. With `cards`
 * it becomes one card per row at phone width (the global `ru-card-table` class shows each cell's label).
 */
export interface DataTableProps<T> {
  columns: Array<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** What the table says when it has no rows. */
  empty: ReactNode;
  /** Classes of the empty-state cell (default: muted text). */
  emptyClassName?: string;
  /** A `data-testid` on every body row. */
  rowTestId?: string;
  /** Extra table classes (`table` is always there). */
  className?: string;
  cards?: boolean;
  hover?: boolean;
  size?: 'sm';
  actions?: (row: T) => RowActions;
  rowClassName?: (row: T) => string | undefined;
  /** A caption for screen readers (the heading above the table names it for everyone else). */
  caption?: string;
  /** Classes of the scrolling wrapper. */
  wrapperClassName?: string;
  /** false: no sideways-scrolling wrapper (a narrow table that wraps its cells instead). */
  responsive?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, actions } = props;
  const span = columns.length + (actions ? 1 : 0);
  const table = (
    <table
      className={join(
        'table',
        props.size === 'sm' && 'table-sm',
        props.hover && 'table-hover',
        props.cards && 'ru-card-table',
        props.className,
      )}
      aria-describedby={props['aria-describedby']}
      aria-label={props['aria-label']}
    >
      {props.caption ? <caption className="visually-hidden">{props.caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col" className={c.className}>
              {c.header}
            </th>
          ))}
          {actions ? (
            <th scope="col" className="text-end">
              Actions
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={span} className={props.emptyClassName ?? 'text-body-secondary'}>
              {props.empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={props.rowKey(row)} className={props.rowClassName?.(row)} data-testid={props.rowTestId}>
              {columns.map((c, i) => (
                <td
                  key={i}
                  className={join(c.className, typeof c.cellClassName === 'function' ? c.cellClassName(row) : c.cellClassName)}
                  data-label={c.label}
                >
                  {c.cell(row)}
                </td>
              ))}
              {actions ? <AdminRowActions {...actions(row)} /> : null}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
  return props.responsive === false ? table : <div className={join('table-responsive', props.wrapperClassName)}>{table}</div>;
}

/** An admin list's table: hover rows, cards on phones, keyed by `_id`, with View (`${viewBase}/${_id}`) and Delete. */
export function AdminDataTable<T extends { _id: string }>({
  viewBase,
  rowLabel,
  onDelete,
  ...props
}: Omit<DataTableProps<T>, 'rowKey' | 'actions'> & {
  viewBase: string;
  rowLabel: (row: T) => ReactNode;
  onDelete: (row: T) => void;
}) {
  return (
    <DataTable
      {...props}
      hover
      cards
      rowKey={(row) => row._id}
      actions={(row) => ({ viewTo: `${viewBase}/${row._id}`, label: rowLabel(row), onDelete: () => onDelete(row) })}
    />
  );
}
