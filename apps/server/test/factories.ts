/**
 * Test factories: the one way integration tests make members, brokers, splits, accounts and trades.
 * API factories go through HTTP as a user would (validation, ownership and triggers included);
 * `insert*` factories write rows directly, for states the API cannot reach (a past split, a disabled
 * broker) or for speed. Each fills in valid, unique defaults that a test overrides as it needs.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { addDays, isTradingDay, todayInMarket } from '@roundup/shared';
import type { Database } from '../src/db/client';
import { call, registerUser, setRole } from './helpers';

type Role = 'User' | 'Member' | 'Pro' | 'Admin';
export type Member = Awaited<ReturnType<typeof registerUser>> & { id: string };

const unique = () => randomBytes(3).toString('hex').toUpperCase();

/** Registers a member with a role (Starter `User` by default), optionally with a verified email. */
export async function member(app: FastifyInstance, role: Role = 'User', over: { verified?: boolean } = {}): Promise<Member> {
  const m = await registerUser(app, over);
  if (role !== 'User') await setRole(app.ctx.database, m.user._id, role);
  return { ...m, id: m.user._id as string };
}

/** Today in New York when the market trades, else the next trading day: an Upcoming split's dates must be sessions. */
export function sessionToday(): string {
  let d = todayInMarket();
  while (!isTradingDay(d)) d = addDays(d, 1);
  return d;
}

/** The `n`-th trading day after `date` (0: `date` itself when it is one, else the next). */
export function tradingDayAfter(date: string, n: number): string {
  let d = date;
  while (!isTradingDay(d)) d = addDays(d, 1);
  for (let i = 0; i < n; i++) {
    d = addDays(d, 1);
    while (!isTradingDay(d)) d = addDays(d, 1);
  }
  return d;
}

/**
 * A valid `/api/rs/add` split (`newTicker`): an upcoming Round Up split buying today (the next trading
 * day on a weekend or holiday: the publication gate takes sessions only), with a unique ticker.
 */
export function splitFields(over: Record<string, unknown> = {}) {
  const today = sessionToday();
  return {
    name: 'Acme Corp',
    ticker: `T${unique()}`,
    effDate: today,
    buyDate: today,
    ratio: 10,
    price: 1.5,
    estProfit: '',
    avgProfit: 0,
    status: 'Upcoming',
    rsType: 'Round Up',
    source: '',
    notes: '',
    caution: false,
    ...over,
  };
}

/** Adds a split through the admin API and returns it (fails the test on any other answer than 200). */
export async function addSplit(app: FastifyInstance, adminToken: string, over: Record<string, unknown> = {}) {
  const res = await call(app, 'POST', '/api/rs/add', { token: adminToken, body: { newTicker: splitFields(over) } });
  if (res.status !== 200) throw new Error(`add split failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.split as { _id: string; ticker: string; ratio: number; price: number; estProfit: number } & Record<
    string,
    unknown
  >;
}

/** Inserts a split row directly and returns its id (a Complete split effective today by default). */
export async function insertSplit(
  database: Database,
  over: Partial<{ name: string; ticker: string; buyDate: string; effDate: string; ratio: number; status: string }> = {},
): Promise<string> {
  const ticker = over.ticker ?? `T${unique()}`;
  const effDate = over.effDate ?? todayInMarket();
  const { rows } = await database.query<{ id: string }>(
    `insert into reverse_splits (name, ticker, eff_date, buy_date, ratio, status)
     values ($1, $2, $3, $4, $5, $6) returning id::text as id`,
    [over.name ?? `${ticker} Corp`, ticker, effDate, over.buyDate ?? effDate, over.ratio ?? 10, over.status ?? 'Complete'],
  );
  return rows[0].id;
}

/** Inserts a broker row directly and returns its id. */
export async function insertBroker(
  database: Database,
  over: Partial<{ name: string; shareReturnTime: number; disabled: boolean }> = {},
): Promise<string> {
  const { rows } = await database.query<{ id: string }>(
    `insert into brokers (name, share_return_time, disabled) values ($1, $2, $3) returning id::text as id`,
    [over.name ?? `Broker ${unique()}`, over.shareReturnTime ?? 1, over.disabled ?? false],
  );
  return rows[0].id;
}

/** Adds a brokerage account through the API for the member and returns its id. */
export async function addAccount(
  app: FastifyInstance,
  token: string,
  over: { brokerId: string; nickname?: string; type?: string },
): Promise<string> {
  const nickname = over.nickname ?? `Account ${unique()}`;
  const res = await call(app, 'POST', '/api/accounts/add', {
    token,
    body: { newAccount: { brokerId: over.brokerId, type: over.type ?? 'Individual Cash', nickname } },
  });
  if (res.status !== 200) throw new Error(`add account failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.data.accounts as { _id: string; nickname: string }[]).find((a) => a.nickname === nickname)!._id;
}

/** Records a trade through the API (`/api/trades/add`); answers the raw response so tests can check refusals. */
export function addTrade(app: FastifyInstance, token: string, newTrade: Record<string, unknown>) {
  return call(app, 'POST', '/api/trades/add', { token, body: { newTrade } });
}

/** Edits a trade through the API (`/api/trades/edit`). */
export function editTrade(app: FastifyInstance, token: string, newTrade: Record<string, unknown>) {
  return call(app, 'POST', '/api/trades/edit', { token, body: { newTrade } });
}

/**
 * A paid membership, bought as the browser does on the local test checkout: start the checkout
 * (`pro` monthly or `lifetime`), pay it, confirm the session. Answers the session id, the member as
 * the API returns them and the URL the checkout sent the browser back to.
 */
export async function buyMembership(app: FastifyInstance, token: string, level: 'pro' | 'lifetime' = 'pro') {
  const start = await call(app, 'POST', level === 'pro' ? '/api/subs/session' : '/api/subs/lifetime', { token, body: {} });
  if (start.status !== 200) throw new Error(`checkout failed: ${start.status} ${JSON.stringify(start.body)}`);
  const id = start.body.data.session.id as string;
  const pay = await call(app, 'POST', `/api/subs/test-checkout/${id}/pay`, { token });
  if (pay.status !== 200) throw new Error(`payment failed: ${pay.status} ${JSON.stringify(pay.body)}`);
  const ok = await call(app, 'POST', '/api/subs/register-success', { token, body: { sessionId: id } });
  if (ok.status !== 200) throw new Error(`register-success failed: ${ok.status} ${JSON.stringify(ok.body)}`);
  return { id, user: ok.body.data.user, returnUrl: pay.body.data.url as string };
}
