import type { SplitAlertFacts } from '../../context';
import { eventsForSplitChange, termsChanged } from './rules';
import { render } from './templates';

/** Who each split alert reaches, as the admin's previews name them. */
export const ALERT_AUDIENCES = {
  rsa: 'Pro members with new-split alerts on (email, SMS, WhatsApp), and the Discord channel',
  upcomingRsa: 'Pro members with upcoming-split alerts on (email, SMS, WhatsApp)',
  termsChanged: 'Members who recorded a trade on this split (email, SMS, WhatsApp)',
} as const;

/**
 * The alert a save raises (the notification rules' own choice): a new split (no `previousStatus`) or
 * an edit from `previousStatus`; null when none goes out.
 */
export function alertKind(
  previousStatus: string | null,
  status: string,
  changes: Record<string, { from: unknown; to: unknown }>,
): keyof typeof ALERT_AUDIENCES | null {
  const event =
    previousStatus !== null
      ? { kind: 'updated' as const, previousStatus, status, changes }
      : { kind: 'added' as const, previousStatus: null, status };
  const first = eventsForSplitChange(event)[0];
  if (first === 'rsa' || first === 'upcomingRsa') return first;
  return termsChanged(event) ? 'termsChanged' : null;
}

/** The facts of a split an alert is rendered from (context.ts, where the splits module reaches it). */
export type AlertSplit = SplitAlertFacts;

/**
 * A split as an alert's payload, field for field what `repo.split` reads for the send (numbers as
 * PostgreSQL's text): the preview renders exactly this, so the call, the caveat and the deadline it
 * shows are the ones the email, SMS and Discord post will carry.
 */
export function alertPayload(s: AlertSplit, changes?: Record<string, { from: unknown; to: unknown }>): Record<string, unknown> {
  return {
    ...s,
    price: String(s.price ?? 0),
    estProfit: String(s.estProfit ?? 0),
    ...(changes ? { changes } : {}),
  };
}

/**
 * The message a split event would send, as the worker renders it (the admin's accept and split-form
 * previews): the email's subject and text and the SMS/WhatsApp form.
 */
export function previewSplitAlert(
  kind: 'rsa' | 'upcomingRsa' | 'termsChanged',
  split: AlertSplit,
  opts: { appUrl: string; changes?: Record<string, { from: unknown; to: unknown }> },
): { subject: string; text: string; short: string } {
  const { subject, text, short } = render(kind, alertPayload(split, opts.changes), null, { appUrl: opts.appUrl });
  return { subject, text, short };
}
