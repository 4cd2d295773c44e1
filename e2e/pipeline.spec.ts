import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLogin, failOnConsoleErrors, PRO, signInAs, STARTER, weekdayAhead } from './fixtures';

/**
 * The pipeline of undated splits in the browser (decision 032). The server polled the local EDGAR peer at start (e2e/serve.mjs);
 * among what it found is Epsilon's proxy statement (e2e/edgar-peer.ts), a proposed reverse split with
 * no date. An admin publishes it to the pipeline; a Pro member sees it with its stage, its call and the
 * sentence that decided it, a Starter sees it masked. Once the admin dates the split, the Pro member
 * reads it on the calendar with the filing's sentence, its confirmation and its deadline time; the
 * Starter sees the day's entry masked. Screenshots at 375 and 1280 px (test-results/).
 */
const SENTENCE = 'Any fractional share that a stockholder would otherwise be entitled to receive will be rounded up';

async function openDay(page: Page, date: string) {
  const cell = page.locator(`button[data-date="${date}"]`);
  // The grid first (after a reload it is not drawn yet), then the day, a month on if need be.
  await expect(page.locator('button[data-date]').first()).toBeVisible();
  if (!(await cell.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await cell.click();
}

async function shoot(page: Page, name: string, target: ReturnType<Page['getByTestId']>) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: false });
  }
}

test('a proposed split in the pipeline: Pro reads its sentence, then its confirmation and deadline once dated; Starter sees it masked', async ({
  page,
  request,
  browser,
}) => {
  const errors = failOnConsoleErrors(page);
  await signInAs(page, request, ADMIN);
  await page.goto('/admin/discoveries');
  // The first poll runs as the server starts; reload until it has read Epsilon's proxy.
  const proxy = page.getByRole('article', { name: /Epsilon Therapeutics/ });
  await expect(async () => {
    await page.reload();
    await expect(proxy).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  const publish = proxy.getByTestId('pipeline-publish');
  await expect(publish.getByLabel(/show it to Pro members in the pipeline as/)).toHaveValue('proposed');
  await publish.getByRole('button', { name: 'Publish to pipeline' }).click();
  // Asked once, with the number of members who will read it in full.
  const dialog = page.getByRole('dialog', { name: 'Publish to the pipeline?' });
  await expect(dialog).toContainText(/as “Proposed \(vote pending\)” to \d+ Pro members?\? Starter members see it masked\./);
  await shoot(page, 'pipeline-ask', dialog);
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  await expect(dialog).toBeHidden();
  await expect(publish.getByRole('status')).toHaveText('In the pipeline as “Proposed (vote pending)”.');
  errors();

  // Pro: the pipeline entry, whole.
  const pro = await browser.newPage();
  const proErrors = failOnConsoleErrors(pro);
  await signInAs(pro, request, PRO);
  await pro.goto('/reverse-splits');
  const entry = pro.getByTestId('pipeline-item').filter({ hasText: 'EPSX' });
  await expect(entry.getByTestId('pipeline-stage')).toHaveText('Proposed (vote pending)');
  await expect(entry.getByTestId('call')).toHaveText('Round up');
  await expect(entry).toContainText('Ratio 1-for-5 to 1-for-40');
  await expect(entry.getByTestId('evidence')).toContainText(`From the filing: ${SENTENCE}`);
  await expect(entry.getByRole('link', { name: 'Filing' })).toHaveAttribute('href', /\/Archives\/edgar\/data\/1000005\//);
  await expect(entry).toContainText(/accepted \w{3} \d+, \d{4} 8:05 AM ET/);
  await shoot(pro, 'pipeline-pro', entry);

  // Starter: the same entry masked.
  const starter = await browser.newPage();
  await signInAs(starter, request, STARTER);
  await starter.goto('/reverse-splits');
  const masked = starter.getByTestId('pipeline-item').first();
  await expect(masked.getByTestId('pipeline-stage')).toHaveText('Proposed (vote pending)');
  await expect(masked).toContainText('*****');
  await expect(starter.getByTestId('pipeline')).not.toContainText('EPSX');
  await expect(starter.getByTestId('pipeline')).not.toContainText('Epsilon');
  await shoot(starter, 'pipeline-starter', masked);

  // The admin dates it: the split leaves the pipeline and keeps the filing's sentence.
  const buyDate = weekdayAhead(2);
  const token = await apiLogin(request, ADMIN);
  const added = await request.post('/api/rs/add', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      newTicker: {
        name: 'Epsilon Therapeutics Inc',
        ticker: 'EPSX',
        buyDate,
        effDate: weekdayAhead(3),
        ratio: 25,
        price: 0.8,
        status: 'Upcoming',
        rsType: 'Round Up',
        exchange: 'Nasdaq',
      },
    },
  });
  expect(added.status()).toBe(200);

  await pro.setViewportSize({ width: 1280, height: 900 });
  await pro.reload();
  await expect(pro.getByTestId('pipeline-item').filter({ hasText: 'EPSX' })).toHaveCount(0);
  await openDay(pro, buyDate);
  const day = pro.getByTestId('agenda-item').filter({ hasText: 'EPSX' });
  await expect(day.getByTestId('call')).toHaveText('Round up');
  await expect(day.getByTestId('evidence')).toContainText(`From the filing: ${SENTENCE}`);
  await expect(day.getByTestId('confirmation')).toContainText('Not yet confirmed');
  await expect(day.getByTestId('deadline')).toContainText(/^Buy by \d{1,2}:\d\d pm ET .*; halt 7:50 pm ET/);
  await expect(day.getByTestId('profit')).toContainText('$19.20');
  await shoot(pro, 'pipeline-dated-pro', day);
  // The table: the badge beside the symbol, the profit for the round-up, the filing behind "From the filing".
  await pro.setViewportSize({ width: 1280, height: 900 });
  await pro.getByText('Table', { exact: true }).click();
  const row = pro.getByTestId('upcoming-row').filter({ hasText: 'EPSX' });
  await expect(row.getByTestId('call')).toHaveText('Round up');
  await expect(row.getByTestId('profit')).toContainText('$19.20');
  await row.getByText('From the filing', { exact: true }).click();
  await expect(row.getByTestId('evidence')).toContainText(SENTENCE);
  await shoot(pro, 'pipeline-table-pro', row);
  proErrors();

  await starter.setViewportSize({ width: 1280, height: 900 });
  await starter.reload();
  await openDay(starter, buyDate);
  const starterDay = starter.getByTestId('agenda-item').first();
  await expect(starterDay).toContainText('*****');
  await expect(starterDay.getByTestId('evidence')).toHaveCount(0);
  await expect(starterDay.getByTestId('confirmation')).toHaveCount(0);
  await expect(starter.getByTestId('agenda')).not.toContainText('EPSX');
  await pro.close();
  await starter.close();
});
