import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, failOnConsoleErrors, FULL, nySessionDay, openCalendarDay, PRO, signInAs, STARTER } from './fixtures';

/**
 * Exchange confirmation in the browser: Nasdaq's daily list (served here, on the port e2e/serve.mjs points
 * NASDAQ_DAILY_LIST_URL at) lists a split at another ratio than the filing; after a poll a Pro member
 * sees the conflict sentence on the day's agenda, a Starter sees the row masked with nothing of it,
 * and an admin resolves it on the split's screen. Screenshots at 375 and 1280 px for review.
 */
const LIST_PORT = Number(process.env.E2E_PORT ?? 3100) + 1000;
const nyToday = nySessionDay;
const plusDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

let list = '';
let server: Server;
test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/dynamic/dailylist/')) res.writeHead(200, { 'content-type': 'text/plain' }).end(list);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(LIST_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test(
  'a Pro member sees the exchange disagree with the filing; a Starter sees nothing of it; an admin resolves it',
  FULL,
  async ({ page, request, browser }) => {
    const today = nyToday();
    const effDate = plusDays(today, 3);
    const ticker = `CF${Date.now().toString(36).slice(-4).toUpperCase()}`;
    const admin = await apiLogin(request, ADMIN);
    const added = await request.post('/api/rs/add', {
      headers: { authorization: `Bearer ${admin}` },
      data: {
        newTicker: {
          name: 'Confirm Test Corp',
          ticker,
          effDate,
          buyDate: today,
          ratio: 40,
          price: 1.5,
          status: 'Upcoming',
          rsType: 'Round Up',
        },
      },
    });
    expect(added.status()).toBe(200);
    const splitId = (await added.json()).data.split._id as string;
    list = [
      'Daily List Date|Event Type|Effective Date|Old Symbol|New Symbol|Old CUSIP|New CUSIP|Issue Name|Split Ratio|Market Category',
      `${us(today)}|Reverse Split|${us(effDate)}|${ticker}|${ticker}|00000A108|00000A207|Confirm Test Corp Common Stock|1-for-30|S`,
      'File Creation Time: 0101202600:00|||||||||',
    ].join('\r\n');
    const polled = await request.post('/api/admin/confirmations/poll', { headers: { authorization: `Bearer ${admin}` } });
    expect((await polled.json()).data).toMatchObject({ enabled: true, matched: 1, errors: [] });

    const errors = failOnConsoleErrors(page);
    await signInAs(page, request, PRO);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/reverse-splits');
      await openCalendarDay(page, today);
      const entry = page.getByTestId('agenda-item').filter({ hasText: ticker });
      await expect(entry.getByText('Sources disagree')).toBeVisible();
      await expect(entry.getByTestId('confirmation-conflict')).toContainText('Nasdaq lists 1-for-30 on');
      await expect(entry.getByTestId('confirmation-conflict')).toContainText('the filing said 1-for-40');
      await entry.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/confirmation-agenda-${width}.png`, fullPage: false });
    }
    errors();

    const starter = await browser.newPage();
    await signInAs(starter, request, STARTER);
    await starter.goto('/reverse-splits');
    await openCalendarDay(starter, today);
    await expect(starter.getByTestId('agenda-item').first()).toBeVisible();
    await expect(starter.getByTestId('confirmation')).toHaveCount(0);
    await expect(starter.getByText(ticker)).toHaveCount(0);
    await starter.close();

    const adminPage = await browser.newPage();
    await signInAs(adminPage, request, ADMIN);
    await adminPage.goto(`/admin/reverse-splits/view/${splitId}`);
    const panel = adminPage.getByTestId('confirmation-panel');
    await expect(panel.getByText('Sources disagree')).toBeVisible();
    await panel.getByLabel(/Keep the split/).fill('The 8-K says 1-for-40; Nasdaq was told');
    await panel.getByRole('button', { name: 'Resolve conflict' }).click();
    await expect(panel.getByText('Not yet confirmed')).toBeVisible();
    await expect(panel.getByRole('list', { name: 'Confirmation history' })).toContainText('resolved · Nasdaq 1-for-30');
    await adminPage.screenshot({ path: 'test-results/confirmation-admin-1280.png', fullPage: true });
    await adminPage.close();
  },
);
