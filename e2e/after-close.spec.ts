import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLogin, failOnConsoleErrors, newIdentity } from './fixtures';

/**
 * The live deadline in the browser (decision 038): on the day after Thanksgiving 2026 the market closes
 * at 1:00 pm ET. At 12:18 pm the To do names the close and counts down; at 10:25 pm the Buy line is
 * "Missed", the agenda and Record Trades say "Closed 1:00 pm ET: too late to buy", and the account at a
 * broker to avoid is left out and counted. The browser's clock is set; the server's is not needed.
 */
// Playwright's fake clock swaps the page's Date before @date-fns/tz loads, so a TZDate is built as a plain
// Date and formats in the browser's own zone: the browser runs in New York, where both agree.
test.use({ timezoneId: 'America/New_York' });

const BEFORE = new Date('2026-11-27T17:18:00Z'); // 12:18 pm ET
const AFTER = new Date('2026-11-28T03:25:00Z'); // 10:25 pm ET

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: false });
  }
}

test('the To do before and after the close, at 1280 and 375 px', async ({ page, request }) => {
  const checkConsole = failOnConsoleErrors(page);
  const me = newIdentity('close');
  const { token, user } = (await (await request.post('/api/auth/register', { data: { ...me, consent: true } })).json()).data;
  const auth = { authorization: `Bearer ${token}` };
  const admin = { authorization: `Bearer ${await apiLogin(request, ADMIN)}` };
  await request.post('/api/users/admin-edit', { data: { id: user._id, role: 'Pro' }, headers: admin });
  const brokers = (await (await request.get('/api/brokers')).json()).data.brokers as {
    _id: string;
    roundUpStatus: string | null;
  }[];
  const avoid = (b: { roundUpStatus: string | null }) => b.roundUpStatus === 'blocks' || b.roundUpStatus === 'does_not_honour';
  const good = brokers.find((b) => !avoid(b))!;
  const bad = brokers.find(avoid)!;
  for (const [brokerId, nickname] of [
    [good._id, 'Main'],
    [good._id, 'Roth'],
    [good._id, 'Joint'],
    [bad._id, 'Blocked'],
  ]) {
    const res = await request.post('/api/accounts/add', {
      data: { newAccount: { brokerId, type: 'Individual Cash', nickname } },
      headers: auth,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const ticker = `CL${Date.now().toString(36).slice(-4).toUpperCase()}`;
  const added = await request.post('/api/rs/add', {
    headers: admin,
    data: {
      newTicker: {
        name: 'Closing Bell Corp',
        ticker,
        buyDate: '2026-11-27',
        effDate: '2026-11-30',
        ratio: 40,
        price: 0.4,
        status: 'Upcoming',
        rsType: 'Round Up',
        exchange: 'Nasdaq',
        caution: false,
      },
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const splitId = added.ok() ? (await added.json()).data.split._id : '';
  const accounts = (await (await request.get('/api/accounts/mine', { headers: auth })).json()).data.accounts as {
    _id: string;
    nickname: string;
  }[];
  const main = accounts.find((a) => a.nickname === 'Main')!._id;
  const bought = await request.post('/api/trades/bulk', { data: { splitId, accountIds: [main], buy_price: 0.4 }, headers: auth });
  expect(bought.status(), await bought.text()).toBe(200);

  await page.clock.setFixedTime(BEFORE);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('roundup.token', t), token);
  await page.goto('/reverse-splits');
  const buy = page.getByTestId('todo').locator('li', { hasText: ticker });
  await expect(buy).toHaveAttribute('data-kind', 'buy');
  await expect(buy).toContainText(
    `${ticker} by 1:00 pm ET today · Closes in 42 min: 2 of 3 accounts left (1 account at brokers to avoid left out)`,
  );
  await expect(page.getByTestId('agenda-item').filter({ hasText: ticker }).getByTestId('deadline')).toContainText(
    'Closes in 42 min',
  );
  await shoot(page, 'after-close-before');

  await page.clock.setFixedTime(AFTER);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  const missed = page.getByTestId('todo').locator('li', { hasText: ticker });
  await expect(missed).toHaveAttribute('data-kind', 'missed');
  await expect(missed.locator('.badge')).toHaveText('Missed');
  await expect(missed).toContainText(
    `${ticker}: Closed 1:00 pm ET: too late to buy. No buy in 2 of 3 accounts (1 account at brokers to avoid left out)`,
  );
  await expect(page.getByTestId('agenda-item').filter({ hasText: ticker }).getByTestId('deadline')).toHaveText(
    'Closed 1:00 pm ET: too late to buy',
  );
  await shoot(page, 'after-close-todo');

  await page.setViewportSize({ width: 375, height: 812 });
  await missed.getByRole('button', { name: `Record trades for ${ticker}` }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('live-deadline')).toHaveText('Closed 1:00 pm ET: too late to buy');
  await page.screenshot({ path: 'test-results/after-close-record-375.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/after-close-record-1280.png' });
  checkConsole();
});
