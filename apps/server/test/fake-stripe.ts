import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A local stand-in for the Stripe API, enough for the real `stripe` SDK to run our billing
 * flows against (product.md#running): customers, Checkout Sessions, subscriptions, invoices and
 * their payments, charges, refunds and billing portal sessions. Every object it serves starts as
 * Stripe's own published fixture of that type (test/fixtures/stripe, see SOURCE.md there) with the
 * ids, amounts and states of the test laid over it. Tests drive the customer with `complete()`,
 * `renew()` and `payInvoice()`, and the Stripe dashboard with `dashboardRefund()`.
 */
type Obj = Record<string, any>;

const FIXTURES = path.join(import.meta.dirname, 'fixtures/stripe');
/** A fresh copy of Stripe's fixture object (fixtures3.json `resources.<name>`). */
export function stripeFixture(name: string): Obj {
  return JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'));
}

const PRICES: Record<string, { amount: number; recurring: boolean }> = {
  price_pro: { amount: 5000, recurring: true },
  price_life: { amount: 49900, recurring: false },
  /** A price of the same Stripe account that is not RoundUp's (another product, an old plan). */
  price_other: { amount: 2000, recurring: true },
};

/** Parses Stripe's form encoding (a[b][0][c]=v) into nested objects. */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let cur: Obj = out;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) cur[p] = value;
      else cur = cur[p] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
    });
  }
  return out;
}

const error = (status: number, type: string, message: string, code?: string): [number, Obj] => [
  status,
  { error: { type, message, ...(code ? { code } : {}) } },
];

export async function startFakeStripe() {
  const objects = new Map<string, Obj>();
  const requests: { method: string; path: string; body: Obj; query: Obj }[] = [];
  /** Like Stripe: a POST repeated with the same Idempotency-Key answers the first response again. */
  const idempotent = new Map<string, [number, Obj]>();
  /** Answers queued for the next requests whose path matches (a transient 404, an outage). */
  const failures: { path: RegExp; answer: [number, Obj] }[] = [];
  const id = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;
  const nowSecs = () => Math.floor(Date.now() / 1000);
  const save = (o: Obj) => {
    objects.set(o.id, o);
    return o;
  };
  const strip = (o: Obj) => Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith('_')));
  const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url });
  const all = (object: string) => [...objects.values()].filter((o) => o.object === object);

  function priceObject(priceId: string) {
    const p = PRICES[priceId];
    return {
      ...stripeFixture('price'),
      id: priceId,
      unit_amount: p.amount,
      unit_amount_decimal: String(p.amount),
      recurring: p.recurring ? stripeFixture('price').recurring : null,
      type: p.recurring ? 'recurring' : 'one_time',
    };
  }

  function createSession(body: Obj): [number, Obj] {
    const price = PRICES[body.line_items?.[0]?.price];
    if (!price) return error(400, 'invalid_request_error', 'No such price', 'resource_missing');
    const sid = id('cs');
    return [
      200,
      save({
        ...stripeFixture('checkout-session'),
        id: sid,
        created: nowSecs(),
        expires_at: nowSecs() + 86400,
        mode: body.mode,
        customer: body.customer ?? null,
        customer_details: null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        url: `https://checkout.stripe.test/c/pay/${sid}`,
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        invoice: null,
        payment_intent: null,
        amount_subtotal: price.amount,
        amount_total: price.amount,
        currency: 'usd',
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        invoice_creation: body.mode === 'payment' ? { enabled: body.invoice_creation?.enabled === 'true' } : null,
        _price: body.line_items[0].price,
        _subscription_metadata: body.subscription_data?.metadata ?? {},
        _invoice_metadata: body.invoice_creation?.invoice_data?.metadata ?? {},
        _invoice_creation: body.invoice_creation?.enabled === 'true',
      }),
    ];
  }

  function sessionView(s: Obj, expand: string[]) {
    if (!expand.includes('line_items')) return strip(s);
    const price = priceObject(s._price);
    const item = { id: `li_${s.id}`, object: 'item', price, quantity: 1, amount_total: price.unit_amount, currency: 'usd' };
    return { ...strip(s), line_items: list([item], `/v1/checkout/sessions/${s.id}/line_items`) };
  }

  function refund(body: Obj): [number, Obj] {
    const charge = all('charge').find((c) => c.payment_intent === body.payment_intent);
    if (!charge) return error(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
    const left = charge.amount - charge.amount_refunded;
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      const msg = `Refund amount (${body.amount}) is greater than unrefunded amount on charge (${left})`;
      return error(400, 'invalid_request_error', msg, 'amount_too_large');
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const re = save({
      ...stripeFixture('refund'),
      id: id('re'),
      amount,
      created: nowSecs(),
      payment_intent: body.payment_intent,
      charge: charge.id,
      status: 'succeeded',
    });
    charge.refunds = { ...charge.refunds, data: [...charge.refunds.data, re] };
    return [200, re];
  }

  function invoicePayments(query: URLSearchParams): [number, Obj] {
    const invoice = query.get('invoice');
    const pi = query.get('payment[payment_intent]');
    const data = all('invoice_payment').filter(
      (p) => (!invoice || p.invoice === invoice) && (!pi || p.payment.payment_intent === pi),
    );
    return [200, list(data, '/v1/invoice_payments')];
  }

  function subscriptionRoute(method: string, s: Obj | undefined, body: Obj): [number, Obj] {
    if (!s) return error(404, 'invalid_request_error', 'No such subscription', 'resource_missing');
    if (method === 'POST' && body.cancel_at_period_end !== undefined) {
      s.cancel_at_period_end = body.cancel_at_period_end === 'true';
      s.cancel_at = s.cancel_at_period_end ? s.items.data[0].current_period_end : null;
    }
    if (method === 'DELETE') Object.assign(s, { status: 'canceled', canceled_at: nowSecs(), ended_at: nowSecs() });
    return [200, strip(s)];
  }

  function handle(method: string, p: string, body: Obj, query: URLSearchParams): [number, Obj] {
    const missing = (what: string) => error(404, 'invalid_request_error', `No such ${what}`, 'resource_missing');
    const expand = [...query.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
    let m: RegExpMatchArray | null;
    if ((m = p.match(/^\/v1\/prices\/([^/]+)$/)) && method === 'GET')
      return PRICES[m[1]] ? [200, priceObject(m[1])] : missing('price');
    if (method === 'POST' && p === '/v1/customers') {
      const c = {
        ...stripeFixture('customer'),
        id: id('cus'),
        email: body.email,
        name: body.name,
        metadata: body.metadata ?? {},
      };
      return [200, save(c)];
    }
    if (method === 'POST' && p === '/v1/checkout/sessions') return createSession(body);
    if ((m = p.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/)) && method === 'POST') {
      const s = objects.get(m[1]);
      if (!s) return missing('checkout.session');
      if (s.status !== 'open') {
        const msg = `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`;
        return error(400, 'invalid_request_error', msg);
      }
      Object.assign(s, { status: 'expired', url: null, expires_at: nowSecs() });
      return [200, strip(s)];
    }
    if ((m = p.match(/^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/)) && method === 'GET') {
      const s = objects.get(m[1]);
      return s ? [200, sessionView(s, ['line_items']).line_items] : missing('checkout.session');
    }
    if ((m = p.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)) && method === 'GET') {
      const s = objects.get(m[1]);
      return s ? [200, sessionView(s, expand)] : missing('checkout.session');
    }
    if ((m = p.match(/^\/v1\/subscriptions\/([^/]+)$/))) return subscriptionRoute(method, objects.get(m[1]), body);
    if (p === '/v1/subscriptions' && method === 'GET') {
      const status = query.get('status');
      const subs = all('subscription').filter((s) => !status || status === 'all' || s.status === status);
      return [200, list(subs.map(strip), '/v1/subscriptions')];
    }
    if ((m = p.match(/^\/v1\/invoices\/([^/]+)$/)) && method === 'GET') {
      const inv = objects.get(m[1]);
      return inv ? [200, strip(inv)] : missing('invoice');
    }
    if (p === '/v1/invoice_payments' && method === 'GET') return invoicePayments(query);
    if ((m = p.match(/^\/v1\/charges\/([^/]+)$/)) && method === 'GET') {
      const c = objects.get(m[1]);
      return c ? [200, strip(c)] : missing('charge');
    }
    if (method === 'POST' && p === '/v1/refunds') return refund(body);
    if (method === 'POST' && p === '/v1/billing_portal/sessions') {
      if (!objects.get(body.customer)) return missing('customer');
      const ps = id('bps');
      const portal = { ...stripeFixture('billing-portal-session'), id: ps, created: nowSecs(), flow: null };
      return [
        200,
        { ...portal, customer: body.customer, return_url: body.return_url, url: `https://billing.stripe.test/p/session/${ps}` },
      ];
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${p})`);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = parseForm(raw);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body, query: parseForm(url.search.slice(1)) });
      const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
      const failure = failures.findIndex((f) => f.path.test(url.pathname));
      const [status, payload] =
        failure >= 0
          ? failures.splice(failure, 1)[0].answer
          : (replay ?? handle(req.method ?? 'GET', url.pathname, body, url.searchParams));
      if (typeof key === 'string' && !replay && status < 500 && failure < 0) idempotent.set(key, [status, payload]);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      res.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  /** A card payment: its payment intent and charge. */
  function charge(customer: string, amount: number, created: number) {
    const pi = id('pi');
    const fx = stripeFixture('charge');
    const ch = save({
      ...fx,
      id: id('ch'),
      created,
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      refunded: false,
      payment_intent: pi,
      customer,
      refunds: { ...fx.refunds, data: [] },
    });
    ch.refunds.url = `/v1/charges/${ch.id}/refunds`;
    return { charge: ch, paymentIntent: pi };
  }

  /** An invoice paid by card, with its invoice payment as Stripe lists it. */
  function settle(inv: Obj, amount: number, at: number) {
    const { charge: ch, paymentIntent } = charge(inv.customer, amount, at);
    save({
      ...stripeFixture('invoice-payment'),
      id: id('inpay'),
      created: at,
      invoice: inv.id,
      amount_paid: amount,
      amount_requested: amount,
      currency: 'usd',
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: paymentIntent },
      status: 'paid',
      status_transitions: { canceled_at: null, paid_at: at },
    });
    Object.assign(inv, {
      status: 'paid',
      amount_paid: amount,
      amount_remaining: 0,
      attempted: true,
      next_payment_attempt: null,
      status_transitions: { ...inv.status_transitions, paid_at: at },
      hosted_invoice_url: `https://invoice.stripe.test/i/${paymentIntent}`,
      invoice_pdf: `https://pay.stripe.test/invoice/${paymentIntent}/pdf`,
      _payment_intent: paymentIntent,
      _charge: ch.id,
    });
    return { charge: ch, paymentIntent };
  }

  /** An invoice for `amount` (of a subscription's period, or of a one-time payment), still open. */
  function invoice(customer: string, amount: number, opts: { subscription?: Obj; metadata?: Obj; created: number }) {
    const fx = stripeFixture('invoice');
    return save({
      ...fx,
      id: id('in'),
      customer,
      status: 'open',
      billing_reason: opts.subscription ? 'subscription_cycle' : 'manual',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempted: false,
      created: opts.created,
      status_transitions: { ...fx.status_transitions, finalized_at: opts.created, paid_at: null },
      hosted_invoice_url: null,
      invoice_pdf: null,
      metadata: opts.metadata ?? {},
      parent: opts.subscription
        ? {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { subscription: opts.subscription.id, metadata: opts.subscription.metadata },
          }
        : null,
    });
  }

  function subscription(s: Obj, created: number) {
    const fx = stripeFixture('subscription');
    const price = priceObject(s._price);
    const subId = id('sub');
    return save({
      ...fx,
      id: subId,
      customer: s.customer,
      status: 'active',
      created,
      start_date: created,
      billing_cycle_anchor: created,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      cancel_at_period_end: false,
      metadata: s._subscription_metadata,
      items: {
        ...fx.items,
        data: [
          {
            ...fx.items.data[0],
            id: id('si'),
            created,
            subscription: subId,
            quantity: 1,
            current_period_start: created,
            current_period_end: created + 30 * 86400,
            price,
          },
        ],
        url: `/v1/subscription_items?subscription=${subId}`,
      },
      latest_invoice: null,
    });
  }

  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    get: (key: string) => objects.get(key),
    /** The charge that paid an invoice. */
    chargeOf: (invoiceId: string) => objects.get(objects.get(invoiceId)?._charge),
    /** A session opened outside the app (another server, an old tab): as POST /v1/checkout/sessions makes it. */
    openSession: (params: Obj) => createSession(params)[1],
    /** The next `times` requests to a matching path answer this instead (then Stripe is itself again). */
    failNext(pathPattern: RegExp, status: number, times = 1) {
      const type = status === 404 ? 'invalid_request_error' : status === 401 ? 'authentication_error' : 'api_error';
      const code = status === 404 ? 'resource_missing' : undefined;
      for (let i = 0; i < times; i++)
        failures.push({ path: pathPattern, answer: error(status, type, `Simulated ${status} for ${pathPattern}`, code) });
    },
    /** The customer paid the session (subscription: a subscription and its first invoice). */
    complete(sessionId: string) {
      const s = objects.get(sessionId)!;
      if (s.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${s.status}: it cannot be paid`);
      const price = PRICES[s._price];
      const created = nowSecs();
      if (s.mode === 'subscription') {
        const sub = subscription(s, created);
        const inv = invoice(s.customer, price.amount, { subscription: sub, created });
        settle(inv, price.amount, created);
        sub.latest_invoice = inv.id;
        Object.assign(s, { status: 'complete', payment_status: 'paid', subscription: sub.id, invoice: inv.id });
        return { session: s, subscription: sub, invoice: inv };
      }
      const inv = invoice(s.customer, price.amount, { metadata: s._invoice_metadata, created });
      const { paymentIntent } = settle(inv, price.amount, created);
      Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent, invoice: inv.id });
      return { session: s, invoice: inv };
    },
    /**
     * Stripe bills the next period of a subscription: paid by card, or declined (the invoice stays
     * open, the subscription goes past_due and Stripe retries in three days).
     */
    renew(subId: string, outcome: 'paid' | 'failed', at = nowSecs()) {
      const sub = objects.get(subId)!;
      const item = sub.items.data[0];
      const start = item.current_period_end;
      Object.assign(item, { current_period_start: start, current_period_end: start + 30 * 86400 });
      const inv = invoice(sub.customer, item.price.unit_amount, { subscription: sub, created: at });
      sub.latest_invoice = inv.id;
      if (outcome === 'paid') {
        settle(inv, item.price.unit_amount, at);
        sub.status = 'active';
      } else {
        Object.assign(inv, { attempted: true, attempt_count: 1, next_payment_attempt: at + 3 * 86400 });
        sub.status = 'past_due';
      }
      return { subscription: sub, invoice: inv };
    },
    /** The member updated their card and Stripe's retry paid the open invoice. */
    payInvoice(invoiceId: string, at = nowSecs()) {
      const inv = objects.get(invoiceId)!;
      settle(inv, inv.amount_due, at);
      const subId = inv.parent?.subscription_details?.subscription;
      const sub = subId ? objects.get(subId) : undefined;
      if (sub && sub.latest_invoice === inv.id) sub.status = 'active';
      return { invoice: inv, subscription: sub };
    },
    /** A refund made from Stripe's dashboard (not through the app): in full, or `amount` cents. */
    dashboardRefund(invoiceId: string, amount?: number) {
      const inv = objects.get(invoiceId)!;
      const [status, body] = refund({ payment_intent: inv._payment_intent, ...(amount ? { amount: String(amount) } : {}) });
      if (status !== 200) throw new Error(body.error.message);
      return objects.get(inv._charge)!;
    },
    /** An event as Stripe sends it (a snapshot of the object at that moment). */
    event(type: string, object: Obj) {
      return {
        ...stripeFixture('event'),
        id: id('evt'),
        api_version: '2026-02-25.clover',
        created: nowSecs(),
        pending_webhooks: 1,
        type,
        data: { object: strip(object) },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
