import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, apiLogin, failOnConsoleErrors, fullUnless, newIdentity } from './fixtures';

/** A member groups accounts in Settings › Accounts; /brokers shows each broker's rules. */
async function proMember(page: Page, request: APIRequestContext) {
  const me = newIdentity('grp');
  const reg = await request.post('/api/auth/register', { data: { ...me, consent: true } });
  expect(reg.status(), await reg.text()).toBe(200);
  const { token, user } = (await reg.json()).data;
  const adminToken = await apiLogin(request, ADMIN);
  const promote = await request.post('/api/users/admin-edit', {
    data: { id: user._id, role: 'Pro' },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(promote.status(), await promote.text()).toBe(200);
  const auth = { authorization: `Bearer ${token}` };
  const { brokers } = (await (await request.get('/api/accounts/mine', { headers: auth })).json()).data;
  const id = (name: string) => brokers.find((b: { name: string }) => b.name === name)._id;
  for (const [broker, nickname, type] of [
    ['Fidelity', 'Fid Cash', 'Individual Cash'],
    ['Fidelity', 'Fid Roth', 'Roth IRA'],
    ['Webull', 'Webull Cash', 'Individual Cash'],
    ['Vanguard', 'Vanguard Roth', 'Roth IRA'],
  ]) {
    const res = await request.post('/api/accounts/add', { headers: auth, data: { brokerId: id(broker), nickname, type } });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('roundup.token', t), token);
}

for (const width of [1280, 375]) {
  test(
    `at ${width} px a member names a group of accounts, and reads the broker rules`,
    fullUnless(width === 1280),
    async ({ page, request }) => {
      const checkConsole = failOnConsoleErrors(page);
      await page.setViewportSize({ width, height: 900 });
      await proMember(page, request);

      await page.goto('/settings/accounts');
      // Vanguard blocks round-up buys (seeded rule): marked in the list.
      await expect(page.getByTestId('round-up-warning').first()).toHaveText('Blocks round-up buys');
      await page.getByRole('button', { name: 'New group' }).click();
      const dialog = page.getByRole('dialog', { name: 'New group' });
      await dialog.getByLabel('Name').fill('day one');
      await dialog.getByLabel('Fid Cash').check();
      await dialog.getByLabel('Webull Cash').check();
      await dialog.getByRole('button', { name: 'Create group' }).click();
      await expect(dialog).toBeHidden();
      const group = page.getByTestId('account-group');
      await expect(group).toContainText('day one');
      await expect(group).toContainText('2 accounts: Fid Cash, Webull Cash');
      await page.screenshot({ path: `test-results/issue26/settings-accounts-groups-${width}.png`, fullPage: true });

      await page.goto('/brokers');
      const webull = page.locator('#broker-webull');
      await expect(webull.getByTestId('broker-minimum-order')).toHaveText('100 shares under $1.00, 1,000 under $0.10');
      const vanguard = page.locator('#broker-vanguard');
      await expect(vanguard.getByTestId('broker-round-up-status')).toContainText('Blocks round-up buys as of');
      await webull.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/issue26/brokers-rules-${width}.png`, fullPage: true });
      checkConsole();
    },
  );
}
