import { expect, test } from '@playwright/test';
import { ADMIN, failOnConsoleErrors, fullUnless, newIdentity, signInAs } from './fixtures';

/**
 * A declined renewal (decision 040): the member sees a banner on every page until it is paid, its
 * "Update your card" button opens the billing portal (on the local test checkout, the Subscription
 * tab, where the failed invoice and the past-due summary show); paying clears it. The admin's
 * reconciliation page opens. At 1280 and 375 px, with screenshots for review. The 375 px pass is the full run's:
 * billing.int.test.ts holds the declined renewal and features/billing/payment-failed.test.tsx the banner.
 */
for (const width of [1280, 375]) {
  const title = `failed renewal: banner, its billing-portal link, and recovery (${width} px)`;
  test(title, fullUnless(width === 1280), async ({ page, request }) => {
    const assertNoErrors = failOnConsoleErrors(page);
    await page.setViewportSize({ width, height: 900 });
    const member = newIdentity('declined');
    expect((await request.post('/api/auth/register', { data: { ...member, consent: true } })).status()).toBe(200);
    const token = await signInAs(page, request, member);
    await page.goto('/upgrade/pro');
    await page.getByRole('button', { name: /^Pay \$50\.00/ }).click();
    await expect(page).not.toHaveURL(/\/checkout\/test\//);

    const auth = { authorization: `Bearer ${token}` };
    const renew = (outcome: 'paid' | 'failed') =>
      request.post('/api/subs/test-checkout/renew', { headers: auth, data: { outcome } });
    expect((await renew('failed')).status()).toBe(200);

    await page.goto('/reverse-splits');
    const banner = page.getByRole('region', { name: 'Payment failed' });
    await expect(banner).toContainText(/Your \$50\.00 payment failed; update your card by [A-Z][a-z]+ \d{2}, \d{4}\./);
    await page.screenshot({ path: `test-results/billing-failed-banner-${width}.png`, fullPage: false });
    await banner.getByRole('button', { name: 'Update your card' }).click();

    // The local checkout's portal is the Subscription tab: the failed invoice and the past-due summary.
    await expect(page).toHaveURL(/\/settings\/subscription$/);
    await expect(page.getByText('Payment failed', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Your Pro payment of \$50\.00 is past due: update your card by /)).toBeVisible();
    await page.screenshot({ path: `test-results/billing-failed-subscription-${width}.png`, fullPage: true });

    // The email's link opens the same place.
    await page.goto('/billing/update-card');
    await expect(page).toHaveURL(/\/settings\/subscription$/);

    expect((await renew('paid')).status()).toBe(200);
    await page.goto('/reverse-splits');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Payment failed' })).toHaveCount(0);
    assertNoErrors();
  });
}

test('the admin billing page lists the daily runs and what needs a look', async ({ page, request }) => {
  const assertNoErrors = failOnConsoleErrors(page);
  await signInAs(page, request, ADMIN);
  await page.goto('/admin/billing');
  await expect(page.getByRole('heading', { name: 'Billing reconciliation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Needs a look \(\d+\)$/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-billing-1280.png', fullPage: true });
  assertNoErrors();
});
