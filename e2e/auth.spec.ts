import { expect, test } from '@playwright/test';
import { ADMIN, failOnConsoleErrors, FULL, lastOutboxMessage, newIdentity, signInAs, STARTER } from './fixtures';

test('register → verify from the emailed link → sign in → username menu → logout', async ({ page, request }) => {
  const assertNoErrors = failOnConsoleErrors(page);
  const me = newIdentity('journey');

  await page.goto('/register');
  await page.getByLabel('Username').fill(me.username);
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password').fill(me.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Get Starter' }).click();
  await expect(page).toHaveURL(/\/learn$/);

  // Sign out, then follow the verification link from the email the local outbox received.
  await page.getByRole('button', { name: me.username }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  const mail = await lastOutboxMessage(request, me.email);
  expect(mail?.subject).toBe('Verify your RoundUp email');
  const link = /https?:\/\/[^/\s]+(\/verify-email\/[A-Za-z0-9_-]+)/.exec(mail!.body)![1];
  await page.goto(link);
  await expect(page).toHaveURL(/\/reverse-splits$/);
  await page.getByRole('button', { name: me.username }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('roundup.token'))).toBeNull();

  // Wrong password shows the server's first message; the right one signs in.
  await page.goto('/login');
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await page.getByLabel('Password').fill(me.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/reverse-splits$/);

  const menu = page.getByRole('button', { name: me.username });
  await menu.click();
  for (const item of ['Profile', 'Accounts', 'Analytics', 'Affiliate', 'Subscription']) {
    await expect(page.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  assertNoErrors();
});

test('password reset from the emailed link', FULL, async ({ page, request }) => {
  const me = newIdentity('reset');
  const reg = await request.post('/api/auth/register', { data: { ...me, consent: true } });
  expect(reg.status()).toBe(200);

  await page.goto('/password-reset');
  await page.getByLabel('Email').fill(me.email);
  await page.getByRole('button', { name: /reset/i }).click();
  await expect(page.getByText(/If an account exists for that email/)).toBeVisible();
  // The link is sent right after the answer (the same answer and timing for every address).
  await expect.poll(async () => (await lastOutboxMessage(request, me.email))?.subject).toBe('Reset your RoundUp password');
  const mail = await lastOutboxMessage(request, me.email);
  const link = /https?:\/\/[^/\s]+(\/reset-password\/[A-Za-z0-9_-]+)/.exec(mail!.body)![1];

  await page.goto(link);
  const inputs = page.locator('input[type="password"]');
  await inputs.nth(0).fill('brand new passphrase');
  await inputs.nth(1).fill('something else entirely');
  await page.getByRole('button', { name: /password/i }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await inputs.nth(1).fill('brand new passphrase');
  await page.getByRole('button', { name: /password/i }).click();
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password').fill('brand new passphrase');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/reverse-splits$/);
});

test.describe('guards', () => {
  test('anonymous visitors are sent to /login, and away from /admin', async ({ page }) => {
    await page.goto('/settings/accounts');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/reverse-splits');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a Starter member is sent away from /admin and from /login', async ({ page, request }) => {
    await signInAs(page, request, STARTER);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/reverse-splits$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/reverse-splits$/);
    await page.goto('/register/premium');
    await expect(page).toHaveURL(/\/reverse-splits$/);
  });

  test('an admin sees the Admin link and the admin area', async ({ page, request }) => {
    await signInAs(page, request, ADMIN);
    await page.goto('/reverse-splits');
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await expect(page).toHaveURL(/\/admin/);
    await expect(page.getByRole('link', { name: 'Users' }).first()).toBeVisible();
  });

  test('unknown paths show the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
  });
});

test('the feedback popover sends and closes; empty fields close without sending', FULL, async ({ page }) => {
  await page.goto('/learn');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/feedback/new')) sent.push(r.postData() ?? '');
  });
  await page.getByRole('button', { name: 'Feedback' }).click();
  await expect(page.getByText('Send some feedback')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Send some feedback')).toBeHidden();

  await page.getByRole('button', { name: 'Feedback' }).click();
  await page.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(page.getByText('Send some feedback')).toBeHidden();
  expect(sent).toHaveLength(0);

  await page.getByRole('button', { name: 'Feedback' }).click();
  await page.getByLabel('Email').fill('visitor@example.com');
  await page.getByLabel('Your thoughts?').fill('The calendar is great.');
  const response = page.waitForResponse((r) => r.url().endsWith('/api/feedback/new'));
  await page.getByRole('button', { name: 'Send Feedback' }).click();
  expect((await response).status()).toBe(200);
  await expect(page.getByText('Send some feedback')).toBeHidden();
  expect(JSON.parse(sent[0])).toEqual({ email: 'visitor@example.com', feedback: 'The calendar is great.' });
});
