import { formatInMarketTz, formatMoney, isPaidRole, type BillingLevel, type FetchSubscriptionResponse, type CancelSubscriptionResponse, type TestCheckoutView } from '@roundup/shared';
import type { ChargeInfo, CheckoutInfo, InvoiceInfo, LocalPaymentProvider, PaymentProvider, ProviderEvent, SubscriptionInfo } from '../../adapters/payments';
import { WebhookSignatureError } from '../../adapters/payments';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/app-error';
import type { Principal } from '../../http/auth';
import { commissionLedger } from '../affiliates/service';
import { usersService } from '../users/service';
import { billingRepo, type BillingRepo, type InvoiceRow, type MembershipRow } from './repo';
import { cancelDecisionFor, membershipAccess, roleFor, tierFor, userAccess, type FirstPayment } from './rules';

/** What the provider said, read before any database write (state is re-read, never taken from the event). */
interface Plan {
  checkout?: CheckoutInfo | null;
  subscriptions: SubscriptionInfo[];
  invoices: InvoiceInfo[];
  charge?: ChargeInfo | null;
}

const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed']);
const CHECKOUT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

const secs = (d: Date) => Math.floor(d.getTime() / 1000);
const fromSecs = (s: number | null | undefined) => (s == null ? null : new Date(s * 1000));

const firstPayment = (i: InvoiceRow | undefined): FirstPayment | null =>
  i ? { paidAt: i.paidAt ?? i.createdAt, membershipId: i.membershipId, refundedAt: i.refundedAt } : null;

/** The membership the tab talks about: the one giving access (lifetime first), else the newest. */
function currentMembership(ms: readonly MembershipRow[]): MembershipRow | undefined {
  return ms.find((m) => membershipAccess(m) === 'lifetime') ?? ms.find((m) => membershipAccess(m) === 'pro') ?? ms[0];
}

export function billingService(ctx: AppContext, payments: PaymentProvider) {
  const { database, config, clock, log } = ctx;
  const repo = billingRepo(database.db);
  const users = usersService(ctx);

  // ---- reading the provider -------------------------------------------------------------

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

  // ---- writing what the provider said ---------------------------------------------------

  async function resolveUser(r: BillingRepo, hints: { userId?: string | null; customerId?: string | null; sessionId?: string | null; subscriptionId?: string | null }) {
    if (hints.sessionId) {
      const s = await r.session(hints.sessionId);
      if (s) return s.userId;
    }
    if (hints.customerId) {
      const id = await r.userIdByCustomer(hints.customerId);
      if (id) return id;
    }
    if (hints.subscriptionId) {
      const m = await r.membership(hints.subscriptionId);
      if (m) return m.userId;
    }
    if (hints.userId && /^[0-9a-f-]{36}$/i.test(hints.userId) && (await r.user(hints.userId))) return hints.userId;
    return null;
  }

  /** Keeps role and tier in sync with the user's memberships (an Admin's role never changes). */
  async function recompute(r: BillingRepo, userId: string, now: Date) {
    const user = await r.user(userId);
    if (!user) return;
    const ms = await r.membershipsOf(userId);
    const access = userAccess(ms);
    const role = roleFor(user.role, access, user.grantedRole);
    const subscriptionTier = tierFor(access);
    const granting = ms.filter((m) => membershipAccess(m) !== 'starter');
    const since = granting.length ? granting.reduce((a, m) => (m.createdAt < a ? m.createdAt : a), granting[0].createdAt) : null;
    const memberSince = access === 'starter' ? null : (user.memberSince ?? since ?? now);
    const latestPro = ms.find((m) => m.level === 'pro');
    const stripeSubscriptionId = latestPro?.id ?? user.stripeSubscriptionId;
    if (
      user.role !== role ||
      user.subscriptionTier !== subscriptionTier ||
      (user.memberSince?.getTime() ?? null) !== (memberSince?.getTime() ?? null) ||
      user.stripeSubscriptionId !== stripeSubscriptionId
    ) {
      await r.setUserMembership(userId, { role, subscriptionTier, memberSince, stripeSubscriptionId });
      ctx.sessions.invalidateUser(userId);
      log.info({ userId, role, subscriptionTier }, 'membership synced');
    }
  }

  async function applyIn(tx: Db, plan: Plan, now: Date) {
    const r = billingRepo(tx);
    const ledger = commissionLedger(tx);
    const affected = new Set<string>();
    const co = plan.checkout;

    for (const sub of plan.subscriptions) {
      const userId = await resolveUser(r, { userId: sub.userId, customerId: sub.customerId, subscriptionId: sub.id, sessionId: co?.subscriptionId === sub.id ? co.id : null });
      if (!userId) {
        log.warn({ subscriptionId: sub.id }, 'subscription for an unknown user ignored');
        continue;
      }
      await r.upsertMembership({
        id: sub.id,
        userId,
        provider: payments.kind,
        level: 'pro',
        status: sub.status,
        customerId: sub.customerId,
        priceId: sub.priceId,
        unitAmount: sub.unitAmount,
        quantity: sub.quantity,
        currentPeriodEnd: fromSecs(sub.currentPeriodEnd),
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        createdAt: fromSecs(sub.created) ?? now,
      });
      affected.add(userId);
    }

    let lifetimeId: string | null = null;
    if (co && co.status === 'complete' && co.paid) {
      const userId = await resolveUser(r, { sessionId: co.id, customerId: co.customerId, userId: co.userId });
      if (userId) {
        await r.completeSession(co.id, now);
        if (co.mode === 'payment' && co.paymentIntentId) {
          lifetimeId = co.paymentIntentId;
          await r.insertLifetime({ id: lifetimeId, userId, provider: payments.kind, level: 'lifetime', status: 'active', customerId: co.customerId, unitAmount: co.amountTotal ?? 0, createdAt: now });
          if (!co.invoiceId && (co.amountTotal ?? 0) > 0) {
            plan.invoices.push({
              id: co.paymentIntentId,
              customerId: co.customerId,
              subscriptionId: null,
              userId,
              status: 'paid',
              amountPaid: co.amountTotal ?? 0,
              created: secs(now),
              paidAt: secs(now),
              hostedInvoiceUrl: null,
              invoicePdf: null,
              paymentIntentId: co.paymentIntentId,
            });
          }
        }
        affected.add(userId);
      }
    }

    for (const inv of plan.invoices) {
      const userId = await resolveUser(r, { userId: inv.userId, customerId: inv.customerId, subscriptionId: inv.subscriptionId, sessionId: co?.invoiceId === inv.id ? co.id : null });
      if (!userId) {
        log.warn({ invoiceId: inv.id }, 'invoice for an unknown user ignored');
        continue;
      }
      const membershipId = inv.subscriptionId ?? (co?.invoiceId === inv.id || co?.paymentIntentId === inv.id ? lifetimeId : null) ?? inv.paymentIntentId;
      await r.upsertInvoice({
        id: inv.id,
        userId,
        membershipId,
        provider: payments.kind,
        status: inv.status,
        amountPaid: inv.amountPaid,
        paymentIntentId: inv.paymentIntentId,
        hostedInvoiceUrl: inv.hostedInvoiceUrl,
        invoicePdf: inv.invoicePdf,
        createdAt: fromSecs(inv.created) ?? now,
        paidAt: fromSecs(inv.paidAt),
      });
      if (inv.status === 'paid' && inv.amountPaid > 0) {
        const row = await r.invoice(inv.id);
        await ledger.credit({ referredUserId: userId, invoiceId: inv.id, amountPaidCents: inv.amountPaid, refunded: Boolean(row?.refundedAt) });
      }
      affected.add(userId);
    }

    const ch = plan.charge;
    if (ch && ch.amountRefunded > 0 && ch.paymentIntentId) {
      const inv = await r.invoiceByPaymentIntent(ch.paymentIntentId);
      if (inv) {
        await r.markInvoiceRefunded(inv.id, ch.amountRefunded, now);
        await ledger.reverse(inv.id, now);
        if (inv.membershipId) await r.markMembershipRefunded(inv.membershipId, now);
        affected.add(inv.userId);
      }
      const life = await r.membership(ch.paymentIntentId);
      if (life) {
        await r.markMembershipRefunded(life.id, now, 'refunded');
        affected.add(life.userId);
      }
    }

    for (const userId of affected) await recompute(r, userId, now);
  }

  const apply = (plan: Plan) => {
    const now = clock();
    return repo.transaction((tx) => applyIn(tx, plan, now));
  };

  // ---- views -----------------------------------------------------------------------------

  function invoiceView(i: InvoiceRow) {
    return {
      id: i.id,
      created: secs(i.paidAt ?? i.createdAt),
      status: i.status,
      amount_paid: i.amountPaid,
      amount_refunded: i.amountRefunded,
      hosted_invoice_url: i.hostedInvoiceUrl,
      invoice_pdf: i.invoicePdf,
    };
  }

  async function ownedSession(principal: Principal, sessionId: string) {
    const row = await repo.session(sessionId);
    if (!row || row.userId !== principal.user.id) throw notFound('We could not find that checkout session.');
    return row;
  }

  function local(): LocalPaymentProvider {
    if (payments.kind !== 'local') throw notFound('The test checkout is only available when no payment provider is configured.');
    return payments as LocalPaymentProvider;
  }

  return {
    provider: payments.kind,

    async startCheckout(principal: Principal, level: BillingLevel, body: { priceId?: string | null; stripeCustomerId?: string | null; userId?: string | null }) {
      const user = await repo.user(principal.user.id);
      if (!user) throw notFound('User not found');
      if (body.userId && body.userId !== user.id) throw forbidden('You can only start a checkout for yourself.');
      const priceId = payments.priceFor(level);
      if (!priceId) throw new AppError('UNAVAILABLE', 'Checkout is not available right now. Please try again later.');
      if (body.priceId && body.priceId !== priceId) throw badRequest('That price is not available.');
      if (body.stripeCustomerId && body.stripeCustomerId !== user.stripeCustomerId) throw forbidden('That customer does not belong to you.');
      const access = userAccess(await repo.membershipsOf(user.id));
      if (access === 'lifetime') throw conflict('You already have lifetime access.');
      if (level === 'pro' && (access === 'pro' || isPaidRole(user.role))) throw conflict('You already have an active Pro membership.');

      let customerId = user.stripeCustomerId;
      if (!customerId) {
        const created = await payments.createCustomer({ email: user.email, userId: user.id, username: user.username });
        customerId = (await repo.setCustomerIdOnce(user.id, created)) ?? created;
      }
      const session = await payments.createCheckout({
        level,
        priceId,
        customerId,
        userId: user.id,
        successUrl: `${config.appUrl}/register/success/{CHECKOUT_SESSION_ID}`,
        cancelUrl: `${config.appUrl}/services`,
      });
      await repo.insertSession({ id: session.id, userId: user.id, provider: payments.kind, level });
      return { session: { id: session.id, url: session.url } };
    },

    /** Confirms a paid session of the caller and brings the membership up to date. */
    async registerSuccess(principal: Principal, sessionId: string) {
      const row = await ownedSession(principal, sessionId);
      const plan = await gatherCheckout(sessionId);
      const co = plan.checkout;
      if (!co || (co.userId && co.userId !== row.userId)) throw notFound('We could not find that checkout session.');
      if (co.status !== 'complete' || !co.paid) throw badRequest('Your payment has not been completed yet.');
      await apply(plan);
      return { user: await users.self(principal.user.id) };
    },

    async fetch(principal: Principal, subscriptionId?: string | null): Promise<FetchSubscriptionResponse> {
      const userId = principal.user.id;
      const now = clock();
      let ms = await repo.membershipsOf(userId);
      if (subscriptionId && !ms.some((m) => m.id === subscriptionId)) throw notFound('Subscription not found');
      // A cancellation scheduled for the end of a period that has now ended: re-read it.
      const ended = ms.filter((m) => m.level === 'pro' && m.cancelAtPeriodEnd && m.status === 'active' && m.currentPeriodEnd && m.currentPeriodEnd <= now);
      if (ended.length) {
        const plan: Plan = { subscriptions: [], invoices: [] };
        for (const m of ended) await addSubscription(plan, m.id);
        await apply(plan);
        ms = await repo.membershipsOf(userId);
      }
      const m = subscriptionId ? ms.find((x) => x.id === subscriptionId) : currentMembership(ms);
      if (!m) return { subscription: null, invoices: { data: [] } };
      const invoices = await repo.paidInvoicesOf(userId);
      const first = await repo.firstPaidInvoice(userId);
      const eligible = cancelDecisionFor(firstPayment(first), m.id, now) === 'refund';
      const access = membershipAccess(m);
      const active = m.status === 'active' && !m.refundedAt;
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
            data: invoices.map((i) => ({ id: i.id, created: secs(i.paidAt ?? i.createdAt), price: { unit_amount: i.amountPaid }, amount_refunded: i.amountRefunded })),
          },
        },
        invoices: { data: invoices.map(invoiceView) },
      };
    },

    /** Within 7 days of the first purchase: cancel now and refund it; later: cancel at period end. */
    async cancel(principal: Principal, subscriptionId?: string | null): Promise<CancelSubscriptionResponse> {
      const userId = principal.user.id;
      const now = clock();
      const ms = await repo.membershipsOf(userId);
      if (subscriptionId && !ms.some((m) => m.id === subscriptionId)) throw notFound('Subscription not found');
      const m = subscriptionId ? ms.find((x) => x.id === subscriptionId) : currentMembership(ms);
      if (!m || m.status !== 'active' || membershipAccess(m) === 'starter') throw badRequest('There is no active membership to cancel.');
      const first = await repo.firstPaidInvoice(userId);
      const decision = cancelDecisionFor(firstPayment(first), m.id, now);

      if (m.level === 'lifetime') {
        if (decision !== 'refund') throw badRequest('Lifetime access does not lapse. A full refund is only available within 7 days of purchase.');
        const refund = await payments.refund(m.id);
        await apply({ subscriptions: [], invoices: [], charge: { id: refund.id, paymentIntentId: m.id, amount: refund.amount, amountRefunded: refund.amount } });
        return { outcome: 'refunded', refundAmount: refund.amount, accessUntil: null, msg: `Your lifetime membership was cancelled and ${formatMoney(refund.amount / 100)} was refunded in full. You are back on the Starter plan.` };
      }

      if (decision === 'refund') {
        const sub = await payments.cancelSubscription(m.id, { atPeriodEnd: false });
        const target = first?.paymentIntentId ? first : null;
        let charge: ChargeInfo | null = null;
        if (target?.paymentIntentId) {
          const refund = await payments.refund(target.paymentIntentId);
          charge = { id: refund.id, paymentIntentId: target.paymentIntentId, amount: refund.amount, amountRefunded: Math.max(refund.amount, target.amountPaid) };
        }
        await apply({ subscriptions: [sub], invoices: [], charge });
        await repo.transaction(async (tx) => {
          const r = billingRepo(tx);
          await r.markMembershipRefunded(m.id, now);
          await recompute(r, userId, now);
        });
        const amount = charge?.amount ?? 0;
        return {
          outcome: 'refunded',
          refundAmount: amount,
          accessUntil: null,
          msg: amount > 0
            ? `Your membership was cancelled and your payment of ${formatMoney(amount / 100)} was refunded in full. You are back on the Starter plan.`
            : 'Your membership was cancelled. You are back on the Starter plan.',
        };
      }

      const sub = m.cancelAtPeriodEnd ? await payments.retrieveSubscription(m.id) : await payments.cancelSubscription(m.id, { atPeriodEnd: true });
      if (sub) await apply({ subscriptions: [sub], invoices: [] });
      const end = fromSecs(sub?.currentPeriodEnd ?? null) ?? m.currentPeriodEnd;
      return {
        outcome: 'scheduled',
        refundAmount: 0,
        accessUntil: end ? end.toISOString() : null,
        msg: end
          ? `Your membership is cancelled and will end on ${formatInMarketTz(end, 'MMMM dd, yyyy')}. You keep Pro access until then.`
          : 'Your membership is cancelled and will end at the close of the current billing period.',
      };
    },

    /** Stripe webhooks: verified over the raw body, each event id handled once, state re-read. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined) {
      let ev: ProviderEvent;
      try {
        ev = payments.parseWebhook(rawBody, signature);
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw badRequest(err.message);
        throw err;
      }
      if (await repo.eventSeen(ev.id)) return { received: true, duplicate: true };
      const plan = await gatherEvent(ev);
      const now = clock();
      const handled = await repo.transaction(async (tx) => {
        if (!(await billingRepo(tx).claimEvent(ev.id, ev.type))) return false;
        if (plan) await applyIn(tx, plan, now);
        return true;
      });
      return { received: true, duplicate: !handled };
    },

    // ---- the local test checkout --------------------------------------------------------

    async testCheckout(principal: Principal, sessionId: string): Promise<TestCheckoutView> {
      const provider = local();
      const row = await ownedSession(principal, sessionId);
      const s = await provider.describe(sessionId);
      if (!s) throw notFound('We could not find that checkout session.');
      const user = await repo.user(row.userId);
      return { id: s.id, level: (s.level ?? 'pro') as BillingLevel, amount: s.amountTotal ?? 0, status: s.status, email: user?.email ?? '', username: user?.username ?? '' };
    },

    async payTestCheckout(principal: Principal, sessionId: string) {
      const provider = local();
      await ownedSession(principal, sessionId);
      const current = await provider.describe(sessionId);
      if (!current) throw notFound('We could not find that checkout session.');
      if (current.status === 'expired') throw badRequest('This checkout session was cancelled. Please start again.');
      const done = await provider.pay(sessionId);
      await apply(await gatherCheckout(sessionId));
      return { url: done.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId) };
    },

    async cancelTestCheckout(principal: Principal, sessionId: string) {
      const provider = local();
      await ownedSession(principal, sessionId);
      const s = await provider.cancelCheckout(sessionId);
      if (!s) throw notFound('We could not find that checkout session.');
      await repo.setSessionStatus(sessionId, 'expired');
      return { url: s.cancelUrl };
    },

    /** A receipt page for a local invoice (its id is unguessable, like Stripe's hosted invoice links). */
    async testReceipt(invoiceId: string) {
      const provider = local();
      const inv = await provider.retrieveInvoice(invoiceId);
      if (!inv) throw notFound('Invoice not found');
      const row = await repo.invoice(invoiceId);
      return { invoice: inv, refunded: row?.amountRefunded ?? 0 };
    },
  };
}
export type BillingService = ReturnType<typeof billingService>;
