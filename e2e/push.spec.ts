import { expect, test } from '@playwright/test';
import { newIdentity } from './fixtures';

/**
 * Browser alerts. The permission prompt comes only after the member asks for it. Headless
 * Chromium has no push service to subscribe with, so the journey checks what the browser allows: no
 * prompt and no subscription on load (the service worker is registered on load since it serves the offline
 * page, decision 046, but it asks for nothing); the click asks once; the worker shows a message as a push
 * would (its own push handler, called through a test hook) and that notification opens the calendar.
 * Delivery through a real push protocol is tested in push.int.test.ts.
 */
test('browser alerts: permission only after the member asks; the service worker shows the alert', async ({
  page,
  context,
  request,
}) => {
  // Console errors fail the journey, except Chrome's own refusal of the Push API in Playwright's incognito-like context.
  const errors: string[] = [];
  const INCOGNITO = 'does not support the Push API in incognito mode';
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource') && !m.text().includes(INCOGNITO))
      errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  // Count every permission request the page makes.
  await page.addInitScript(() => {
    const w = window as unknown as { __asks: number };
    w.__asks = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      w.__asks += 1;
      return ask(...args);
    };
  });
  const who = newIdentity('push');
  const res = await request.post('/api/auth/register', { data: { ...who, consent: true } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('roundup.token', t), (await res.json()).data.token as string);

  await page.goto('/settings');
  const button = page.getByRole('button', { name: 'Turn on browser alerts on this device' });
  await expect(button).toBeVisible();
  const section = page.locator('section.ru-panel', { has: page.getByRole('heading', { name: 'Browser alerts' }) });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `test-results/push-settings-${width}.png` });
  }
  const onLoad = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return {
      permission: Notification.permission,
      asks: (window as unknown as { __asks: number }).__asks,
      subscribed: Boolean(await reg.pushManager.getSubscription()),
    };
  });
  expect(onLoad).toEqual({ permission: 'default', asks: 0, subscribed: false });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

  await context.grantPermissions(['notifications']);
  await button.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __asks: number }).__asks)).toBe(1);
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  expect(worker.url()).toMatch(/\/sw\.js$/);

  // Playwright's contexts are incognito-like, where Chrome refuses pushManager.subscribe: the member sees the
  // browser's reason, and no device was saved.
  await expect(section.getByRole('button', { name: 'Turn on browser alerts on this device' })).toBeEnabled();
  await expect(section.getByText('No device has browser alerts on.')).toBeVisible();

  // The service worker shows a message as its push handler does, and a click on it opens the calendar.
  const shown = await worker.evaluate(async () => {
    const sw = self as unknown as ServiceWorkerGlobalScope & { roundupShowMessage(m: unknown): Promise<void> };
    await sw.roundupShowMessage({
      title: 'New reverse split: ACME 20:1',
      body: 'Acme (ACME)',
      url: '/reverse-splits?split=x',
      tag: 'rsa:x',
    });
    const list = await sw.registration.getNotifications();
    return list.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }));
  });
  expect(shown).toEqual([
    { title: 'New reverse split: ACME 20:1', body: 'Acme (ACME)', url: `${new URL(page.url()).origin}/reverse-splits?split=x` },
  ]);
  expect(errors).toEqual([]);
});
