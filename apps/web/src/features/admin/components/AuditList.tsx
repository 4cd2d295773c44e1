import type { AuditEntry } from '@roundup/shared/admin';
import { formatInMarketTz } from '@roundup/shared/dates';

export const ACTION_LABEL: Record<string, string> = {
  'split.add': 'Added split',
  'split.edit': 'Edited split',
  'split.delete': 'Deleted split',
  'split.archive': 'Archived split',
  'user.edit': 'Edited user',
  'user.revoke-sessions': 'Revoked sessions',
  'broker.add': 'Added broker',
  'broker.edit': 'Edited broker',
  'broker.delete': 'Deleted broker',
  'faq.add': 'Added FAQ',
  'faq.edit': 'Edited FAQ',
  'faq.delete': 'Deleted FAQ',
  'comms.send-sms': 'Sent SMS',
  'comms.send-announcement': 'Sent announcement',
  'reminders.send': 'Sent daily reminders',
  'delivery.retry': 'Retried delivery',
  'commission.mark-paid': 'Paid commissions',
};

/** How an action reads in lists and filters (its code when it has no label yet). */
export const actionLabel = (action: string) => ACTION_LABEL[action] ?? action;

function describe(entry: AuditEntry): string {
  const d = entry.details ?? {};
  const changes = d.changes as Record<string, { from: unknown; to: unknown }> | undefined;
  if (changes) {
    const what = typeof d.ticker === 'string' ? `${d.ticker}: ` : '';
    return (
      what +
      Object.entries(changes)
        .map(([field, c]) => `${field}: ${fmt(c.from)} → ${fmt(c.to)}`)
        .join('; ')
    );
  }
  if (Array.isArray(d.changed)) return `Changed ${(d.changed as string[]).join(', ') || 'nothing'}`;
  if (typeof d.revoked === 'number') return `${d.revoked} session${d.revoked === 1 ? '' : 's'} revoked`;
  if (typeof d.count === 'number') return `${d.count} commission${d.count === 1 ? '' : 's'} marked paid`;
  if (typeof d.subject === 'string')
    return typeof d.recipients === 'number' ? `${d.subject} · ${d.recipients} members` : d.subject;
  if (typeof d.messageCount === 'number')
    return `To ${String(d.audience ?? 'members')} · ${d.messageCount} message${d.messageCount === 1 ? '' : 's'}`;
  if (Array.isArray(d.tickers)) return d.tickers.length ? `Tickers: ${(d.tickers as string[]).join(', ')}` : 'No tickers today';
  const name = d.name ?? d.question ?? d.username;
  if (typeof name === 'string') return typeof d.ticker === 'string' ? `${name} (${d.ticker})` : name;
  return '';
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
              {actionLabel(e.action)}
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
