import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, failOnConsoleErrors, FULL, openCalendarDay, PRO, signInAs, STARTER, weekdayAhead } from './fixtures';

/**
 * Issuer risk on the calendar (decision 045): a Pro member sees a small badge beside the call and each
 * reason with its source on the split; a Starter sees the split masked, with no risk at all.
 */
// About 10 s of browser time: the full tier (the badge and reasons have a jsdom test in every run).
test('a Pro member sees the risk badge and its reasons on the calendar; a Starter sees none', FULL, async ({ page, request }) => {
  const noErrors = failOnConsoleErrors(page);
  const buyDate = weekdayAhead(3);
  const ticker = `RK${Date.now().toString(36).slice(-4).toUpperCase()}`;
  const admin = await apiLogin(request, ADMIN);
  const added = await request.post('/api/rs/add', {
    headers: { authorization: `Bearer ${admin}` },
    data: {
      newTicker: {
        name: 'Riskline Therapeutics',
        ticker,
        buyDate,
        effDate: weekdayAhead(4),
        ratio: 150,
        price: 0.08,
        status: 'Upcoming',
        rsType: 'Round Up',
        participant: true,
        exchange: 'Nasdaq',
        caution: false,
      },
    },
  });
  expect(added.status(), await added.text()).toBe(200);

  await signInAs(page, request, PRO);
  await page.goto('/reverse-splits');
  await openCalendarDay(page, buyDate);
  const item = page.getByTestId('agenda').getByTestId('agenda-item').filter({ hasText: ticker });
  await expect(item.getByTestId('risk')).toHaveText('Elevated risk');
  const reasons = item.getByTestId('risk-reasons');
  await expect(reasons).toContainText("A 150:1 reverse split, within a factor of 2 of Nasdaq's 250:1 cap");
  await expect(reasons).toContainText('Last known price $0.08, at or below $0.10');
  await expect(reasons.getByRole('link', { name: 'source' }).first()).toHaveAttribute('href', '/learn/risks#exchange-rules');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await item.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await item.screenshot({ path: `.tmp/split-risk-${width}.png` });
  }
  noErrors();

  await page.evaluate(() => localStorage.clear());
  await signInAs(page, request, STARTER);
  await page.goto('/reverse-splits');
  await openCalendarDay(page, buyDate);
  await expect(page.getByTestId('agenda').getByTestId('agenda-item').first()).toBeVisible();
  await expect(page.getByTestId('risk')).toHaveCount(0);
  await expect(page.getByTestId('risk-reasons')).toHaveCount(0);
});
