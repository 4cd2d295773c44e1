import { expect, test } from '@playwright/test';
import { ADMIN, failOnConsoleErrors, FULL, PRO, signInAs } from './fixtures';

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
    await acme.getByRole('button', { name: 'Accept and publish' }).click();
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
    await member.close();
  },
);
