import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, isTradingDay, lastSessionBefore, todayInMarket } from '@roundup/shared';
import { notificationsService } from '../src/modules/notifications/service';
import { addAccount, addSplit, insertBroker, insertSplit, member, tradingDayAfter, type Member } from './factories';
import { createTestApp, registerUser, type TestApp } from './helpers';

/**
 * The OpenAPI document as a contract (docs/decisions/018-openapi-contract.md): every documented
 * operation is called once, with valid input, as the kind of caller it is for, and its status and
 * body are checked against what the document says (a JSON-schema validator over the document's own
 * schemas). One app, one database, requests one after another.
 *
 * A new route fails here until it documents its answers and gets a case below.
 */

type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};
type Operation = {
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown; example?: unknown }> }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
  security?: Record<string, string[]>[];
};
interface Answer {
  status: number;
  contentType: string;
  body: string;
}
type Case = () => Promise<Answer | Answer[]>;

/** A Schwab statement whose rows match no split: preview and apply answer, and nothing is written. */
const CONTRACT_STATEMENT = [
  '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
  '"11/06/2026","Buy","NOSPLT","NO SPLIT INC","1","$1.00","","-$1.00"',
  '"11/05/2026","Qualified Dividend","SCHB","SCHWAB US BROAD MARKET ETF","","","","$12.34"',
].join('\n');

let t: TestApp;
let doc: Doc;
// OpenAPI 3.1 schemas are JSON Schema 2020-12.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<unknown, ValidateFunction>();

/** A browser's PushSubscription on an accepted push service (nothing is sent to it in this file). */
const pushBrowser = createECDH('prime256v1');
pushBrowser.generateKeys();
const pushSubscription = {
  endpoint: `https://fcm.googleapis.com/fcm/send/contract-${randomUUID()}`,
  keys: { p256dh: pushBrowser.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
};

const f: {
  admin: Member;
  pro: Member;
  starter: Member;
  buyer: Member;
  brokerId: string;
  accountId: string;
  groupId: string;
  spareAccountId: string;
  splitId: string;
  pastSplitId: string;
  tradeId: string;
  secret: string;
  checkoutId: string;
  lifetimeCheckoutId: string;
  faqId: string;
  brokerAddedId: string;
  loginToken: string;
  icalUrl: string;
} = {} as never;

/** `METHOD /path/{param}` as the document names operations. */
const opKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** An issuer on the deficiency watchlist (a pipeline entry at stage `deficiency`), made once. */
async function watchlistEntry(): Promise<string> {
  const { rows } = await t.database.query<{ id: string }>(
    `insert into split_pipeline (cik, name, ticker, exchange, stage, filing_url, notice_date, compliance_deadline, deficiency_rule)
     values ('9990001', 'Contract Watch Inc', 'CWAT', 'Nasdaq', 'deficiency', 'https://www.sec.gov/Archives/edgar/data/9990001/x-index.htm',
       '2026-11-02', '2027-05-01', 'Nasdaq 5550(a)(2)')
     on conflict (cik) where split_id is null do update set updated_at = now() returning id::text as id`,
  );
  return rows[0].id;
}

async function send(
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res: LightMyRequestResponse = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
}

const data = (a: Answer) => JSON.parse(a.body).data;

/** The request example an operation documents (the case sends it as it is: documented examples must work). */
function exampleOf(method: string, path: string): unknown {
  const ex = doc.paths[path][method.toLowerCase()].requestBody?.content['application/json']?.example;
  if (ex === undefined) throw new Error(`${opKey(method, path)} documents no request example`);
  return ex;
}

async function lastMail(recipient: string, subject: string) {
  return vi.waitFor(
    async () => {
      const { rows } = await t.database.query<{ body: string }>(
        'select body from outbox where recipient = $1 and subject like $2 order by created_at desc limit 1',
        [recipient, `${subject}%`],
      );
      if (!rows[0]) throw new Error(`no "${subject}" message to ${recipient} yet`);
      return rows[0].body;
    },
    { timeout: 5000 },
  );
}

/** The first chunk of the event stream, over a real socket (inject cannot end a hijacked stream). */
async function sseAnswer(path: string): Promise<Answer> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpGet({ host: '127.0.0.1', port, path }, (res) => {
      res.setEncoding('utf8');
      res.once('data', (chunk: string) => {
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: chunk });
        req.destroy();
      });
    });
    req.on('error', reject);
  });
}

/** Every documented operation → one call (a case may check more than one answer). */
const cases: [string, Case][] = [
  // ---- health, config ------------------------------------------------------------------------
  ['GET /api/health', () => send('GET', '/api/health')],
  ['GET /api/ready', () => send('GET', '/api/ready')],
  ['GET /api/config', () => send('GET', '/api/config')],
  ['GET /api/site', () => send('GET', '/api/site', { token: f.pro.token })],

  // ---- auth -----------------------------------------------------------------------------------
  ['POST /api/auth/register', () => send('POST', '/api/auth/register', { body: exampleOf('POST', '/api/auth/register') })],
  [
    'POST /api/auth/login',
    async () => {
      const body = exampleOf('POST', '/api/auth/login') as { email: string; password: string };
      // The demo member the example names (npm start seeds it; here it is registered first).
      await registerUser(t.app, { email: body.email, password: body.password });
      const a = await send('POST', '/api/auth/login', { body });
      f.loginToken = data(a).token;
      return a;
    },
  ],
  ['GET /api/auth/me', () => send('GET', '/api/auth/me', { token: f.pro.token })],
  ['POST /api/auth/logout', () => send('POST', '/api/auth/logout', { token: f.loginToken })],
  [
    'POST /api/users/validate-email',
    async () => {
      const u = await registerUser(t.app);
      const code = /verify-email\/([A-Za-z0-9_-]+)/.exec(await lastMail(u.email, 'Verify'))![1];
      return send('POST', '/api/users/validate-email', { body: { email_validation_code: code } });
    },
  ],
  ['POST /api/users/resend-verification', () => send('POST', '/api/users/resend-verification', { token: f.starter.token })],
  [
    'POST /api/users/request-password-reset',
    () => send('POST', '/api/users/request-password-reset', { body: exampleOf('POST', '/api/users/request-password-reset') }),
  ],
  [
    'POST /api/users/reset-password',
    async () => {
      const email = (exampleOf('POST', '/api/users/request-password-reset') as { email: string }).email;
      const code = /reset-password\/([A-Za-z0-9_-]+)/.exec(await lastMail(email, 'Reset'))![1];
      return send('POST', '/api/users/reset-password', { body: { password: 'a brand new secret', password_reset_code: code } });
    },
  ],

  // ---- users ----------------------------------------------------------------------------------
  ['GET /api/users/self', () => send('GET', '/api/users/self', { token: f.pro.token })],
  [
    'POST /api/users/update-self',
    () => send('POST', '/api/users/update-self', { token: f.pro.token, body: exampleOf('POST', '/api/users/update-self') }),
  ],
  [
    'GET /api/users/send-sms-otp',
    async () => {
      const phone = await send('POST', '/api/users/update-self', {
        token: f.pro.token,
        body: { email: f.pro.email, phone: '+1 (415) 555-0199' },
      });
      expect(phone.status).toBe(200);
      return send('GET', '/api/users/send-sms-otp', { token: f.pro.token });
    },
  ],
  ['GET /api/users/phone-code', () => send('GET', '/api/users/phone-code', { token: f.pro.token })],
  [
    'POST /api/users/verify-otp',
    async () => {
      const { rows } = await t.database.query<{ body: string }>(
        "select body from outbox where channel = 'sms' order by created_at desc limit 1",
      );
      const otp = /\b(\d{6,7})\b/.exec(rows[0].body)![1];
      return send('POST', '/api/users/verify-otp', { token: f.pro.token, body: { otp } });
    },
  ],

  // ---- personal tokens ------------------------------------------------------------------------
  [
    'POST /api/tokens',
    async () => {
      const a = await send('POST', '/api/tokens', { token: f.pro.token, body: exampleOf('POST', '/api/tokens') });
      f.secret = data(a).secret;
      return a;
    },
  ],
  ['GET /api/tokens', () => send('GET', '/api/tokens', { token: f.pro.token })],
  [
    'POST /api/tokens/revoke',
    async () => {
      const other = await send('POST', '/api/tokens', { token: f.pro.token, body: { name: 'Old', scopes: ['read:splits'] } });
      return send('POST', '/api/tokens/revoke', { token: f.pro.token, body: { id: data(other).token._id } });
    },
  ],

  // ---- splits (read:splits with the personal token) ------------------------------------------
  [
    'GET /api/rs',
    async () => [
      await send('GET', '/api/rs', { token: f.secret }),
      // A Starter member gets masked rows: their shape is documented too.
      await send('GET', '/api/rs', { token: f.starter.token }),
    ],
  ],
  ['GET /api/rs/past', () => send('GET', '/api/rs/past')],
  [
    'POST /api/rs/pipeline/follow',
    async () => send('POST', '/api/rs/pipeline/follow', { token: f.pro.token, body: { id: await watchlistEntry() } }),
  ],
  [
    'POST /api/rs/pipeline/unfollow',
    async () => send('POST', '/api/rs/pipeline/unfollow', { token: f.pro.token, body: { id: await watchlistEntry() } }),
  ],
  [
    'GET /api/rs/pipeline',
    async () => [
      await send('GET', '/api/rs/pipeline', { token: f.pro.token }),
      // A Starter member gets masked entries: their shape is documented too.
      await send('GET', '/api/rs/pipeline', { token: f.starter.token }),
    ],
  ],
  ['GET /api/rs/ticker/{id}', () => send('GET', `/api/rs/ticker/${f.splitId}`, { token: f.secret })],
  ['GET /api/trades/reconcile', () => send('GET', '/api/trades/reconcile', { token: f.pro.token })],
  ['GET /api/rs/{id}/outcomes', () => send('GET', `/api/rs/${f.splitId}/outcomes`, { token: f.pro.token })],
  ['POST /api/rs/add', () => send('POST', '/api/rs/add', { token: f.admin.token, body: { newTicker: splitBody() } })],
  [
    'POST /api/rs/edit',
    () => send('POST', '/api/rs/edit', { token: f.admin.token, body: { newTicker: { ...splitBody(), _id: f.splitId } } }),
  ],
  ['POST /api/rs/preview', () => send('POST', '/api/rs/preview', { token: f.admin.token, body: { newTicker: splitBody() } })],
  [
    'POST /api/rs/alerts/undo',
    async () => {
      // The test app sends alerts at once (no grace period): a held alert is written as the notifier holds one.
      const s = await addSplit(t.app, f.admin.token);
      await t.database.query(
        `insert into notification_events (key, kind, payload, release_at, split_id) values ($1, 'rsa', '{}'::jsonb, '2100-01-01T00:00:00Z', $2::uuid)`,
        [`held:${s._id}`, s._id],
      );
      return send('POST', '/api/rs/alerts/undo', { token: f.admin.token, body: { id: s._id } });
    },
  ],
  [
    'POST /api/rs/delete',
    async () => {
      const s = await addSplit(t.app, f.admin.token);
      return send('POST', '/api/rs/delete', { token: f.admin.token, body: { id: s._id } });
    },
  ],
  [
    'GET /api/rs/ical',
    async () => {
      const a = await send('GET', '/api/rs/ical', { token: f.pro.token });
      f.icalUrl = data(a).url;
      return a;
    },
  ],
  [
    'POST /api/rs/ical/reset',
    async () => {
      const a = await send('POST', '/api/rs/ical/reset', { token: f.pro.token });
      f.icalUrl = data(a).url;
      return a;
    },
  ],
  ['GET /api/rs/ical/{file}', () => send('GET', new URL(f.icalUrl).pathname)],
  ['POST /api/events/ticket', () => send('POST', '/api/events/ticket', { token: f.pro.token })],
  [
    'GET /api/events',
    async () => {
      const ticket = data(await send('POST', '/api/events/ticket', { token: f.pro.token })).ticket;
      return sseAnswer(`/api/events?ticket=${encodeURIComponent(ticket)}`);
    },
  ],

  // ---- accounts and trades (write:trades with the personal token) ----------------------------
  ['GET /api/accounts/mine', () => send('GET', '/api/accounts/mine', { token: f.secret })],
  [
    'POST /api/accounts/add',
    () =>
      send('POST', '/api/accounts/add', {
        token: f.pro.token,
        body: { newAccount: { brokerId: f.brokerId, type: 'Individual Cash', nickname: 'Second' } },
      }),
  ],
  [
    'POST /api/accounts/edit',
    () =>
      send('POST', '/api/accounts/edit', {
        token: f.pro.token,
        body: { newAccount: { _id: f.accountId, brokerId: f.brokerId, type: 'Roth IRA', nickname: 'Main' } },
      }),
  ],
  [
    'POST /api/accounts/reorder',
    async () => {
      const mine = data(await send('GET', '/api/accounts/mine', { token: f.pro.token })).accounts as { _id: string }[];
      return send('POST', '/api/accounts/reorder', { token: f.pro.token, body: { accounts: mine.map((a) => a._id).reverse() } });
    },
  ],
  [
    'POST /api/accounts/add-many',
    () =>
      send('POST', '/api/accounts/add-many', {
        token: f.pro.token,
        body: { brokerId: f.brokerId, type: 'Roth IRA', nicknames: ['Many 1', 'Many 2'] },
      }),
  ],
  [
    'POST /api/accounts/groups',
    async () => {
      const a = await send('POST', '/api/accounts/groups', {
        token: f.pro.token,
        body: { name: 'day one', accountIds: [f.spareAccountId, f.accountId] },
      });
      f.groupId = data(a).group._id;
      return a;
    },
  ],
  ['GET /api/accounts/groups', () => send('GET', '/api/accounts/groups', { token: f.pro.token })],
  [
    'POST /api/accounts/groups/edit',
    () => send('POST', '/api/accounts/groups/edit', { token: f.pro.token, body: { id: f.groupId, name: 'Day one' } }),
  ],
  [
    'POST /api/trades/add',
    async () => {
      const a = await send('POST', '/api/trades/add', {
        token: f.pro.token,
        body: {
          newTrade: { accountId: f.accountId, splitId: f.pastSplitId, buy_date: addDays(todayInMarket(), -3), buy_price: 1.25 },
        },
      });
      f.tradeId = data(a).trade._id;
      return a;
    },
  ],
  [
    'POST /api/trades/edit',
    () =>
      send('POST', '/api/trades/edit', {
        token: f.pro.token,
        body: { newTrade: { _id: f.tradeId, sell_date: todayInMarket(), sell_price: 4.5, outcome: 'share_received' } },
      }),
  ],
  [
    'GET /api/trades/s/{accountId}/{splitId}',
    () => send('GET', `/api/trades/s/${f.accountId}/${f.pastSplitId}`, { token: f.secret }),
  ],
  ['GET /api/trades/split/{splitId}', () => send('GET', `/api/trades/split/${f.pastSplitId}`, { token: f.secret })],
  [
    'POST /api/trades/bulk',
    () =>
      send('POST', '/api/trades/bulk', {
        token: f.secret,
        body: { splitId: f.splitId, accountIds: [f.accountId, f.spareAccountId], buy_date: todayInMarket(), buy_price: 1.25 },
      }),
  ],
  [
    'POST /api/imports/preview',
    () => send('POST', '/api/imports/preview', { token: f.pro.token, body: { accountId: f.accountId, csv: CONTRACT_STATEMENT } }),
  ],
  [
    'POST /api/imports/apply',
    () => send('POST', '/api/imports/apply', { token: f.pro.token, body: { accountId: f.accountId, csv: CONTRACT_STATEMENT } }),
  ],
  ['GET /api/trades/progress', () => send('GET', '/api/trades/progress', { token: f.pro.token })],
  [
    'GET /api/trades/split-stats/{splitId}',
    () => send('GET', `/api/trades/split-stats/${f.pastSplitId}`, { token: f.admin.token }),
  ],
  [
    'POST /api/accounts/groups/delete',
    () => send('POST', '/api/accounts/groups/delete', { token: f.pro.token, body: { id: f.groupId } }),
  ],
  [
    'POST /api/accounts/delete',
    () => send('POST', '/api/accounts/delete', { token: f.pro.token, body: { id: f.spareAccountId } }),
  ],

  // ---- analytics ------------------------------------------------------------------------------
  ['GET /api/analytics/mine', () => send('GET', '/api/analytics/mine', { token: f.pro.token })],
  ['GET /api/analytics/open-positions', () => send('GET', '/api/analytics/open-positions', { token: f.pro.token })],
  [
    'GET /api/analytics/tax-export',
    async () => {
      const year = todayInMarket().slice(0, 4);
      return [
        await send('GET', `/api/analytics/tax-export?year=${year}`, { token: f.pro.token }),
        await send('GET', `/api/analytics/tax-export?year=${year}&format=csv`, { token: f.pro.token }),
      ];
    },
  ],

  // ---- billing (the local test checkout) ------------------------------------------------------
  [
    'POST /api/subs/session',
    async () => {
      const a = await send('POST', '/api/subs/session', { token: f.buyer.token, body: {} });
      f.checkoutId = data(a).session.id;
      return a;
    },
  ],
  [
    'POST /api/subs/lifetime',
    async () => {
      const a = await send('POST', '/api/subs/lifetime', { token: f.starter.token, body: {} });
      f.lifetimeCheckoutId = data(a).session.id;
      return a;
    },
  ],
  [
    'GET /api/subs/test-checkout/{sessionId}',
    () => send('GET', `/api/subs/test-checkout/${f.checkoutId}`, { token: f.buyer.token }),
  ],
  [
    'POST /api/subs/test-checkout/{sessionId}/pay',
    () => send('POST', `/api/subs/test-checkout/${f.checkoutId}/pay`, { token: f.buyer.token }),
  ],
  [
    'POST /api/subs/test-checkout/{sessionId}/cancel',
    () => send('POST', `/api/subs/test-checkout/${f.lifetimeCheckoutId}/cancel`, { token: f.starter.token }),
  ],
  [
    'POST /api/subs/register-success',
    () => send('POST', '/api/subs/register-success', { token: f.buyer.token, body: { sessionId: f.checkoutId } }),
  ],
  ['POST /api/subs/fetch', () => send('POST', '/api/subs/fetch', { token: f.buyer.token, body: {} })],
  [
    'GET /api/subs/test-checkout/invoices/{invoiceId}',
    async () => {
      const invoice = data(await send('POST', '/api/subs/fetch', { token: f.buyer.token, body: {} })).invoices.data[0].id;
      return send('GET', `/api/subs/test-checkout/invoices/${invoice}`);
    },
  ],
  [
    'POST /api/subs/test-checkout/renew',
    () => send('POST', '/api/subs/test-checkout/renew', { token: f.buyer.token, body: { outcome: 'paid' } }),
  ],
  ['GET /api/subs/alert', () => send('GET', '/api/subs/alert', { token: f.buyer.token })],
  ['POST /api/subs/portal', () => send('POST', '/api/subs/portal', { token: f.buyer.token })],
  ['GET /api/admin/billing/reconciliation', () => send('GET', '/api/admin/billing/reconciliation', { token: f.admin.token })],
  ['POST /api/subs/cancel-subscription', () => send('POST', '/api/subs/cancel-subscription', { token: f.buyer.token, body: {} })],
  [
    // The local test checkout takes no webhooks: the one valid call there is refused, as documented (4XX).
    'POST /api/subs/webhook',
    () =>
      send('POST', '/api/subs/webhook', {
        body: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      }),
  ],

  // ---- affiliates -----------------------------------------------------------------------------
  ['GET /api/affiliates/referrals', () => send('GET', '/api/affiliates/referrals', { token: f.pro.token })],
  ['GET /api/affiliates/commissions', () => send('GET', '/api/affiliates/commissions', { token: f.pro.token })],
  [
    'GET /api/affiliates/admin/{userId}/commissions',
    () => send('GET', `/api/affiliates/admin/${f.pro.id}/commissions`, { token: f.admin.token }),
  ],
  [
    'POST /api/affiliates/admin/{userId}/mark-paid',
    () => send('POST', `/api/affiliates/admin/${f.pro.id}/mark-paid`, { token: f.admin.token, body: {} }),
  ],

  // ---- brokers and FAQs -----------------------------------------------------------------------
  ['GET /api/brokers', () => send('GET', '/api/brokers')],
  ['GET /api/brokers/{id}', () => send('GET', `/api/brokers/${f.brokerId}`)],
  [
    'POST /api/brokers/add',
    async () => {
      const a = await send('POST', '/api/brokers/add', {
        token: f.admin.token,
        body: { newBroker: brokerBody('Contract Broker') },
      });
      f.brokerAddedId = data(a).broker._id;
      return a;
    },
  ],
  [
    'POST /api/brokers/edit',
    () =>
      send('POST', '/api/brokers/edit', {
        token: f.admin.token,
        body: { newBroker: { ...brokerBody('Contract Broker 2'), _id: f.brokerAddedId } },
      }),
  ],
  [
    'POST /api/brokers/delete',
    () => send('POST', '/api/brokers/delete', { token: f.admin.token, body: { id: f.brokerAddedId } }),
  ],
  [
    'POST /api/faqs/add',
    async () => {
      const a = await send('POST', '/api/faqs/add', { token: f.admin.token, body: { newFaq: faqBody() } });
      f.faqId = data(a).faq._id;
      return a;
    },
  ],
  ['GET /api/faqs', () => send('GET', '/api/faqs')],
  ['GET /api/faqs/category/{category}', () => send('GET', '/api/faqs/category/Basics')],
  ['GET /api/faqs/{id}', () => send('GET', `/api/faqs/${f.faqId}`)],
  [
    'POST /api/faqs/edit',
    () => send('POST', '/api/faqs/edit', { token: f.admin.token, body: { newFaq: { ...faqBody(), _id: f.faqId } } }),
  ],
  ['POST /api/faqs/delete', () => send('POST', '/api/faqs/delete', { token: f.admin.token, body: { id: f.faqId } })],

  // ---- feedback, page views -------------------------------------------------------------------
  ['POST /api/feedback/new', () => send('POST', '/api/feedback/new', { body: exampleOf('POST', '/api/feedback/new') })],
  ['GET /api/feedback', () => send('GET', '/api/feedback', { token: f.admin.token })],
  ['POST /api/pageviews', () => send('POST', '/api/pageviews', { body: exampleOf('POST', '/api/pageviews') })],
  ['GET /api/pageviews/summary', () => send('GET', '/api/pageviews/summary?days=7', { token: f.admin.token })],

  // ---- comms and notifications ----------------------------------------------------------------
  ['GET /api/comms/audience', () => send('GET', '/api/comms/audience?kind=general', { token: f.admin.token })],
  [
    'POST /api/comms/send-sms',
    () => send('POST', '/api/comms/send-sms', { token: f.admin.token, body: { message: 'Contract test', audience: 'Pro' } }),
  ],
  [
    'POST /api/comms/send-announcement',
    () =>
      send('POST', '/api/comms/send-announcement', {
        token: f.admin.token,
        body: { requestId: randomUUID(), kind: 'general', subject: 'Hello', message: 'A contract test announcement.' },
      }),
  ],
  ['GET /api/comms', () => send('GET', '/api/comms', { token: f.admin.token })],
  ['GET /api/comms/sms-audience', () => send('GET', '/api/comms/sms-audience?audience=Pro', { token: f.admin.token })],
  ['GET /api/rs/send-update/preview', () => send('GET', '/api/rs/send-update/preview', { token: f.admin.token })],
  ['GET /api/rs/send-update', () => send('GET', '/api/rs/send-update', { token: f.admin.token })],
  ['GET /api/notifications/deliveries', () => send('GET', '/api/notifications/deliveries', { token: f.admin.token })],
  [
    'POST /api/notifications/deliveries/{id}/retry',
    async () => {
      // The SMS to Pro members above queued a delivery; it fails for good here, then is retried.
      const { rows } = await t.database.query<{ id: string }>(
        "update notification_deliveries set status = 'failed', error = 'provider down' where id = (select id from notification_deliveries order by created_at limit 1) returning id::text as id",
      );
      return send('POST', `/api/notifications/deliveries/${rows[0].id}/retry`, { token: f.admin.token });
    },
  ],
  ['GET /api/notifications/unsubscribe', () => send('GET', unsubscribeLink())],
  ['POST /api/notifications/unsubscribe', () => send('POST', unsubscribeLink())],
  ['GET /api/outbox', () => send('GET', '/api/outbox?limit=5', { token: f.admin.token })],
  ['GET /api/notifications/push/key', () => send('GET', '/api/notifications/push/key')],
  [
    'POST /api/notifications/push/subscribe',
    () => send('POST', '/api/notifications/push/subscribe', { token: f.pro.token, body: pushSubscription }),
  ],
  ['GET /api/notifications/push/devices', () => send('GET', '/api/notifications/push/devices', { token: f.pro.token })],
  [
    'POST /api/notifications/push/unsubscribe',
    () =>
      send('POST', '/api/notifications/push/unsubscribe', { token: f.pro.token, body: { endpoint: pushSubscription.endpoint } }),
  ],

  // ---- discovery (admin review queue) ---------------------------------------------------------
  ['GET /api/admin/clawbacks', () => send('GET', '/api/admin/clawbacks', { token: f.admin.token })],
  [
    'POST /api/admin/clawbacks',
    () =>
      send('POST', '/api/admin/clawbacks', {
        token: f.admin.token,
        body: {
          name: 'Contract Claw Inc',
          ticker: 'CLAW',
          kind: 'reversed',
          date: '2024-05-01',
          source: 'https://example.org/claw',
        },
      }),
  ],
  [
    'POST /api/admin/clawbacks/delete',
    async () => {
      const body = { name: 'Contract Claw Inc', kind: 'refused', date: '2023-01-02', source: 'https://example.org/claw2' };
      const made = JSON.parse((await send('POST', '/api/admin/clawbacks', { token: f.admin.token, body })).body);
      return send('POST', '/api/admin/clawbacks/delete', { token: f.admin.token, body: { id: made.data.clawback._id } });
    },
  ],
  ['GET /api/admin/discoveries', () => send('GET', '/api/admin/discoveries', { token: f.admin.token })],
  [
    'POST /api/admin/discoveries/accept',
    async () =>
      send('POST', '/api/admin/discoveries/accept', {
        token: f.admin.token,
        body: { id: await insertProposal('ACPT'), edits: { price: 2 } },
      }),
  ],
  [
    'GET /api/admin/discoveries/pipeline/audience',
    () => send('GET', '/api/admin/discoveries/pipeline/audience', { token: f.admin.token }),
  ],
  [
    'POST /api/admin/discoveries/pipeline',
    async () =>
      send('POST', '/api/admin/discoveries/pipeline', {
        token: f.admin.token,
        body: { id: await insertProposal('PIPE', false) },
      }),
  ],
  [
    'POST /api/admin/discoveries/preview',
    async () =>
      send('POST', '/api/admin/discoveries/preview', { token: f.admin.token, body: { id: await insertProposal('PRVW') } }),
  ],
  [
    'POST /api/admin/discoveries/reject',
    async () =>
      send('POST', '/api/admin/discoveries/reject', {
        token: f.admin.token,
        body: { id: await insertProposal('RJCT'), reason: 'Not a reverse split' },
      }),
  ],

  // ---- confirmations (second sources, decision 022) -------------------------------------------
  ['POST /api/admin/confirmations/poll', () => send('POST', '/api/admin/confirmations/poll', { token: f.admin.token })],
  [
    'POST /api/admin/confirmations/resolve',
    async () => {
      // A source that disagrees on the ratio: the conflict to resolve.
      await t.database.query(
        `insert into split_sightings (split_id, source, symbol, ratio, url, first_seen_at, seen_at)
         values ($1, 'nasdaq', 'X', 999, 'http://127.0.0.1/list.txt', now(), now())`,
        [f.splitId],
      );
      return send('POST', '/api/admin/confirmations/resolve', {
        token: f.admin.token,
        body: { splitId: f.splitId, note: 'Kept the filing terms' },
      });
    },
  ],
  [
    'GET /api/admin/confirmations/{splitId}',
    () => send('GET', `/api/admin/confirmations/${f.splitId}`, { token: f.admin.token }),
  ],

  // ---- admin: users and audit -----------------------------------------------------------------
  ['GET /api/users', () => send('GET', '/api/users?q=user&page=1', { token: f.admin.token })],
  ['GET /api/users/{id}', () => send('GET', `/api/users/${f.starter.id}`, { token: f.admin.token })],
  [
    'POST /api/users/admin-edit',
    () => send('POST', '/api/users/admin-edit', { token: f.admin.token, body: { id: f.starter.id, email_validated: true } }),
  ],
  [
    'POST /api/users/revoke-sessions',
    () => send('POST', '/api/users/revoke-sessions', { token: f.admin.token, body: { id: f.buyer.id } }),
  ],
  ['GET /api/admin/audit', () => send('GET', '/api/admin/audit', { token: f.admin.token })],
];

/** The link an alert email carries (path and signed token). */
function unsubscribeLink() {
  const u = new URL(notificationsService(t.app.ctx).unsubscribeUrl(f.pro.id, 'newsletter'));
  return u.pathname + u.search;
}

function splitBody() {
  const today = todayInMarket();
  return {
    name: 'Contract Corp',
    ticker: `K${randomUUID().slice(0, 4).toUpperCase()}`,
    effDate: tradingDayAfter(today, 6),
    buyDate: tradingDayAfter(today, 5),
    ratio: 20,
    price: 2.5,
    estProfit: '',
    avgProfit: 0,
    status: 'Upcoming',
    rsType: 'Round Up',
    source: 'https://www.sec.gov/',
    notes: '',
    caution: false,
  };
}

function brokerBody(name: string) {
  return { name, refLink: 'https://broker.example/join', shareReturnTime: 2, rating: 4 };
}

function faqBody() {
  return { category: 'Basics', question: 'What is a round-up?', answer: '<p>A whole share for a fraction.</p>', sort: 1 };
}

async function insertProposal(tag: string, dated = true): Promise<string> {
  const accession = `0000000000-26-${tag}${Math.floor(Math.random() * 1e5)}`;
  const fileDate = todayInMarket();
  // Trading days: an accept refuses a buy-by or market date the exchange is closed on.
  let market = addDays(fileDate, 10);
  while (!isTradingDay(market)) market = addDays(market, 1);
  await t.database.query(
    `insert into edgar_filings (accession, cik, company, form, file_date, found_by) values ($1, '1234567', 'Contract Corp', '8-K', $2, 'search')`,
    [accession, fileDate],
  );
  const { rows } = await t.database.query<{ id: string }>(
    `insert into discovery_proposals (accession, cik, company, ticker, form, file_date, ratio, market_date, buy_by, rounding, confidence)
     values ($1, '1234567', 'Contract Corp', $2, '8-K', $3, 10, $4, $5, 'ROUND_UP', 0.9) returning id::text as id`,
    [accession, `Q${tag.slice(0, 3)}`, fileDate, dated ? market : null, dated ? lastSessionBefore(market) : null],
  );
  return rows[0].id;
}

/** The documented answer for a status: exact code, then `4XX`-style ranges. */
function documentedAnswer(op: Operation, status: number) {
  return op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
}

function checkAnswer(key: string, op: Operation, a: Answer) {
  const documented = documentedAnswer(op, a.status);
  expect(documented, `${key} answered ${a.status}, which it does not document: ${a.body.slice(0, 300)}`).toBeDefined();
  if (!documented.content) {
    expect(a.body, `${key} ${a.status} documents no body`).toBe('');
    return;
  }
  const media = a.contentType.split(';')[0].trim();
  const entry = documented.content[media];
  expect(entry, `${key} answered ${media}; documented: ${Object.keys(documented.content).join(', ')}`).toBeDefined();
  if (media !== 'application/json') {
    expect(typeof a.body).toBe('string');
    return;
  }
  let validate = validators.get(entry.schema);
  if (!validate) {
    validate = ajv.compile(entry.schema as object);
    validators.set(entry.schema, validate);
  }
  const body = JSON.parse(a.body);
  const ok = validate(body);
  expect(ok, `${key} ${a.status}: ${ajv.errorsText(validate.errors)}\n${a.body.slice(0, 500)}`).toBe(true);
}

beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_SCALE: 100 } });
  doc = t.app.swagger() as unknown as Doc;
  f.admin = await member(t.app, 'Admin');
  f.pro = await member(t.app, 'Pro', { verified: true });
  f.starter = await member(t.app, 'User');
  f.buyer = await member(t.app, 'User', { verified: true });
  f.brokerId = await insertBroker(t.database, { name: 'Contract Brokerage' });
  f.accountId = await addAccount(t.app, f.pro.token, { brokerId: f.brokerId, nickname: 'Main' });
  f.spareAccountId = await addAccount(t.app, f.pro.token, { brokerId: f.brokerId, nickname: 'Spare' });
  f.splitId = (
    await addSplit(t.app, f.admin.token, {
      effDate: tradingDayAfter(todayInMarket(), 4),
      buyDate: tradingDayAfter(todayInMarket(), 3),
    })
  )._id;
  f.pastSplitId = await insertSplit(t.database, { effDate: addDays(todayInMarket(), -2), buyDate: addDays(todayInMarket(), -3) });
});

afterAll(async () => {
  await t?.close();
});

describe('OpenAPI contract: each documented operation answers what it documents', () => {
  it('documents a success answer and the error envelope for every operation, and has a case for each', () => {
    const documented = new Set<string>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const key = opKey(method, path);
        documented.add(key);
        const codes = Object.keys(op.responses);
        expect(
          codes.filter((c) => op.responses[c].description === 'Default Response'),
          `${key} has no response schema`,
        ).toEqual([]);
        expect(
          codes.some((c) => /^[23]/.test(c)),
          `${key} documents no success answer`,
        ).toBe(true);
        expect(op.responses['4XX']?.content?.['application/json'], `${key} does not document the error envelope`).toBeDefined();
        expect(op.security, `${key} names no security (use [] for a public operation)`).toBeDefined();
      }
    }
    expect([...new Set(cases.map(([k]) => k))].sort()).toEqual([...documented].sort());
    expect(cases.length, 'one case per operation').toBe(documented.size);
  });

  it('every documented answer example matches its own schema', () => {
    let examples = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [status, answer] of Object.entries(op.responses)) {
          const media = answer.content?.['application/json'];
          if (media?.example === undefined) continue;
          examples += 1;
          checkAnswer(opKey(method, path), op, {
            status: Number(status.replace('XX', '00')),
            contentType: 'application/json',
            body: JSON.stringify(media.example),
          });
        }
      }
    }
    expect(examples).toBeGreaterThan(0);
  });

  for (const [key, run] of cases) {
    it(key, async () => {
      const [method, path] = key.split(' ');
      const op = doc.paths[path]?.[method.toLowerCase()];
      expect(op, `${key} is not documented`).toBeDefined();
      const answers = [await run()].flat();
      for (const a of answers) checkAnswer(key, op, a);
      // Valid input gets a success, except where the case says otherwise (the local checkout refuses webhooks).
      const expected = key === 'POST /api/subs/webhook' ? 400 : 200;
      expect(
        answers.map((a) => a.status),
        `${key}: ${answers.map((a) => a.body.slice(0, 200)).join(' | ')}`,
      ).toEqual(answers.map(() => expected));
    });
  }
});
