import { render } from './templates';

/** The facts of a split an alert is rendered from (the repo's SPLIT_FIELDS, which the sent alerts carry). */
export interface AlertSplit {
  splitId: string;
  name: string;
  ticker: string | null;
  ratio: number | null;
  buyDate: string | null;
  effDate: string | null;
  price: number | null;
  estProfit: number | null;
  status: string;
  exchange: string | null;
  rsType: string;
  participant: boolean;
  caution?: boolean;
  /** What a second source says when the alert is raised (split-payload.ts `withConfirmation`). */
  confirmation?: string;
}

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
 * The message a split event would send, as the worker renders it (an admin's accept preview,
 * issue 25 §5): the email's subject and text and the SMS/WhatsApp form.
 */
export function previewSplitAlert(
  kind: 'rsa' | 'upcomingRsa' | 'termsChanged',
  split: AlertSplit,
  opts: { appUrl: string; changes?: Record<string, { from: unknown; to: unknown }> },
): { subject: string; text: string; short: string } {
  const { subject, text, short } = render(kind, alertPayload(split, opts.changes), null, { appUrl: opts.appUrl });
  return { subject, text, short };
}
