import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, failOnConsoleErrors, FULL, nySessionDay, openCalendarDay, PRO, signInAs, STARTER } from './fixtures';

/** Today in New York as YYYY-MM-DD (the app's market day). */
function nyToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}
const monthTitle = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

test('a Pro member browses months, goes to a date, opens a note and pages the Completed table', async ({ page, request }) => {
  const noErrors = failOnConsoleErrors(page);
  await signInAs(page, request, PRO);
  await page.goto('/reverse-splits');
  const month = page.getByTestId('cal-month');
  const today = nyToday();
  await expect(month).toHaveText(monthTitle(today));

  // previous / next
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(month).not.toHaveText(monthTitle(today));
  await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(month).not.toHaveText(monthTitle(today));

  // go to: invalid, then October 2024 with a 2-digit year (seeded UAVS, buy date 2024-10-14)
  const goTo = page.getByPlaceholder('MM/YYYY');
  await goTo.fill('13/2024');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page.getByText('Invalid Date')).toBeVisible();
  await goTo.fill('10/24');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(month).toHaveText('October 2024');
  await expect(page.getByText('Invalid Date')).toHaveCount(0);
  await expect(page.getByTestId('cal-footer')).toContainText('per account (estimate)');

  // select a day with a split; the agenda lists it with ratio N:1
  await page.locator('button[data-date="2024-10-14"]').click();
  const agenda = page.getByTestId('agenda');
  await expect(agenda).toContainText('Monday');
  await expect(agenda).toContainText('October 14, 2024');
  await expect(agenda).toContainText('AgEagle Aerial Systems Inc.');
  await expect(agenda).toContainText('Ratio 50:1');
  await expect(agenda).toContainText('Avg. profit $15.80');

  // a day without splits
  await page.locator('button[data-date="2024-10-02"]').click();
  await expect(agenda).toContainText('No Reverse Spilts announced');

  // note modal
  await page.locator('button[data-date="2024-10-14"]').click();
  await agenda.getByRole('button', { name: 'Note for UAVS' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Note · AgEagle Aerial Systems Inc. (UAVS)');
  await expect(dialog).toContainText('Demo price');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toHaveCount(0);

  // Today button returns to the current month
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(month).toHaveText(monthTitle(today));

  // table view: Completed pages by 10
  await page.getByText('Table', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();
  const completedRows = page.getByTestId('completed-row');
  await expect(completedRows).toHaveCount(10);
  const firstOnPage1 = await completedRows.first().innerText();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(completedRows.first()).not.toHaveText(firstOnPage1);
  await expect.poll(() => completedRows.count()).toBeGreaterThan(0);
  await expect.poll(() => completedRows.count()).toBeLessThanOrEqual(10);
  await expect(page.getByTestId('upcoming-row').first()).toBeVisible();
  noErrors();
});

test('a keyboard user crosses the calendar in 2 Tabs and moves through it with the grid keys', async ({ page, request }) => {
  const noErrors = failOnConsoleErrors(page);
  await signInAs(page, request, PRO);
  await page.goto('/reverse-splits');
  const grid = page.getByRole('grid');
  await expect(grid.locator('button[data-date]')).toHaveCount(42);

  // Focus the last tabbable element before the calendar, then count Tabs until focus is past the grid.
  await page.evaluate(() => {
    const cal = document.querySelector('[aria-label="Reverse split calendar"]')!;
    const before = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
      (el) =>
        el.tabIndex >= 0 &&
        !(el as HTMLButtonElement).disabled &&
        el.getClientRects().length > 0 &&
        el.compareDocumentPosition(cal) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    before.at(-1)!.focus();
  });
  const where = () =>
    page.evaluate(() => {
      const grid = document.querySelector('[role="grid"]')!;
      const active = document.activeElement!;
      if (grid.contains(active)) return 'in';
      return grid.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
    });
  let tabs = 0;
  while ((await where()) !== 'after' && tabs < 60) {
    await page.keyboard.press('Tab');
    tabs += 1;
  }
  expect(tabs).toBeLessThanOrEqual(3);

  // Back into the grid: today has focus, visibly.
  await page.keyboard.press('Shift+Tab');
  const today = nyToday();
  const focusedDate = () => page.evaluate(() => document.activeElement?.getAttribute('data-date'));
  expect(await focusedDate()).toBe(today);
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).boxShadow);
  expect(ring).not.toBe('none');

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const moved = await focusedDate();
  expect(moved).toBe(new Date(Date.parse(`${today}T12:00:00Z`) + 8 * 86_400_000).toISOString().slice(0, 10));
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('cal-month')).not.toHaveText(monthTitle(today));
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('cal-month')).toHaveText(monthTitle(moved!));
  await page.keyboard.press('Enter');
  const long = new Date(`${moved}T12:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByTestId('agenda')).toContainText(long);
  noErrors();
});

test('a Starter sees masked upcoming splits and the upgrade button', async ({ page, request }) => {
  const noErrors = failOnConsoleErrors(page);
  const token = await signInAs(page, request, STARTER);
  const api = await request.get('/api/rs', { headers: { authorization: `Bearer ${token}` } });
  const splits = (await api.json()).data.splits as { buyDate: string; ticker: string; masked: boolean; status: string }[];
  const masked = splits.find((s) => s.masked && s.status === 'Upcoming');
  expect(masked, 'the demo data has an upcoming split').toBeTruthy();
  expect(masked!.ticker).toBe('*****');

  await page.goto('/reverse-splits');
  // The banner states the rule the server applies, and when the next hidden split opens.
  const hidden = splits.filter((s) => s.masked);
  const firstBuy = hidden.map((s) => s.buyDate).sort()[0];
  const opens = new Date(Date.parse(`${firstBuy}T12:00:00Z`) + 86_400_000).toLocaleString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByRole('note')).toContainText('the day after its buy date (New York time)');
  await expect(page.getByTestId('starter-hidden')).toHaveText(
    `${hidden.length} announced split${hidden.length === 1 ? ' is' : 's are'} hidden from you; the next opens on ${opens}.`,
  );
  const [y, m] = masked!.buyDate.split('-');
  await page.getByPlaceholder('MM/YYYY').fill(`${m}/${y}`);
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await page.locator(`button[data-date="${masked!.buyDate}"]`).click();
  const agenda = page.getByTestId('agenda');
  await expect(agenda.getByTestId('agenda-item').first()).toContainText('*****');
  await expect(agenda.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/upgrade/pro');
  await expect(agenda.locator('[data-testid^="record-trades-"]')).toHaveCount(0);

  await page.getByText('Table', { exact: true }).click();
  await expect(page.locator('.ru-blurred')).toBeVisible();
  await expect(page.getByText('Upcoming reverse splits are for Pro members.')).toBeVisible();
  // No feed for Starter users
  await expect(page.getByText('Calendar feed')).toHaveCount(0);
  noErrors();
});

test('an admin adds a split and an already-open calendar shows it without reload', FULL, async ({ browser, request }) => {
  const proContext = await browser.newContext();
  const proPage = await proContext.newPage();
  const noErrors = failOnConsoleErrors(proPage);
  await signInAs(proPage, request, PRO);
  await proPage.goto('/reverse-splits');
  const agenda = proPage.getByTestId('agenda');
  await expect(agenda).toBeVisible();
  // Mark the page: a reload would lose this.
  await proPage.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  // An Upcoming split is bought on a trading day: the next session's, whose agenda the Pro page shows.
  const today = nySessionDay();
  await openCalendarDay(proPage, today);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, request, ADMIN);
  await adminPage.goto('/admin/reverse-splits/add');
  const name = `Live Update Labs ${Date.now().toString(36)}`;
  await adminPage.getByLabel('Company name').fill(name);
  await adminPage.getByLabel('Ticker').fill('LIVEQ');
  await adminPage.getByLabel('Buy date').fill(today);
  await adminPage.getByLabel('Effective date').fill(today);
  await adminPage.getByLabel('Ratio (N:1)').fill('20');
  await adminPage.getByLabel('Price ($)').fill('0.5');
  await adminPage.getByLabel('Status').selectOption('Upcoming');
  await adminPage.getByLabel('Type').selectOption('Round Up');
  await adminPage.getByLabel('Notes').fill('Added during the live-update journey.');
  await adminPage.getByRole('button', { name: 'Add split' }).click();
  // An Upcoming split alerts members, so the form shows the message first; Publish saves it.
  await adminPage.getByTestId('split-alert-preview').getByRole('button', { name: 'Publish' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/reverse-splits\/view\/[0-9a-f-]{36}$/);

  // The Pro page (that day's agenda) shows it within a few seconds, without reloading.
  await expect(agenda).toContainText(name, { timeout: 5000 });
  await expect(agenda).toContainText('Est. profit $9.50');
  expect(await proPage.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  // Clean up through the admin list's delete dialog.
  const token = await apiLogin(request, ADMIN);
  const list = await request.get('/api/rs', { headers: { authorization: `Bearer ${token}` } });
  const created = ((await list.json()).data.splits as { _id: string; name: string }[]).find((s) => s.name === name)!;
  await adminPage.goto('/admin/reverse-splits');
  await adminPage
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: /Delete/ })
    .click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(adminPage.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await expect(agenda).not.toContainText(name, { timeout: 5000 });
  expect((await request.get(`/api/rs/ticker/${created._id}`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
    404,
  );
  noErrors();
  await proContext.close();
  await adminContext.close();
});
