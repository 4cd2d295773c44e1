import type Stripe from 'stripe';
import { chargeInfo, idOf, invoiceInfo, paidPaymentIntent, subscriptionInfo } from './stripe-objects';
import type { PaymentProvider } from './types';

type OrNull = <T>(fn: () => Promise<T>) => Promise<T | null>;

/**
 * What billing re-reads from Stripe: invoices with the payment intent that paid them, charges with
 * their invoice, and the live subscriptions. Each is found through what Stripe always sends (its
 * invoice-payments list), never through an optional expanded field.
 */
export function stripeReads(
  stripe: Stripe,
  orNull: OrNull,
): Pick<PaymentProvider, 'retrieveInvoice' | 'retrieveCharge' | 'listLiveSubscriptions'> {
  return {
    async retrieveInvoice(id) {
      const inv = await orNull(() => stripe.invoices.retrieve(id));
      if (!inv || !inv.id) return null;
      const legacy = (inv as unknown as { payment_intent?: string | { id: string } | null }).payment_intent;
      const pi = idOf(legacy) ?? paidPaymentIntent((await stripe.invoicePayments.list({ invoice: id, limit: 10 })).data);
      return invoiceInfo(inv, pi);
    },

    async retrieveCharge(id) {
      const c = await orNull(() => stripe.charges.retrieve(id));
      if (!c) return null;
      // Older API versions name the invoice on the charge; otherwise Stripe lists it by the payment intent.
      const legacy = idOf((c as unknown as { invoice?: string | { id: string } | null }).invoice);
      const pi = idOf(c.payment_intent);
      const listed =
        legacy || !pi
          ? null
          : (await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: pi }, limit: 1 })).data[0];
      return chargeInfo(c, legacy ?? idOf(listed?.invoice ?? null));
    },

    async listLiveSubscriptions() {
      const out = [];
      for (const status of ['active', 'trialing', 'past_due'] as const)
        for await (const sub of stripe.subscriptions.list({ status, limit: 100 })) out.push(subscriptionInfo(sub));
      return out;
    },
  };
}
