import { expect, test, type Page } from '@playwright/test';

/**
 * /learn/risks is prerendered (decision 015): the risks of the strategy, each claim with a dated source,
 * read in full without the app's JavaScript on a phone and on a desktop, with the "not advice" line.
 */

const SECTIONS = [
  'Clawbacks and lawsuits',
  'Participant-level rounding',
  'Broker policies on many accounts',
  'The trade body’s push for cash in lieu',
  'Exchange rules',
];

async function readsWhole(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto('/learn/risks');
  await expect(page.getByRole('heading', { level: 1, name: 'The risks of the round-up strategy' })).toBeVisible();
  for (const name of SECTIONS) await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  // Every claim's source carries its date: "(SIFMA letter, March 25, 2025)".
  await expect(page.getByRole('link', { name: 'SIFMA letter to the NYSE and Nasdaq' })).toBeVisible();
  await expect(page.getByText('December 4, 2025').first()).toBeVisible();
  // The NYSE's own page carries no date: the page says when its text was read.
  await expect(page.getByText(/the page carries no date; as read November 28, 2026/)).toBeVisible();
  await expect(page.getByText(/Nasdaq’s limit is 250:1 over two years/)).toBeVisible();
  await expect(page.getByLabel('Disclaimer')).toContainText('education only and is not financial advice');
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: `.tmp/learn-risks-${width}.png`, fullPage: true });
}

test.describe('without the app', () => {
  test.use({ javaScriptEnabled: false });
  for (const width of [375, 1280]) test(`/learn/risks reads whole at ${width} px`, async ({ page }) => readsWhole(page, width));
});

test('/learn links the risks page, and so do /services and the sign-up screen', async ({ page }) => {
  for (const [from, name] of [
    ['/learn', 'The risks'],
    ['/services', 'its risks'],
    ['/register', 'the risks of the round-up strategy'],
  ] as const) {
    await page.goto(from);
    await expect(page.getByRole('link', { name, exact: true }).first()).toHaveAttribute('href', '/learn/risks');
  }
});
