import type { BillingAlertResponse } from '@roundup/shared';
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
