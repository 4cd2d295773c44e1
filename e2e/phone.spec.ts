import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLogin, FULL, newIdentity, PRO, signInAs } from './fixtures';

/** At 375 px nothing scrolls sideways, on any page, for a visitor, a Pro member or an admin. */
test.use({ viewport: { width: 375, height: 800 } });

async function noOverflow(page: Page, paths: string[]) {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (over > 0) wide.push(`${path}: ${over} px too wide`);
    // Nor does any table inside it: at 375 px tables are cards, not boxes to scroll sideways.
    const tables = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.table-responsive')]
        .filter((el) => el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${el.querySelector('th')?.textContent ?? 'table'}: ${el.scrollWidth - el.clientWidth} px`),
    );
    for (const t of tables) wide.push(`${path}: table scrolls sideways (${t})`);
  }
  expect(wide).toEqual([]);
}

test('public pages fit a phone', async ({ page }) => {
  await noOverflow(page, ['/', '/learn', '/services', '/faq', '/policies', '/privacy-policy', '/login', '/register']);
});

test(
  'a Pro member’s pages fit a phone; split cards keep the profit and the record button in view',
  FULL,
  async ({ page, request }) => {
    await signInAs(page, request, PRO);
    await noOverflow(page, [
      '/reverse-splits',
      '/brokers',
      '/quickstart',
      '/settings',
      '/settings/accounts',
      '/settings/analytics',
      '/settings/affiliate',
      '/settings/subscription',
      '/settings/tokens',
    ]);
    await page.goto('/reverse-splits');
    await page.locator('label[for="rs-view-table"]').click();
    const row = page.getByTestId('upcoming-row').first();
    await expect(row).toBeVisible();
    for (const cell of [row.locator('td[data-label="Estimated profit"]'), row.locator('[data-testid^="record-trades-"]')]) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
  },
);

test('admin pages fit a phone; split cards keep the profit and the actions in view', FULL, async ({ page, request }) => {
  await signInAs(page, request, ADMIN);
  await noOverflow(page, [
    '/admin/users',
    '/admin/reverse-splits',
    '/admin/discoveries',
    '/admin/brokers',
    '/admin/faqs',
    '/admin/feedback',
    '/admin/comms',
    '/admin/audit',
  ]);
  await page.goto('/admin/reverse-splits');
  const row = page.getByTestId('admin-split-row').first();
  for (const cell of [row.locator('td[data-label="Est. / Avg. profit"]'), row.getByRole('link', { name: /^View/ })]) {
    await expect(cell).toBeVisible();
    const box = (await cell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
});

test('a traded split’s company name keeps the agenda’s width; its progress line sits under it', async ({ page, request }) => {
  // A fresh Pro member with one account, who has bought the seeded UAVS split (buy date 2024-10-14).
  const me = newIdentity('agenda');
  const reg = await request.post('/api/auth/register', { data: { ...me, consent: true } });
  expect(reg.status(), await reg.text()).toBe(200);
  const { token, user } = (await reg.json()).data;
  const auth = { authorization: `Bearer ${token}` };
  const adminToken = await apiLogin(request, ADMIN);
  await request.post('/api/users/admin-edit', {
    data: { id: user._id, role: 'Pro' },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const [broker] = (await (await request.get('/api/brokers')).json()).data.brokers as { _id: string }[];
  const added = await request.post('/api/accounts/add', {
    data: { newAccount: { brokerId: broker._id, type: 'Individual Cash', nickname: 'Phone' } },
    headers: auth,
  });
  expect(added.status(), await added.text()).toBe(200);
  const [account] = (await added.json()).data.accounts as { _id: string }[];
  const splits = (await (await request.get('/api/rs', { headers: auth })).json()).data.splits as {
    _id: string;
    ticker: string;
  }[];
  const split = splits.find((s) => s.ticker === 'UAVS')!;
  const trade = await request.post('/api/trades/add', {
    data: { accountId: account._id, splitId: split._id, buy_date: '2024-10-14', buy_price: '1.25' },
    headers: auth,
  });
  expect(trade.status(), await trade.text()).toBe(200);

  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('roundup.token', t), token);
  await page.goto('/reverse-splits');
  await page.getByPlaceholder('MM/YYYY').fill('10/24');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await page.locator('button[data-date="2024-10-14"]').click();
  const item = page.getByTestId('agenda-item').filter({ hasText: 'AgEagle Aerial Systems Inc.' });
  const progress = item.getByTestId(`progress-${split._id}`);
  await expect(progress).toHaveText('1/1 bought · 0/1 received · 0/1 sold');

  const name = item.locator('.fw-semibold').first();
  const m = await name.evaluate((el) => {
    const item = el.closest('li')!;
    const line = parseFloat(getComputedStyle(el).lineHeight);
    const pad = parseFloat(getComputedStyle(item).paddingLeft) + parseFloat(getComputedStyle(item).paddingRight);
    return {
      width: el.getBoundingClientRect().width,
      room: item.clientWidth - pad,
      lines: Math.round(el.getBoundingClientRect().height / line),
    };
  });
  // The name has most of the row (before: about 60 px, "AgE/agl/e…"), and reads on one or two lines.
  expect(m.width, JSON.stringify(m)).toBeGreaterThanOrEqual(m.room * 0.6);
  expect(m.lines, JSON.stringify(m)).toBeLessThanOrEqual(2);
  // The progress line is under the name, inside the row.
  const nameBox = (await name.boundingBox())!;
  const progressBox = (await progress.boundingBox())!;
  expect(progressBox.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height - 1);
  expect(progressBox.x + progressBox.width).toBeLessThanOrEqual(375);
});

test('the member menu opens in full inside the phone menu, and its items work', async ({ page, request }) => {
  await signInAs(page, request, PRO);
  await page.goto('/settings');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Toggle navigation' }).click();
  await nav.locator('#ru-user-menu').click();
  const logout = nav.getByRole('button', { name: 'Logout' });
  await expect(logout).toBeVisible();
  // Every item lies inside the viewport and is not cut off by the scrolling sheet it sits in.
  for (const name of ['Profile', 'Accounts', 'Analytics', 'Affiliate', 'Subscription']) {
    const box = (await nav.getByRole('link', { name, exact: true }).boundingBox())!;
    expect(box.height, name).toBeGreaterThan(20);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  const hit = await logout.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el;
  });
  expect(hit, 'Logout is the element under its own centre').toBe(true);
  await nav.getByRole('link', { name: 'Accounts', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/accounts$/);
});
