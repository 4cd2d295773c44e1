import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLogin, failOnConsoleErrors, FULL, PRO, signInAs, STARTER, weekdayAhead } from './fixtures';

/**
 * The deadline is a time on the exchange's clock, shown in New York time and in the
 * member's own zone; a Starter sees the split masked, without it.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;

async function openDay(page: Page, date: string) {
  const cell = page.locator(`button[data-date="${date}"]`);
  if (!(await cell.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await cell.click();
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test(
  'a Pro member reads the deadline in New York time and their own; a Starter sees the split masked',
  FULL,
  async ({ page, request }) => {
    const noErrors = failOnConsoleErrors(page);
    const buyDate = weekdayAhead(3);
    const ticker = `DL${Date.now().toString(36).slice(-4).toUpperCase()}`;
    const admin = await apiLogin(request, ADMIN);
    const added = await request.post('/api/rs/add', {
      headers: { authorization: `Bearer ${admin}` },
      data: {
        newTicker: {
          name: 'Deadline Robotics',
          ticker,
          buyDate,
          effDate: weekdayAhead(4),
          ratio: 20,
          price: 0.8,
          status: 'Upcoming',
          rsType: 'Round Up',
          exchange: 'Nasdaq',
          caution: false,
        },
      },
    });
    expect(added.status(), await added.text()).toBe(200);

    // The member picks their time zone in Settings (from New York, whatever an earlier run left).
    const proToken = await signInAs(page, request, PRO);
    const reset = () =>
      request.post('/api/users/update-self', {
        headers: { authorization: `Bearer ${proToken}` },
        data: { timeZone: 'America/New_York' },
      });
    expect((await reset()).status()).toBe(200);
    await page.goto('/settings');
    const zone = page.getByRole('combobox', { name: 'Your time zone' });
    await zone.selectOption('America/Los_Angeles');
    await expect(page.getByTestId('time-zone-example')).toContainText('PT)');
    await shoot(page, 'settings-time-zone');
    await page.getByRole('button', { name: 'Set time zone' }).click();
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Time zone' }) });
    await expect(panel.getByRole('status')).toHaveText('Saved');

    // Calendar agenda: New York time and Pacific time, and the Nasdaq halt.
    await page.goto('/reverse-splits');
    await openDay(page, buyDate);
    const agenda = page.getByTestId('agenda');
    const item = agenda.getByTestId('agenda-item').filter({ hasText: ticker });
    await expect(item.getByTestId('deadline')).toHaveText(
      /^Buy by \d+:\d\d pm ET \(\d+:\d\d [ap]m PT\) \w{3} \w{3} \d+; halt 7:50 pm ET · Nasdaq$/,
    );
    await shoot(page, 'calendar-deadline');

    // Table: the same deadline under the purchase date.
    await page.getByText('Table', { exact: true }).click();
    const row = page.getByTestId('upcoming-row').filter({ hasText: ticker });
    await expect(row.getByTestId('deadline')).toContainText('halt 7:50 pm ET');
    await shoot(page, 'table-deadline');
    noErrors();

    // A Starter sees the day's split masked, with no deadline.
    await page.evaluate(() => localStorage.clear());
    await signInAs(page, request, STARTER);
    await page.goto('/reverse-splits');
    await openDay(page, buyDate);
    await expect(page.getByTestId('agenda')).toContainText('*****');
    await expect(page.getByTestId('agenda').getByTestId('deadline')).toHaveCount(0);

    // Leave the demo member as they were.
    const pro = await apiLogin(request, PRO);
    await request.post('/api/users/update-self', {
      headers: { authorization: `Bearer ${pro}` },
      data: { timeZone: 'America/New_York' },
    });
  },
);
