import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, failOnConsoleErrors, FULL, nySessionDay, openCalendarDay, PRO, signInAs, STARTER } from './fixtures';

/**
 * The symbol to sell after the split, in the browser: Nasdaq's daily list (served here, on the port
 * e2e/serve.mjs points NASDAQ_DAILY_LIST_URL at) gives the split's shares a new symbol and CUSIP; after a
 * poll a Pro member reads "sell as NEW (was OLD)" on the day's agenda and in the split's note, at 1280 and
 * 375 px, and the brokers page says which brokers hand back the fraction; a Starter reads nothing of it.
 * Screenshots under test-results/ for review.
 */
const LIST_PORT = Number(process.env.E2E_PORT ?? 3100) + 1000;
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

test('a Pro member is told the new symbol to sell; a Starter is told nothing of it', FULL, async ({ page, request, browser }) => {
  const day = nySessionDay();
  const stamp = Date.now().toString(36).slice(-4).toUpperCase();
  const [oldTicker, newTicker] = [`SO${stamp}`, `SN${stamp}`];
  const admin = await apiLogin(request, ADMIN);
  const added = await request.post('/api/rs/add', {
    headers: { authorization: `Bearer ${admin}` },
    data: {
      newTicker: {
        name: 'Sell As Corp',
        ticker: oldTicker,
        effDate: day,
        buyDate: day,
        ratio: 20,
        price: 1.5,
        status: 'Upcoming',
        rsType: 'Round Up',
        notes: 'The exchange gives the shares a new symbol.',
      },
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  list = [
    'Daily List Date|Event Type|Effective Date|Old Symbol|New Symbol|Old CUSIP|New CUSIP|Issue Name|Split Ratio|Market Category',
    `${us(day)}|Reverse Split|${us(day)}|${oldTicker}|${newTicker}|00000B108|00000B207|Sell As Corp Common Stock|1-for-20|S`,
    'File Creation Time: 0101202600:00|||||||||',
  ].join('\r\n');
  const polled = await request.post('/api/admin/confirmations/poll', { headers: { authorization: `Bearer ${admin}` } });
  expect((await polled.json()).data).toMatchObject({ enabled: true, matched: 1, errors: [] });

  // "Sell as" from the effective date, "After the split: sell as" before it (a weekend runs on Monday's split).
  const sellAs = new RegExp(`sell as ${newTicker} \\(was ${oldTicker}\\)`, 'i');
  const errors = failOnConsoleErrors(page);
  await signInAs(page, request, PRO);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/reverse-splits');
    await openCalendarDay(page, day);
    const entry = page.getByTestId('agenda-item').filter({ hasText: oldTicker });
    await expect(entry.getByTestId('sell-as')).toHaveText(sellAs);
    await expect(entry.getByTestId('sell-as')).toContainText('CUSIP 00000B207');
    await entry.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/sell-as-agenda-${width}.png`, fullPage: false });
    await entry.getByRole('button', { name: `Note for ${oldTicker}` }).click();
    const note = page.getByRole('dialog');
    await expect(note.getByTestId('sell-as')).toHaveText(sellAs);
    await page.screenshot({ path: `test-results/sell-as-note-${width}.png`, fullPage: false });
    await note.getByRole('button', { name: 'Close' }).first().click();
    await expect(note).toHaveCount(0);

    // The broker rules behind a fraction: Public hands it back (the seed says so).
    await page.goto('/brokers');
    const publicCard = page.locator('#broker-public');
    await expect(publicCard.getByTestId('broker-returns-fraction')).toHaveText(
      'Hands back the fraction of a share instead of cash',
    );
    await publicCard.getByTestId('broker-returns-fraction').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/sell-as-broker-${width}.png`, fullPage: false });
  }
  errors();

  const starter = await browser.newPage();
  await signInAs(starter, request, STARTER);
  await starter.goto('/reverse-splits');
  await openCalendarDay(starter, day);
  await expect(starter.getByTestId('agenda-item').first()).toBeVisible();
  await expect(starter.getByTestId('sell-as')).toHaveCount(0);
  await expect(starter.getByText(newTicker)).toHaveCount(0);
  await starter.close();
});
