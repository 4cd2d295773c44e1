import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, apiLogin, failOnConsoleErrors, FULL, lastOutboxMessage, newIdentity, PRO, signInAs } from './fixtures';

/** Issue #7 journeys: notification preferences, phone validation, admin SMS. */

async function registerAndSignIn(page: import('@playwright/test').Page, request: APIRequestContext) {
  const who = newIdentity('notif');
  const res = await request.post('/api/auth/register', { data: { ...who, consent: true } });
  expect(res.status(), await res.text()).toBe(200);
  const token = (await res.json()).data.token as string;
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('roundup.token', t), token);
  return { ...who, token };
}

const randomPhone = () => `+1415555${String(1000 + Math.floor(Math.random() * 8999))}`;

test('a member toggles a notification preference and it persists across reload', async ({ page, request }) => {
  const check = failOnConsoleErrors(page);
  await registerAndSignIn(page, request);
  await page.goto('/settings');
  const newsletter = page.getByRole('checkbox', { name: /^Newsletter/ });
  await expect(newsletter).toBeChecked();
  await newsletter.uncheck();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /^Newsletter/ })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^General announcements/ })).toBeChecked();
  check();
});

test('a member validates a phone with the code from the outbox', async ({ page, request }) => {
  const check = failOnConsoleErrors(page);
  await registerAndSignIn(page, request);
  const phone = randomPhone();
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Username')).toBeDisabled();
  await page.getByLabel('Phone', { exact: true }).fill(`+1 ${phone.slice(2, 5)} ${phone.slice(5, 8)} ${phone.slice(8)}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile has been updated.')).toBeVisible();
  await expect(page.getByText(phone)).toBeVisible();

  await page.getByRole('button', { name: 'Validate Phone' }).click();
  await expect(page.getByText(/You can ask for a new code in \d+ s/)).toBeVisible();
  const sms = await lastOutboxMessage(request, phone, 'sms');
  const code = /(\d{6})/.exec(sms?.body ?? '')?.[1];
  expect(code, JSON.stringify(sms)).toBeTruthy();
  await page.getByLabel(/6-digit code/).fill(code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Validated', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Validated', { exact: true })).toBeVisible();
  check();
});

test('an admin sends an SMS to Pro members and sees the count', FULL, async ({ page, request }) => {
  // The Pro demo member validates a phone and turns SMS alerts on (through the API).
  const proToken = await apiLogin(request, PRO);
  const auth = { authorization: `Bearer ${proToken}` };
  const self = (await (await request.get('/api/users/self', { headers: auth })).json()).data.user;
  if (!self.phone_validated) {
    const phone = randomPhone();
    expect(
      (
        await request.post('/api/users/update-self', {
          headers: auth,
          data: { username: self.username, email: self.email, phone },
        })
      ).status(),
    ).toBe(200);
    expect((await request.get('/api/users/send-sms-otp', { headers: auth })).status()).toBe(200);
    const code = /(\d{6})/.exec((await lastOutboxMessage(request, phone, 'sms'))?.body ?? '')?.[1];
    expect((await request.post('/api/users/verify-otp', { headers: auth, data: { otp: code } })).status()).toBe(200);
  }
  expect(
    (await request.post('/api/users/update-self', { headers: auth, data: { notifications: { rsaSMS: true } } })).status(),
  ).toBe(200);

  const check = failOnConsoleErrors(page);
  const adminToken = await apiLogin(request, ADMIN);
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('roundup.token', t), adminToken);
  await page.goto('/admin/comms');
  await expect(page.getByRole('heading', { name: 'Comms' })).toBeVisible();
  await page.getByRole('button', { name: 'Send SMS' }).click();
  await expect(page.getByText('Please enter a message.')).toBeVisible();
  const message = `Pro heads-up ${Date.now()}: check the calendar today.`;
  await page.getByRole('form', { name: 'Send SMS' }).getByLabel('Message').fill(message);
  await expect(page.getByText(`${message.length} characters · 1 segment of 70`)).toBeVisible();
  await page.getByLabel('Pro', { exact: true }).check();
  await page.getByRole('button', { name: 'Send SMS' }).click();
  // Asked once, with the number of members it reaches.
  const askSms = page.getByRole('dialog', { name: 'Send this SMS?' });
  await expect(askSms).toContainText(/Text \d+ members? \(Pro members/);
  await askSms.getByRole('button', { name: 'Send SMS now' }).click();
  const sent = page.getByText(/^\d+ messages sent$/);
  await expect(sent).toBeVisible();
  expect(Number(/^(\d+)/.exec((await sent.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(1);
  await expect(page.getByText(message)).toBeVisible();

  await page.getByRole('button', { name: 'Send daily reminders' }).click();
  // Before today's buy-by close it asks with a count; after it, it refuses: which depends on the hour this runs.
  const ask = page.getByRole('dialog', { name: 'Send daily reminders?' });
  const tooLate = page.getByText(/^Too late: .* No reminders sent\.$/);
  await expect(ask.or(tooLate)).toBeVisible();
  if (await ask.isVisible()) {
    await ask.getByRole('button', { name: 'Send reminders' }).click();
    await expect(page.getByText('Reminders sent for todays tickers')).toBeVisible();
  }
  check();
});

test(
  "an admin sends a newsletter: sees whom it reaches, confirms, finds it in Communications and in a member's inbox",
  FULL,
  async ({ page, request }) => {
    // A fresh member (newsletter on by default) to check the email that arrives.
    const reader = newIdentity('reader');
    expect((await request.post('/api/auth/register', { data: { ...reader, consent: true } })).status()).toBe(200);
    // Newsletters go only to verified addresses: the reader follows the verification email first.
    const verification = await lastOutboxMessage(request, reader.email);
    const code = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(verification!.body)![1];
    expect((await request.post('/api/users/validate-email', { data: { email_validation_code: code } })).status()).toBe(200);

    const check = failOnConsoleErrors(page);
    const adminToken = await apiLogin(request, ADMIN);
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('roundup.token', t), adminToken);
    await page.goto('/admin/comms');
    const form = page.getByRole('form', { name: 'Send announcement' });
    await form.getByLabel('Newsletter').check();
    const reach = form.getByTestId('announcement-reach');
    await expect(reach).toHaveText(/^Will reach [\d,]+ members? \([\d,]+ emails?\)$/);
    const members = Number((/Will reach ([\d,]+)/.exec((await reach.textContent()) ?? '')?.[1] ?? '0').replace(/,/g, ''));
    expect(members).toBeGreaterThanOrEqual(1);

    await form.getByRole('button', { name: 'Review and send…' }).click();
    await expect(form.getByText('Please enter a subject.')).toBeVisible();
    const subject = `RoundUp newsletter ${Date.now()}`;
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('Fifteen reverse splits this month.\n\nSee you on the calendar.');
    await form.getByRole('button', { name: 'Review and send…' }).click();

    const dialog = page.getByRole('dialog', { name: 'Send this newsletter?' });
    await expect(dialog.getByText(subject)).toBeVisible();
    const sendButton = dialog.getByRole('button', { name: /^Send to [\d,]+ members?$/ });
    await expect(sendButton).toBeVisible();
    await sendButton.dblclick(); // a double click sends once
    await expect(page.getByText(/^Newsletter sent to [\d,]+ members?\.$/)).toBeVisible();
    await expect(dialog).toBeHidden();

    // Listed once in Communications, with its subject and counts.
    const listed = page.locator('li').filter({ hasText: subject });
    await expect(listed).toHaveCount(1);
    await expect(listed.getByText('Newsletter', { exact: true })).toBeVisible();
    await expect(listed.getByText(/^[\d,]+ members? · [\d,]+ messages?$/)).toBeVisible();

    // The in-process worker delivers it (local outbox) with the unsubscribe link.
    await expect.poll(async () => (await lastOutboxMessage(request, reader.email))?.subject, { timeout: 20_000 }).toBe(subject);
    const mail = await lastOutboxMessage(request, reader.email);
    expect(mail?.body).toContain('Fifteen reverse splits this month.');
    expect(mail?.body).toMatch(/Unsubscribe: http:\/\/localhost:\d+\/api\/notifications\/unsubscribe\?token=/);
    check();

    // The link asks first (a prefetch changes nothing); the button unsubscribes.
    const unsubscribe = /Unsubscribe: (\S+)/.exec(mail!.body)![1];
    await page.goto(unsubscribe);
    await expect(page.getByRole('heading', { name: 'Unsubscribe from the newsletter?' })).toBeVisible();
    const readerToken = await apiLogin(request, reader);
    const prefs = async () =>
      (await (await request.get('/api/users/self', { headers: { authorization: `Bearer ${readerToken}` } })).json()).data.user
        .notifications;
    expect((await prefs()).newsletter).toBe(true);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    expect((await prefs()).newsletter).toBe(false);
  },
);

test(
  'a Pro member opts in to the weekly reconciliation digest and it persists (1280 and 375 px)',
  FULL,
  async ({ page, request }) => {
    const check = failOnConsoleErrors(page);
    await signInAs(page, request, PRO);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/settings');
      const digest = page.getByRole('checkbox', { name: /^Weekly reconciliation digest/ });
      await expect(digest).not.toBeChecked();
      await digest.check();
      await expect(page.getByText('Saved', { exact: true })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('checkbox', { name: /^Weekly reconciliation digest/ })).toBeChecked();
      await page.getByRole('checkbox', { name: /^Weekly reconciliation digest/ }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/reconcile-digest-settings-${width}.png`, fullPage: false });
      // Back to the default (off) for the other journeys and the next width.
      await page.getByRole('checkbox', { name: /^Weekly reconciliation digest/ }).uncheck();
      await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    }
    check();
  },
);
