import { expect, test, type APIRequestContext } from '@playwright/test';
import { failOnConsoleErrors, fullUnless } from './fixtures';
import { importMember } from './import-setup';

/** Fidelity's All Accounts download: three broker accounts, the dance in each, a disclaimer below. */
function allAccountsStatement(ticker: string) {
  const header =
    'Run Date,Account,Account Number,Action,Symbol,Description,Type,Price ($),Quantity,Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date';
  const rows = [
    ['Individual', 'Z11111111'],
    ['Roth IRA', '222222222'],
    ['Traditional IRA', '333333333'],
  ].flatMap(([name, number]) => [
    `11/06/2026,"${name}","${number}","YOU BOUGHT ACME ROBOTICS INC (${ticker}) (Cash)",${ticker},"ACME ROBOTICS INC",Cash,0.5,2,,,,-1,11/09/2026`,
    `11/06/2026,"${name}","${number}","YOU SOLD ACME ROBOTICS INC (${ticker}) (Cash)",${ticker},"ACME ROBOTICS INC",Cash,0.48,-1,,,,0.48,11/09/2026`,
  ]);
  return [
    '',
    '',
    header,
    ...rows,
    '',
    '"The data and information in this spreadsheet is provided to you solely for your use.",,,,,,,,,,,,,',
    '"Date downloaded 11/25/2026 9:12 pm",,,,,,,,,,,,,',
  ].join('\n');
}

/** A Pro member with three Fidelity accounts, and a Complete split the statement's rows belong to. */
const setUp = (request: APIRequestContext) =>
  importMember(request, 'FA', (brokers) => brokers.find((b) => b.name === 'Fidelity')!, [
    'Fid individual',
    'Fid Roth',
    'Fid traditional',
  ]);

for (const width of [1280, 375]) {
  test(
    `Settings › Import: a Fidelity file of three accounts into three accounts, at ${width} px`,
    fullUnless(width === 1280),
    async ({ page, request }) => {
      const checkConsole = failOnConsoleErrors(page);
      const { token, ticker } = await setUp(request);
      const csv = Buffer.from(allAccountsStatement(ticker));
      await page.setViewportSize({ width, height: width > 500 ? 900 : 800 });
      await page.goto('/');
      await page.evaluate((t) => localStorage.setItem('roundup.token', t), token);
      await page.goto('/settings/import');
      await expect(page.getByRole('heading', { name: 'Import a statement' })).toBeVisible();
      const plan = [
        ['…1111', 'Fid individual'],
        ['…2222', 'Fid Roth'],
        ['…3333', 'Fid traditional'],
      ];
      await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Fid individual' });
      await page.getByLabel('Statement (CSV, up to 5 MB)').setInputFiles({
        name: 'Accounts_History.csv',
        mimeType: 'text/csv',
        buffer: csv,
      });
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(
        page.getByText('This file holds 3 broker accounts. Which of your Fidelity accounts does each go into?'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
      for (const [brokerAccount, nickname] of plan) {
        await page.getByLabel(`Broker account ${brokerAccount} (2 rows)`).selectOption({ label: nickname });
        // Each choice previews again: its trade joins the list, in its account.
        await expect(page.getByRole('region', { name: /Will be saved/ }).getByText(`from ${brokerAccount}`)).toBeVisible();
      }
      const saved = page.getByRole('region', { name: 'Will be saved (3)' });
      await expect(saved.getByText('Buy 2 on 2026-11-06 at $0.50')).toHaveCount(3);
      await expect(page.getByText('A Fidelity statement: 6 rows read.')).toBeVisible();
      // From the top, so the sticky header is where a member sees it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `screenshots/import-all-accounts-preview-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Imported 6 rows: 3 trades saved.' })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `screenshots/import-all-accounts-applied-${width}.png`, fullPage: true });

      // The same file again: the mapping is pre-selected and nothing is left to save.
      await page.getByRole('button', { name: 'Preview' }).click();
      for (const [brokerAccount, nickname] of plan)
        await expect(page.getByLabel(`Broker account ${brokerAccount} (2 rows)`).locator('option:checked')).toHaveText(nickname);
      await expect(page.getByText('A Fidelity statement: 6 rows read, 6 rows imported before.')).toBeVisible();

      // Each account holds one trade, from its own broker account's rows.
      const auth = { authorization: `Bearer ${token}` };
      const accounts = (await (await request.get('/api/accounts/mine', { headers: auth })).json()).data.accounts as {
        _id: string;
        nickname: string;
      }[];
      for (const [brokerAccount, nickname] of plan) {
        const id = accounts.find((a) => a.nickname === nickname)!._id;
        const alone = await request.post('/api/imports/preview', {
          headers: auth,
          data: { accountId: id, csv: csv.toString(), brokerAccount },
        });
        expect((await alone.json()).data.preview, nickname).toMatchObject({ alreadyImported: 2, trades: [] });
      }
      checkConsole();
    },
  );
}
