import type { BillingAlertResponse } from '@roundup/shared';
import type { PaymentProvider } from '../../adapters/payments';
import { notFound } from '../../http/app-error';
import { secs } from './apply-plan';
import type { BillingRepo } from './repo';
import { LIVE_STATUSES } from './rules';

/**
 * What the app tells a member on every page: a renewal whose payment failed, until it is paid. Only
 * while its subscription still gives access (Stripe is retrying); once it has ended there is
 * nothing left to update the card for.
 */
export async function billingAlert(repo: BillingRepo, userId: string): Promise<BillingAlertResponse> {
  for (const inv of await repo.failedInvoicesOf(userId)) {
    const m = inv.membershipId ? await repo.membership(inv.membershipId) : undefined;
    if (!m || !LIVE_STATUSES.has(m.status)) continue;
    return {
      payment_failed: {
        invoice_id: inv.id,
        amount: inv.amountDue,
        update_by: inv.nextPaymentAttempt ? secs(inv.nextPaymentAttempt) : null,
      },
    };
  }
  return { payment_failed: null };
}

/** Stripe's billing portal for the member's own customer (never another's), coming back to the Subscription tab. */
export async function openPortal(
  deps: { repo: BillingRepo; payments: PaymentProvider; appUrl: string },
  userId: string,
): Promise<{ url: string }> {
  const user = await deps.repo.user(userId);
  if (!user?.stripeCustomerId) throw notFound('You have no billing account yet.');
  return { url: await deps.payments.portalUrl(user.stripeCustomerId, `${deps.appUrl}/settings/subscription`) };
}
