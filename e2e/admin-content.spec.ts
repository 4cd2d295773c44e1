import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLogin, failOnConsoleErrors, FULL, newIdentity, PRO, signInAs } from './fixtures';

/** Records every dialog (alert/confirm/prompt) a page opens; none should appear. */
function watchDialogs(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null);

test(
  'an admin adds a broker with a malicious promo; a member sees the card with nothing executed',
  FULL,
  async ({ browser, page, request }) => {
    const name = `Evil Broker ${Date.now().toString(36)}`;
    const promo =
      '<p>Bonus <strong>$100</strong></p>' +
      '<img src="x" onerror="window.__pwned=1;alert(\'img\')">' +
      '<script>window.__pwned=2;alert("script")</script>' +
      '<a href="javascript:window.__pwned=3;alert(\'link\')">Claim now</a>' +
      '<svg onload="window.__pwned=4"></svg>';

    const adminDialogs = watchDialogs(page);
    await signInAs(page, request, ADMIN);
    await page.goto('/admin/brokers');
    await expect(page.getByRole('heading', { level: 1, name: 'Brokers' })).toBeVisible();
    await page.getByRole('link', { name: 'Add broker' }).click();
    await expect(page).toHaveURL(/\/admin\/brokers\/add$/);

    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Headline').fill('Looks friendly');
    await page.getByLabel('Referral link (Open an Account)').fill('https://evil.example.com/ref');
    await page.getByLabel('Rating').selectOption('4');
    await page.getByLabel('Share return time').selectOption('10');
    await page.getByLabel('Cash', { exact: true }).check();
    await page.getByLabel('Roth IRA').check();
    await page.getByRole('textbox', { name: 'Sign-up promo' }).fill(promo);
    await page.getByLabel('Fees', { exact: true }).fill('<p onmouseover="window.__pwned=5">No fees</p>');
    await page.getByLabel('Review blurb').fill('A test broker.');
    // The admin's live preview is sanitized too.
    await expect(page.getByRole('region', { name: 'Sign-up promo preview' })).toContainText('Bonus $100');
    await page.getByRole('button', { name: 'Add broker' }).click();

    await expect(page).toHaveURL(/\/admin\/brokers\/view\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Broker added.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // What was stored is the sanitized HTML.
    await expect(page.getByRole('textbox', { name: 'Sign-up promo' })).toHaveValue(
      '<p>Bonus <strong>$100</strong></p><a rel="noopener noreferrer">Claim now</a>',
    );
    await expect(page.getByLabel('Fees', { exact: true })).toHaveValue('<p>No fees</p>');
    expect(await pwned(page)).toBeNull();
    expect(adminDialogs).toEqual([]);

    // A Pro member reads /brokers.
    const member = await browser.newContext();
    const mp = await member.newPage();
    const memberDialogs = watchDialogs(mp);
    const noConsoleErrors = failOnConsoleErrors(mp);
    await signInAs(mp, member.request, PRO);
    await mp.goto('/brokers');
    const card = mp
      .locator('article')
      .filter({ has: mp.getByRole('heading', { name }) })
      .first();
    await expect(card).toBeVisible();
    await expect(card).toContainText('Bonus $100');
    await expect(card).toContainText('No fees');
    await expect(card.locator('img[src="x"], script, svg[onload], [onerror], [onmouseover]')).toHaveCount(0);
    const claim = card.getByText('Claim now');
    await expect(claim).toBeVisible();
    await expect(claim).not.toHaveAttribute('href');
    await claim.click();
    // Playwright dispatches the hover's mouse events before hover() resolves, and the card was
    // checked above to hold no element with an event-handler attribute, so nothing can fire later.
    await card.getByText('No fees').hover();
    expect(await pwned(mp)).toBeNull();
    expect(memberDialogs).toEqual([]);
    const open = card.getByRole('link', { name: /open an account/i });
    await expect(open).toHaveAttribute('href', 'https://evil.example.com/ref');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', /noopener/);
    noConsoleErrors();
    await member.close();

    // Clean up through the delete dialog: confirm, delete, reload.
    await page.goto('/admin/brokers');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: /delete/i }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete broker?' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Brokers' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  },
);

test('the admin edits a user role, and the audit log shows it', FULL, async ({ page, request }) => {
  const who = newIdentity('role');
  const reg = await request.post('/api/auth/register', { data: { ...who, consent: true } });
  expect(reg.status()).toBe(200);
  const userToken = (await reg.json()).data.token as string;

  const noConsoleErrors = failOnConsoleErrors(page);
  await signInAs(page, request, ADMIN);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page views' })).toBeVisible();
  await page.getByLabel('Search users by username or email').fill(who.username);
  const link = page.getByRole('link', { name: who.username, exact: true });
  await expect(link).toBeVisible();
  await expect(page.getByRole('region', { name: /All users/ }).getByRole('row')).toHaveCount(2);
  await link.click();

  await expect(page.getByRole('heading', { level: 1, name: who.username })).toBeVisible();
  await expect(page.getByText('No admin changes recorded yet.')).toBeVisible();
  await page.getByLabel('Role').selectOption('Member');
  await page.getByLabel('Phone', { exact: true }).fill('+1 555 555 0100');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('User saved.')).toBeVisible();
  await expect(page.getByText('Edited user')).toBeVisible();
  await expect(page.getByText(/role: User → Member/)).toBeVisible();

  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${userToken}` } });
  expect((await me.json()).data.user).toMatchObject({ role: 'Member', phone: '+1 555 555 0100' });

  // Revoke the user's sessions from the same page.
  await page.getByRole('button', { name: 'Revoke all sessions' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke sessions' }).click();
  await expect(page.getByText('1 session revoked.')).toBeVisible();
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${userToken}` } })).status()).toBe(401);
  noConsoleErrors();
});

test(
  'the admin adds an FAQ that visitors read, then deletes it; feedback shows New York times',
  FULL,
  async ({ page, request }) => {
    const question = `Is this an e2e question ${Date.now().toString(36)}?`;
    await signInAs(page, request, ADMIN);
    await page.goto('/admin/faqs/add');
    await page.getByLabel('Category').fill('General');
    await page.getByLabel('Sort').selectOption('5');
    await page.getByLabel('Question').fill(question);
    await page.getByRole('textbox', { name: 'Answer' }).fill('<p>Yes, <em>it is</em>.</p><script>window.__pwned=1</script>');
    await page.getByRole('button', { name: 'Add FAQ' }).click();
    await expect(page.getByText('FAQ added.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Answer' })).toHaveValue('<p>Yes, <em>it is</em>.</p>');

    const visitor = await page.context().browser()!.newContext();
    const vp = await visitor.newPage();
    await vp.goto('/faq');
    await vp.getByRole('button', { name: question }).click();
    await expect(vp.getByText('Yes, it is.')).toBeVisible();
    expect(await pwned(vp)).toBeNull();
    await visitor.close();

    await page.goto('/admin/faqs');
    await page
      .getByRole('row')
      .filter({ hasText: question })
      .getByRole('button', { name: /delete/i })
      .click();
    await page.getByRole('dialog', { name: 'Delete FAQ?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'FAQs' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: question })).toHaveCount(0);

    // The global audit page (admin navigation → Audit) shows both actions; the action filter narrows it.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const log = page.getByRole('region', { name: /^Admin actions/ });
    const entries = log.getByRole('listitem').filter({ hasText: question });
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText('Deleted FAQ');
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Deleted FAQ' });
    await expect(page).toHaveURL(/\/admin\/audit\?action=faq\.delete$/);
    await expect(entries).toHaveCount(1);
    await expect(log.getByRole('listitem').filter({ hasText: 'Added FAQ' })).toHaveCount(0);
    await expect(entries.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M ET$/);
    const self = await (
      await request.get('/api/auth/me', { headers: { authorization: `Bearer ${await apiLogin(request, ADMIN)}` } })
    ).json();
    await page.getByRole('combobox', { name: 'Admin' }).selectOption({ label: self.data.user.username });
    await expect(entries).toHaveCount(1);
    await expect(entries).toContainText(`by ${self.data.user.username}`);

    const token = await apiLogin(request, ADMIN);
    await request.post('/api/feedback/new', {
      data: { email: 'e2e-feedback@example.com', feedback: 'Admin feedback list check' },
      headers: { authorization: `Bearer ${token}` },
    });
    await page.goto('/admin/feedback');
    const item = page.getByRole('listitem').filter({ hasText: 'Admin feedback list check' });
    await expect(item).toContainText('e2e-feedback@example.com');
    await expect(item.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{2}, \d{4} \d{1,2}:\d{2} [AP]M ET$/);
  },
);
