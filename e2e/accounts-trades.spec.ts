import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiLogin, failOnConsoleErrors, newIdentity, newPro, roundUpBrokers, firstPencil } from './fixtures';

/** A date typed into Chromium's mm/dd/yyyy date field, segment by segment. */
const mdy = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;

/** Nicknames in the order the accounts table shows them. */
const order = (page: Page) => page.getByTestId('account-nickname').allTextContents();

async function dragTo(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Past the 8 px activation distance first, then onto the target row.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 12 });
  await page.mouse.up();
}

test('a Pro member keeps accounts in order, records trades across them and downloads the tax CSV', async ({ page, request }) => {
  test.setTimeout(150_000);
  const checkConsole = failOnConsoleErrors(page);

  // A fresh member, promoted to Pro by the admin.
  const me = newIdentity('acct');
  const reg = await request.post('/api/auth/register', { data: { ...me, consent: true } });
  expect(reg.status(), await reg.text()).toBe(200);
  const { token, user } = (await reg.json()).data;
  const adminToken = await apiLogin(request, ADMIN);
  const promote = await request.post('/api/users/admin-edit', {
    data: { id: user._id, role: 'Pro' },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(promote.status(), await promote.text()).toBe(200);
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('roundup.token', t), token);

  // Add three accounts through the dialog.
  await page.goto('/settings/accounts');
  await expect(page.getByText('No brokerage accounts yet')).toBeVisible();
  // Charlie is taxable, Bravo a Roth IRA: the Form 8949 export leaves Bravo's sale out.
  const types = ['Individual Cash', 'Roth IRA', 'Individual Margin'];
  for (const [i, nickname] of ['Alpha', 'Bravo', 'Charlie'].entries()) {
    await page.getByRole('button', { name: 'Add account', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add account' });
    await dialog.getByLabel('Nickname').fill(nickname);
    await dialog.getByLabel('Broker').selectOption({ index: i + 1 });
    await dialog.getByLabel('Type').selectOption(types[i]);
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect.poll(() => order(page)).toEqual(['Alpha', 'Bravo', 'Charlie']);

  // Keyboard: pick Alpha up with Space, move it down one row, drop it.
  const reorderPosted = () => page.waitForResponse((r) => r.url().endsWith('/api/accounts/reorder') && r.status() === 200);
  let posted = reorderPosted();
  const live = page.getByRole('status').filter({ hasText: /Alpha/ });
  await page.getByRole('button', { name: 'Reorder Alpha' }).focus();
  await page.keyboard.press('Space');
  await expect(live).toHaveText(/^(Picked up Alpha, position 1 of 3|Alpha moved to position 1 of 3)\.$/);
  await page.keyboard.press('ArrowDown');
  await expect(live).toHaveText('Alpha moved to position 2 of 3.');
  await page.keyboard.press('Space');
  await posted;
  await expect.poll(() => order(page)).toEqual(['Bravo', 'Alpha', 'Charlie']);

  // Mouse: drag Charlie by its handle onto the first row.
  posted = reorderPosted();
  await dragTo(page, page.getByRole('button', { name: 'Reorder Charlie' }), page.getByTestId('account-row-0'));
  await posted;
  await expect.poll(() => order(page)).toEqual(['Charlie', 'Bravo', 'Alpha']);

  await page.reload();
  await expect.poll(() => order(page)).toEqual(['Charlie', 'Bravo', 'Alpha']);

  // Record trades for a split from the reverse-splits table.
  await page.goto('/reverse-splits');
  await page.locator('label[for="rs-view-table"]').click();
  const { ticker, pencil } = await firstPencil(page);
  const list = await request.get('/api/rs', { headers: { authorization: `Bearer ${token}` } });
  const splits = (await list.json()).data;
  const split = (Array.isArray(splits) ? splits : splits.splits).find((s: { ticker: string }) => s.ticker === ticker);
  await pencil.click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText(`Record Trades · ${ticker}`)).toBeVisible();
  await expect(modal.locator('.ru-trade-row .fw-semibold')).toHaveText(['Charlie', 'Bravo', 'Alpha']);

  // Row 0 (Charlie): buy price only, saved on blur; the buy date defaults to the split's buyDate.
  await page.getByTestId('trade-0-buy_price').fill('1.00');
  await page.getByTestId('trade-0-sell_date').focus();
  await expect(page.getByTestId('trade-row-0').getByText('Saved')).toBeVisible();
  await expect(page.getByTestId('trade-0-buy_date')).toHaveValue(split.buyDate);
  // Then the sale: Tab along the row, Enter saves (an edit of the kept trade).
  await page.keyboard.type(mdy(split.effDate));
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('trade-0-sell_price')).toBeFocused();
  await page.keyboard.type('3.50');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('trade-row-0').getByText('Saved')).toBeVisible();

  // Tab runs on through the outcome and its date to the row's Save button and its shares, then the next row's first field.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('trade-0-outcome')).toBeFocused();
  await expect(page.getByTestId('trade-0-outcome')).toHaveValue('pending');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('trade-0-outcome_date')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Charlie: change the shares bought and sold' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('trade-1-buy_date')).toBeFocused();
  await page.keyboard.type(mdy(split.buyDate));
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('trade-1-buy_price')).toBeFocused();
  await page.keyboard.type('1');
  await page.keyboard.press('Tab');
  await page.keyboard.type(mdy(split.effDate));
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('trade-1-sell_price')).toBeFocused();
  await page.keyboard.type('2.25');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('trade-row-1').getByText('Saved')).toBeVisible();

  // Row 2 (Alpha): bought, not sold yet.
  await page.getByTestId('trade-2-buy_price').fill('2');
  await page.getByTestId('trade-2-buy_price').press('Enter');
  await expect(page.getByTestId('trade-row-2').getByText('Saved')).toBeVisible();

  // A sale before the purchase is refused beside the row.
  await page.getByTestId('trade-2-sell_date').fill('2000-01-01');
  await page.getByTestId('trade-2-sell_date').press('Enter');
  await expect(page.getByTestId('trade-row-2').getByRole('alert')).toHaveText('Sell date cannot be before the buy date');
  await page.getByTestId('trade-2-sell_date').fill('');
  await page.getByTestId('trade-2-sell_date').press('Enter');
  await expect(page.getByTestId('trade-row-2').getByText('Saved')).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).last().click();

  // Reopening shows what was saved.
  await pencil.click();
  await expect(page.getByTestId('trade-0-sell_price')).toHaveValue('3.5');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

  // Analytics: 2.50 + 1.25 realized, one open position; the CSV downloads.
  await page.goto('/settings/analytics');
  await expect(page.getByTestId('realized-total')).toHaveText('$3.75');
  await expect(page.getByTestId('closed-trades')).toHaveText('2');
  await expect(page.getByTestId('open-positions')).toHaveText('1');
  const year = split.effDate.slice(0, 4);
  await page.getByLabel('Tax year').selectOption(year);
  // One line reconciles the page's realized profit with the form, by the amount the Roth IRA's sale leaves out;
  // the CSV's totals line below says the same $2.50.
  await expect(page.getByTestId('tax-left-out')).toHaveText(
    `Form 8949 for ${year}: $2.50 = realized $3.75 − $1.25 from 1 sale in your Roth IRA account, left out (not reported on Form 8949).`,
  );
  await page.getByTestId('tax-left-out').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/analytics-8949-reconcile-1280.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByTestId('tax-left-out').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/analytics-8949-reconcile-375.png' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`roundup-form-8949-${year}.csv`);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const csv = text.slice(1).trim().split('\r\n');
  expect(csv[0]).toBe(
    '(a) Description of property,(b) Date acquired,(c) Date sold or disposed of,(d) Proceeds (sales price),(e) Cost or other basis,(f) Code(s) from instructions,(g) Amount of adjustment,(h) Gain or (loss),Term,Account,Note',
  );
  // Charlie's taxable sale only: dates as MM/DD/YYYY, (f) and (g) empty.
  expect(csv).toHaveLength(3);
  const mmddyyyy = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
  expect(csv[1]).toContain(`,${mmddyyyy(split.buyDate)},${mmddyyyy(split.effDate)},3.50,1.00,,,2.50,`);
  expect(csv[1]).toContain('Charlie');
  expect(csv[2]).toBe('Totals,,,3.50,1.00,,,2.50,,,');
  checkConsole();
});

test('a member with 20 accounts records one split’s buys in all of them with 5 key presses', async ({ page, request }) => {
  const checkConsole = failOnConsoleErrors(page);
  const { token, auth } = await newPro(request, 'bulk');
  const brokers = await roundUpBrokers(request);
  for (let i = 1; i <= 20; i++) {
    const res = await request.post('/api/accounts/add', {
      data: {
        newAccount: { brokerId: brokers[i % 3]._id, type: 'Individual Cash', nickname: `Acct ${String(i).padStart(2, '0')}` },
      },
      headers: auth,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('roundup.token', t), token);
  await page.goto('/reverse-splits');
  await page.locator('label[for="rs-view-table"]').click();
  const { ticker, pencil } = await firstPencil(page);
  await pencil.click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText(`Record Trades · ${ticker}`)).toBeVisible();
  await expect(page.getByTestId('bulk-buy_price')).toBeFocused();

  // Every key press after the modal opened is counted.
  let keys = 0;
  const type = async (text: string) => {
    keys += text.length;
    await page.keyboard.type(text);
  };
  const press = async (key: string) => {
    keys += 1;
    await page.keyboard.press(key);
  };
  await type('1.25');
  await press('Enter');
  await expect(modal.getByRole('status').filter({ hasText: 'Saved in 20 accounts.' })).toBeVisible();
  expect(keys).toBeLessThanOrEqual(10);

  const split = (
    (await (await request.get('/api/rs', { headers: auth })).json()).data.splits as {
      _id: string;
      ticker: string;
      buyDate: string;
    }[]
  ).find((s) => s.ticker === ticker)!;
  const trades = (await (await request.get(`/api/trades/split/${split._id}`, { headers: auth })).json()).data.trades as {
    buy_price: number;
    buy_date: string;
  }[];
  expect(trades).toHaveLength(20);
  expect(trades.every((t) => t.buy_price === 1.25 && t.buy_date === split.buyDate)).toBe(true);
  // The rows show what was saved, and each stays editable on its own.
  await expect(page.getByTestId('trade-0-buy_price')).toHaveValue('1.25');
  await expect(page.getByTestId('trade-19-buy_price')).toHaveValue('1.25');
  // Back on the table, the split shows the member's progress.
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByTestId(`progress-${split._id}`).first()).toHaveText('20/20 bought · 0/20 received · 0/20 sold');
  checkConsole();
});
