import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { failOnConsoleErrors, fullUnless } from './fixtures';
import { importMember } from './import-setup';

/** The Schwab fixture (two "Reverse Split" rows, the dance, a dividend) under a ticker of this run. */
const schwabStatement = (ticker: string) =>
  readFileSync(
    fileURLToPath(new URL('../apps/server/test/fixtures/statements/schwab-reverse-split.csv', import.meta.url)),
    'utf8',
  ).replaceAll('ACMR', ticker);

/** A Pro member with a Schwab-like account and another, and a Complete split matching the statement's dates. */
const setUp = (request: APIRequestContext) =>
  importMember(
    request,
    'IM',
    (brokers) =>
      brokers.find((b) => /schwab/i.test(b.name)) ?? brokers.find((b) => !/fidelity|tasty|interactive|ibkr/i.test(b.name))!,
    ['Schwab main', 'Spare'],
  );

for (const width of [1280, 375]) {
  test(
    `Settings › Import: a Schwab statement into one account, previewed and applied, at ${width} px`,
    fullUnless(width === 1280),
    async ({ page, request }) => {
      const checkConsole = failOnConsoleErrors(page);
      const { token, ticker, broker } = await setUp(request);
      await page.setViewportSize({ width, height: width > 500 ? 900 : 800 });
      await page.goto('/');
      await page.evaluate((t) => localStorage.setItem('roundup.token', t), token);
      await page.goto('/settings/analytics');
      await expect(page.getByText('No trades recorded yet')).toBeVisible();

      await page.getByRole('link', { name: 'Import' }).click();
      await expect(page.getByRole('heading', { name: 'Import a statement' })).toBeVisible();
      await page.getByLabel('Account').selectOption({ label: 'Schwab main' });
      await page.getByLabel('Statement (CSV, up to 5 MB)').setInputFiles({
        name: 'Individual_XXX123_Transactions.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(schwabStatement(ticker)),
      });
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByText('A Schwab statement for account …123: 6 rows read.')).toBeVisible();
      const trades = page.getByRole('region', { name: 'Will be saved (1)' });
      await expect(trades.getByText('Buy 100 on 2026-11-06 at $0.50')).toBeVisible();
      await expect(trades.getByText('Sell 99 on 2026-11-06 at $0.48')).toBeVisible();
      await expect(trades.getByText('Share received, 1 share on 2026-11-10')).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Rows not imported (1)' }).getByText('Qualified Dividend', { exact: true }),
      ).toBeVisible();
      await page.screenshot({ path: `screenshots/import-preview-${width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Imported 5 rows: 1 trade saved.' })).toBeVisible();
      await page.screenshot({ path: `screenshots/import-applied-${width}.png`, fullPage: true });
      await page.getByRole('link', { name: 'See your P&L' }).click();
      // Buy 100 at $0.50, sell 99 at $0.48, sell the kept share at $9.00: $6.52.
      await expect(page.getByTestId('realized-total')).toHaveText('$6.52');
      expect(broker).toBeTruthy();
      checkConsole();
    },
  );
}
