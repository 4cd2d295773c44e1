import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLogin, failOnConsoleErrors, FULL, PRO, signInAs } from './fixtures';

/** Screenshots at phone and desktop width (into the test's output folder), then back to where it was. */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: false });
  }
  if (size) await page.setViewportSize(size);
}

/**
 * The discovery journey: the server polled the local EDGAR peer at start (e2e/serve.mjs); an admin
 * reviews what it found, corrects and accepts the round-up, rejects the cash-in-lieu one, and a Pro
 * member then sees the split on the calendar with the filing as its source.
 */
test(
  'an admin reviews SEC proposals: accepts the round-up with a price, rejects the cash one; members see the split',
  FULL,
  async ({ page, request, browser }) => {
    const errors = failOnConsoleErrors(page);
    await signInAs(page, request, ADMIN);
    await page.goto('/admin/discoveries');
    await expect(page.getByRole('heading', { level: 1, name: 'Discoveries' })).toBeVisible();
    // The first poll runs as the server starts; reload until it has read the 8-K/A that moved Acme's date.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('link', { name: /View filing \(8-K\/A\)/ })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });

    const acme = page.getByRole('article', { name: 'Acme Robotics, Inc. (ACMR)' });
    await expect(acme.getByText('Rounds up', { exact: true })).toBeVisible();
    await expect(acme.getByText(/Market date:\s*Dec 1, 2026\s*→\s*Dec 3, 2026/)).toBeVisible();
    await expect(acme.locator('mark')).toContainText('rounded up to the nearest whole share');

    await acme.getByRole('button', { name: 'Edit, then accept' }).click();
    await acme.getByLabel('Price').fill('1.25');
    await acme.getByRole('button', { name: 'Review and publish…' }).click();
    // The confirm step shows what members will receive before anything is sent.
    const dialog = page.getByRole('dialog', { name: 'Publish ACMR to members?' });
    await expect(dialog.getByText('New reverse split: ACMR 20:1, Round up', { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('accept-facts')).toContainText('$23.75 per account');
    await shoot(page, 'accept-confirm');
    await dialog.getByRole('button', { name: 'Publish to members' }).click();
    await expect(page.getByRole('article', { name: 'Acme Robotics, Inc. (ACMR)' })).toHaveCount(0);

    const beta = page.getByRole('article', { name: 'Beta Pharma Corp (BTPH)' });
    await beta.getByRole('button', { name: 'Reject…' }).click();
    await beta.getByLabel(/Why is this wrong/).fill('Cash in lieu: no round-up');
    await beta.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(page.getByRole('article', { name: 'Beta Pharma Corp (BTPH)' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Accepted' }).click();
    await expect(page.getByRole('article', { name: 'Acme Robotics, Inc. (ACMR)' })).toBeVisible();
    errors();

    const member = await browser.newPage();
    await signInAs(member, request, PRO);
    await member.goto('/reverse-splits');
    await member.getByText('Table', { exact: true }).click();
    await expect(member.getByTestId('upcoming-row').filter({ hasText: 'ACMR' })).toHaveCount(1);

    // The ratio changes after publication: the estimated profit follows and members see the change.
    const token = await apiLogin(request, ADMIN);
    const auth = { authorization: `Bearer ${token}` };
    const rows = (await (await request.get('/api/rs', { headers: auth })).json()).data.splits;
    const split = rows.find((s: { ticker: string }) => s.ticker === 'ACMR');
    const edited = await request.post('/api/rs/edit', { headers: auth, data: { newTicker: { ...split, ratio: 25 } } });
    expect(edited.status()).toBe(200);
    await member.reload();
    await member.getByText('Table', { exact: true }).click();
    const row = member.getByTestId('upcoming-row').filter({ hasText: 'ACMR' });
    await expect(row.getByTestId('change-marker')).toContainText(/Ratio changed from 1-for-20 to 1-for-25 on/);
    await expect(row).toContainText('$30.00');
    await shoot(member, 'change-marker');
    await member.close();
  },
);
