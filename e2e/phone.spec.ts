import { expect, test, type Page } from '@playwright/test';
import { ADMIN, PRO, signInAs } from './fixtures';

/** At 375 px (issue 14) nothing scrolls sideways, on any page, for a visitor, a Pro member or an admin. */
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

test('a Pro member’s pages fit a phone; split cards keep the profit and the record button in view', async ({ page, request }) => {
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
});

test('admin pages fit a phone; split cards keep the profit and the actions in view', async ({ page, request }) => {
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
