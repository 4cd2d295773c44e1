import type { AuditEntry } from '@roundup/shared/admin';
import { formatInMarketTz } from '@roundup/shared/dates';

const ACTION_LABEL: Record<string, string> = {
  'user.edit': 'Edited user',
  'user.revoke-sessions': 'Revoked sessions',
  'broker.add': 'Added broker',
  'broker.edit': 'Edited broker',
  'broker.delete': 'Deleted broker',
  'faq.add': 'Added FAQ',
  'faq.edit': 'Edited FAQ',
  'faq.delete': 'Deleted FAQ',
};

function describe(entry: AuditEntry): string {
  const d = entry.details ?? {};
  const changes = d.changes as Record<string, { from: unknown; to: unknown }> | undefined;
  if (changes) {
    return Object.entries(changes)
      .map(([field, c]) => `${field}: ${fmt(c.from)} → ${fmt(c.to)}`)
      .join('; ');
  }
  if (Array.isArray(d.changed)) return `Changed ${(d.changed as string[]).join(', ') || 'nothing'}`;
  if (typeof d.revoked === 'number') return `${d.revoked} session${d.revoked === 1 ? '' : 's'} revoked`;
  const name = d.name ?? d.question ?? d.username;
  return typeof name === 'string' ? name : '';
}

function fmt(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  return String(v);
}

/** Who did what, when (New York time). */
export function AuditList({ entries, showTarget = false }: { entries: readonly AuditEntry[]; showTarget?: boolean }) {
  if (entries.length === 0) return <p className="text-body-secondary small mb-0">No admin changes recorded yet.</p>;
  return (
    <ul className="list-unstyled mb-0 ru-audit">
      {entries.map((e) => (
        <li key={e._id} className="py-2 border-bottom">
          <div className="d-flex flex-wrap justify-content-between gap-2">
            <span className="fw-semibold">
              {ACTION_LABEL[e.action] ?? e.action}
              {showTarget && e.targetType ? <span className="text-body-secondary fw-normal"> · {e.targetType}</span> : null}
            </span>
            <time className="text-body-secondary small" dateTime={e.createdDate}>
              {formatInMarketTz(e.createdDate, 'MMM d, yyyy h:mm a')} ET
            </time>
          </div>
          <div className="small text-break">{describe(e)}</div>
          <div className="small text-body-secondary">by {e.actorUsername ?? 'system'}</div>
        </li>
      ))}
    </ul>
  );
}
