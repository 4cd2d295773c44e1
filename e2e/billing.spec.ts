import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, newIdentity, signInAs } from './fixtures';

/**
 * Issue 6: a referred visitor buys Pro on the local test checkout, the referrer earns 20%,
 * and the member cancels within 7 days for a full refund.
 */
test('referral → Get PRO → test checkout → Pro calendar; referrer earns $10.00; cancel refunds', async ({ page, browser, request }) => {
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
  await expect(refPage.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(new RegExp(`/r/${referrer.username}$`));
  const proColumn = refPage.locator('.border', { has: refPage.getByRole('heading', { name: 'Pro', exact: true }) });
  await expect(proColumn.getByText(member.username)).toBeVisible();
  await expect(proColumn.getByText('1', { exact: true })).toBeVisible();
  await expect(refPage.getByTestId('commission-earned')).toHaveText('$10.00');
  await expect(refPage.getByTestId('commission-pending')).toHaveText('$10.00');

  // The member cancels within 7 days: cancelled now, refunded in full, back to Starter.
  await page.goto('/settings/subscription');
  await expect(page.getByText('Pro Member')).toBeVisible();
  await expect(page.getByRole('cell', { name: '$50.00' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel membership' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/refunded in full/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(page.getByText('Your membership was cancelled and your payment of $50.00 was refunded in full. You are back on the Starter plan.')).toBeVisible();
  await expect(page.getByText('Starter Member')).toBeVisible();
  await expect(page.getByText('Refunded $50.00')).toBeVisible();
  await page.goto('/reverse-splits');
  await expect(page.getByText(/You are on Starter/)).toBeVisible();

  // The refund reversed the commission.
  await refPage.reload();
  await expect(refPage.getByTestId('commission-earned')).toHaveText('$0.00');
  await refContext.close();
  assertNoErrors();
});
