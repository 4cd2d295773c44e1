/**
 * The signed-in screens bench/signed-in measures, what "usable" means on each, and the member data they show:
 * a Pro member with 30 accounts at 3 brokers (members hold 10–60) and a closed trade in each on the seeded
 * complete splits, so analytics, accounts and import draw real lists; the admin signs in to the admin screen.
 */
import type { serveWeb } from './web-app.mts';

export const PRO = { email: 'pro@roundup.local', password: 'pro-demo-pass' };
export const ADMIN = { email: 'admin@roundup.local', password: 'bench-admin-pass' };

export interface Screen {
  name: string;
  path: string;
  who: 'pro' | 'admin';
  /** The GET whose answer the screen shows: when it was asked tells whether data waited for code. */
  data: string;
}

export const SCREENS: Screen[] = [
  { name: '/reverse-splits', path: '/reverse-splits', who: 'pro', data: '/api/rs' },
  { name: 'analytics', path: '/settings/analytics', who: 'pro', data: '/api/analytics/mine' },
  { name: 'accounts', path: '/settings/accounts', who: 'pro', data: '/api/accounts/mine' },
  { name: '/settings/import', path: '/settings/import', who: 'pro', data: '/api/accounts/mine' },
  { name: '/admin/reverse-splits', path: '/admin/reverse-splits', who: 'admin', data: '/api/rs' },
];

/**
 * Runs in the page: the time (ms since navigation) at which the screen can be used, or false. Usable means
 * drawn with its data and the first control a member reaches for enabled. Plain JavaScript in a string, as the
 * page runs it (tsx would add helpers to a compiled function that the page does not have).
 */
export const usableNow = (path: string) => `(() => {
  const q = (s) => document.querySelector(s);
  const enabled = (s) => Boolean(q(s) && !q(s).disabled);
  const ready = {
    '/reverse-splits': () => q('[data-testid="cal-month"]') && enabled('[data-testid^="record-trades-"]'),
    '/settings/analytics': () => q('.ru-stat-value'),
    '/settings/accounts': () => q('[data-testid="account-row-0"]') && enabled('[aria-label^="Edit "]'),
    '/settings/import': () =>
      document.querySelectorAll('#import-account option').length > 1 &&
      enabled('form[aria-label="Import a statement"] [type="submit"]'),
    '/admin/reverse-splits': () => q('[data-testid="admin-split-row"]'),
  }[${JSON.stringify(path)}];
  return ready() ? performance.now() : false;
})()`;

/** What the watcher below writes to the console once the screen is usable, before the time. */
export const USABLE_MESSAGE = 'roundup-usable ';

/**
 * A script for the page's context (addInitScript) that checks `usableNow` on every animation frame from the
 * document's start and logs the time once it holds. The page does the waiting itself: Playwright's
 * waitForFunction first injects its own script (hundreds of KB) into the page and evaluates it on the main
 * thread while the screen loads, which on the phone profile cost the screen about half a second it would never
 * spend on a member's phone. A console message reaches the bench without any script in the page.
 */
export const usableWatcher = (path: string) => `(() => {
  if (window.top !== window) return;
  const tick = () => {
    const at = ${usableNow(path)};
    if (at === false) requestAnimationFrame(tick);
    else console.debug(${JSON.stringify(USABLE_MESSAGE)} + at);
  };
  requestAnimationFrame(tick);
})()`;

type Served = Awaited<ReturnType<typeof serveWeb>>;

/** 30 accounts for the Pro member and a closed trade in each on every seeded complete split. */
export async function seedMemberData(served: Served) {
  const db = served.database;
  const { rows } = await db.query<{ id: string }>(`select id::text as id from users where email = $1`, [PRO.email]);
  const userId = rows[0].id;
  await db.query(
    `insert into accounts (user_id, broker_id, broker, type, nickname, position)
     select $1, b.id, b.name, 'Individual Cash', b.name || ' ' || (g / 3 + 1), g
     from generate_series(0, 29) g
     join (select id, name, row_number() over (order by name) - 1 as n from brokers order by name limit 3) b on b.n = g % 3`,
    [userId],
  );
  await db.query(
    `insert into trades (user_id, split_id, account_id, ticker, buy_date, buy_price, sell_date, sell_price, outcome)
     select $1, s.id, a.id, s.ticker, s.buy_date, 1.25, s.eff_date + 2, 3.10, 'share_received'
     from reverse_splits s cross join accounts a
     where a.user_id = $1 and s.status = 'Complete'`,
    [userId],
  );
}

export async function signIn(base: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  const body = (await res.json()) as { data: { token: string } | null; errors: { msg: string }[] };
  if (!body.data) throw new Error(`sign-in of ${who.email}: ${JSON.stringify(body.errors)}`);
  return body.data.token;
}
