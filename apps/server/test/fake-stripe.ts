import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Stripe API, enough for the real `stripe` SDK to run our billing
 * flows against (product.md#running): customers, Checkout Sessions, subscriptions, invoices (with
 * payments), charges and refunds. Tests drive "the customer paid" with `complete()`.
 */
type Obj = Record<string, any>;

const PRICES: Record<string, { amount: number; recurring: boolean }> = {
  price_pro: { amount: 5000, recurring: true },
  price_life: { amount: 49900, recurring: false },
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

export async function startFakeStripe() {
  const objects = new Map<string, Obj>();
  const requests: { method: string; path: string; body: Obj }[] = [];
  /** Like Stripe: a POST repeated with the same Idempotency-Key answers the first response again. */
  const idempotent = new Map<string, [number, Obj]>();
  const id = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;
  const nowSecs = () => Math.floor(Date.now() / 1000);
  const save = (o: Obj) => {
    objects.set(o.id, o);
    return o;
  };

  function expandInvoice(inv: Obj, expand: string[]) {
    if (!expand.includes('payments')) return inv;
    const pi = inv._payment_intent;
    return {
      ...inv,
      payments: {
        object: 'list',
        data: pi
          ? [
              {
                object: 'invoice_payment',
                id: `inpay_${pi}`,
                status: 'paid',
                payment: { type: 'payment_intent', payment_intent: pi },
              },
            ]
          : [],
      },
    };
  }
  const strip = (o: Obj) => Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith('_')));

  function createSession(body: Obj): [number, Obj] {
    const price = PRICES[body.line_items?.[0]?.price];
    if (!price) return [400, { error: { type: 'invalid_request_error', message: 'No such price' } }];
    const sid = id('cs');
    return [
      200,
      save({
        id: sid,
        object: 'checkout.session',
        mode: body.mode,
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        url: `https://checkout.stripe.test/c/pay/${sid}`,
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        invoice: null,
        payment_intent: null,
        amount_total: price.amount,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        _price: body.line_items[0].price,
        _subscription_metadata: body.subscription_data?.metadata ?? {},
        _invoice_metadata: body.invoice_creation?.invoice_data?.metadata ?? {},
        _invoice_creation: body.invoice_creation?.enabled === 'true',
      }),
    ];
  }

  function handle(method: string, path: string, body: Obj, query: URLSearchParams): [number, Obj] {
    const missing = (what: string): [number, Obj] => [
      404,
      { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
    ];
    const expand = [...query.entries()]
      .filter(([k]) => k.startsWith('expand'))
      .map(([, v]) => v)
      .concat(Object.values(body.expand ?? {}));
    let m: RegExpMatchArray | null;
    if ((m = path.match(/^\/v1\/prices\/([^/]+)$/)) && method === 'GET') {
      const lifetime = /life/i.test(m[1]);
      return [
        200,
        {
          id: m[1],
          object: 'price',
          currency: 'usd',
          unit_amount: lifetime ? 49900 : 5000,
          recurring: lifetime ? null : { interval: 'month' },
        },
      ];
    }
    if (method === 'POST' && path === '/v1/customers') {
      return [
        200,
        save({ id: id('cus'), object: 'customer', email: body.email, name: body.name, metadata: body.metadata ?? {} }),
      ];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    if ((m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/)) && method === 'POST') {
      const s = objects.get(m[1]);
      if (!s) return missing('checkout.session');
      if (s.status !== 'open') {
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`,
            },
          },
        ];
      }
      Object.assign(s, { status: 'expired', url: null, expires_at: nowSecs() });
      return [200, strip(s)];
    }
    if ((m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)) && method === 'GET') {
      const s = objects.get(m[1]);
      return s ? [200, strip(s)] : missing('checkout.session');
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const s = objects.get(m[1]);
      if (!s) return missing('subscription');
      if (method === 'GET') return [200, s];
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) s.cancel_at_period_end = body.cancel_at_period_end === 'true';
        return [200, s];
      }
      if (method === 'DELETE') {
        s.status = 'canceled';
        s.canceled_at = nowSecs();
        s.ended_at = nowSecs();
        return [200, s];
      }
    }
    if ((m = path.match(/^\/v1\/invoices\/([^/]+)$/)) && method === 'GET') {
      const inv = objects.get(m[1]);
      return inv ? [200, strip(expandInvoice(inv, expand))] : missing('invoice');
    }
    if ((m = path.match(/^\/v1\/charges\/([^/]+)$/)) && method === 'GET') {
      const c = objects.get(m[1]);
      return c ? [200, c] : missing('charge');
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const charge = [...objects.values()].find((o) => o.object === 'charge' && o.payment_intent === body.payment_intent);
      if (!charge) return missing('payment_intent');
      const left = charge.amount - charge.amount_refunded;
      const amount = body.amount === undefined ? left : Number(body.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              message: `Refund amount (${body.amount}) is greater than unrefunded amount on charge (${left})`,
            },
          },
        ];
      }
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      return [
        200,
        save({
          id: id('re'),
          object: 'refund',
          amount,
          payment_intent: body.payment_intent,
          charge: charge.id,
          status: 'succeeded',
        }),
      ];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = parseForm(raw);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
      const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
      const [status, payload] = replay ?? handle(req.method ?? 'GET', url.pathname, body, url.searchParams);
      if (typeof key === 'string' && !replay && status < 500) idempotent.set(key, [status, payload]);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      res.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  /** Bills a period of a subscription: a paid invoice with its payment intent and charge. */
  function bill(customer: string, amount: number, opts: { subscription?: Obj; metadata?: Obj; created?: number }) {
    const created = opts.created ?? nowSecs();
    const pi = id('pi');
    const charge = save({
      id: id('ch'),
      object: 'charge',
      amount,
      amount_refunded: 0,
      refunded: false,
      payment_intent: pi,
      customer,
    });
    const inv = save({
      id: id('in'),
      object: 'invoice',
      customer,
      status: 'paid',
      amount_paid: amount,
      created,
      status_transitions: { paid_at: created },
      hosted_invoice_url: `https://invoice.stripe.test/i/${pi}`,
      invoice_pdf: `https://pay.stripe.test/invoice/${pi}/pdf`,
      metadata: opts.metadata ?? {},
      parent: opts.subscription
        ? {
            type: 'subscription_details',
            subscription_details: { subscription: opts.subscription.id, metadata: opts.subscription.metadata },
          }
        : null,
      _payment_intent: pi,
    });
    return { invoice: inv, charge, paymentIntent: pi };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    get: (key: string) => objects.get(key),
    /** A session opened outside the app (another server, an old tab): as POST /v1/checkout/sessions makes it. */
    openSession: (params: Obj) => createSession(params)[1],
    /** The customer paid the session (subscription: a subscription and its first invoice). */
    complete(sessionId: string) {
      const s = objects.get(sessionId)!;
      if (s.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${s.status}: it cannot be paid`);
      const price = PRICES[s._price];
      const created = nowSecs();
      if (s.mode === 'subscription') {
        const sub = save({
          id: id('sub'),
          object: 'subscription',
          customer: s.customer,
          status: 'active',
          created,
          cancel_at_period_end: false,
          metadata: s._subscription_metadata,
          items: {
            object: 'list',
            data: [
              {
                id: id('si'),
                object: 'subscription_item',
                quantity: 1,
                current_period_start: created,
                current_period_end: created + 30 * 86400,
                price: { id: s._price, object: 'price', unit_amount: price.amount },
              },
            ],
          },
          latest_invoice: null,
        });
        const { invoice } = bill(s.customer, price.amount, { subscription: sub, created });
        sub.latest_invoice = invoice.id;
        Object.assign(s, { status: 'complete', payment_status: 'paid', subscription: sub.id, invoice: invoice.id });
        return { session: s, subscription: sub, invoice };
      }
      const { invoice, paymentIntent } = bill(s.customer, price.amount, { metadata: s._invoice_metadata, created });
      Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent, invoice: invoice.id });
      return { session: s, invoice };
    },
    /** An event as Stripe sends it (a snapshot of the object at that moment). */
    event(type: string, object: Obj) {
      return {
        id: id('evt'),
        object: 'event',
        api_version: '2026-02-25.clover',
        created: nowSecs(),
        type,
        data: { object: strip(object) },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
