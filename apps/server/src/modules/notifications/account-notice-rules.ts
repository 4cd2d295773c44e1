import type { EventKind } from './rules';

/**
 * A member's own notices (a failed payment, a followed watchlist entry moving on): what they say and
 * where their link goes (pure).
 */

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

/** What the watchlist puts in its event: the issuer, the stage its new filing gave, and that filing. */
export interface WatchlistPayload {
  name: string;
  ticker: string | null;
  /** "Proposed (vote pending)", "Approved, no date yet". */
  stage: string;
  filingUrl: string;
}

/** An issuer the member followed since its bid-price notice has proposed a reverse split. */
export function watchlistProposed(payload: Record<string, unknown>): { subject: string; lines: string[] } {
  const p = payload as unknown as WatchlistPayload;
  const who = p.ticker ? `${p.ticker} (${p.name})` : p.name;
  return {
    subject: `Reverse split proposed: ${p.ticker ?? p.name}`,
    lines: [
      `${who}, on your watchlist since its bid-price notice, has filed for a reverse split: ${p.stage}.`,
      `The filing: ${p.filingUrl}`,
    ],
  };
}

/** Where a message's link goes and what it is called: the calendar, or the card page of a failed payment. */
export function linkOf(kind: EventKind, payload: Record<string, unknown>, appUrl: string): { url: string; label: string } {
  if (kind === 'paymentFailed') return { url: String(payload.url), label: 'Update your card' };
  if (kind === 'watchlistProposed') return { url: `${appUrl}/reverse-splits`, label: 'See the pipeline' };
  return { url: `${appUrl}/reverse-splits`, label: 'Open the calendar' };
}
