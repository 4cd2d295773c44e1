import { formatInMarketTz, formatMoney } from '@roundup/shared';
import type { InvoiceInfo } from '../../adapters/payments';
import { escapeHtml } from '../../lib/html';

/** The local test checkout's receipt page (HTML): the invoice, its date, amount and status, and any refund. */
export function receiptPage(invoice: InvoiceInfo, refunded: number): string {
  const date = formatInMarketTz(new Date(invoice.created * 1000), 'MMMM dd, yyyy');
  // A declined renewal is still open: what it asks for, and that its payment failed.
  const unpaid = invoice.status === 'open';
  const amount = unpaid ? invoice.amountDue : invoice.amountPaid;
  const status = unpaid && invoice.attempted ? 'payment failed' : invoice.status;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>RoundUp receipt ${escapeHtml(invoice.id)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">
<p style="background:#fff3cd;padding:.5rem 1rem;border-radius:.5rem">TEST RECEIPT — issued by the local test checkout; nothing was charged.</p>
<h1>RoundUp receipt</h1><table style="border-collapse:collapse" cellpadding="6">
<tr><th align="left">Invoice</th><td>${escapeHtml(invoice.id)}</td></tr>
<tr><th align="left">Date</th><td>${escapeHtml(date)}</td></tr>
<tr><th align="left">Amount</th><td>${escapeHtml(formatMoney(amount / 100))}</td></tr>
<tr><th align="left">Status</th><td>${escapeHtml(status)}${refunded > 0 ? ` (refunded ${escapeHtml(formatMoney(refunded / 100))})` : ''}</td></tr>
</table></body></html>`;
}
