import type { EventKind } from './rules';

/** A member's own account notices (a failed payment): what they say and where their link goes (pure). */

/** What billing puts in a failed payment's event: the amount and date already written for the member. */
export interface PaymentFailedPayload {
  invoiceId: string;
  /** "$50.00" */
  amount: string;
  /** "December 01, 2026", or null when Stripe will not retry (the card must be updated now). */
  updateBy: string | null;
  /** Where the member updates their card (the app page that opens Stripe's billing portal). */
  url: string;
}

/** A renewal whose payment failed: the one sentence every channel carries, then what happens meanwhile. */
export function paymentFailed(payload: Record<string, unknown>): { subject: string; lines: string[] } {
  const p = payload as unknown as PaymentFailedPayload;
  return {
    subject: `Your RoundUp payment of ${p.amount} failed`,
    lines: [
      `Your ${p.amount} payment failed; update your card ${p.updateBy ? `by ${p.updateBy}` : 'now'}: ${p.url}`,
      '',
      'You keep Pro while we retry the payment; if every retry fails, your membership ends.',
    ],
  };
}

/** Where a message's link goes and what it is called: the calendar, or the card page of a failed payment. */
export function linkOf(kind: EventKind, payload: Record<string, unknown>, appUrl: string): { url: string; label: string } {
  if (kind === 'paymentFailed') return { url: String(payload.url), label: 'Update your card' };
  return { url: `${appUrl}/reverse-splits`, label: 'Open the calendar' };
}
