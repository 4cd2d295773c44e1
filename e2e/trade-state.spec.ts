import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, fullUnless, proWithAccounts, firstPencil } from './fixtures';

/**
 * One state machine for a trade, as a member meets it in Record Trades: a dance applied by mistake is
 * undone with "One share", the kept share is sold in bulk (an account paid cash in lieu is left out and
 * said), and a row takes the cash received. The 375 px pass is the full run's: every run already records
 * trades at 375 px (record-trades-legs, after-close), and trades/trade-state.int.test.ts holds the transitions.
 */
for (const width of [1280, 375]) {
  const title = `Record Trades at ${width} px: undo a dance, sell the kept share in bulk, a row's cash received`;
  test(title, fullUnless(width === 1280), async ({ page, request }) => {
    const checkConsole = failOnConsoleErrors(page);
    const { token, auth, idOf } = await proWithAccounts(request, 'state', ['Webull one', 'Webull two', 'Paid cash']);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('roundup.token', t), token);
    await page.goto('/reverse-splits');
    await page.locator('label[for="rs-view-table"]').click();
    await page.setViewportSize({ width, height: 900 });
    const { ticker, pencil } = await firstPencil(page);
    const split = (
      (await (await request.get('/api/rs', { headers: auth })).json()).data.splits as { _id: string; ticker: string }[]
    ).find((s) => s.ticker === ticker)!;
    const legsOf = async () => {
      const trades = (await (await request.get(`/api/trades/split/${split._id}`, { headers: auth })).json()).data.trades as {
        accountId: string;
        legs: { quantity: number; price: number | null }[];
        cash_in_lieu_amount: number | null;
      }[];
      return (nickname: string) => trades.find((t) => t.accountId === idOf(nickname));
    };
    // One account was paid cash in lieu, recorded by hand.
    const paid = await request.post('/api/trades/bulk', {
      data: {
        splitId: split._id,
        accountIds: [idOf('Paid cash')],
        buy_price: 1,
        outcome: 'cash_in_lieu',
        cash_in_lieu_amount: 0.4,
      },
      headers: auth,
    });
    expect(paid.status(), await paid.text()).toBe(200);

    await pencil.click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByText(`Record Trades · ${ticker}`)).toBeVisible();
    const apply = modal.getByRole('button', { name: 'Apply to 3 accounts' });
    const status = modal.getByRole('status').filter({ hasText: 'Saved in' });

    // The dance, applied to the two empty accounts...
    await modal.getByRole('button', { name: 'The dance: buy 100, sell 99' }).click();
    await modal.getByLabel('Buy price').first().fill('0.5');
    await modal.getByLabel('Sell price').first().fill('0.48');
    await apply.click();
    await expect(status).toHaveText('Saved in 2 accounts. 1 account that already had a value kept it.');
    // ...was a mistake: "One share" with Overwrite replaces the legs in every account.
    await modal.getByRole('button', { name: 'One share' }).click();
    await modal.getByLabel('Buy price').first().fill('0.5');
    await modal.getByLabel('Overwrite values already recorded').check();
    await apply.click();
    await modal.getByRole('button', { name: 'Overwrite 3 accounts' }).click();
    await expect(status).toHaveText('Saved in 3 accounts.');
    let trade = await legsOf();
    expect(trade('Webull one')!.legs.map((l) => l.quantity)).toEqual([1]);
    expect(trade('Webull two')!.legs.map((l) => l.quantity)).toEqual([1]);
    await expect(modal.getByTestId('trade-legs-note')).toHaveCount(0);
    await page.screenshot({ path: `screenshots/trade-state-undo-${width}.png` });

    // The dance again, on purpose; then the kept share sells in bulk, and the account paid cash is left out.
    await modal.getByRole('button', { name: 'The dance: buy 100, sell 99' }).click();
    await modal.getByLabel('Buy price').first().fill('0.5');
    await modal.getByLabel('Sell price').first().fill('0.48');
    await modal.getByLabel('Overwrite values already recorded').uncheck();
    await modal.getByRole('button', { name: 'Choose accounts (3 of 3)' }).click();
    await modal.getByRole('checkbox', { name: /Paid cash/ }).uncheck();
    await modal.getByRole('button', { name: 'Done choosing' }).click();
    await modal.getByLabel('Overwrite values already recorded').check();
    await modal.getByRole('button', { name: 'Apply to 2 accounts' }).click();
    await modal.getByRole('button', { name: 'Overwrite 2 accounts' }).click();
    await expect(status).toHaveText('Saved in 2 accounts.');
    await modal.getByRole('button', { name: /Choose accounts/ }).click();
    await modal.getByRole('checkbox', { name: /Paid cash/ }).check();
    await modal.getByRole('button', { name: 'Done choosing' }).click();
    await modal.getByLabel('Sell kept share at', { exact: true }).fill('9.99');
    await apply.click();
    await expect(status).toHaveText('Saved in 2 accounts. 1 account got cash in lieu; no sale written.');
    trade = await legsOf();
    expect(trade('Webull one')!.legs.map((l) => [l.quantity, l.price])).toEqual([
      [100, 0.5],
      [99, 0.48],
      [1, 9.99],
    ]);
    expect(trade('Paid cash')!.legs.map((l) => l.quantity)).toEqual([1]);
    await expect(modal.getByLabel('Webull one sell kept share at')).toHaveValue('9.99');
    await page.screenshot({ path: `screenshots/trade-state-kept-${width}.png` });

    // The row of the account paid cash shows what it received, and takes a correction.
    const cash = modal.getByLabel('Paid cash cash received');
    await expect(cash).toHaveValue('0.4');
    await cash.fill('0.45');
    await cash.press('Enter');
    await expect(modal.getByText('Saved', { exact: true })).toBeVisible();
    expect((await legsOf())('Paid cash')!.cash_in_lieu_amount).toBe(0.45);
    await cash.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/trade-state-cash-${width}.png` });
    checkConsole();
  });
}
