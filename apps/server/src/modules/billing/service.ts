import type { BillingLevel, FetchSubscriptionResponse } from '@roundup/shared';
import type { PaymentProvider } from '../../adapters/payments';
import type { AppContext } from '../../context';
import { notFound } from '../../http/app-error';
import type { Principal } from '../../http/auth';
import { billingCore, type MemberNotices } from './apply';
import { secs } from './apply-plan';
import { cancellation, currentMembership, firstPayment } from './cancellation';
import { checkout } from './checkout';
import type { UsersService } from '../users/service';
import type { Plan } from './gather';
import { stateLine } from './notices';
import type { InvoiceRow } from './repo';
import { cancelDecisionFor, membershipAccess, tierFor } from './rules';
import { webhooks } from './webhooks';
import { billingAlert, openPortal } from './billing-alert';
import { reconciler } from './reconcile';
import { reconciliationReport } from './reconciliation-report';

/** An invoice as the member sees it: a renewal whose payment failed and is still open reads `failed`. */
function invoiceView(i: InvoiceRow) {
  return {
    id: i.id,
    created: secs(i.paidAt ?? i.createdAt),
    status: i.status === 'open' && i.paymentFailedAt ? 'failed' : i.status,
    amount_paid: i.amountPaid,
    amount_refunded: i.amountRefunded,
    hosted_invoice_url: i.hostedInvoiceUrl,
    invoice_pdf: i.invoicePdf,
  };
}

/**
 * Billing (product.md#api, decision 009), by responsibility: checkout.ts (starting and confirming
 * checkouts, the local test checkout), cancellation.ts, webhooks.ts, apply.ts (the state machine
 * every path goes through), notices.ts (receipts), and here the Subscription tab's view.
 */
export function billingService(
  ctx: AppContext,
  payments: PaymentProvider,
  users: Pick<UsersService, 'self'>,
  notifications: MemberNotices,
) {
  const core = billingCore(ctx, payments, notifications);
  const { repo } = core;
  const co = checkout(ctx, payments, core, users);

  return {
    provider: payments.kind,
    startCheckout: co.startCheckout,
    registerSuccess: co.registerSuccess,
    testCheckout: co.testCheckout,
    payTestCheckout: co.payTestCheckout,
    cancelTestCheckout: co.cancelTestCheckout,
    renewTestSubscription: co.renewTestSubscription,
    cancel: cancellation(ctx, payments, core),
    handleWebhook: webhooks(ctx, payments, core),
    alert: (principal: Principal) => billingAlert(repo, principal.user.id),
    runReconciliation: reconciler(ctx, payments, core),
    reconciliationReport: () => reconciliationReport(ctx.database.db),

    portal: (principal: Principal) => openPortal({ repo, payments, appUrl: ctx.config.appUrl }, principal.user.id),

    async fetch(principal: Principal, subscriptionId?: string | null): Promise<FetchSubscriptionResponse> {
      const userId = principal.user.id;
      const now = ctx.clock();
      let ms = await repo.membershipsOf(userId);
      if (subscriptionId && !ms.some((m) => m.id === subscriptionId)) throw notFound('Subscription not found');
      // A cancellation scheduled for the end of a period that has now ended: re-read it.
      const ended = ms.filter(
        (m) =>
          m.level === 'pro' && m.cancelAtPeriodEnd && m.status === 'active' && m.currentPeriodEnd && m.currentPeriodEnd <= now,
      );
      const plan: Plan = { subscriptions: [], invoices: [] };
      for (const m of ended) await core.addSubscription(plan, m.id);
      if (plan.subscriptions.length) await core.apply(plan);
      // Anything left to settle or to send (a provider or mail outage earlier) is retried here.
      else await core.afterCommit([userId]);
      ms = await repo.membershipsOf(userId);
      const notices = (await repo.noticesOf(userId, 10)).map((n) => ({
        id: n.id,
        kind: n.kind,
        subject: n.subject,
        body: n.body,
        created: secs(n.createdAt),
      }));
      const summary = await stateLine(repo, userId);
      const m = subscriptionId ? ms.find((x) => x.id === subscriptionId) : currentMembership(ms);
      if (!m) return { subscription: null, invoices: { data: [] }, notices, summary, next_renewal: null, payment_failed: null };
      // Paid invoices and open failed ones, in the same order for items and invoices (the tab pairs them).
      const invoices = await repo.listedInvoicesOf(userId);
      const { payment_failed } = await billingAlert(repo, userId);
      const first = await repo.firstPaidInvoice(userId);
      const eligible = cancelDecisionFor(firstPayment(first), m.id, now) === 'refund';
      const access = membershipAccess(m);
      const active = m.status === 'active' && !m.refundedAt && !m.supersededAt;
      const renews = active && m.level === 'pro' && !m.cancelAtPeriodEnd && m.currentPeriodEnd;
      return {
        subscription: {
          id: m.id,
          level: m.level as BillingLevel,
          tier: tierFor(access === 'starter' ? (m.level === 'lifetime' ? 'lifetime' : 'pro') : access),
          status: m.refundedAt ? 'canceled' : m.status,
          quantity: m.quantity,
          cancel_at_period_end: m.cancelAtPeriodEnd,
          current_period_end: m.currentPeriodEnd ? secs(m.currentPeriodEnd) : null,
          refunded: Boolean(m.refundedAt),
          refund_eligible: eligible,
          cancelable: active && (m.level === 'lifetime' ? eligible : !m.cancelAtPeriodEnd || eligible),
          items: {
            total_count: invoices.length,
            data: invoices.map((i) => ({
              id: i.id,
              created: secs(i.paidAt ?? i.createdAt),
              price: { unit_amount: i.status === 'paid' ? i.amountPaid : i.amountDue },
              amount_refunded: i.amountRefunded,
            })),
          },
        },
        invoices: { data: invoices.map(invoiceView) },
        notices,
        summary,
        payment_failed,
        next_renewal: renews && m.currentPeriodEnd ? { date: secs(m.currentPeriodEnd), amount: m.unitAmount * m.quantity } : null,
      };
    },

    /** A receipt page for a local invoice (its id is unguessable, like Stripe's hosted invoice links). */
    async testReceipt(invoiceId: string) {
      const provider = co.local();
      const inv = await provider.retrieveInvoice(invoiceId);
      if (!inv) throw notFound('Invoice not found');
      const row = await repo.invoice(invoiceId);
      return { invoice: inv, refunded: row?.amountRefunded ?? 0 };
    },
  };
}
export type BillingService = ReturnType<typeof billingService>;
