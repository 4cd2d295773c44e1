import type {
  ChargeInfo,
  CheckoutInfo,
  InvoiceInfo,
  PaymentProvider,
  ProviderEvent,
  SubscriptionInfo,
} from '../../adapters/payments';

/** What the provider said, read before any database write (state is re-read, never taken from the event). */
export interface Plan {
  checkout?: CheckoutInfo | null;
  subscriptions: SubscriptionInfo[];
  invoices: InvoiceInfo[];
  charge?: ChargeInfo | null;
  /** Superseded memberships whose cancellation and refund this plan records (decision 009). */
  settled?: string[];
}

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed']);
const CHECKOUT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** Reads the provider's objects behind a checkout session or a webhook event. */
export function providerReader(payments: PaymentProvider) {
  async function addSubscription(plan: Plan, id: string | null) {
    if (!id || plan.subscriptions.some((s) => s.id === id)) return;
    const sub = await payments.retrieveSubscription(id);
    if (sub) plan.subscriptions.push(sub);
  }
  async function addInvoice(plan: Plan, id: string | null) {
    if (!id || plan.invoices.some((i) => i.id === id)) return;
    const inv = await payments.retrieveInvoice(id);
    if (inv) plan.invoices.push(inv);
  }

  async function gatherCheckout(id: string): Promise<Plan> {
    const checkout = await payments.retrieveCheckout(id);
    const plan: Plan = { checkout, subscriptions: [], invoices: [] };
    if (checkout?.status === 'complete' && checkout.paid) {
      await addSubscription(plan, checkout.subscriptionId);
      await addInvoice(plan, checkout.invoiceId);
      await addInvoice(plan, plan.subscriptions[0]?.latestInvoiceId ?? null);
    }
    return plan;
  }

  async function gatherEvent(ev: ProviderEvent): Promise<Plan | null> {
    if (!ev.objectId) return null;
    if (CHECKOUT_EVENTS.has(ev.type)) return gatherCheckout(ev.objectId);
    const plan: Plan = { subscriptions: [], invoices: [] };
    if (SUBSCRIPTION_EVENTS.has(ev.type)) {
      await addSubscription(plan, ev.objectId);
    } else if (INVOICE_EVENTS.has(ev.type)) {
      await addInvoice(plan, ev.objectId);
      await addSubscription(plan, plan.invoices[0]?.subscriptionId ?? null);
    } else if (ev.type === 'charge.refunded') {
      plan.charge = await payments.retrieveCharge(ev.objectId);
    } else {
      return null;
    }
    return plan;
  }

  return { addSubscription, gatherCheckout, gatherEvent };
}
