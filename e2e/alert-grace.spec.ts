import { expect, test } from '@playwright/test';
import { ADMIN, failOnConsoleErrors, signInAs, weekdayAhead } from './fixtures';

/**
 * An admin adds a split by hand: Save first shows the alert as members will get it (the call, the
 * buy-by line, how many members), Publish saves it; its alerts are held for the grace period ("Alerts go out at 10:42:13 ·
 * Undo", New York time), and Undo stops them before anything is queued for members or Discord.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;

const nyClock = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

type Box = { x: number; y: number; width: number; height: number } | null;
/** The button is whole in the viewport and no part of it is under the floating one. */
function clearAndInView(button: Box, floating: Box, page: import('@playwright/test').Page): boolean {
  const view = page.viewportSize();
  if (!button || !floating || !view) return false;
  const inView = button.y >= 0 && button.y + button.height <= view.height;
  const apart =
    button.x + button.width <= floating.x ||
    floating.x + floating.width <= button.x ||
    button.y + button.height <= floating.y ||
    floating.y + floating.height <= button.y;
  return inView && apart;
}

for (const width of [1280, 375]) {
  test(`an admin previews a split's alert, publishes it and undoes its alerts at ${width} px`, async ({ page, request }) => {
    const noErrors = failOnConsoleErrors(page);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const token = await signInAs(page, request, ADMIN);
    const auth = { authorization: `Bearer ${token}` };
    const ticker = `GR${Date.now().toString(36).slice(-4).toUpperCase()}`;
    const buyDate = weekdayAhead(7);

    await page.goto('/admin/reverse-splits/add');
    await page.getByLabel('Company name').fill('Grace Holdings');
    await page.getByLabel('Ticker').fill(ticker);
    await page.getByLabel('Buy date').fill(buyDate);
    await page.getByLabel('Effective date').fill(weekdayAhead(8));
    await page.getByLabel('Ratio (N:1)').fill('20');
    await page.getByLabel('Price ($)').fill('1.5');
    await page.getByLabel('Status').selectOption('Upcoming');
    await page.getByLabel('Type', { exact: true }).selectOption('Round Up');
    await page.getByRole('button', { name: 'Add split' }).click();
    const preview = page.getByTestId('split-alert-preview');
    await expect(preview).toContainText(/Saving sends this alert to \d+ members?/);
    await expect(preview).toContainText(`New reverse split: ${ticker} 20:1, Round up`);
    await expect(preview).toContainText('Buy by');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/split-preview-${width}.png`, fullPage: true });
    // The preview scrolls itself into view; its Publish button must land in sight and clear of the floating
    // Feedback button (on a phone it used to sit right under it).
    const publish = preview.getByRole('button', { name: 'Publish' });
    const feedback = page.getByRole('button', { name: 'Feedback' });
    await expect.poll(async () => clearAndInView(await publish.boundingBox(), await feedback.boundingBox(), page)).toBe(true);

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/rs/add'));
    await publish.click();
    const { data } = await (await saved).json();
    const splitId: string = data.split._id;
    expect(data.alertsAt).toBeTruthy();

    const held = page.getByTestId('alerts-held');
    await expect(held).toContainText(`Alerts go out at ${nyClock(data.alertsAt)}`);
    await expect(held.getByRole('button', { name: 'Undo' })).toBeVisible();
    // Held, not sent: the Discord message is queued for the release time.
    const queued = async () => {
      const res = await request.get('/api/notifications/deliveries', { headers: auth });
      const list: { key: string; status: string }[] = (await res.json()).data.deliveries;
      return list.filter((d) => d.key.startsWith(`rsa:${splitId}`)).map((d) => d.status);
    };
    expect(await queued()).toEqual(['queued']);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/alerts-held-${width}.png`, fullPage: true });

    await held.getByRole('button', { name: 'Undo' }).click();
    await expect(held).toHaveText('Alerts stopped: nothing was sent to members.');
    expect(await queued()).toEqual([]);
    const outbox = await request.get(`/api/outbox?channel=discord&limit=50`, { headers: auth });
    const messages: { body: string }[] = (await outbox.json()).data.messages;
    expect(messages.filter((m) => m.body.includes(ticker))).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/alerts-undone-${width}.png`, fullPage: true });
    noErrors();
  });
}
