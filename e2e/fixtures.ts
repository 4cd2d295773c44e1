import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { isTradingDay } from '../packages/shared/src/dates';

export const ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password' };
export const PRO = { email: 'pro@roundup.local', password: 'pro-demo-pass' };
export const STARTER = { email: 'starter@roundup.local', password: 'starter-demo-pass' };

let seq = 0;
/** A unique username/email pair for a journey. */
export function newIdentity(prefix = 'e2e') {
  seq += 1;
  const id = `${prefix}${Date.now().toString(36)}${seq}${Math.floor(Math.random() * 1e4)}`;
  return { username: id, email: `${id}@example.com`, password: 'e2e long passphrase' };
}

/** Signs in through the API and returns the bearer token. */
export async function apiLogin(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token;
}

/** A new member with the Pro role (given by the admin) and their bearer header. */
export async function newPro(request: APIRequestContext, prefix: string) {
  const reg = await request.post('/api/auth/register', { data: { ...newIdentity(prefix), consent: true } });
  const { token, user } = (await reg.json()).data as { token: string; user: { _id: string } };
  const adminToken = await apiLogin(request, ADMIN);
  await request.post('/api/users/admin-edit', {
    data: { id: user._id, role: 'Pro' },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  return { token, user, auth: { authorization: `Bearer ${token}` } };
}

/** Brokers that take round-up buys: "Apply to" leaves the others out by default. */
export async function roundUpBrokers(request: APIRequestContext) {
  return (
    (await (await request.get('/api/brokers')).json()).data.brokers as { _id: string; roundUpStatus: string | null }[]
  ).filter((b) => b.roundUpStatus !== 'blocks' && b.roundUpStatus !== 'does_not_honour');
}

/** A new Pro member with accounts of these nicknames at a round-up broker, and each account's id by nickname. */
export async function proWithAccounts(request: APIRequestContext, prefix: string, nicknames: string[]) {
  const { token, auth } = await newPro(request, prefix);
  const brokers = await roundUpBrokers(request);
  for (const nickname of nicknames) {
    const res = await request.post('/api/accounts/add', {
      data: { newAccount: { brokerId: brokers[0]._id, type: 'Individual Cash', nickname } },
      headers: auth,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const accounts = (await (await request.get('/api/accounts/mine', { headers: auth })).json()).data.accounts as {
    _id: string;
    nickname: string;
  }[];
  return { token, auth, idOf: (nickname: string) => accounts.find((a) => a.nickname === nickname)!._id };
}

/** Puts a session into the page's localStorage (as the app does after sign-in). */
export async function signInAs(page: Page, request: APIRequestContext, who: { email: string; password: string }) {
  const token = await apiLogin(request, who);
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('roundup.token', t), token);
  return token;
}

/** The newest message the local adapters sent to `recipient`, read through the admin outbox API. */
export async function lastOutboxMessage(request: APIRequestContext, recipient: string, channel = 'email') {
  const token = await apiLogin(request, ADMIN);
  const res = await request.get(`/api/outbox?recipient=${encodeURIComponent(recipient)}&channel=${channel}&limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const [msg] = (await res.json()).data.messages;
  return msg as { subject: string; body: string; recipient: string } | undefined;
}

/** Fails the test on any console error or uncaught page error. */
export function failOnConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    // Chromium logs every 4xx response as "Failed to load resource"; expected refusals are not app errors.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return () => expect(errors, errors.join('\n')).toEqual([]);
}

/**
 * Journeys that only the full run takes (`npm run test:full`, which CI runs): the per-page sweeps past their
 * first pages and the journeys whose rules the integration tests already hold. Every `npm test` runs the rest
 * (README, "Tests"; decision 028).
 */
export const FULL = { tag: '@full' };
/** `FULL` for every item of a sweep but the ones named in `keep`, which every run checks. */
export const fullUnless = (keep: boolean) => (keep ? {} : FULL);

/**
 * Today in New York, or the next session after it on a weekend or an exchange holiday: an Upcoming split's
 * dates must be sessions (the publication gate), so a journey run on Christmas Eve must not pick Christmas.
 */
export function nySessionDay(): string {
  return nyWeekday(1);
}

/** Today in New York, or the last session before it: a day whose outcomes may already be recorded. */
export function nyLastSessionDay(): string {
  return nyWeekday(-1);
}

/** A session `days` or more after today in New York (YYYY-MM-DD). */
export function weekdayAhead(days: number): string {
  return nyWeekday(1, days);
}

/** Today in New York plus `days`, stepped a day at a time in `direction` until it is a session. */
function nyWeekday(direction: 1 | -1, days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  let t = Date.parse(`${today}T12:00:00Z`) + days * 86_400_000;
  while (!isTradingDay(new Date(t).toISOString().slice(0, 10))) t += direction * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Selects a day on the calendar (the next month's when it is not on this one) so its agenda shows. */
export async function openCalendarDay(page: Page, date: string) {
  const cell = page.locator(`button[data-date="${date}"]`);
  // Once the month is drawn: asked before, a day of this month is not visible yet and the month moves on.
  await page.locator('button[data-date]').first().waitFor();
  if (!(await cell.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await cell.click();
}

/** One new account at `brokerId` for the member of `token`, with `outcome` on the split, bought on the last session day. */
export async function recordOutcome(
  request: APIRequestContext,
  token: string,
  brokerId: string,
  splitId: string,
  outcome: string,
) {
  const headers = { authorization: `Bearer ${token}` };
  const nickname = `Outcome ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const acc = await request.post('/api/accounts/add', {
    headers,
    data: { newAccount: { brokerId, type: 'Individual Cash', nickname } },
  });
  expect(acc.status(), await acc.text()).toBe(200);
  const accountId = ((await acc.json()).data.accounts as { _id: string; nickname: string }[]).find(
    (a) => a.nickname === nickname,
  )!._id;
  const today = nyLastSessionDay();
  const res = await request.post('/api/trades/bulk', {
    headers,
    data: {
      splitId,
      accountIds: [accountId],
      buy_date: today,
      buy_price: 1.5,
      outcome,
      ...(outcome === 'pending' ? {} : { outcome_date: today }),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * An Upcoming 20:1 round-up whose buy and effective dates are the last session day (so outcomes can be
 * recorded on it), added by the admin of `adminToken`; answers its id.
 */
export async function addSplitOfLastSession(request: APIRequestContext, adminToken: string, name: string, ticker: string) {
  const day = nyLastSessionDay();
  const added = await request.post('/api/rs/add', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      newTicker: { name, ticker, effDate: day, buyDate: day, ratio: 20, price: 1.5, status: 'Upcoming', rsType: 'Round Up' },
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  return (await added.json()).data.split._id as string;
}

/**
 * The table's first split with a pencil: its ticker, and a locator of that split's pencil (not of "the
 * first pencil", which a live split update from another journey can make another split's).
 */
export async function firstPencil(page: Page) {
  const first = page.locator('[data-testid^="record-trades-"]').first();
  await expect(first).toBeVisible();
  const ticker = (await first.getAttribute('data-testid'))!.replace('record-trades-', '');
  return { ticker, pencil: page.getByTestId(`record-trades-${ticker}`) };
}
