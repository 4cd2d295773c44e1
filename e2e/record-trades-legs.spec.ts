import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, proWithAccounts, firstPencil } from './fixtures';

/** The dance as a preset, and "Apply to" leaves values set by hand alone. */
test('Record Trades: the dance in the empty accounts only, at 1280 and 375 px', async ({ page, request }) => {
  const checkConsole = failOnConsoleErrors(page);
  const { token, auth, idOf } = await proWithAccounts(request, 'legs', ['Dance 1', 'By hand', 'Dance 2']);
  const byHand = idOf('By hand');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('roundup.token', t), token);
  await page.goto('/reverse-splits');
  await page.locator('label[for="rs-view-table"]').click();
  const { ticker, pencil } = await firstPencil(page);
  const split = (
    (await (await request.get('/api/rs', { headers: auth })).json()).data.splits as { _id: string; ticker: string }[]
  ).find((s) => s.ticker === ticker)!;
  // One account's cash in lieu was recorded by hand.
  const set = await request.post('/api/trades/bulk', {
    data: { splitId: split._id, accountIds: [byHand], buy_price: 1, outcome: 'cash_in_lieu', cash_in_lieu_amount: 0.4 },
    headers: auth,
  });
  expect(set.status(), await set.text()).toBe(200);

  await pencil.click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText(`Record Trades · ${ticker}`)).toBeVisible();
  await modal.getByRole('button', { name: 'The dance: buy 100, sell 99' }).click();
  await modal.getByLabel('Buy price').first().fill('0.5');
  await modal.getByLabel('Sell price').first().fill('0.48');
  await modal.getByRole('button', { name: 'Apply to 3 accounts' }).click();
  await expect(
    modal.getByRole('status').filter({ hasText: 'Saved in 2 accounts. 1 account that already had a value kept it.' }),
  ).toBeVisible();
  await expect(modal.getByTestId('trade-legs-note').first()).toHaveText(/Buy 100 · sold 99 at 0.48/);
  await page.screenshot({ path: 'screenshots/record-trades-legs-1280.png' });

  const trades = (await (await request.get(`/api/trades/split/${split._id}`, { headers: auth })).json()).data.trades as {
    accountId: string;
    legs: { quantity: number }[];
    outcome: string;
  }[];
  expect(trades.find((t) => t.accountId === byHand)).toMatchObject({ outcome: 'cash_in_lieu', legs: [{ quantity: 1 }] });
  expect(trades.filter((t) => t.accountId !== byHand).map((t) => t.legs.map((l) => l.quantity))).toEqual([
    [100, 99],
    [100, 99],
  ]);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(modal.getByRole('button', { name: 'The dance: buy 100, sell 99' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/record-trades-legs-375.png' });
  checkConsole();
});
