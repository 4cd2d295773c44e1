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

/**
 * The provider answered "no such object" for one an event names. Only a deleted object may be
 * missing (its `*.deleted` event); otherwise the key or the account is wrong, or Stripe is
 * briefly behind, so the event must stay unhandled and come again.
 */
export class ProviderObjectMissing extends Error {
  constructor(
    readonly what: string,
    readonly objectId: string,
  ) {
    super(`Stripe has no ${what} ${objectId}`);
  }
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
  /** A lookup that must find its object unless `strict` is off (the return page, a settlement). */
  function must<T>(value: T | null, what: string, id: string, strict: boolean): T | null {
    if (value === null && strict) throw new ProviderObjectMissing(what, id);
    return value;
  }
  async function addSubscription(plan: Plan, id: string | null, strict = false) {
    if (!id || plan.subscriptions.some((s) => s.id === id)) return;
    const sub = must(await payments.retrieveSubscription(id), 'subscription', id, strict);
    if (sub) plan.subscriptions.push(sub);
  }
  async function addInvoice(plan: Plan, id: string | null, strict = false) {
    if (!id || plan.invoices.some((i) => i.id === id)) return;
    const inv = must(await payments.retrieveInvoice(id), 'invoice', id, strict);
    if (inv) plan.invoices.push(inv);
  }

  async function gatherCheckout(id: string, strict = false): Promise<Plan> {
    const checkout = must(await payments.retrieveCheckout(id), 'checkout session', id, strict);
    const plan: Plan = { checkout, subscriptions: [], invoices: [] };
    if (checkout?.status === 'complete' && checkout.paid) {
      await addSubscription(plan, checkout.subscriptionId, strict);
      await addInvoice(plan, checkout.invoiceId, strict);
      await addInvoice(plan, plan.subscriptions[0]?.latestInvoiceId ?? null, strict);
    }
    return plan;
  }

  /** A refund: the charge, the invoice it paid and that invoice's subscription (is it the latest one?). */
  async function gatherCharge(plan: Plan, id: string, strict: boolean) {
    plan.charge = must(await payments.retrieveCharge(id), 'charge', id, strict);
    await addInvoice(plan, plan.charge?.invoiceId ?? null, strict);
    await addSubscription(plan, plan.invoices[0]?.subscriptionId ?? null, strict);
  }

  async function gatherEvent(ev: ProviderEvent): Promise<Plan | null> {
    if (!ev.objectId) return null;
    const strict = !ev.type.endsWith('.deleted');
    if (CHECKOUT_EVENTS.has(ev.type)) return gatherCheckout(ev.objectId, strict);
    const plan: Plan = { subscriptions: [], invoices: [] };
    if (SUBSCRIPTION_EVENTS.has(ev.type)) {
      await addSubscription(plan, ev.objectId, strict);
    } else if (INVOICE_EVENTS.has(ev.type)) {
      await addInvoice(plan, ev.objectId, strict);
      await addSubscription(plan, plan.invoices[0]?.subscriptionId ?? null, strict);
    } else if (ev.type === 'charge.refunded') {
      await gatherCharge(plan, ev.objectId, strict);
    } else {
      return null;
    }
    return plan;
  }

  return { addSubscription, gatherCheckout, gatherEvent };
}
