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
        ['Fid individual', '…1111'],
        ['Fid Roth', '…2222'],
        ['Fid traditional', '…3333'],
      ];
      for (const [i, [nickname, brokerAccount]] of plan.entries()) {
        await page.getByLabel('Account', { exact: true }).selectOption({ label: nickname });
        await page.getByLabel('Statement (CSV, up to 5 MB)').setInputFiles({
          name: 'Accounts_History.csv',
          mimeType: 'text/csv',
          buffer: csv,
        });
        await page.getByRole('button', { name: 'Preview' }).click();
        const choice = page.getByLabel('This file holds 3 broker accounts. Which one goes into this account?');
        await choice.selectOption({ label: `${brokerAccount} (2 rows)` });
        await expect(page.getByText(`A Fidelity statement for account ${brokerAccount}: 2 rows read.`)).toBeVisible();
        await expect(
          page.getByRole('region', { name: 'Will be saved (1)' }).getByText('Buy 2 on 2026-11-06 at $0.50'),
        ).toBeVisible();
        if (i === 0) await page.screenshot({ path: `screenshots/import-all-accounts-preview-${width}.png`, fullPage: true });
        await page.getByRole('button', { name: 'Apply' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Imported 2 rows: 1 trade saved.' })).toBeVisible();
      }
      await page.screenshot({ path: `screenshots/import-all-accounts-applied-${width}.png`, fullPage: true });
      // Each account holds its own trade, from its own broker account's rows.
      const accounts = (await (await request.get('/api/accounts/mine', { headers: { authorization: `Bearer ${token}` } })).json())
        .data.accounts as { _id: string; nickname: string }[];
      for (const a of accounts) {
        const again = await request.post('/api/imports/preview', {
          headers: { authorization: `Bearer ${token}` },
          data: { accountId: a._id, csv: csv.toString(), brokerAccount: '…2222' },
        });
        // Only the Roth account took …2222; the others came from another broker account and refuse it.
        expect(again.status(), a.nickname).toBe(a.nickname === 'Fid Roth' ? 200 : 400);
      }
      checkConsole();
    },
  );
}
