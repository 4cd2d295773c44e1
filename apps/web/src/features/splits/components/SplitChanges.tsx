import { describeChange, type SplitChange } from '@roundup/shared/split-checks';
import { isFullSplit, type SplitView } from '@roundup/shared/splits';

/**
 * A split whose terms changed after it was published says so where members look (decision 025):
 * the latest change, and how many came before. Masked rows carry no changes.
 */
export function ChangeMarker({ split }: { split: SplitView }) {
  const changes = isFullSplit(split) ? (split.changes ?? []) : [];
  if (changes.length === 0) return null;
  const last = changes[changes.length - 1];
  return (
    <div className="small text-warning-emphasis fw-semibold mt-1 ru-change-marker" data-testid="change-marker">
      <span className="badge text-bg-warning me-1">Changed</span> {describeChange(last)}
      {changes.length > 1 ? (
        <span className="fw-normal text-body-secondary">
          {' '}
          ({changes.length - 1} earlier change{changes.length > 2 ? 's' : ''})
        </span>
      ) : null}
    </div>
  );
}

/** Every change of terms, oldest first (the note and the admin's split page). */
export function ChangeHistory({ changes }: { changes: readonly SplitChange[] | undefined }) {
  if (!changes?.length) return null;
  return (
    <section className="mb-3" aria-label="Changes of terms">
      <h3 className="h6 fw-semibold mb-1">Terms changed after publication</h3>
      <ul className="small mb-0 ps-3" data-testid="change-history">
        {changes.map((c, i) => (
          <li key={`${c.field}-${c.at}-${i}`}>{describeChange(c)}</li>
        ))}
      </ul>
    </section>
  );
}
