import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, FULL, newIdentity, signInAs } from './fixtures';

/**
 * A referred visitor buys Pro on the local test checkout, the referrer earns 20%,
 * and the member cancels within 7 days for a full refund.
 */
test(
  'referral → Get PRO → test checkout → Pro calendar; referrer earns $10.00; cancel refunds',
  FULL,
  async ({ page, browser, request }) => {
    test.slow(); // two browser contexts and a dozen page loads: over 45 s on a busy machine
    const assertNoErrors = failOnConsoleErrors(page);
    const referrer = newIdentity('ref');
    const reg = await request.post('/api/auth/register', { data: { ...referrer, consent: true } });
    expect(reg.status()).toBe(200);

    // The visitor arrives through the referral link and registers with Get PRO.
    const member = newIdentity('member');
    await page.goto(`/r/${referrer.username}`);
    await expect(page.getByRole('link', { name: /Start with a Free Account Today/i }).first()).toBeVisible();
    await page.goto('/register');
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Get PRO' }).click();

    // /upgrade/pro starts checkout and lands on the plainly labelled local test checkout.
    await expect(page).toHaveURL(/\/checkout\/test\/cs_local_/);
    await expect(page.getByText('This is a local test checkout. No card is needed and nothing is charged.')).toBeVisible();
    await expect(page.getByText('Total due today')).toBeVisible();
    await page.getByRole('button', { name: /^Pay \$50\.00/ }).click();
    await expect(page).toHaveURL(/\/quickstart$/);
    expect(await page.evaluate(() => localStorage.getItem('roundup.refId'))).toBeNull();

    // The full calendar: no Starter notice, no upgrade prompt.
    await page.goto('/reverse-splits');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/You are on Starter/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Upgrade to Pro/ })).toHaveCount(0);

    // The referrer's affiliate tab: one Pro referral and a $10.00 commission.
    const refContext = await browser.newContext();
    const refPage = await refContext.newPage();
    await signInAs(refPage, request, referrer);
    await refPage.goto('/settings/affiliate');
    await expect(refPage.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(
      new RegExp(`/r/${referrer.username}$`),
    );
    const proColumn = refPage.locator('.border', { has: refPage.getByRole('heading', { name: 'Pro', exact: true }) });
    await expect(proColumn.getByText(member.username)).toBeVisible();
    await expect(proColumn.getByText('1', { exact: true })).toBeVisible();
    await expect(refPage.getByTestId('commission-earned')).toHaveText('$10.00');
    await expect(refPage.getByTestId('commission-pending')).toHaveText('$10.00');

    // The member cancels within 7 days: cancelled now, refunded in full, back to Starter.
    await page.goto('/settings/subscription');
    await expect(page.getByText('Pro Member')).toBeVisible();
    await expect(page.getByRole('cell', { name: '$50.00' })).toBeVisible();
    await expect(page.getByText(/^You are on Pro; it renews on [A-Z][a-z]+ \d{2}, \d{4} for \$50\.00\.$/)).toBeVisible();
    await expect(page.getByText(/^[A-Z][a-z]+ \d{2}, \d{4} · \$50\.00$/)).toBeVisible();
    const notices = page.getByRole('region', { name: 'Billing notices' });
    await expect(notices.getByText('RoundUp receipt: $50.00 for Pro (monthly)')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel membership' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/refunded in full/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel membership' }).click();
    await expect(
      page.getByText('Your membership was cancelled and your payment of $50.00 was refunded in full. You are now on Starter.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(notices.getByText('RoundUp refund: $50.00')).toBeVisible();
    await expect(page.getByText('Starter Member')).toBeVisible();
    await expect(page.getByText('Refunded $50.00', { exact: true })).toBeVisible();
    await page.goto('/reverse-splits');
    await expect(page.getByText(/You are on Starter/)).toBeVisible();

    // The refund reversed the commission.
    await refPage.reload();
    await expect(refPage.getByTestId('commission-earned')).toHaveText('$0.00');
    await refContext.close();
    assertNoErrors();
  },
);

/** Monthly Pro → Lifetime cancels the monthly plan at once and refunds its unused days; the member sees it. */
test(
  'Pro member buys Lifetime: monthly cancelled, unused days refunded, shown on the Subscription tab',
  FULL,
  async ({ page, request }) => {
    const assertNoErrors = failOnConsoleErrors(page);
    const member = newIdentity('life');
    expect((await request.post('/api/auth/register', { data: { ...member, consent: true } })).status()).toBe(200);
    await signInAs(page, request, member);
    for (const level of ['pro', 'lifetime'] as const) {
      await page.goto(`/upgrade/${level}`);
      await expect(page).toHaveURL(/\/checkout\/test\/cs_local_/);
      await page.getByRole('button', { name: level === 'pro' ? /^Pay \$50\.00/ : /^Pay \$499\.00/ }).click();
      await expect(page).not.toHaveURL(/\/checkout\/test\//);
    }
    await page.goto('/settings/subscription');
    await expect(page.getByText('Lifetime Member')).toBeVisible();
    await expect(page.getByText('You have Lifetime access: it never renews and never lapses.', { exact: true })).toBeVisible();
    const notices = page.getByRole('region', { name: 'Billing notices' });
    // Bought a moment ago: every day of the month is unused, so the whole $50.00 comes back.
    await expect(notices.getByText('RoundUp refund: $50.00 for the unused part of your monthly plan')).toBeVisible();
    await expect(notices.getByText('RoundUp receipt: $499.00 for Lifetime')).toBeVisible();
    await expect(page.getByText('Refunded $50.00', { exact: true })).toBeVisible();
    assertNoErrors();
  },
);
